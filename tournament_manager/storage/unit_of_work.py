"""The SQL unit of work: one transaction per user action, audited.

SQLite's refusals that are the disk's doing (full, read-only, failing) leave it as a
`DocumentError` with words, never as a driver error: the caller shows a sentence.

On a file, every commit that wrote is checkpointed into the .tmt itself (see
`SqlUnitOfWork._checkpoint`): head judges back up by copying the .tmt in a file manager,
and a copy of the .tmt alone must hold what was committed before it, not lack the last
minutes that sat in the -wal beside it.
"""

from __future__ import annotations

import logging
import sqlite3
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import datetime
from pathlib import Path
from types import TracebackType
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from sqlalchemy import Connection, Engine, Table, text
from sqlalchemy.exc import DBAPIError

from tournament_manager.domain.model import (
    Hand,
    HeadJudge,
    Penalty,
    Player,
    PlayerCard,
    Round,
    RoundEntry,
    SeatAssignment,
    Session,
    SessionTable,
    SheetCorrection,
    SheetSnapshot,
    Signature,
    TableEntry,
    Tournament,
)
from tournament_manager.storage import schema
from tournament_manager.storage.collections import (
    AuditWriter,
    HandCollection,
    SeatCollection,
    SqlAuditLog,
    SqlCollection,
    TournamentCollection,
    now_utc,
)
from tournament_manager.storage.errors import DocumentError, problem_of
from tournament_manager.storage.rows import RowMapper

if TYPE_CHECKING:
    from tournament_manager.storage.verify_aside import PendingVerification

_HAND_MAPPER = RowMapper(Hand, skip=("wins", "deltas", "player_points"))
_TOURNAMENT_MAPPER = RowMapper(Tournament, skip=("settings",))
_MAPPERS: dict[type, RowMapper[Any]] = {
    cls: RowMapper(cls)
    for cls in (Player, Round, RoundEntry, Session, SessionTable, SeatAssignment, Penalty,
                Signature, SheetSnapshot, SheetCorrection, HeadJudge, TableEntry, PlayerCard)
}


E = TypeVar("E")

_log = logging.getLogger(__name__)

WRITER_LOCK_KEY = 0x544D4A57  # "TMJW": the one writer on a server event
WRITER_WAIT_SECONDS = 20
"""How long an act waits for the other stations' acts (each takes milliseconds) before
it is refused as "the server is busy"."""


