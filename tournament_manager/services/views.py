"""Read models: a score sheet and a session's seating as screens and printouts show them.

The GUI grid, the PDF sheet and the Excel workbook all draw from these, so none of them
computes a running total or a converted score of its own.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import TypeVar

from tournament_manager.domain.model import (
    Hand,
    Penalty,
    PenaltyReason,
    Player,
    SeatAssignment,
    Session,
    SessionTable,
    SheetCorrection,
    SheetSnapshot,
    SheetState,
    Signature,
    StageStatus,
    Tournament,
)
from tournament_manager.domain.results import Points, converted_scores, hand_totals, raw_scores
from tournament_manager.domain.rotation import cycle_of
from tournament_manager.domain.settings import SessionEnd
from tournament_manager.domain.sheet_content import sheet_content, sheet_hash
from tournament_manager.rules.tiles import WINDS, Wind
from tournament_manager.rules.time_rule import TimeRule
from tournament_manager.services.double_entry import entry_state
from tournament_manager.services.ports import Collection as Collection_
from tournament_manager.services.ports import UnitOfWork
from tournament_manager.services.score_sheets import (
    HandSeating,
    Rules,
    content_now,
    is_complete,
    planned_hands,
    seatings,
    starting_winds,
)
from tournament_manager.services.tournaments import current_tournament
from tournament_manager.services.verification import SheetCheck, check_sheet

T = TypeVar("T")


@dataclass(frozen=True)
class SheetRow:
    hand: Hand
    cycle: int
    deltas: tuple[int, ...]
    """In the order of `SheetView.players` (the starting seats E, S, W, N)."""
    running: tuple[int, ...]


@dataclass(frozen=True)
class SignatureView:
    signature: Signature
    current: bool
    """True when it covers the sheet as it stands now."""


@dataclass(frozen=True)
class SheetView:
    tournament: Tournament
    session: Session
    table: SessionTable
    players: tuple[Player, ...]
    """The four players in their starting seats of the first cycle: E, S, W, N."""
    repicks: tuple[tuple[int, tuple[Player, ...]], ...]
    """(cycle, players in E, S, W, N order) for each re-pick after the first cycle."""
    rows: tuple[SheetRow, ...]
    penalties: tuple[Penalty, ...]
    hand_totals: tuple[int, ...]
    raw_totals: tuple[Points, ...]
    converted: tuple[float, ...]
    signatures: tuple[SignatureView, ...]
    content_hash: str
    complete: bool
    missing_hands: tuple[int, ...]
    resigned_flags: tuple[tuple[int, int], ...]
    """(player id, hand number) where time penalties in one hand passed the rules'
    resignation threshold (Zung Jung: 80 points); none where the rules set no scale."""
    corrections: tuple[SheetCorrection, ...]
    """The head judge's corrections (who, when, why), oldest first."""
    check: SheetCheck = field(default_factory=lambda: SheetCheck("", ()))
    """What the players signed, and whether the sheet is still that."""
    hand_seatings: Mapping[int, HandSeating] = field(default_factory=dict)
    """Who deals each hand and where everyone sits, as far as it is known (classical
    scoring knows the next dealer only once the hand before is on the sheet)."""
    time_rule: TimeRule | None = None
    """The rules' time-penalty scale, for the seconds helper (None: the judge's points)."""
    planned_hands: int = 0
    """The session's hands at this table (`score_sheets.planned_hands`): when it ends by
    deals, the hands played and one for each deal to come."""
    reading_only: bool = False
    """Shown where the event is open to read only (a projector station, a file this
    computer may not write): nothing on it takes a change there. The record does not know
    who reads it; the window that shows the view says so (`AppContext.sheet_view`)."""

    def seating(self, number: int) -> HandSeating | None:
        return self.hand_seatings.get(number)

    @property
    def locked(self) -> bool:
        return self.table.sheet_state is SheetState.LOCKED

    @property
    def corrected(self) -> bool:
        return self.table.sheet_version > 1

    @property
    def signed_hash(self) -> str:
        """The hash of the latest version its players signed ('' before any)."""
        return self.check.signed_hash

    @property
    def verified(self) -> bool | None:
        """True when signed and still as signed; False when it is not; None while the
        sheet has never been signed."""
        if not self.check.signed_hash and not self.check.findings:
            return None
        return self.check.verified


