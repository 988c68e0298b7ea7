"""Rotating backups of a document through SQLite's online backup API.

The backup API copies a consistent snapshot even while the document is open in WAL mode,
which a plain file copy does not. Backups live under the data directory, away from the
document, so a failing USB stick does not take them along.

A copy is written to `<name>.partial` and moved in place when complete. A fragment left
by a process that died mid-copy is removed when the next backup is taken (only the lock
holder takes backups, so no other copy can be under way) or, once it is old enough not to
be another process's copy in progress, when the backups are listed.
"""

from __future__ import annotations

import hashlib
import logging
import os
import sqlite3
import time
from datetime import UTC, datetime
from enum import StrEnum
from pathlib import Path

from tournament_manager import paths
from tournament_manager.storage.errors import DocumentError, DocumentProblem, problem_of
from tournament_manager.storage.lock import lock_path
from tournament_manager.storage.sqlite_file import check_document_path, connect, connect_read_only

KEEP_BACKUPS = 20
BACKUP_SUFFIX = ".tmt"
PARTIAL_SUFFIX = ".partial"
STALE_PARTIAL_SECONDS = 600
"""A fragment older than this is no copy in progress (copies take seconds)."""
MAX_FOLDER_STEM_BYTES = 120

log = logging.getLogger(__name__)


class BackupReason(StrEnum):
    OPEN = "open"
    SESSION_START = "session"
    CLOSE = "close"
    MIGRATION = "migration"
    RESTORE = "before-restore"


def backup_folder(document: Path) -> Path:
    """One folder per document, named so two documents called the same never mix.

    A very long name is shortened (the digest of the full path keeps it unique): a folder
    name, like any file name, has at most 255 bytes."""
    resolved = document.resolve()
    digest = hashlib.sha1(str(resolved).encode("utf-8")).hexdigest()[:8]
    stem = resolved.stem.encode("utf-8")[:MAX_FOLDER_STEM_BYTES].decode("utf-8", "ignore")
    return paths.backups_dir() / f"{stem}-{digest}"


def copy_database(source: Path, destination: Path) -> None:
    """A consistent copy of `source`, written to a temporary name and moved in place.

    Any -wal/-shm left at the destination by an earlier file of that name is removed
    first: SQLite would apply that stale journal to the new copy and corrupt it.
    """
    check_document_path(destination)
    if destination.resolve() == source.resolve():
        raise DocumentError(DocumentProblem.SAME_FILE, str(destination))
    if lock_path(destination).exists():
        raise DocumentError(DocumentProblem.LOCKED_TARGET, str(destination))
    partial = destination.with_name(destination.name + PARTIAL_SUFFIX)
    check_document_path(partial)
    try:
        destination.parent.mkdir(parents=True, exist_ok=True)
        partial.unlink(missing_ok=True)
        src = connect_read_only(source)
        try:
            dst = connect(partial)
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
        _remove_quietly(partial)
        raise _write_problem(destination, error) from error
    except DocumentError:
        _remove_quietly(partial)
        raise


def _remove_quietly(path: Path) -> None:
    try:
        path.unlink(missing_ok=True)
    except OSError:
        log.warning("could not remove %s", path, exc_info=True)


def _write_problem(path: Path, error: Exception) -> DocumentError:
    """A failed write worded for its destination: full, read-only, or why not."""
    problem = problem_of(error, path)
    if problem is None or problem.problem in (DocumentProblem.READ_ONLY_FILE,
                                              DocumentProblem.UNREADABLE):
        return DocumentError(DocumentProblem.UNWRITABLE, str(path), reason=str(error))
    return problem


def take_backup(document: Path, reason: BackupReason) -> Path:
    """Raises `DocumentError` (no space, unwritable) when the backup cannot be written."""
    folder = backup_folder(document)
    remove_partials(folder, older_than=0)
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
    remove_partials(folder, older_than=STALE_PARTIAL_SECONDS)
    return sorted(folder.glob(f"*{BACKUP_SUFFIX}"), reverse=True)


def remove_partials(folder: Path, *, older_than: float) -> list[Path]:
    """Remove the fragments of copies that never finished, older than `older_than`
    seconds; returns those removed. A folder that cannot be written keeps them."""
    removed = []
    now = time.time()
    for fragment in folder.glob(f"*{PARTIAL_SUFFIX}*"):
        try:
            if now - fragment.stat().st_mtime >= older_than:
                fragment.unlink()
                removed.append(fragment)
        except OSError:
            continue
    if removed:
        log.info("removed %d unfinished backup fragments in %s", len(removed), folder)
    return removed


def _rotate(folder: Path) -> None:
    for old in sorted(folder.glob(f"*{BACKUP_SUFFIX}"), reverse=True)[KEEP_BACKUPS:]:
        _remove_quietly(old)


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
        raise _write_problem(document, error) from error
    return aside
