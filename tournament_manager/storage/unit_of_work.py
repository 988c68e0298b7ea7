"""The SQL unit of work: one transaction per user action, audited."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from types import TracebackType
from typing import Self

from sqlalchemy import Connection, Engine

from tournament_manager.domain.model import (
    Hand,
    Penalty,
    Player,
    Round,
    RoundEntry,
    SeatAssignment,
    Session,
    SessionTable,
    SheetSnapshot,
    Signature,
    Tournament,
)
from tournament_manager.storage import schema
from tournament_manager.storage.collections import (
    AuditWriter,
    HandCollection,
    SqlAuditLog,
    SqlCollection,
    TournamentCollection,
    now_utc,
)
from tournament_manager.storage.rows import RowMapper

# (attribute on the unit of work, table, entity) for every flat entity.
_FLAT = (
    ("players", schema.player, Player),
    ("rounds", schema.round_, Round),
    ("round_entries", schema.round_entry, RoundEntry),
    ("sessions", schema.session, Session),
    ("tables", schema.session_table, SessionTable),
    ("seats", schema.seat, SeatAssignment),
    ("penalties", schema.penalty, Penalty),
    ("signatures", schema.signature, Signature),
    ("snapshots", schema.sheet_snapshot, SheetSnapshot),
)
_MAPPERS = {name: RowMapper(cls) for name, _table, cls in _FLAT}
_HAND_MAPPER = RowMapper(Hand, skip=("wins", "deltas"))
_TOURNAMENT_MAPPER = RowMapper(Tournament, skip=("settings",))


class SqlUnitOfWork:
    """Opens a connection and a transaction on enter; commits only when told to."""

    def __init__(self, engine: Engine, actor: str = "head judge",
                 clock: Callable[[], datetime] = now_utc) -> None:
        self._engine = engine
        self._actor = actor
        self._clock = clock
        self._connection: Connection | None = None

    def __enter__(self) -> Self:
        connection = self._engine.connect()
        connection.begin()
        self._connection = connection
        self._audit_writer = AuditWriter(connection, self._actor, self._clock)
        for name, table, _cls in _FLAT:
            setattr(self, name, SqlCollection(connection, table, _MAPPERS[name],
                                              self._audit_writer))
        self.tournaments = TournamentCollection(connection, schema.tournament,
                                                _TOURNAMENT_MAPPER, self._audit_writer)
        self.hands = HandCollection(connection, schema.hand, _HAND_MAPPER, self._audit_writer)
        self.audit = SqlAuditLog(connection)
        return self

    def __exit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        assert self._connection is not None
        try:
            if self._connection.in_transaction():
                self._connection.rollback()
        finally:
            self._connection.close()
            self._connection = None

    def commit(self) -> None:
        assert self._connection is not None, "commit outside the unit of work"
        self._connection.commit()
        self._connection.begin()

    def audit_reason(self, reason: str) -> None:
        self._audit_writer.reason = reason