WIND_ORDER = WINDS
"""The sheet's column order, E, S, W, N (the rules' own order of the winds)."""


def _players_by_wind(winds: dict[int, Wind], players: dict[int, Player]) -> tuple[Player, ...]:
    by_wind = {wind: player_id for player_id, wind in winds.items()}
    return tuple(players[by_wind[wind]] for wind in WINDS if wind in by_wind)


def sheet_view(uow: UnitOfWork, table_id: int) -> SheetView:
    with uow:
        return build_sheet_view(uow, table_id)


@dataclass(frozen=True)
class SheetRecords:
    """Everything sheet views are built from, for one table or many read at once: an
    export of a 1,000-player event builds 2,500 views, and twenty queries a table took
    most of its time."""

    tournament: Tournament
    rules: Rules
    tables: Mapping[int, SessionTable]
    sessions: Mapping[int, Session]
    players: Mapping[int, Player]
    seats: Mapping[int, Sequence[SeatAssignment]]
    hands: Mapping[int, Sequence[Hand]]
    penalties: Mapping[int, Sequence[Penalty]]
    signatures: Mapping[int, Sequence[Signature]]
    snapshots: Mapping[int, Sequence[SheetSnapshot]]
    corrections: Mapping[int, Sequence[SheetCorrection]]


def read_sheet_records(uow: UnitOfWork, table_ids: Collection[int]) -> SheetRecords:
    """The records of `table_ids` inside an open unit of work: one table's by its own
    queries, several tables' by reading each kind of record once."""
    if len(table_ids) == 1:
        (only,) = table_ids

        def rows(collection: Collection_[T]) -> Mapping[int, Sequence[T]]:
            return {only: collection.list(table_id=only)}

        table = uow.tables.get(only)
        tables = {only: table}
        sessions = {table.session_id: uow.sessions.get(table.session_id)}
        seats = rows(uow.seats)
        players = {p.id: p for p in (uow.players.get(s.player_id) for s in seats[only])}
    else:
        wanted = set(table_ids)

        def rows(collection: Collection_[T]) -> Mapping[int, Sequence[T]]:
            grouped: dict[int, list[T]] = {table_id: [] for table_id in wanted}
            for record in collection.list():
                table_id = record.table_id  # type: ignore[attr-defined]
                if table_id in wanted:
                    grouped[table_id].append(record)
            return grouped

        tables = {t.id: t for t in uow.tables.list() if t.id in wanted}
        sessions = {s.id: s for s in uow.sessions.list()}
        seats = rows(uow.seats)
        players = {p.id: p for p in uow.players.list()}
    return SheetRecords(
        tournament=current_tournament(uow), rules=Rules(uow), tables=tables,
        sessions=sessions, players=players, seats=seats, hands=rows(uow.hands),
        penalties=rows(uow.penalties), signatures=rows(uow.signatures),
        snapshots=rows(uow.snapshots), corrections=rows(uow.corrections))