class SqlUnitOfWork:
    """Opens a connection and a transaction on enter; commits only when told to."""

    tournaments: TournamentCollection
    players: SqlCollection[Player]
    rounds: SqlCollection[Round]
    round_entries: SqlCollection[RoundEntry]
    sessions: SqlCollection[Session]
    tables: SqlCollection[SessionTable]
    seats: SeatCollection
    hands: HandCollection
    penalties: SqlCollection[Penalty]
    signatures: SqlCollection[Signature]
    snapshots: SqlCollection[SheetSnapshot]
    corrections: SqlCollection[SheetCorrection]
    table_entries: SqlCollection[TableEntry]
    player_cards: SqlCollection[PlayerCard]
    head_judges: SqlCollection[HeadJudge]
    audit: SqlAuditLog

    def __init__(self, engine: Engine, actor: str = "head judge",
                 clock: Callable[[], datetime] = now_utc, path: Path | None = None,
                 problems: Callable[[BaseException], DocumentError | None] | None = None,
                 *, read_only: bool = False) -> None:
        self._engine = engine
        self._serialize = engine.dialect.name == "postgresql" and not read_only
        """On a server, one writing unit of work at a time (see `_begin`)."""
        self._actor = actor
        self._clock = clock
        self._path = path if path is not None else Path(engine.url.database or "")
        self._problems = problems or (lambda error: problem_of(error, self._path))
        """Sorts the driver's errors into worded problems (a full disk, a server that
        cannot be reached); None for an error that is a bug of ours."""
        self._connection: Connection | None = None
        self._checkpoints = engine.dialect.name == "sqlite" and not read_only
        """On a file, a commit that wrote is checkpointed into the .tmt (`_checkpoint`)."""
        self._changes_checkpointed = 0
        """The connection's `total_changes` at the last checkpoint (or on enter)."""

    @contextmanager
    def _disk_problems(self) -> Iterator[None]:
        try:
            yield
        except DBAPIError as error:
            problem = self._problems(error)
            if problem is None:
                raise
            raise problem from error

    def __enter__(self) -> Self:
        with self._disk_problems():
            connection = self._engine.connect()
            self._begin(connection)
        self._connection = connection
        if self._checkpoints:
            self._changes_checkpointed = self._sqlite().total_changes
        audit = self._audit_writer = AuditWriter(connection, self._actor, self._clock)

        def flat(table: Table, cls: type[E]) -> SqlCollection[E]:
            return SqlCollection(connection, table, _MAPPERS[cls], audit)

        self.tournaments = TournamentCollection(connection, schema.tournament,
                                                _TOURNAMENT_MAPPER, audit)
        self.players = flat(schema.player, Player)
        self.rounds = flat(schema.round_, Round)
        self.round_entries = flat(schema.round_entry, RoundEntry)
        self.sessions = flat(schema.session, Session)
        self.tables = flat(schema.session_table, SessionTable)
        self.seats = SeatCollection(connection, schema.seat, _MAPPERS[SeatAssignment], audit)
        self.hands = HandCollection(connection, schema.hand, _HAND_MAPPER, audit)
        self.penalties = flat(schema.penalty, Penalty)
        self.signatures = flat(schema.signature, Signature)
        self.snapshots = flat(schema.sheet_snapshot, SheetSnapshot)
        self.corrections = flat(schema.sheet_correction, SheetCorrection)
        self.head_judges = flat(schema.head_judge, HeadJudge)
        self.table_entries = flat(schema.table_entry, TableEntry)
        self.player_cards = flat(schema.player_card, PlayerCard)
        self.audit = SqlAuditLog(connection, {
            collection.entity: collection for collection in (
                self.tournaments, self.players, self.rounds, self.round_entries,
                self.sessions, self.tables, self.seats, self.hands, self.penalties,
                self.signatures, self.snapshots, self.corrections, self.head_judges,
                self.table_entries, self.player_cards)})
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
        if isinstance(exc, DBAPIError):
            problem = self._problems(exc)
            if problem is not None:  # a full or read-only disk, a lost server, in words
                raise problem from exc

    def commit(self) -> None:
        assert self._connection is not None, "commit outside the unit of work"
        with self._disk_problems():
            self._connection.commit()
            self._checkpoint()
            self._begin(self._connection)
        if self._audit_writer is not None:
            self._audit_writer.generation += 1

    def _sqlite(self) -> sqlite3.Connection:
        assert self._connection is not None
        return cast(sqlite3.Connection, self._connection.connection.dbapi_connection)

    def _checkpoint(self) -> None:
        """After a commit that wrote, copy the WAL into the .tmt (a PASSIVE checkpoint).

        Otherwise SQLite copies it only once the -wal has grown to 4 MB, or when the last
        connection closes: all through an event the .tmt lagged the record by up to 4 MB
        of changes, and a copy of the .tmt alone (a file manager's, a backup tool's) lacked
        them. PASSIVE never waits and never blocks a reader: what a reader of an older
        state still needs stays in the -wal until the next commit's checkpoint. The cost
        is one write and sync of the changed pages of the .tmt per commit that wrote; a
        commit that wrote nothing costs nothing (`total_changes` counts every INSERT,
        UPDATE and DELETE, and every write is audited by one).

        Runs between the commit and the next BEGIN (a checkpoint is refused on a
        connection inside a transaction). The commit is durable in the -wal by then, so a
        checkpoint that fails (a full disk) is logged and the act stands: the next
        commit's checkpoint, or the close, copies it."""
        if not self._checkpoints:
            return
        connection = self._sqlite()
        changes = connection.total_changes
        if changes == self._changes_checkpointed:
            return
        self._changes_checkpointed = changes
        try:
            connection.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchall()
        except sqlite3.Error as error:
            _log.warning("%s: the committed changes stay in its -wal for now (%s)",
                         self._path, error)

    def _begin(self, connection: Connection) -> None:
        """Begin a transaction; on a server, wait first for any other station's writing
        transaction to end.

        Services read, check, then write: two stations checking at once could both accept
        the same hand number, and both extend the audit chain from the same link. SQLite
        lets one writer in at a time by itself; on a server, every unit of work that may
        write takes one transaction-scoped advisory lock before it reads anything, so the
        stations' acts run one after another, each on what the one before it committed.
        Units of work for reading only (exports, the projector) take no lock."""
        connection.begin()
        if self._serialize:
            connection.execute(text(f"SET LOCAL lock_timeout = '{WRITER_WAIT_SECONDS}s'"))
            connection.execute(text("SELECT pg_advisory_xact_lock(:key)"),
                               {"key": WRITER_LOCK_KEY})

    def verify_aside(self) -> PendingVerification | None:
        """Start verifying this transaction's state in another process (see
        `verify_aside`); None where that cannot be done (a server event, a frozen build),
        and the caller verifies in its own process."""
        from tournament_manager.storage.verify_aside import PendingVerification, can_verify_aside

        assert self._connection is not None, "verify_aside outside the unit of work"
        if self._engine.dialect.name != "sqlite" or not can_verify_aside():
            return None
        # A read fixes the transaction's snapshot first: the copy is what it reads on.
        self._connection.exec_driver_sql("SELECT count(*) FROM sqlite_master").scalar()
        try:
            return PendingVerification(cast(sqlite3.Connection,
                                            self._connection.connection.dbapi_connection))
        except (OSError, sqlite3.Error) as error:  # no room for the copy, no process
            _log.warning("verifying in this process: no copy or process aside (%s)", error)
            return None

    def audit_reason(self, reason: str) -> None:
        self._audit_writer.reason = reason

    def audit_actor(self, actor: str) -> None:
        self._audit_writer.actor = actor


def data_version(engine: Engine) -> int:
    """A number that grows with every change to the event: every change is audited, so
    the newest audit entry's id is one. Read without a unit of work (no wait for a
    writer), for the stations that watch an event another station changes."""
    with engine.connect() as connection:
        return int(connection.execute(text("SELECT coalesce(max(id), 0) FROM audit")).scalar_one())
