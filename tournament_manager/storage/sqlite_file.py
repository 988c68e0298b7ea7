"""A tournament document as a SQLite file, with the standard library alone: the marks that
make a file ours, the paths SQLite can use, and the connections every reader and writer
of a document is made from (`engine` builds SQLAlchemy's engines on them).

Every connection to a document is made here, from the path itself: a plain filename for
writing, a `file:` URI with `?`, `#`, `%` and spaces percent-encoded (`file_uri`) for
reading only, never a URL string put together by hand.

Kept apart from SQLAlchemy so that what only looks at a file (`storage.glance`, behind
`info`) need not import it: SQLAlchemy alone costs nine times a bare Python start.
"""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path
from urllib.parse import quote

from tournament_manager.paths import address_scheme
from tournament_manager.storage.errors import DocumentError, DocumentProblem

SQLITE_HEADER = b"SQLite format 3\x00"
BUSY_TIMEOUT_MS = 5000
APPLICATION_ID = 0x544D4A47  # "TMJG": marks a SQLite file as a tournament document

MAX_PATH_BYTES = 504
"""SQLite's Unix file layer holds a full path of at most 512 bytes, the "-journal" suffix
included: a longer document path cannot be opened at all."""
COMPANION_SUFFIX = ".restoring-20260101T000000Z.partial"
"""The longest file made next to a document (a restore's copy under way): a new document
leaves room for it in its name (255 bytes at most) and in its path."""
MAX_NAME_BYTES = 255 - len(COMPANION_SUFFIX) - len("-journal")


def check_document_path(path: Path, *, new: bool = False) -> None:
    """Refuse, in words, a path no document can have: an address such as
    `postgresql://host/db`, or a path too long for SQLite (`new`: too long to leave room
    for the files made next to it: lock, journal, a restore's copy)."""
    if address_scheme(path) is not None:
        raise DocumentError(DocumentProblem.DATABASE_URL, str(path),
                            scheme=address_scheme(path) or "")
    length = len(os.fsencode(path.absolute()))
    room = len(COMPANION_SUFFIX) if new else 0
    if length + room > MAX_PATH_BYTES or (new and len(os.fsencode(path.name)) > MAX_NAME_BYTES):
        raise DocumentError(DocumentProblem.PATH_TOO_LONG, str(path),
                            length=str(length), limit=str(MAX_PATH_BYTES - room))


def connect(path: Path) -> sqlite3.Connection:
    """A read-write connection (creating the file if it is missing)."""
    # Same-thread checking off, as SQLAlchemy does for a file database: the pool hands
    # a connection to whichever thread asks (exports run in the background).
    return sqlite3.connect(os.fspath(path), check_same_thread=False)


def connect_read_only(path: Path) -> sqlite3.Connection:
    """A connection that does not write, and never creates the file.

    Where the file and its folder can be written, it is a read-write connection in
    `query_only` mode: the last one to close then folds the journal back and removes the
    -wal and -shm files, as a writer would; but while a journal is there (another process
    may be writing), a read-only one (`_reader_beside_a_writer`). Elsewhere it is opened
    read-only; on a read-only disk or folder, where SQLite cannot make the shared-memory file
    a WAL reader needs, as immutable (no other writer can reach it there either). A journal
    holding changes never folded into the file cannot be read that way, so such a file is
    refused rather than shown without its last changes.
    """
    uri = file_uri(path)
    if os.access(path, os.W_OK) and _folder_writable(path):
        if _journal_of(path).exists():
            shared = _reader_beside_a_writer(uri)
            if shared is not None:
                return shared
        connection = sqlite3.connect(f"{uri}?mode=rw", uri=True, check_same_thread=False)
        connection.execute("PRAGMA query_only=ON")
        return connection
    connection = sqlite3.connect(f"{uri}?mode=ro", uri=True, check_same_thread=False)
    try:
        connection.execute("PRAGMA schema_version").fetchone()  # opens the file for real
        return connection
    except sqlite3.OperationalError as error:
        connection.close()
        if getattr(error, "sqlite_errorcode", 0) & 0xFF != 14 or _folder_writable(path):
            raise  # not SQLITE_CANTOPEN in a read-only folder: a problem of its own
    wal = path.with_name(path.name + "-wal")
    if wal.exists() and wal.stat().st_size > 0:
        raise DocumentError(
            DocumentProblem.UNREADABLE, str(path),
            reason=f"its latest changes are still in {wal.name}, which cannot be applied on "
                   "a read-only disk; copy both files to a folder that can be written")
    return sqlite3.connect(f"{uri}?mode=ro&immutable=1", uri=True, check_same_thread=False)


def _journal_of(path: Path) -> Path:
    return path.with_name(path.name + "-wal")


def _reader_beside_a_writer(uri: str) -> sqlite3.Connection | None:
    """A truly read-only connection to a file whose journal is there, so another process
    (the window) may have it open: such a reader never folds the journal back nor removes
    it when it closes. A read-write one did, believing itself the last, whenever the
    window's own locks had gone: SQLite's are POSIX locks, which a process loses when it
    closes any descriptor of the file, and the window's file dialogs open the .tmt to
    sniff its type. The window then wrote on into a journal no longer on disk; `info`
    from a terminal showed three players where the window had eight, and a crash lost
    five. None when this cannot open it (a journal left by a crash, without its index):
    then the read-write way, which recovers it, as the only one there."""
    try:
        connection = sqlite3.connect(f"{uri}?mode=ro", uri=True, check_same_thread=False)
    except sqlite3.Error:
        return None
    try:
        connection.execute("PRAGMA schema_version").fetchone()  # opens the file for real
    except sqlite3.Error:
        connection.close()
        return None
    return connection


def file_uri(path: Path) -> str:
    """A `file:` URI for SQLite, every character that means something in a URI
    percent-encoded. No authority part: SQLite refuses `file://server/...`, so a Windows
    share (\\\\server\\share) becomes `file:////server/share/...`, which it opens."""
    posix = path.absolute().as_posix()
    return "file://" + ("" if posix.startswith("/") else "/") + quote(posix, safe="/:")


def _folder_writable(path: Path) -> bool:
    return os.access(path.absolute().parent, os.W_OK | os.X_OK)