def build_sheet_view(uow: UnitOfWork, table_id: int,
                     records: SheetRecords | None = None) -> SheetView:
    """The sheet inside an open unit of work; `records` when many sheets are read at
    once (`read_sheet_records`)."""
    if records is None:
        records = read_sheet_records(uow, [table_id])
    tournament = records.tournament
    table = records.tables[table_id]
    session = records.sessions[table.session_id]
    seats = records.seats[table_id]
    players = {s.player_id: records.players[s.player_id] for s in seats}
    first = _players_by_wind(starting_winds(seats, 1), players)
    order = [p.id for p in first]
    repicks = tuple((cycle, _players_by_wind(starting_winds(seats, cycle), players))
                    for cycle in sorted({s.cycle for s in seats} - {1}))
    hands = sorted(records.hands[table_id], key=lambda h: h.number)
    penalties = tuple(records.penalties[table_id])
    numbers = [hand.number for hand in hands]
    rules = records.rules
    planned = planned_hands(seats, hands, rules)
    hand_seatings = seatings(seats, hands, rules, planned) if len(first) == 4 else {}
    rows, running = [], [0] * len(order)
    for hand in hands:
        deltas = tuple(hand.delta_of(player_id) for player_id in order)
        running = [total + delta for total, delta in zip(running, deltas)]
        seating = hand_seatings.get(hand.number)
        # The round by the deal (classical: a dealer who wins deals again), not by
        # fours of hands, where the rules let a dealer keep the deal.
        cycle = seating.cycle if seating is not None else cycle_of(hand.number)
        rows.append(SheetRow(hand, cycle, deltas, tuple(running)))
    raw = raw_scores(order, hand_totals(order, hands), penalties)
    converted = converted_scores(raw, tournament.settings.session_conversion)
    content = sheet_content(table, seats, hands, penalties)
    digest = sheet_hash(content)
    signed = records.signatures[table_id]
    signatures = tuple(SignatureView(s, s.content_hash == digest
                                     and s.sheet_version == table.sheet_version)
                       for s in signed)
    expected = (table.stopped_after_hand if table.stopped_after_hand is not None
                else planned)
    return SheetView(
        tournament=tournament, session=session, table=table, players=first, repicks=repicks,
        rows=tuple(rows), penalties=penalties, hand_totals=tuple(running),
        raw_totals=tuple(raw[p] for p in order), converted=tuple(converted[p] for p in order),
        signatures=signatures, content_hash=digest,
        complete=is_complete(table, seats, hands, rules), planned_hands=planned,
        missing_hands=tuple(n for n in range(1, max([expected, *numbers]) + 1)
                            if n not in numbers),
        resigned_flags=_resignation_flags(penalties, rules.rule_set.time_rule),
        time_rule=rules.rule_set.time_rule,
        corrections=tuple(sorted(records.corrections[table_id], key=lambda c: c.version)),
        check=check_sheet(session, table, content, records.snapshots[table_id], signed,
                          {seat.player_id for seat in seats if seat.cycle == 1}, digest),
        hand_seatings=hand_seatings,
    )


def _resignation_flags(penalties: Sequence[Penalty],
                       rule: TimeRule | None) -> tuple[tuple[int, int], ...]:
    if rule is None:
        return ()
    time_points: dict[tuple[int, int], int] = {}
    for penalty in penalties:
        if penalty.reason is PenaltyReason.TIME and penalty.hand_number is not None:
            key = (penalty.player_id, penalty.hand_number)
            time_points[key] = time_points.get(key, 0) + penalty.points
    return tuple(sorted(key for key, points in time_points.items()
                        if rule.resigned(points)))


@dataclass(frozen=True)
class SeatedPlayer:
    player: Player
    wind: Wind


@dataclass(frozen=True)
class TableSeating:
    table: SessionTable
    seats: tuple[SeatedPlayer, ...]
    """E, S, W, N."""


@dataclass(frozen=True)
class SessionSeating:
    tournament: Tournament
    session: Session
    tables: tuple[TableSeating, ...]

    @property
    def provisional(self) -> bool:
        """Tables from the round's plan, not a draw: they change before the session."""
        return self.session.status is StageStatus.PLANNED and bool(self.tables)


def session_seating(uow: UnitOfWork, session_id: int) -> SessionSeating:
    """The tables of a session with their players in starting-wind order."""
    with uow:
        return build_session_seating(uow, session_id)


def build_session_seating(uow: UnitOfWork, session_id: int) -> SessionSeating:
    """The seating inside an open unit of work (exports read several in one transaction)."""
    tournament = current_tournament(uow)
    session = uow.sessions.get(session_id)
    players = {p.id: p for p in uow.players.list()}
    tables = []
    for table in sorted(uow.tables.list(session_id=session_id), key=lambda t: t.number):
        winds = starting_winds(uow.seats.list(table_id=table.id), 1)
        tables.append(TableSeating(table, tuple(
            SeatedPlayer(players[player_id], wind)
            for player_id, wind in sorted(winds.items(),
                                          key=lambda item: WINDS.index(item[1])))))
    return SessionSeating(tournament, session, tuple(tables))


