"""A hand's result as the score sheet records it (who won, how, for how much) and the checks
any rule set makes before turning it into payments.

Settlement works without tiles because the score sheet stores no tiles. Classical scoring
pays on more than the winner's value: every player's hand points are settled (losers among
themselves too) and the dealer pays and receives double. `TableOutcome` therefore carries two
optional fields, `hand_points` and `dealer`, that other rule sets ignore; existing callers stay
valid.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import Enum

from tournament_manager.rules.errors import SettlementError, SettlementErrorCode
from tournament_manager.rules.hand import WinType
from tournament_manager.rules.tiles import WINDS, Wind


class Role(Enum):
    """Payment roles, for a hand whose discarder seat is not known."""

    WINNER = "winner"
    RESPONSIBLE = "responsible"
    OTHER = "other"


@dataclass(frozen=True, slots=True)
class Win:
    """`responsible` is the seat that pays as discarder, or None when nobody is
    (self-draw, or same-turn immunity on a discard)."""

    winner: Wind
    value: int
    responsible: Wind | None


@dataclass(frozen=True, slots=True)
class TableOutcome:
    """No wins means a drawn hand (wall exhausted).

    `hand_points`: each seat's own hand score where the rule set settles every hand
    (classical: the winner's entry equals his win's value; a missing seat scored 0).
    `dealer`: the seat dealing this hand when it is not simply East (classical: the dealer
    keeps the deal when he wins, so the dealer seat is recorded per hand); None means East.
    """

    win_type: WinType | None
    wins: tuple[Win, ...] = ()
    discarder: Wind | None = None
    hand_points: Mapping[Wind, int] | None = None
    dealer: Wind | None = None

    @classmethod
    def draw(cls) -> TableOutcome:
        return cls(win_type=None)


def zero_payments() -> dict[Wind, int]:
    return {seat: 0 for seat in WINDS}


def check_outcome(outcome: TableOutcome) -> None:
    """Raise `SettlementError` for a result no rule set can settle."""
    if outcome.hand_points is not None:
        for seat, points in outcome.hand_points.items():
            if points < 0:
                raise SettlementError(SettlementErrorCode.HAND_POINTS_NEGATIVE, seat.value)
    if not outcome.wins:
        return
    if outcome.win_type is None:
        raise SettlementError(SettlementErrorCode.WIN_TYPE_REQUIRED)
    if len(outcome.wins) > 3:
        raise SettlementError(SettlementErrorCode.TOO_MANY_WINNERS)
    seen: set[Wind] = set()
    for win in outcome.wins:
        if win.winner in seen:
            raise SettlementError(SettlementErrorCode.DUPLICATE_WINNER, win.winner.value)
        seen.add(win.winner)
        if win.value <= 0:
            raise SettlementError(SettlementErrorCode.VALUE_NOT_POSITIVE, win.winner.value)
    if outcome.win_type is WinType.SELF_DRAW:
        _check_self_draw(outcome)
    else:
        _check_discard(outcome)


def _check_self_draw(outcome: TableOutcome) -> None:
    if len(outcome.wins) > 1:
        raise SettlementError(SettlementErrorCode.SEVERAL_WINNERS_ON_SELF_DRAW)
    if outcome.discarder is not None:
        raise SettlementError(SettlementErrorCode.DISCARDER_ON_SELF_DRAW)
    if outcome.wins[0].responsible is not None:
        raise SettlementError(SettlementErrorCode.RESPONSIBLE_ON_SELF_DRAW)


def _check_discard(outcome: TableOutcome) -> None:
    if outcome.discarder is None:
        raise SettlementError(SettlementErrorCode.DISCARDER_REQUIRED)
    for win in outcome.wins:
        if win.winner is outcome.discarder:
            raise SettlementError(SettlementErrorCode.WINNER_IS_DISCARDER, win.winner.value)
        if win.responsible is win.winner:
            raise SettlementError(SettlementErrorCode.RESPONSIBLE_IS_WINNER, win.winner.value)


def single_win(outcome: TableOutcome) -> Win | None:
    """The one win of a checked result, None for a drawn hand; for rule sets that know
    no multiple winners (MCR, classical), a second winner is refused."""
    check_outcome(outcome)
    if outcome.win_type is None or not outcome.wins:
        return None
    if len(outcome.wins) > 1:
        raise SettlementError(SettlementErrorCode.TWO_WINNERS_ON_ONE_DISCARD)
    return outcome.wins[0]


TURN_ORDER = (Wind.E, Wind.S, Wind.W, Wind.N)


def nearest_claim(claimants: Sequence[Wind], discarder: Wind) -> Wind:
    """The claim that wins when several players claim one discard: the discarder's lower
    seat (who plays next), then the opposite seat, then the upper seat (Zung Jung's
    interception, MCR's head bump)."""
    start = TURN_ORDER.index(discarder)
    return min(claimants, key=lambda seat: (TURN_ORDER.index(seat) - start) % 4)
