"""Keeping a table's score sheet: hands, penalties, the clock stop, signatures, corrections.

A hand is entered as what the table reports (who won, how, for how much); its payments
come from the tournament's rule set, never from the caller, so a sheet cannot hold a
hand whose deltas disagree with the rules. Everything here refuses to touch a locked
sheet: changing a signed sheet is a correction, which needs the head judge and a reason.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from tournament_manager.domain.model import (
    Hand,
    HandResult,
    Penalty,
    PenaltyReason,
    SeatAssignment,
    SessionTable,
    SheetCorrection,
    SheetSnapshot,
    SheetState,
    Signature,
    StageStatus,
    Win,
    WinType,
)
from tournament_manager.domain.names import isolated
from tournament_manager.domain.rotation import HANDS_PER_CYCLE, cycle_of, rotated, turned
from tournament_manager.domain.settings import (
    OnTimeOut,
    PenaltyMode,
    SeatRotation,
    SessionEnd,
    TournamentSettings,
)
from tournament_manager.domain.sheet_content import canonical_json, sheet_content, sheet_hash
from tournament_manager.rules.errors import SettlementError
from tournament_manager.rules.hand import WinType as RulesWinType
from tournament_manager.rules.registry import get_rule_set
from tournament_manager.rules.rule_set import RuleSet
from tournament_manager.rules.settlement import TableOutcome
from tournament_manager.rules.settlement import Win as RulesWin
from tournament_manager.rules.tiles import WINDS, Wind
from tournament_manager.services.errors import ServiceError, ServiceProblem
from tournament_manager.services.head_judge import HeadJudgeCredential, authorize
from tournament_manager.services.last_change import last_change, pictured
from tournament_manager.services.ports import UnitOfWork
from tournament_manager.services.standings import carry_corrected_totals
from tournament_manager.services.tournaments import current_tournament


def _now() -> datetime:
    return datetime.now(UTC)


@dataclass(frozen=True)
class HandEntry:
    """A hand as the table reports it. `wins` carry the responsible player: the discarder,
    another player under same-turn immunity, or None when the winner threw the tile first."""

    result: HandResult
    win_type: WinType | None = None
    discarder_id: int | None = None
    wins: tuple[Win, ...] = ()
    player_points: tuple[tuple[int, int], ...] = ()
    """(player id, his hand's score), for rule sets that score every hand (classical)."""


def sheet_columns(seats: Sequence[SeatAssignment]) -> tuple[int, ...]:
    """The table's players as the sheet's columns: their starting seats E, S, W, N of the
    first cycle (every later re-pick keeps these columns)."""
    by_wind = {wind: player for player, wind in starting_winds(seats, 1).items()}
    return tuple(by_wind[wind] for wind in WINDS if wind in by_wind)


def starting_winds(seats: Sequence[SeatAssignment], cycle: int) -> dict[int, Wind]:
    """Each player's starting wind for `cycle`: its own re-pick, else the latest before it."""
    picked = [seat for seat in seats if seat.cycle <= cycle]
    if not picked:
        return {}
    latest = max(seat.cycle for seat in picked)
    return {seat.player_id: seat.wind for seat in picked if seat.cycle == latest}


def _open_table(uow: UnitOfWork, table_id: int, seen: str | None = None) -> SessionTable:
    """The table, if its sheet may change now: unlocked, in a session being played (or a
    finished session's sheet the head judge has opened for a correction).

    `seen`: the content hash of the sheet as the caller showed it. When another station
    changed the sheet since, the act is refused, naming who changed it and when: a hand
    typed as the sixth must not become the seventh behind the typist's back, and a player
    signs only what he was shown."""
    table = uow.tables.get(table_id)
    if seen is not None and sheet_hash(content_now(uow, table)) != seen:
        raise ServiceError(ServiceProblem.SHEET_CHANGED_ELSEWHERE, table=table.number,
                           **_last_change(uow, table))
    if table.sheet_state is SheetState.LOCKED:
        raise ServiceError(ServiceProblem.SHEET_LOCKED, table=table.number)
    session = uow.sessions.get(table.session_id)
    if session.status in (StageStatus.PLANNED, StageStatus.PUBLISHED):
        raise ServiceError(ServiceProblem.SESSION_NOT_STARTED, session=session.number)
    return table


def _last_change(uow: UnitOfWork, table: SessionTable) -> dict[str, str]:
    """Who last changed a table's sheet, and when: the newest entry about the table itself
    or a row that belongs to it."""
    return last_change(uow.audit.list(), lambda entry: (
        entry.entity == "session_table" and entry.entity_id == table.id
        or table.id in pictured(entry, "table_id")))


@dataclass(frozen=True)
class HandSeating:
    """Who deals a hand, every player's seat wind in it, and its round (cycle)."""

    dealer_id: int
    seat_of: dict[int, Wind]
    cycle: int = 1
    """The round the hand belongs to: every four hands where the deal always passes
    (Zung Jung, MCR), every four passes of the deal where a dealer may keep it
    (classical): a round ends when every player has dealt."""

    @property
    def prevalent(self) -> Wind:
        """The round's wind (the prevalent wind): East in the first round, then South,
        West and North, which the calculator scores MCR's and classical hands with."""
        return WINDS[(self.cycle - 1) % len(WINDS)]


class Rules:
    """The tournament's rule set with its options, looked up once per action."""

    def __init__(self, uow: UnitOfWork) -> None:
        self.settings = current_tournament(uow).settings
        self.rule_set: RuleSet[Any] = get_rule_set(self.settings.rule_set)
        self.options = self.rule_set.validate_options(self.settings.rule_options)


def _arrangement(seats: Sequence[SeatAssignment], cycle: int,
                 settings: TournamentSettings) -> dict[int, Wind]:
    """Where the players sit at the start of `cycle`: rotated (MCR), or as (re)picked."""
    if settings.seat_rotation is SeatRotation.NONE:
        return starting_winds(seats, cycle)
    return rotated(starting_winds(seats, 1), cycle, settings.seat_rotation)


def seatings(seats: Sequence[SeatAssignment], hands: Sequence[Hand], rules: Rules,
             last: int) -> dict[int, HandSeating]:
    """Every hand's seats up to `last`: the cycle's arrangement turned once for every time
    the deal has passed before it. Under classical scoring that depends on who won each
    hand, so the seats are known only up to the first hand not yet on the sheet; a session
    that ends by deals has no hand after the one that ends it."""
    return _walk(seats, hands, rules, last)[0]


def _walk(seats: Sequence[SeatAssignment], hands: Sequence[Hand], rules: Rules,
          last: int) -> tuple[dict[int, HandSeating], int]:
    """`seatings`, and how many times the deal has passed before the hand after them."""
    by_number = {hand.number: hand for hand in hands}
    by_deals = rules.settings.session_end is SessionEnd.DEALS
    known: dict[int, HandSeating] = {}
    passes = 0
    for number in range(1, last + 1):
        if rules.rule_set.deal_always_passes:
            passes = number - 1
        if by_deals and passes >= rules.settings.hands_per_session:
            return known, passes
        cycle = passes // HANDS_PER_CYCLE + 1 if by_deals else cycle_of(number)
        seat_of = turned(_arrangement(seats, cycle, rules.settings), passes)
        dealer = next(player for player, wind in seat_of.items() if wind is Wind.E)
        known[number] = HandSeating(dealer, seat_of, cycle)
        if rules.rule_set.deal_always_passes:
            passes = number
        else:
            if number not in by_number:
                return known, passes
            outcome = _outcome(entry_of(by_number[number]), seat_of, rules)
            passes += rules.rule_set.deal_passes(outcome, rules.options)
    return known, passes


@dataclass(frozen=True)
class DealCount:
    """How far a table's session has come: the hands on the sheet from hand 1 without a
    gap, and how many times the deal has passed after them."""

    hands: int
    deals: int


def deal_count(seats: Sequence[SeatAssignment], hands: Sequence[Hand],
               rules: Rules) -> DealCount:
    numbers = {hand.number for hand in hands}
    played = 0
    while played + 1 in numbers:
        played += 1
    known, passes = _walk(seats, hands, rules, played)
    return DealCount(len(known), passes)


def planned_hands(seats: Sequence[SeatAssignment], hands: Sequence[Hand], rules: Rules) -> int:
    """The hands this table's session has, stopped on time or not: all of them when it ends
    by hands; when it ends by deals, the hands played and one for every deal still to come
    (at least that many, exactly that many once the last deal is played)."""
    if rules.settings.session_end is SessionEnd.HANDS:
        return rules.settings.hands_per_session
    count = deal_count(seats, hands, rules)
    return count.hands + max(0, rules.settings.hands_per_session - count.deals)


def _seating(uow: UnitOfWork, table: SessionTable, number: int, rules: Rules,
             hands: Sequence[Hand] | None = None) -> HandSeating:
    """Hand `number`'s seats; `hands`, the table's hands when the caller has them read."""
    seats = uow.seats.list(table_id=table.id)
    if len(starting_winds(seats, 1)) != 4:
        raise ServiceError(ServiceProblem.TABLE_NOT_FOUR, table=table.number)
    if hands is None:
        hands = uow.hands.list(table_id=table.id)
    known = seatings(seats, hands, rules, number)
    if number not in known:
        _check_before_end(seats, hands, rules, number)
        raise ServiceError(ServiceProblem.HAND_MISSING_BEFORE, hand=number,
                           missing=max(known) if known else 1)
    return known[number]


def _check_before_end(seats: Sequence[SeatAssignment], hands: Sequence[Hand], rules: Rules,
                      number: int) -> None:
    """Refuse hand `number` in words when the session ended by deals before it."""
    if rules.settings.session_end is not SessionEnd.DEALS:
        return
    count = deal_count(seats, hands, rules)
    if count.deals >= rules.settings.hands_per_session and number > count.hands:
        raise ServiceError(ServiceProblem.SESSION_DEALS_DONE, hand=number, last=count.hands,
                           times=rules.settings.hands_per_session // HANDS_PER_CYCLE)


def hand_seating(uow: UnitOfWork, table_id: int, number: int) -> HandSeating:
    """Who deals hand `number` at a table and where everyone sits (for entry screens)."""
    with uow:
        return _seating(uow, uow.tables.get(table_id), number, Rules(uow))


def _outcome(entry: HandEntry, seat_of: dict[int, Wind], rules: Rules) -> TableOutcome:
    hand_points = ({seat_of[player]: points for player, points in entry.player_points}
                   if rules.rule_set.settles_every_hand else None)
    if entry.result is not HandResult.WIN:
        return TableOutcome(win_type=None, hand_points=hand_points)
    return TableOutcome(
        win_type=_rules_win_type(entry.win_type),
        wins=tuple(RulesWin(seat_of[w.winner_id], w.value,
                            None if w.responsible_id is None else seat_of[w.responsible_id])
                   for w in entry.wins),
        discarder=None if entry.discarder_id is None else seat_of[entry.discarder_id],
        hand_points=hand_points,
    )


def intercepted(entry: HandEntry, seat_of: Mapping[int, Wind], rule_set: RuleSet[Any],
                options: Any) -> tuple[HandEntry, int | None]:
    """`entry` as the rules let it stand when several players claimed one discard: the
    intercepting claimant's win alone (and his id), or `entry` unchanged (and None). The
    entry screens record the hand this returns and say who intercepted."""
    discarder = entry.discarder_id
    if len(entry.wins) < 2 or discarder is None or discarder not in seat_of:
        return entry, None
    claims = {seat_of[w.winner_id]: w for w in entry.wins if w.winner_id in seat_of}
    seat = rule_set.intercepting_claim(tuple(claims), seat_of[discarder], options)
    if seat is None:
        return entry, None
    win = claims[seat]
    return dataclasses.replace(entry, wins=(win,)), win.winner_id


def outcome_of(hand: Hand, seat_of: dict[int, Wind], rules: Rules) -> TableOutcome:
    """A stored hand's result by seats, as the rule set settles it (for checks)."""
    return _outcome(entry_of(hand), seat_of, rules)


def _player_seated(uow: UnitOfWork, seat_of: Mapping[int, Wind], seat: str | None) -> str:
    """The name of the player a settlement error's seat wind names. The rules speak of the
    hand's own winds, which move with the deal; the sheet's columns and its entry keys
    follow the starting seats, so "N" there would point at another player."""
    player = next((p for p, wind in seat_of.items() if wind.value == seat), None)
    return "" if player is None else isolated(uow.players.get(player).name)


def _check_no_false_winner(uow: UnitOfWork, table: SessionTable, number: int,
                           entry: HandEntry) -> None:
    """A player who declared a false win in a hand plays on with a dead hand: he may not
    win it (MCR spec §7: "the offender may not win that hand"; Zung Jung: "the hand is
    dead"). Hand 9 with its false win recorded was accepted as his win."""
    winners = {win.winner_id for win in entry.wins}
    for penalty in uow.penalties.list(table_id=table.id, hand_number=number):
        if penalty.reason is PenaltyReason.FALSE_WIN and penalty.player_id in winners:
            raise ServiceError(ServiceProblem.FALSE_WINNER_WINS, hand=number,
                               name=isolated(uow.players.get(penalty.player_id).name))


def _settle(uow: UnitOfWork, table: SessionTable, number: int, entry: HandEntry,
            hands: Sequence[Hand] | None = None, *, entered: bool = True) -> Hand:
    """The hand with its dealer and rule-set payments, or a `ServiceError` saying why not.
    `entered` False: a hand on the sheet settled again (its dealer moved), whose entry
    was checked when it was typed."""
    rules = Rules(uow)
    seating = _seating(uow, table, number, rules, hands)
    named = [entry.discarder_id, *(p for w in entry.wins for p in (w.winner_id, w.responsible_id)),
             *(player for player, _points in entry.player_points)]
    strangers = sorted({p for p in named if p is not None} - set(seating.seat_of))
    if strangers:
        raise ServiceError(ServiceProblem.PLAYER_NOT_AT_TABLE, players=strangers)
    if entry.result is HandResult.WIN and not entry.wins:
        raise ServiceError(ServiceProblem.WIN_WITHOUT_WINNER, hand=number)
    if entered:
        _check_no_false_winner(uow, table, number, entry)
    if entry.result is not HandResult.WIN and (entry.wins or entry.win_type):
        raise ServiceError(ServiceProblem.WINNER_IN_DRAWN_HAND, hand=number)
    try:
        payments = rules.rule_set.settle(_outcome(entry, seating.seat_of, rules), rules.options)
    except SettlementError as error:
        raise ServiceError(ServiceProblem.HAND_NOT_SETTLEABLE, hand=number,
                           code=error.code.value, seat=error.seat or "",
                           player=_player_seated(uow, seating.seat_of, error.seat),
                           value_problem=error.problem,
                           rule_set=rules.rule_set.id) from error
    player_at = {seat: player for player, seat in seating.seat_of.items()}
    points = dict(entry.player_points)
    return Hand(
        table_id=table.id, number=number, dealer_id=seating.dealer_id, result=entry.result,
        win_type=entry.win_type if entry.result is HandResult.WIN else None,
        discarder_id=entry.discarder_id if entry.result is HandResult.WIN else None,
        wins=entry.wins,
        deltas=tuple((player_at[seat], payments[seat]) for seat in
                     WINDS),
        # In seat order, as the sheet shows them and the file gives them back.
        player_points=tuple((player_at[seat], points[player_at[seat]]) for seat in WINDS
                            if player_at[seat] in points)
        if rules.rule_set.settles_every_hand else (),
    )


def _resettle_after(uow: UnitOfWork, table: SessionTable, number: int) -> None:
    """Settle the hands after `number` again where an earlier result moves the deal
    (classical: a dealer who wins keeps it), so their dealers and payments stay right."""
    if Rules(uow).rule_set.deal_always_passes:
        return
    for later in sorted(uow.hands.list(table_id=table.id), key=lambda h: h.number):
        if later.number > number:
            uow.hands.update(dataclasses.replace(
                _settle(uow, table, later.number, entry_of(later), entered=False),
                id=later.id))


def _rules_win_type(win_type: WinType | None) -> RulesWinType | None:
    if win_type is None:
        return None
    return RulesWinType.DISCARD if win_type.is_discard else RulesWinType.SELF_DRAW


def _check_number_allowed(uow: UnitOfWork, table: SessionTable, number: int) -> None:
    settings = current_tournament(uow).settings
    if settings.session_end is SessionEnd.DEALS:
        if number < 1:
            raise ServiceError(ServiceProblem.HAND_OUT_OF_SESSION, hand=number,
                               hands=settings.hands_per_session)
        _check_before_end(uow.seats.list(table_id=table.id),
                          uow.hands.list(table_id=table.id), Rules(uow), number)
    elif not 1 <= number <= settings.hands_per_session:
        raise ServiceError(ServiceProblem.HAND_OUT_OF_SESSION, hand=number,
                           hands=settings.hands_per_session)
    if table.stopped_after_hand is not None:
        last_allowed = table.stopped_after_hand + (
            1 if settings.on_time_out is OnTimeOut.FINISH_CURRENT_HAND else 0)
        if number > last_allowed:
            raise ServiceError(ServiceProblem.STOPPED_ON_TIME, hand=number,
                               table=table.number)


def enter_hand(uow: UnitOfWork, table_id: int, entry: HandEntry,
               number: int | None = None, *, seen: str | None = None) -> Hand:
    """Add a hand to an open sheet (by default the next one); `seen` as in `_open_table`."""
    with uow:
        table, number, hands = _new_hand_number(uow, table_id, number, seen)
        stored = uow.hands.add(_settle(uow, table, number, entry, hands))
        uow.commit()
    return stored


def _new_hand_number(uow: UnitOfWork, table_id: int, number: int | None,
                     seen: str | None) -> tuple[SessionTable, int, Sequence[Hand]]:
    """The open table, the number a new hand takes there (the next one by default) and
    the hands already there, refused in words when that number is taken or beyond the
    session's hands."""
    table = _open_table(uow, table_id, seen)
    hands = uow.hands.list(table_id=table_id)
    taken = {hand.number for hand in hands}
    number = number if number is not None else max(taken, default=0) + 1
    if number in taken:
        raise ServiceError(ServiceProblem.HAND_NUMBER_TAKEN, hand=number)
    _check_number_allowed(uow, table, number)
    return table, number, hands


def preview_hand(uow: UnitOfWork, table_id: int, entry: HandEntry,
                 number: int | None = None) -> Hand:
    """The hand as it would be stored (its dealer and every player's payment), stored
    nowhere: what a table sees before it saves. Refused in words exactly as entering it
    would be."""
    with uow:
        table = _open_table(uow, table_id)
        taken = {hand.number for hand in uow.hands.list(table_id=table_id)}
        number = number if number is not None else max(taken, default=0) + 1
        return _settle(uow, table, number, entry)


def replace_hand(uow: UnitOfWork, hand_id: int, entry: HandEntry, *,
                 seen: str | None = None) -> Hand:
    """Change what was entered for a hand; the payments are settled again."""
    with uow:
        old = uow.hands.get(hand_id)
        table = _open_table(uow, old.table_id, seen)
        new = dataclasses.replace(_settle(uow, table, old.number, entry), id=old.id)
        uow.hands.update(new)
        _resettle_after(uow, table, old.number)
        uow.commit()
    return new


def delete_hand(uow: UnitOfWork, hand_id: int, *, seen: str | None = None) -> Hand:
    """Remove a hand from an open sheet; returns it, so an undo can enter it again."""
    with uow:
        hand = uow.hands.get(hand_id)
        table = _open_table(uow, hand.table_id, seen)
        later = any(h.number > hand.number for h in uow.hands.list(table_id=table.id))
        if later and not Rules(uow).rule_set.deal_always_passes:
            # A hole in a classical sheet leaves the later dealers unknown.
            raise ServiceError(ServiceProblem.NOT_THE_LAST_HAND, hand=hand.number)
        uow.hands.remove(hand_id)
        uow.commit()
    return hand


def entry_of(hand: Hand) -> HandEntry:
    """What was entered for a stored hand (the inverse of `enter_hand`, for undo and edits)."""
    return HandEntry(result=hand.result, win_type=hand.win_type,
                     discarder_id=hand.discarder_id, wins=hand.wins,
                     player_points=hand.player_points)


def add_penalty(uow: UnitOfWork, table_id: int, player_id: int, reason: PenaltyReason,
                points: int, *, hand_number: int | None = None, note: str = "",
                mode: PenaltyMode | None = None, seen: str | None = None) -> Penalty:
    """Record a penalty (or, with 0 points, an incident), by default in the tournament's
    penalty mode; a false win is paid to the other three where the tournament says so
    (MCR), whatever that mode."""
    if points < 0:
        raise ServiceError(ServiceProblem.NEGATIVE_PENALTY, points=points)
    if reason is PenaltyReason.TIME and not points:
        # A warning is its own reason; a Time row of 0 was a second click on Add.
        raise ServiceError(ServiceProblem.TIME_PENALTY_WITHOUT_POINTS)
    with uow:
        table = _open_table(uow, table_id, seen)
        if player_id not in {seat.player_id for seat in uow.seats.list(table_id=table_id)}:
            raise ServiceError(ServiceProblem.PLAYER_NOT_AT_TABLE, players=[player_id])
        if hand_number is not None:
            _check_penalty_hand(uow, table, hand_number)
        settings = current_tournament(uow).settings
        if mode is None:
            mode = (PenaltyMode.DISTRIBUTE if reason is PenaltyReason.FALSE_WIN
                    and settings.false_win_distributed else settings.penalty_mode)
        if reason is PenaltyReason.FALSE_WIN and hand_number is not None:
            won = [hand for hand in uow.hands.list(table_id=table.id, number=hand_number)
                   if any(win.winner_id == player_id for win in hand.wins)]
            if won:
                raise ServiceError(ServiceProblem.FALSE_WINNER_WINS, hand=hand_number,
                                   name=isolated(uow.players.get(player_id).name))
        stored = uow.penalties.add(Penalty(table_id=table.id, player_id=player_id,
                                           reason=reason, points=points, mode=mode,
                                           hand_number=hand_number, note=note.strip()))
        uow.commit()
    return stored


def _check_penalty_hand(uow: UnitOfWork, table: SessionTable, number: int) -> None:
    """A penalty names a hand played or the hand in play, within the session: a penalty
    "at hand 99" of a sixteen-hand session went on the signed sheet and the workbook."""
    hands = uow.hands.list(table_id=table.id)
    in_play = max((hand.number for hand in hands), default=0) + 1
    latest = min(in_play, planned_hands(uow.seats.list(table_id=table.id), hands, Rules(uow)))
    if not 1 <= number <= latest:
        raise ServiceError(ServiceProblem.PENALTY_HAND_NOT_PLAYED, hand=number, latest=latest)


def record_false_win(uow: UnitOfWork, table_id: int, player_id: int, *,
                     hand_number: int | None = None, note: str = "") -> Penalty:
    """A false win, costed by the tournament's convention: MCR takes 30 points, paid as 10
    to each other player; Zung Jung records an incident unless the judge imposes points."""
    with uow:
        points = current_tournament(uow).settings.false_win_points
    return add_penalty(uow, table_id, player_id, PenaltyReason.FALSE_WIN, points,
                       hand_number=hand_number, note=note)


def remove_penalty(uow: UnitOfWork, penalty_id: int, *, seen: str | None = None) -> Penalty:
    with uow:
        penalty = uow.penalties.get(penalty_id)
        _open_table(uow, penalty.table_id, seen)
        uow.penalties.remove(penalty_id)
        uow.commit()
    return penalty


def restore_penalty(uow: UnitOfWork, penalty: Penalty) -> Penalty:
    """Put back a removed penalty as it was (its mode included): the undo of a removal."""
    with uow:
        _open_table(uow, penalty.table_id)
        stored = uow.penalties.add(dataclasses.replace(penalty, id=0))
        uow.commit()
    return stored


def stop_on_time(uow: UnitOfWork, table_id: int, completed_hands: int | None = None, *,
                 seen: str | None = None) -> SessionTable:
    """The session clock ran out: no hand after the one in progress is scored."""
    with uow:
        table = _open_table(uow, table_id, seen)
        if completed_hands is None:
            completed_hands = len(uow.hands.list(table_id=table_id))
        updated = uow.tables.update(dataclasses.replace(table,
                                                        stopped_after_hand=completed_hands))
        uow.commit()
    return updated


def content_now(uow: UnitOfWork, table: SessionTable) -> dict[str, Any]:
    """The sheet's content as it stands, as signatures and `seen` hashes cover it."""
    return sheet_content(table, uow.seats.list(table_id=table.id),
                         uow.hands.list(table_id=table.id),
                         uow.penalties.list(table_id=table.id))


def sheet_now(uow: UnitOfWork, table_id: int) -> str:
    """The content hash of a table's sheet as it stands (what `seen` is compared with)."""
    with uow:
        return sheet_hash(content_now(uow, uow.tables.get(table_id)))


@dataclass(frozen=True)
class StandingSignatures:
    table: int
    """The table's number."""
    players: tuple[str, ...]
    """The names of those whose signature covers the sheet as it stands, in seat order."""


def standing_signers(uow: UnitOfWork, table_id: int) -> StandingSignatures:
    """Who has signed the sheet as it stands: a change to it leaves their signatures on
    old content, and they must sign again (`sign_sheet`). Asked before a change, so that a
    hand altered while the table signs is the judge's choice, not a slip."""
    with uow:
        table = uow.tables.get(table_id)
        digest = sheet_hash(content_now(uow, table))
        signers = {s.player_id for s in uow.signatures.list(table_id=table_id)
                   if s.sheet_version == table.sheet_version and s.content_hash == digest}
        seated = dict.fromkeys(seat.player_id for seat in sorted(
            uow.seats.list(table_id=table_id), key=lambda seat: (seat.cycle, seat.arrival)))
        names = tuple(uow.players.get(player_id).name
                      for player_id in seated if player_id in signers)
        return StandingSignatures(table.number, names)


def check_unchanged(uow: UnitOfWork, table_id: int, seen: str) -> None:
    """Refuse, naming who changed it and when, unless the sheet is still as `seen`: an
    undo or redo acts on what this station left, never over another station's change."""
    with uow:
        table = uow.tables.get(table_id)
        if sheet_hash(content_now(uow, table)) != seen:
            raise ServiceError(ServiceProblem.SHEET_CHANGED_ELSEWHERE, table=table.number,
                               **_last_change(uow, table))


def sheet_is_complete(uow: UnitOfWork, table: SessionTable) -> bool:
    """Every hand of the session is on the sheet, or play stopped on time."""
    return is_complete(table, uow.seats.list(table_id=table.id),
                       uow.hands.list(table_id=table.id), Rules(uow))


def is_complete(table: SessionTable, seats: Sequence[SeatAssignment], hands: Sequence[Hand],
                rules: Rules) -> bool:
    """`sheet_is_complete` on records already read (exports read many sheets at once)."""
    numbers = sorted(hand.number for hand in hands)
    if table.stopped_after_hand is not None:
        return numbers == list(range(1, len(numbers) + 1))
    if rules.settings.session_end is SessionEnd.DEALS:
        count = deal_count(seats, hands, rules)
        return (count.deals >= rules.settings.hands_per_session
                and numbers == list(range(1, count.hands + 1)))
    return numbers == list(range(1, rules.settings.hands_per_session + 1))


@dataclass(frozen=True)
class SigningResult:
    signature: Signature
    locked: bool


def sign_sheet(uow: UnitOfWork, table_id: int, player_id: int, image_png: bytes, *,
               clock: Callable[[], datetime] = _now, seen: str | None = None) -> SigningResult:
    """A player accepts the sheet as it stands; the fourth matching signature locks it.

    Each signature keeps the hash of the content it was given for: a change made while the
    others sign leaves the earlier signatures on old content, and they must sign again.
    """
    with uow:
        table = _open_table(uow, table_id, seen)  # he signs what he was shown, or nothing
        seats = uow.seats.list(table_id=table_id)
        hands = uow.hands.list(table_id=table_id)
        seated = {seat.player_id for seat in seats}
        if player_id not in seated:
            raise ServiceError(ServiceProblem.PLAYER_NOT_AT_TABLE, players=[player_id])
        if not is_complete(table, seats, hands, Rules(uow)):
            raise ServiceError(ServiceProblem.SHEET_INCOMPLETE, table=table.number)
        if not image_png:
            raise ServiceError(ServiceProblem.EMPTY_SIGNATURE)
        earlier = uow.signatures.list(table_id=table_id)
        if any(signature.image_png == image_png for signature in earlier):
            # The same strokes again (his, or another player's at this table): a pad that
            # was never cleared, not a new acceptance.
            raise ServiceError(ServiceProblem.SIGNATURE_REUSED, player=player_id)
        content = sheet_content(table, seats, hands, uow.penalties.list(table_id=table_id))
        digest = sheet_hash(content)
        if any(s.player_id == player_id and s.sheet_version == table.sheet_version
               and s.content_hash == digest for s in earlier):
            # Two phones at one table, or a second tap: his signature stands already.
            raise ServiceError(ServiceProblem.ALREADY_SIGNED, player=player_id,
                               table=table.number)
        signature = uow.signatures.add(Signature(
            table_id=table_id, player_id=player_id, signed_at=clock(), image_png=image_png,
            content_hash=digest, sheet_version=table.sheet_version))
        locked = _lock_when_all_signed(uow, table, content, seated, clock)
        uow.commit()
    return SigningResult(signature, locked)


def _lock_when_all_signed(uow: UnitOfWork, table: SessionTable, content: dict[str, Any],
                          seated: set[int], clock: Callable[[], datetime]) -> bool:
    """Lock the sheet, keeping its content as the version's snapshot, once every player of
    the table has signed this very content."""
    digest = sheet_hash(content)
    signed = {s.player_id for s in uow.signatures.list(table_id=table.id,
                                                      sheet_version=table.sheet_version)
              if s.content_hash == digest}
    if signed != seated:
        return False
    uow.tables.update(dataclasses.replace(table, sheet_state=SheetState.LOCKED,
                                          content_hash=digest))
    uow.snapshots.add(SheetSnapshot(table_id=table.id, version=table.sheet_version,
                                    content_json=canonical_json(content),
                                    content_hash=digest, locked_at=clock()))
    if table.sheet_version > 1:  # a correction: the round's cut may carry other totals now
        carry_corrected_totals(uow, uow.sessions.get(table.session_id).round_id)
    return True


def sign_on_paper(uow: UnitOfWork, table_id: int, recorded_by: str, *,
                  signed_at: datetime | None = None, clock: Callable[[], datetime] = _now,
                  seen: str | None = None) -> SessionTable:
    """The results desk ticks "signed on paper by all four": the paper sheet is the legal
    record and the transcription now matches it, so the sheet locks as four drawn
    signatures would, each on the content transcribed. `recorded_by` (the typist) and the
    time of the tick are kept with each; `signed_at` is the time written on the paper,
    when known (else the tick's). Only the head judge's correction opens it again.
    """
    typist = recorded_by.strip()
    if not typist:
        raise ServiceError(ServiceProblem.TRANSCRIBER_REQUIRED)
    with uow:
        table = _open_table(uow, table_id, seen)
        if not sheet_is_complete(uow, table):
            raise ServiceError(ServiceProblem.SHEET_INCOMPLETE, table=table.number)
        sign_on_paper_within(uow, table, typist, clock, signed_at)
        locked = uow.tables.get(table_id)
        uow.commit()
    return locked


def sign_on_paper_within(uow: UnitOfWork, table: SessionTable, recorded_by: str,
                         clock: Callable[[], datetime], signed_at: datetime | None = None
                         ) -> None:
    """Inside an open unit of work, on an open and complete sheet: the four signatures
    on paper (the sheet's, or the four agreeing player cards) and the lock they make."""
    seated = {seat.player_id for seat in uow.seats.list(table_id=table.id)}
    content = content_now(uow, table)
    digest = sheet_hash(content)
    now = clock()
    for player_id in sorted(seated):
        uow.signatures.add(Signature(
            table_id=table.id, player_id=player_id, signed_at=signed_at or now,
            content_hash=digest, sheet_version=table.sheet_version, on_paper=True,
            recorded_by=recorded_by, recorded_at=now))
    _lock_when_all_signed(uow, table, content, seated, clock)


def correct_sheet(uow: UnitOfWork, table_id: int, reason: str,
                  credential: HeadJudgeCredential, *,
                  clock: Callable[[], datetime] = _now) -> SessionTable:
    """Unlock a signed sheet for a correction: the head judge's passphrase and a reason.

    The sheet becomes the next version; the signed version stays as a snapshot with its
    signatures, and the correction (who, when, why) is kept with the sheet, so every view
    and printout of it says it was corrected.
    """
    with uow:
        judge = authorize(uow, credential, reason)
        table = uow.tables.get(table_id)
        if table.sheet_state is not SheetState.LOCKED:
            raise ServiceError(ServiceProblem.SHEET_NOT_LOCKED, table=table.number)
        reopened = uow.tables.update(dataclasses.replace(
            table, sheet_state=SheetState.OPEN, sheet_version=table.sheet_version + 1))
        uow.corrections.add(SheetCorrection(table_id=table.id, version=reopened.sheet_version,
                                            reason=reason.strip(), head_judge=judge.name,
                                            opened_at=clock()))
        uow.commit()
    return reopened


def resume_play(uow: UnitOfWork, table_id: int) -> SessionTable:
    """Take back a stop on time (the undo of `stop_on_time`)."""
    with uow:
        table = _open_table(uow, table_id)
        resumed = uow.tables.update(dataclasses.replace(table, stopped_after_hand=None))
        uow.commit()
    return resumed


def sheet_locked(uow: UnitOfWork, table_id: int) -> bool:
    """Whether the table's sheet is signed and locked: the record, which nothing but the
    head judge's correction changes (no undo either)."""
    with uow:
        return uow.tables.get(table_id).sheet_state is SheetState.LOCKED


def withdraw_signature(uow: UnitOfWork, signature_id: int) -> SessionTable:
    """Take back a signature given by mistake (the undo of `sign_sheet`) while the sheet
    is still open. A signed and locked sheet is the record: only the head judge's
    correction opens it again, so the signature that locked it stays."""
    with uow:
        signature = uow.signatures.get(signature_id)
        table = uow.tables.get(signature.table_id)
        if (signature.sheet_version != table.sheet_version
                or table.sheet_state is SheetState.LOCKED):
            raise ServiceError(ServiceProblem.SHEET_LOCKED, table=table.number)
        uow.signatures.remove(signature_id)
        uow.commit()
    return table


def revert_correction(uow: UnitOfWork, table_id: int) -> SessionTable:
    """Lock a sheet again as it was signed, when a correction was opened by mistake.

    Only while nothing was changed: the content must still be the signed version's, so
    the record is exactly what the players signed; the correction record goes.
    """
    with uow:
        table = uow.tables.get(table_id)
        if table.sheet_state is SheetState.LOCKED:
            raise ServiceError(ServiceProblem.SHEET_LOCKED, table=table.number)
        signed = uow.snapshots.list(table_id=table_id, version=table.sheet_version - 1)
        unchanged = dataclasses.replace(table, sheet_version=table.sheet_version - 1)
        if not signed or sheet_hash(content_now(uow, unchanged)) != signed[0].content_hash:
            raise ServiceError(ServiceProblem.SHEET_CHANGED_SINCE, table=table.number)
        relocked = uow.tables.update(dataclasses.replace(
            unchanged, sheet_state=SheetState.LOCKED, content_hash=signed[0].content_hash))
        for correction in uow.corrections.list(table_id=table_id,
                                               version=table.sheet_version):
            uow.corrections.remove(correction.id)
        uow.commit()
    return relocked
