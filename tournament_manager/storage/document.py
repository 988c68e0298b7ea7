"""A tournament is one SQLite file: create, open, back up, copy and close it.

Opening checks, in order: the path is a file path SQLite can use, the file is there and is
SQLite, it is a tournament document, no other instance holds it, it passes `quick_check`,
and its schema is not from a newer application. Only then is it backed up, migrated if
older, and handed out.

A file that cannot be written (read-only file, folder or disk) is opened for reading only,
with `read_only_notice` saying why; a routine backup that fails does not stop the event
but is kept in `backup_failures` for the caller to show; a migration that fails leaves the
file as it was, with the backup taken before it.
"""

from __future__ import annotations

import logging
import os
import sqlite3
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Self

from sqlalchemy import Engine

from tournament_manager.storage.backup import (
    BackupReason,
    copy_database,
    list_backups,
    restore_backup,
    take_backup,
)
from tournament_manager.storage.engine import make_engine
from tournament_manager.storage.errors import DocumentError, DocumentProblem, problem_of
from tournament_manager.storage.lock import COMMAND, DocumentLock, LockHolder
from tournament_manager.storage.migrate import schema_state, upgrade_to_head
from tournament_manager.storage.sqlite_file import (
    APPLICATION_ID,
    SQLITE_HEADER,
    check_document_path,
    connect_read_only,
)
from tournament_manager.storage.unit_of_work import SqlUnitOfWork, data_version

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class BackupFailure:
    """A routine backup (on opening, on closing) that could not be written; the
    document itself is intact, but the user must hear of it (a full data disk)."""

    reason: BackupReason
    error: DocumentError


class Document:
    """An open tournament document; the only holder of its engine and its lock."""

    def __init__(self, path: Path, engine: Engine, lock: DocumentLock | None, *,
                 read_only_notice: DocumentError | None = None,
                 broken_lock: LockHolder | None = None,
                 backup_failures: tuple[BackupFailure, ...] = ()) -> None:
        self.path = path
        self.engine = engine
        self._lock = lock
        self.read_only_notice = read_only_notice
        """Why a document opened for work is read-only (`READ_ONLY_FILE`); None when it
        is writable or was opened read-only on purpose."""
        self.broken_lock = broken_lock
        """The holder of a stale lock broken to open it, to be told to the user."""
        self.backup_failures: list[BackupFailure] = list(backup_failures)

    @property
    def read_only(self) -> bool:
        return self._lock is None

    actor = "head judge"
    """Whom this instance's acts are audited as (the application names its station)."""

    def data_version(self) -> int:
        """Grows with every change (see `unit_of_work.data_version`)."""
        return data_version(self.engine)

    def unit_of_work(self, actor: str | None = None) -> SqlUnitOfWork:
        return SqlUnitOfWork(self.engine, actor=actor or self.actor, path=self.path)

    def backup(self, reason: BackupReason) -> Path:
        return take_backup(self.path, reason)

    def save_copy(self, destination: Path) -> None:
        """A consistent copy elsewhere (USB stick, mail), taken while the document stays open."""
        check_document_path(destination, new=True)
        copy_database(self.path, destination)

    def integrity_problems(self) -> list[str]:
        with self.engine.connect() as connection:
            rows = connection.exec_driver_sql("PRAGMA integrity_check").fetchall()
        return [] if [tuple(row) for row in rows] == [("ok",)] else [str(row[0]) for row in rows]

    def close(self, *, backup: bool = True) -> BackupFailure | None:
        """Close, releasing the lock; returns the closing backup's failure, if it failed
        (also kept in `backup_failures`)."""
        failure = None
        try:
            if backup and not self.read_only:
                failure = _routine_backup(self.path, BackupReason.CLOSE)
                if failure is not None:
                    self.backup_failures.append(failure)
        finally:
            self.engine.dispose()
            if self._lock is not None:
                self._lock.release()
        return failure

    def discard_files(self) -> None:
        """Delete the (closed) document: only for one that was just created and is unwanted."""
        _remove_database_files(self.path)

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()


