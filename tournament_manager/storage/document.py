"""A tournament is one SQLite file: create, open, back up, copy and close it.

Opening checks, in order: the file is there and is SQLite, it is a tournament document,
no other instance holds it, it passes `quick_check`, and its schema is not from a newer
application. Only then is it backed up, migrated if older, and handed out.
"""

from __future__ import annotations

import logging
import sqlite3
from pathlib import Path
from typing import Self

from sqlalchemy import Engine

from tournament_manager.storage.backup import (
    BackupReason,
    copy_database,
    list_backups,
    take_backup,
)
from tournament_manager.storage.engine import APPLICATION_ID, make_engine
from tournament_manager.storage.errors import DocumentError, DocumentProblem
from tournament_manager.storage.lock import DocumentLock
from tournament_manager.storage.migrate import schema_state, upgrade_to_head
from tournament_manager.storage.unit_of_work import SqlUnitOfWork

SQLITE_HEADER = b"SQLite format 3\x00"

log = logging.getLogger(__name__)


class Document:
    """An open tournament document; the only holder of its engine and its lock."""

    def __init__(self, path: Path, engine: Engine, lock: DocumentLock | None) -> None:
        self.path = path
        self.engine = engine
        self._lock = lock

    @property
    def read_only(self) -> bool:
        return self._lock is None

    def unit_of_work(self, actor: str = "head judge") -> SqlUnitOfWork:
        return SqlUnitOfWork(self.engine, actor=actor)

    def backup(self, reason: BackupReason) -> Path:
        return take_backup(self.path, reason)

    def save_copy(self, destination: Path) -> None:
        """A consistent copy elsewhere (USB stick, mail), taken while the document stays open."""
        copy_database(self.path, destination)

    def integrity_problems(self) -> list[str]:
        with self.engine.connect() as connection:
            rows = connection.exec_driver_sql("PRAGMA integrity_check").fetchall()
        return [] if [tuple(row) for row in rows] == [("ok",)] else [str(row[0]) for row in rows]

    def close(self, *, backup: bool = True) -> None:
        try:
            if backup and not self.read_only:
                _routine_backup(self.path, BackupReason.CLOSE)
        finally:
            self.engine.dispose()
            if self._lock is not None:
                self._lock.release()

    def discard_files(self) -> None:
        """Delete the (closed) document: only for one that was just created and is unwanted."""
        _remove_database_files(self.path)

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()


def create_document(path: Path) -> Document:
    """A new, empty document at `path` with the current schema; never overwrites a file."""
    if path.exists():
        raise DocumentError(DocumentProblem.EXISTS, str(path))
    path.parent.mkdir(parents=True, exist_ok=True)
    lock = DocumentLock(path)
    lock.acquire()
    try:
        _initialise(path)
    except BaseException:
        lock.release()
        _remove_database_files(path)
        raise
    return Document(path, make_engine(path), lock)


def _routine_backup(path: Path, reason: BackupReason) -> None:
    """A backup that must not stop the event when it fails (full backup disk): logged.

    The backup before a migration is not routine: its failure stops the migration.
    """
    try:
        take_backup(path, reason)
    except DocumentError:
        log.warning("backup on %s of %s failed", reason.value, path, exc_info=True)


def _remove_database_files(path: Path) -> None:
    for suffix in ("", "-wal", "-shm"):
        path.with_name(path.name + suffix).unlink(missing_ok=True)


def _initialise(path: Path) -> None:
    engine = make_engine(path, foreign_keys=False)
    try:
        with engine.connect() as connection:
            connection.exec_driver_sql(f"PRAGMA application_id = {APPLICATION_ID}")
            connection.commit()
            upgrade_to_head(connection)
    finally:
        engine.dispose()


def open_document(path: Path, *, read_only: bool = False) -> Document:
    """Open for work (locked, backed up, migrated) or, read-only, just to look at it."""
    _check_is_tournament_file(path)
    lock = None if read_only else DocumentLock(path)
    if lock is not None:
        lock.acquire()
    try:
        _check_quick(path)
        _bring_schema_up_to_date(path, read_only=read_only)
        if lock is not None:
            _routine_backup(path, BackupReason.OPEN)
    except BaseException:
        if lock is not None:
            lock.release()
        raise
    return Document(path, make_engine(path), lock)


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
    try:
        connection = sqlite3.connect(path)
        try:
            return [tuple(row) for row in connection.execute(f"PRAGMA {pragma}").fetchall()]
        finally:
            connection.close()
    except sqlite3.DatabaseError as error:
        raise DocumentError(DocumentProblem.DAMAGED, str(path), reason=str(error)) from error


def _check_quick(path: Path) -> None:
    result = _pragma(path, "quick_check")
    if result != [("ok",)]:
        raise DocumentError(DocumentProblem.DAMAGED, str(path),
                            reason="; ".join(str(row[0]) for row in result[:3]))


def _bring_schema_up_to_date(path: Path, *, read_only: bool) -> None:
    engine = make_engine(path, foreign_keys=False)
    try:
        with engine.connect() as connection:
            state = schema_state(connection)
            connection.rollback()
            if state.is_newer:
                raise DocumentError(DocumentProblem.TOO_NEW, str(path),
                                    revision=state.current or "")
            if state.is_current:
                return
            if read_only:
                raise DocumentError(DocumentProblem.READ_ONLY_OUTDATED, str(path))
            take_backup(path, BackupReason.MIGRATION)
            try:
                upgrade_to_head(connection)
            except Exception as error:
                raise DocumentError(DocumentProblem.MIGRATION_FAILED, str(path),
                                    reason=str(error)) from error
    finally:
        engine.dispose()