class TableState(StrEnum):
    """Where a table stands in its session, for the head judge's progress board."""

    WAITING = "waiting"
    """The session has not started."""
    PLAYING = "playing"
    STOPPED_ON_TIME = "stopped_on_time"
    COMPLETE = "complete"
    """Every hand entered (or play stopped on time): waiting for the signatures."""
    SIGNING = "signing"
    """Some of the four have signed this version."""
    LOCKED = "locked"
    CORRECTING = "correcting"
    """Opened by the head judge for a correction."""


@dataclass(frozen=True)
class TableProgress:
    table: SessionTable
    state: TableState
    hands: int
    """Hands on the sheet."""
    expected: int
    """Hands the session has (or had when play stopped on time)."""
    signatures: int
    """Players whose signature covers the sheet as it stands (one given before a change
    no longer counts)."""
    disagreements: tuple[int, ...] = ()
    """Double entry: hands whose two table-side entries differed, not yet on the sheet."""
    entries_waiting: int = 0
    """Double entry: hands typed once at the table, waiting for the second player's entry."""
    kept_deals: int = 0
    """A session that ends by deals: hands so far that kept their deal (the dealer won, or
    a draw kept it), each one more hand than deals: why "/16" became "/17"."""


def table_progress(uow: UnitOfWork, session_id: int) -> tuple[TableProgress, ...]:
    """Every table of a session with its state, in table order, read in one go (the board
    refreshes after every change anywhere)."""
    with uow:
        session = uow.sessions.get(session_id)
        rules = Rules(uow)
        by_hands = rules.settings.session_end is SessionEnd.HANDS
        rows = []
        for table in sorted(uow.tables.list(session_id=session_id), key=lambda t: t.number):
            hands = uow.hands.count(table_id=table.id)
            expected = (table.stopped_after_hand if table.stopped_after_hand is not None
                        else rules.settings.hands_per_session if by_hands
                        else planned_hands(uow.seats.list(table_id=table.id),
                                           uow.hands.list(table_id=table.id), rules))
            signed = _current_signers(uow, table)
            entries = entry_state(uow, table.id)
            kept = (0 if by_hands or table.stopped_after_hand is not None
                    else max(0, expected - rules.settings.hands_per_session))
            rows.append(TableProgress(
                table, _state(session, table, hands, expected, len(signed)),
                hands, expected, len(signed),
                entries.disagreements if entries else (),
                len({e.hand_number for e in entries.waiting}) if entries else 0, kept))
        return tuple(rows)


def _current_signers(uow: UnitOfWork, table: SessionTable) -> set[int]:
    """Who has signed the sheet as it stands: a signature given before a change to the
    sheet (a hand replaced meanwhile) no longer counts towards "signing 3/4"."""
    signatures = uow.signatures.list(table_id=table.id, sheet_version=table.sheet_version)
    if not signatures or table.sheet_state is SheetState.LOCKED:
        return {s.player_id for s in signatures}
    digest = sheet_hash(content_now(uow, table))
    return {s.player_id for s in signatures if s.content_hash == digest}


def _state(session: Session, table: SessionTable, hands: int, expected: int,
           signatures: int) -> TableState:
    if table.sheet_state is SheetState.LOCKED:
        return TableState.LOCKED
    if table.sheet_version > 1:
        return TableState.CORRECTING
    if session.status in (StageStatus.PLANNED, StageStatus.PUBLISHED):
        return TableState.WAITING
    if signatures:
        return TableState.SIGNING
    if hands >= expected:
        return (TableState.STOPPED_ON_TIME if table.stopped_after_hand is not None
                else TableState.COMPLETE)
    return TableState.PLAYING