def create_document(path: str | os.PathLike[str], *, take_over_lock: bool = False,
                    lock_wait: LockWait | None = None) -> Document:
    """A new, empty document at `path` with the current schema; never overwrites a file.
    (`take_over_lock`, `lock_wait`: as in `open_document`.)"""
    path = Path(path)  # a script's "event.tmt" as well as a Path
    check_document_path(path, new=True)
    if path.exists():
        raise DocumentError(DocumentProblem.EXISTS, str(path))
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise _problem(error, path) from error
    lock = DocumentLock(path)
    broken = _acquire(lock, take_over_lock, lock_wait)
    if path.exists():  # made by the instance we waited for
        lock.release()
        raise DocumentError(DocumentProblem.EXISTS, str(path))
    try:
        _initialise(path)
    except BaseException as error:
        lock.release()
        _remove_database_files(path)
        if isinstance(error, Exception) and problem_of(error, path) is not None:
            raise _problem(error, path) from error
        raise
    return Document(path, make_engine(path), lock, broken_lock=broken)


@dataclass(frozen=True)
class LockWait:
    """Waiting for a document another instance holds: for how long, and a callback told
    of the holder once the wait has lasted `notice_after` seconds (a command says it is
    waiting)."""

    seconds: float
    on_wait: Callable[[LockHolder], object] | None = None
    notice_after: float = 1.0
    purpose: str = COMMAND
    """What the waiting instance records when it holds the file: only a command waits."""


def _acquire(lock: DocumentLock, take_over: bool, wait: LockWait | None) -> LockHolder | None:
    if wait is None:
        return lock.acquire(take_over=take_over)
    return lock.acquire(take_over=take_over, wait=wait.seconds, on_wait=wait.on_wait,
                        notice_after=wait.notice_after, purpose=wait.purpose)


def _routine_backup(path: Path, reason: BackupReason) -> BackupFailure | None:
    """A backup that must not stop the event when it fails (full backup disk): logged,
    and returned for the caller to show.

    The backup before a migration is not routine: its failure stops the migration.
    """
    try:
        take_backup(path, reason)
    except DocumentError as error:
        log.warning("backup on %s of %s failed: %s", reason.value, path, error)
        return BackupFailure(reason, error)
    return None


def _remove_database_files(path: Path) -> None:
    for suffix in ("", "-wal", "-shm"):
        try:
            path.with_name(path.name + suffix).unlink(missing_ok=True)
        except OSError:
            log.warning("could not remove %s%s", path, suffix, exc_info=True)


def _initialise(path: Path) -> None:
    engine = make_engine(path, foreign_keys=False)
    try:
        with engine.connect() as connection:
            connection.exec_driver_sql(f"PRAGMA application_id = {APPLICATION_ID}")
            connection.commit()
            upgrade_to_head(connection)
    finally:
        engine.dispose()


def open_document(path: str | os.PathLike[str], *, read_only: bool = False,
                  take_over_lock: bool = False, lock_wait: LockWait | None = None) -> Document:
    """Open for work (locked, backed up, migrated) or, read-only, just to look at it.

    A file that cannot be written is opened read-only even when asked for work; its
    `read_only_notice` says so. `take_over_lock` breaks a lock from another host, which
    the user has confirmed no longer runs the application (`lock.take_over`); a stale
    lock of this host is taken over in any case. Either way `broken_lock` names it.
    """
    path = Path(path)
    check_document_path(path)
    _check_is_tournament_file(path)
    notice = None
    if not read_only and not _writable(path):
        read_only, notice = True, _read_only_notice(path)
    lock = None if read_only else DocumentLock(path)
    broken = None
    if lock is not None:
        try:
            broken = _acquire(lock, take_over_lock, lock_wait)
        except DocumentError as error:
            if error.problem is not DocumentProblem.UNWRITABLE:
                raise
            lock, read_only, notice = None, True, _read_only_notice(path)
    failures: list[BackupFailure] = []
    try:
        _check_quick(path)
        _bring_schema_up_to_date(path, read_only=read_only)
        if lock is not None:
            failure = _routine_backup(path, BackupReason.OPEN)
            failures += [failure] if failure is not None else []
    except BaseException:
        if lock is not None:
            lock.release()
        raise
    return Document(path, make_engine(path, read_only=read_only), lock,
                    read_only_notice=notice, broken_lock=broken,
                    backup_failures=tuple(failures))


def _writable(path: Path) -> bool:
    """Whether the file and its folder (lock, journal) can be written."""
    return (os.access(path, os.W_OK)
            and os.access(path.absolute().parent, os.W_OK | os.X_OK))


def _read_only_notice(path: Path) -> DocumentError:
    folder = not os.access(path.absolute().parent, os.W_OK | os.X_OK)
    return DocumentError(DocumentProblem.READ_ONLY_FILE, str(path),
                         where="folder" if folder else "file")


