"""SQLAlchemy engines for a tournament document, with the pragmas that keep it safe.

`synchronous=FULL` rather than NORMAL: in WAL mode NORMAL can lose the last commits when a
laptop's battery dies, and a tournament writes so little that the cost is nil.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from sqlalchemy import Engine, create_engine, event

BUSY_TIMEOUT_MS = 5000
APPLICATION_ID = 0x544D4A47  # "TMJG": marks a SQLite file as a tournament document


def _pragmas(foreign_keys: bool) -> tuple[str, ...]:
    return (
        f"foreign_keys={'ON' if foreign_keys else 'OFF'}",
        "journal_mode=WAL",
        "synchronous=FULL",
        f"busy_timeout={BUSY_TIMEOUT_MS}",
    )


def make_engine(path: Path, *, foreign_keys: bool = True) -> Engine:
    """An engine whose every connection has the document pragmas set before any BEGIN.

    Migrations ask for `foreign_keys=False`: a batch migration recreates tables, and with
    foreign keys on, dropping the old parent table cascades into every child row.
    """
    engine = create_engine(f"sqlite:///{path}")
    pragmas = _pragmas(foreign_keys)

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
