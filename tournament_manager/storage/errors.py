"""Why a tournament document cannot be used; the CLI and GUI word these codes.

`problem_of` sorts what SQLite and the operating system raise into these codes, so a full
disk is never mistaken for a damaged file (whose remedy, replacing it with a backup,
would throw away an intact one) and a read-only file is never an "internal error".
"""

from __future__ import annotations

import errno
import shutil
import sqlite3
from enum import StrEnum
from pathlib import Path

from tournament_manager.errors import TournamentError


class DocumentProblem(StrEnum):
    MISSING = "missing"
    EXISTS = "exists"
    UNREADABLE = "unreadable"
    NOT_A_TOURNAMENT = "not_a_tournament"
    TOO_NEW = "too_new"
    DAMAGED = "damaged"
    LOCKED = "locked"
    MIGRATION_FAILED = "migration_failed"
    READ_ONLY_OUTDATED = "read_only_outdated"
    NO_SPACE = "no_space"
    UNWRITABLE = "unwritable"
    SAME_FILE = "same_file"
    LOCKED_TARGET = "locked_target"
    READ_ONLY_FILE = "read_only_file"
    """The file or its folder cannot be written: it is opened for reading only."""
    DISK_ERROR = "disk_error"
    """The disk reported an input/output error that is not a full disk: not damage."""
    DATABASE_URL = "database_url"
    """A server address (postgresql://...) where a file path belongs."""
    PATH_TOO_LONG = "path_too_long"
    SERVER_ADDRESS = "server_address"
    """A server address that cannot be used as typed (no database named)."""
    SERVER_UNREACHABLE = "server_unreachable"
    SERVER_REFUSED = "server_refused"
    """The server turned the user away (password, permissions)."""
    SERVER_NO_DATABASE = "server_no_database"
    """The server answers but has no database of the address's name."""
    SERVER_NO_EVENT = "server_no_event"
    """The address's database holds no tournament (another database, or an empty one)."""
    ROLE_READS_ONLY = "role_reads_only"
    """A station whose role only shows the event (a projector) was asked to change it."""
    SERVER_BUSY = "server_busy"
    """Other stations' acts kept the server busy longer than an act waits."""
    CHANGED_ELSEWHERE = "changed_elsewhere"
    """Another station changed what this one was changing, at the same moment."""


class DocumentError(TournamentError):
    """A known, user-fixable problem with a document (as opposed to a bug of ours)."""

    def __init__(self, problem: DocumentProblem, path: str, **details: str) -> None:
        super().__init__(f"{problem.value}: {path} {details}")
        self.problem = problem
        self.path = path
        self.details = details


# SQLite's primary result codes (the low byte of an extended code).
_SQLITE_PERM = 3
_SQLITE_BUSY = 5
_SQLITE_LOCKED = 6
_SQLITE_READONLY = 8
_SQLITE_IOERR = 10
_SQLITE_CORRUPT = 11
_SQLITE_FULL = 13
_SQLITE_CANTOPEN = 14
_SQLITE_NOTADB = 26
_SQLITE_IOERR_SHMSIZE = 4874  # the shared-memory file could not grow: a full disk

LOW_SPACE_BYTES = 8 * 1024 * 1024
"""An I/O error on a disk with less free space than this is taken for a full disk: SQLite
does not pass on the errno, and a transaction of a tournament never writes this much."""

_NO_SPACE_ERRNOS = frozenset({errno.ENOSPC, getattr(errno, "EDQUOT", errno.ENOSPC)})
_READ_ONLY_ERRNOS = frozenset({errno.EROFS, errno.EACCES, errno.EPERM})


def problem_of(error: BaseException, path: Path | str) -> DocumentError | None:
    """The known problem behind `error` (from sqlite3, SQLAlchemy or the OS) while using
    `path`, or None when it is not one (a bug of ours, to be raised as it is)."""
    cause = getattr(error, "orig", None) or error  # SQLAlchemy wraps the driver's error
    where = str(path)
    if isinstance(cause, OSError):
        return _os_problem(cause, where)
    if not isinstance(cause, sqlite3.Error):
        return None
    code = getattr(cause, "sqlite_errorcode", None)
    if code is None:
        return None
    primary = code & 0xFF
    reason = str(cause)
    if primary == _SQLITE_FULL or code == _SQLITE_IOERR_SHMSIZE:
        return DocumentError(DocumentProblem.NO_SPACE, where)
    if primary == _SQLITE_IOERR:
        if disk_nearly_full(Path(where)):
            return DocumentError(DocumentProblem.NO_SPACE, where)
        return DocumentError(DocumentProblem.DISK_ERROR, where, reason=reason)
    if primary == _SQLITE_READONLY:
        return DocumentError(DocumentProblem.READ_ONLY_FILE, where)
    if primary in (_SQLITE_CORRUPT, _SQLITE_NOTADB):
        return DocumentError(DocumentProblem.DAMAGED, where, reason=reason)
    if primary in (_SQLITE_BUSY, _SQLITE_LOCKED):
        return DocumentError(DocumentProblem.UNREADABLE, where,
                             reason="another program keeps it busy")
    if primary in (_SQLITE_CANTOPEN, _SQLITE_PERM):
        return DocumentError(DocumentProblem.UNREADABLE, where, reason=reason)
    return None


def _os_problem(error: OSError, where: str) -> DocumentError:
    if error.errno in _NO_SPACE_ERRNOS:
        return DocumentError(DocumentProblem.NO_SPACE, where)
    if error.errno == errno.ENAMETOOLONG:
        return DocumentError(DocumentProblem.PATH_TOO_LONG, where)
    if error.errno in _READ_ONLY_ERRNOS:
        return DocumentError(DocumentProblem.UNWRITABLE, where,
                             reason="the disk or folder is read-only")
    if error.errno == errno.EIO:
        return DocumentError(DocumentProblem.DISK_ERROR, where, reason=error.strerror or "")
    return DocumentError(DocumentProblem.UNWRITABLE, where,
                         reason=error.strerror or type(error).__name__)


def disk_nearly_full(path: Path) -> bool:
    """Whether the disk holding `path` (or its nearest existing folder) is (nearly) full."""
    for folder in (path, *path.parents):
        try:
            return shutil.disk_usage(folder).free < LOW_SPACE_BYTES
        except OSError:
            continue
    return False
