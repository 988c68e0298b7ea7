"""Rotating backups of a document through SQLite's online backup API.

The backup API copies a consistent snapshot even while the document is open in WAL mode,
which a plain file copy does not. Backups live under the data directory, away from the
document, so a failing USB stick does not take them along.
"""

from __future__ import annotations

import errno
import hashlib
import os
import sqlite3
from datetime import UTC, datetime
from enum import StrEnum
from pathlib import Path

from tournament_manager import paths
from tournament_manager.storage.errors import DocumentError, DocumentProblem
from tournament_manager.storage.lock import lock_path

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
    """A consistent copy of `source`, written to a temporary name and moved in place.

    Any -wal/-shm left at the destination by an earlier file of that name is removed
    first: SQLite would apply that stale journal to the new copy and corrupt it.
    """
    if destination.resolve() == source.resolve():
        raise DocumentError(DocumentProblem.SAME_FILE, str(destination))
    if lock_path(destination).exists():
        raise DocumentError(DocumentProblem.LOCKED_TARGET, str(destination))
    partial = destination.with_name(destination.name + ".partial")
    try:
        destination.parent.mkdir(parents=True, exist_ok=True)
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
        for suffix in ("-wal", "-shm"):
            destination.with_name(destination.name + suffix).unlink(missing_ok=True)
        os.replace(partial, destination)
    except (OSError, sqlite3.Error) as error:
        partial.unlink(missing_ok=True)
        raise _write_error(destination, error) from error


def _write_error(path: Path, error: Exception) -> DocumentError:
    if isinstance(error, OSError) and error.errno == errno.ENOSPC or "full" in str(error):
        return DocumentError(DocumentProblem.NO_SPACE, str(path))
    return DocumentError(DocumentProblem.UNWRITABLE, str(path), reason=str(error))


def take_backup(document: Path, reason: BackupReason) -> Path:
    """Raises `DocumentError` (no space, unwritable) when the backup cannot be written."""
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

    The backup is copied next to the document first, so a failed copy leaves the document
    where it was. The document's -wal and -shm files go aside with it: a stale WAL applied
    to the restored file would corrupt it.
    """
    stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%SZ")
    incoming = document.with_name(f"{document.name}.restoring-{stamp}")
    copy_database(backup, incoming)
    aside = document.with_name(f"{document.name}.replaced-{stamp}")
    try:
        for suffix in ("", "-wal", "-shm"):
            companion = document.with_name(document.name + suffix)
            if companion.exists():
                os.replace(companion, aside.with_name(aside.name + suffix))
        os.replace(incoming, document)
    except OSError as error:
        raise _write_error(document, error) from error
    return aside
