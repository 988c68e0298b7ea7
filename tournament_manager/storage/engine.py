"""SQLAlchemy engines for a tournament document, on the connections of `sqlite_file`.

An engine never opens the file from a URL of its own: SQLAlchemy's `sqlite:///{path}`
reads `?` as the start of options, `#` as a fragment and `%20` as a space, so `who?.tmt`
became a file `who` and `Open%202026.tmt` became `Open 2026.tmt`. Its connections come
from `sqlite_file.connect` / `connect_read_only`, which take the path as it is.

`synchronous=FULL` rather than NORMAL: in WAL mode NORMAL can lose the last commits when a
laptop's battery dies, and a tournament writes so little that the cost is nil.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from sqlalchemy import URL, Engine, create_engine, event

from tournament_manager.storage.sqlite_file import (
    BUSY_TIMEOUT_MS,
    connect,
    connect_read_only,
)


def _pragmas(foreign_keys: bool, read_only: bool) -> tuple[str, ...]:
    if read_only:
        return ("foreign_keys=ON", f"busy_timeout={BUSY_TIMEOUT_MS}", "query_only=ON")
    return (
        f"foreign_keys={'ON' if foreign_keys else 'OFF'}",
        "journal_mode=WAL",
        "synchronous=FULL",
        f"busy_timeout={BUSY_TIMEOUT_MS}",
    )


def make_engine(path: Path, *, foreign_keys: bool = True, read_only: bool = False) -> Engine:
    """An engine whose every connection has the document pragmas set before any BEGIN.

    Migrations ask for `foreign_keys=False`: a batch migration recreates tables, and with
    foreign keys on, dropping the old parent table cascades into every child row.
    `read_only` connections cannot write (and work on a read-only disk).
    """
    opener = connect_read_only if read_only else connect
    # The URL only names the file (and picks the pool of a file database); connections
    # come from `opener`, which takes the path as it is.
    engine = create_engine(URL.create("sqlite", database=os.fspath(path)),
                           creator=lambda: opener(path))
    pragmas = _pragmas(foreign_keys, read_only)

    @event.listens_for(engine, "connect")
    def _set_pragmas(dbapi_connection: Any, _record: Any) -> None:
        # The sqlite3 module's own transaction handling leaves DDL outside transactions;
        # taking BEGIN over ourselves makes a migration (and every action) atomic.
        dbapi_connection.isolation_level = None
        cursor = dbapi_connection.cursor()
        for pragma in pragmas:
            cursor.execute(f"PRAGMA {pragma}")
        cursor.close()

    @event.listens_for(engine, "begin")
    def _begin(connection: Any) -> None:
        connection.exec_driver_sql("BEGIN")

    return engine
