"""Rotating backups of a document through SQLite's online backup API.

The backup API copies a consistent snapshot even while the document is open in WAL mode,
which a plain file copy does not. Backups live under the data directory, away from the
document, so a failing USB stick does not take them along.
"""

from __future__ import annotations

import hashlib
import os
import sqlite3
from datetime import UTC, datetime
from enum import StrEnum
from pathlib import Path

from tournament_manager import paths

KEEP_BACKUPS = 20
BACKUP_SUFFIX = ".tmt"


class BackupReason(StrEnum):
    OPEN = "open"
    SESSION_START = "session"
    CLOSE = "close"
    MIGRATION = "migration"
    RESTORE = "before-restore"


def backup_folder(document: Path) -> Path:
    """One folder per document, named so two documents called the same never mix."""
    resolved = document.resolve()
    digest = hashlib.sha1(str(resolved).encode("utf-8")).hexdigest()[:8]
    return paths.backups_dir() / f"{resolved.stem}-{digest}"


def copy_database(source: Path, destination: Path) -> None:
    """A consistent copy of `source`, written to a temporary name and moved in place."""
    destination.parent.mkdir(parents=True, exist_ok=True)
    partial = destination.with_name(destination.name + ".partial")
    partial.unlink(missing_ok=True)
    src = sqlite3.connect(f"file:{source}?mode=ro", uri=True)
    try:
        dst = sqlite3.connect(partial)
        try:
            src.backup(dst)
        finally:
            dst.close()
    finally:
        src.close()
    os.replace(partial, destination)


def take_backup(document: Path, reason: BackupReason) -> Path:
    folder = backup_folder(document)
    stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%S%fZ")
    target = folder / f"{stamp}-{reason.value}{BACKUP_SUFFIX}"
    copy_database(document, target)
    _rotate(folder)
    return target


def list_backups(document: Path) -> list[Path]:
    """The document's backups, newest first."""
    folder = backup_folder(document)
    if not folder.is_dir():
        return []
    return sorted(folder.glob(f"*{BACKUP_SUFFIX}"), reverse=True)


def _rotate(folder: Path) -> None:
    for old in sorted(folder.glob(f"*{BACKUP_SUFFIX}"), reverse=True)[KEEP_BACKUPS:]:
        old.unlink(missing_ok=True)


def restore_backup(backup: Path, document: Path) -> Path:
    """Put `backup` in place of the (closed) document; the replaced file is kept aside.

    The document's -wal and -shm files go aside with it: a stale WAL applied to the
    restored file would corrupt it.
    """
    stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%SZ")
    aside = document.with_name(f"{document.name}.replaced-{stamp}")
    for suffix in ("", "-wal", "-shm"):
        companion = document.with_name(document.name + suffix)
        if companion.exists():
            os.replace(companion, aside.with_name(aside.name + suffix))
    copy_database(backup, document)
    return aside
