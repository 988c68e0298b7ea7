"""A glance at a tournament file with `sqlite3` alone: `info` without the storage stack.

Only a file this application would open as it is gets read here: a SQLite file marked as
ours, passing `quick_check`, at this application's schema head, holding a tournament. Any
other (missing, damaged, foreign, older or newer, busy, a server event) gives None, and the
caller opens it the full way (`application.events`), which checks the same things and puts
every problem into words. The connection is `sqlite_file.connect_read_only`, the one the
full read-only open uses: nothing is written and no lock is taken.

The queries answer what `services.tournaments.overview` answers through a unit of work;
`tests/storage/test_glance_reader.py` holds the two equal on real event files, so a schema
change that this reading misses fails there.
"""

from __future__ import annotations

import sqlite3
from datetime import datetime
from pathlib import Path

from tournament_manager.domain.model import PlayerKind, PlayerStatus, StageStatus
from tournament_manager.domain.settings import RoundKind, RoundPlan, SessionEnd
from tournament_manager.services.glance import Glance
from tournament_manager.storage.errors import DocumentError
from tournament_manager.storage.revisions import revisions
from tournament_manager.storage.sqlite_file import (
    APPLICATION_ID,
    SQLITE_HEADER,
    connect_read_only,
)

_TOURNAMENT = ("SELECT name, venue, created_at, rule_set, format_preset, hands_per_session, "
               "session_end FROM tournament ORDER BY id LIMIT 1")
_ROUNDS = "SELECT kind, sessions, advance, carry FROM round ORDER BY number"
_COUNT = "SELECT count(*) FROM {table}"
_PLAYERS = "SELECT count(*) FROM player WHERE {column} = ?"
_SESSIONS = "SELECT count(*) FROM session WHERE status = ?"
_DRAWN_SESSIONS = "SELECT count(*) FROM session WHERE status != ?"
_TABLES_OF = ("SELECT count(*) FROM session_table JOIN session "
              "ON session.id = session_table.session_id WHERE session.status {test} ?")
_PROVISIONAL = ("SELECT count(*) FROM session WHERE status = ? AND EXISTS "
                "(SELECT 1 FROM session_table WHERE session_table.session_id = session.id)")
_LAST_CHANGE = "SELECT at FROM audit ORDER BY id DESC LIMIT 1"


def read_glance(path: Path) -> Glance | None:
    """The glance at a current tournament file, or None where the full open must answer."""
    try:
        with path.open("rb") as handle:
            if handle.read(len(SQLITE_HEADER)) != SQLITE_HEADER:
                return None
        connection = connect_read_only(path)
    except (OSError, sqlite3.Error, DocumentError):
        return None
    try:
        if not _opens_as_it_is(connection):
            return None
        return _glance(connection)
    except (sqlite3.Error, ValueError, TypeError, KeyError):  # odd data: the full open words it
        return None
    finally:
        connection.close()


def _opens_as_it_is(connection: sqlite3.Connection) -> bool:
    """Ours, sound, and at the schema head: what `open_document` checks before it reads."""
    if connection.execute("PRAGMA application_id").fetchone() != (APPLICATION_ID,):
        return False
    if connection.execute("PRAGMA quick_check").fetchall() != [("ok",)]:
        return False
    _, head = revisions()
    return connection.execute("SELECT version_num FROM alembic_version").fetchall() == [(head,)]


def _glance(connection: sqlite3.Connection) -> Glance | None:
    def count(sql: str, *parameters: object) -> int:
        return int(connection.execute(sql, parameters).fetchone()[0])

    connection.execute("BEGIN")  # one snapshot for every count (a station may be writing)
    row = connection.execute(_TOURNAMENT).fetchone()
    if row is None:
        return None
    name, venue, created_at, rule_set, format_preset, hands_per_session, session_end = row
    rounds = tuple(RoundPlan(kind=RoundKind(kind), sessions=sessions, advance=advance,
                             carry=carry)
                   for kind, sessions, advance, carry in connection.execute(_ROUNDS))
    last = connection.execute(_LAST_CHANGE).fetchone()
    planned = StageStatus.PLANNED.value
    return Glance(
        name=name, venue=venue, created_at=datetime.fromisoformat(created_at),
        rule_set=rule_set, format_preset=format_preset, rounds=rounds,
        hands_per_session=hands_per_session, session_end=SessionEnd(session_end),
        players=count(_PLAYERS.format(column="kind"), PlayerKind.REGULAR.value),
        withdrawn=count(_PLAYERS.format(column="status"), PlayerStatus.WITHDRAWN.value),
        substitutes=count(_PLAYERS.format(column="kind"), PlayerKind.SUBSTITUTE.value),
        sessions=count(_COUNT.format(table="session")),
        sessions_played=count(_SESSIONS, StageStatus.FINISHED.value),
        sessions_drawn=count(_DRAWN_SESSIONS, planned),
        sessions_provisional=count(_PROVISIONAL, planned),
        tables=count(_TABLES_OF.format(test="!="), planned),
        hands=count(_COUNT.format(table="hand")),
        penalties=count(_COUNT.format(table="penalty")),
        signatures=count(_COUNT.format(table="signature")),
        last_change=None if last is None else datetime.fromisoformat(last[0]),
    )