def _problem(error: BaseException, path: Path) -> DocumentError:
    """The worded problem behind an error known to be one (see `problem_of`)."""
    problem = problem_of(error, path)
    assert problem is not None
    return problem


def _check_is_tournament_file(path: Path) -> None:
    if not path.exists():
        raise DocumentError(DocumentProblem.MISSING, str(path))
    try:
        with path.open("rb") as handle:
            header = handle.read(len(SQLITE_HEADER))
    except OSError as error:
        raise DocumentError(DocumentProblem.UNREADABLE, str(path), reason=str(error)) from error
    if header != SQLITE_HEADER:
        # A file we have backed up before was ours: a broken header is damage, not a
        # foreign file, and the newest backup can stand in for it.
        ours = bool(list_backups(path))
        problem = DocumentProblem.DAMAGED if ours else DocumentProblem.NOT_A_TOURNAMENT
        raise DocumentError(problem, str(path), reason="the file header is broken")
    application_id = _pragma(path, "application_id")
    if application_id != [(APPLICATION_ID,)]:
        raise DocumentError(DocumentProblem.NOT_A_TOURNAMENT, str(path))


def _pragma(path: Path, pragma: str) -> list[tuple[object, ...]]:
    """A PRAGMA read through a read-only connection; SQLite's errors sorted into
    problems, so that a full disk or a read-only folder is never called damage."""
    try:
        connection = connect_read_only(path)
        try:
            return [tuple(row) for row in connection.execute(f"PRAGMA {pragma}").fetchall()]
        finally:
            connection.close()
    except sqlite3.Error as error:
        problem = problem_of(error, path) or DocumentError(
            DocumentProblem.UNREADABLE, str(path), reason=str(error))
        raise problem from error


def _check_quick(path: Path) -> None:
    result = _pragma(path, "quick_check")
    if result != [("ok",)]:
        raise DocumentError(DocumentProblem.DAMAGED, str(path),
                            reason="; ".join(str(row[0]) for row in result[:3]))


def _bring_schema_up_to_date(path: Path, *, read_only: bool) -> None:
    reader = make_engine(path, read_only=True)
    try:
        with reader.connect() as connection:
            state = schema_state(connection)
            connection.rollback()
    except Exception as error:  # a full or failing disk, in words; anything else is a bug
        problem = problem_of(error, path)
        if problem is None:
            raise
        raise problem from error
    finally:
        reader.dispose()
    if state.is_newer:
        raise DocumentError(DocumentProblem.TOO_NEW, str(path), revision=state.current or "")
    if state.is_current:
        return
    if read_only:
        raise DocumentError(DocumentProblem.READ_ONLY_OUTDATED, str(path))
    _migrate(path, state.current)


def _migrate(path: Path, revision: str | None) -> None:
    """Back up, then upgrade in one transaction. On failure the transaction is rolled
    back; should the file still not be as it was, the backup is put back in its place.
    The worded error names the backup; the cause goes to the log."""
    backup = take_backup(path, BackupReason.MIGRATION)  # no backup, no migration
    engine = make_engine(path, foreign_keys=False)
    try:
        with engine.connect() as connection:
            upgrade_to_head(connection)
        return
    except Exception as error:
        log.exception("upgrading %s from revision %s failed", path, revision)
        known = problem_of(error, path)
        cause = (known.problem.value if known is not None
                 and known.problem is not DocumentProblem.READ_ONLY_FILE else "bug")
        failure = error
    finally:
        engine.dispose()
    if not _is_unchanged(path, revision):
        log.warning("%s was left changed by the failed upgrade; restoring %s", path, backup)
        aside = restore_backup(backup, path)
        log.warning("the file left by the failed upgrade is kept as %s", aside)
    raise DocumentError(DocumentProblem.MIGRATION_FAILED, str(path), backup=str(backup),
                        cause=cause) from failure


def _is_unchanged(path: Path, revision: str | None) -> bool:
    try:
        if _pragma(path, "quick_check") != [("ok",)]:
            return False
        reader = make_engine(path, read_only=True)
        try:
            with reader.connect() as connection:
                return schema_state(connection).current == revision
        finally:
            reader.dispose()
    except Exception:  # whatever cannot be read back is not as it was
        log.warning("could not check %s after the failed upgrade", path, exc_info=True)
        return False
