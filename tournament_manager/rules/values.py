"""Pieces of the value check every rule set shares: the sign rule and the settlement error.

A recorded value is checked without tiles, so each rule set states which numbers a hand can
score at all (`RuleSet.value_problem`); what they have in common lives here, once.
"""

from __future__ import annotations

from tournament_manager.rules.errors import (
    SettlementError,
    SettlementErrorCode,
    ValueErrorCode,
    ValueProblem,
)
from tournament_manager.rules.tiles import Wind


def sign_problem(points: int, *, winner: bool) -> ValueProblem | None:
    """A win is worth at least 1 under every rule set; a loser's hand points (classical)
    may be 0 but never negative."""
    if winner and points <= 0:
        return ValueProblem(ValueErrorCode.NOT_POSITIVE, points, minimum=1)
    if not winner and points < 0:
        return ValueProblem(ValueErrorCode.NEGATIVE, points, minimum=0)
    return None


def refusal(problem: ValueProblem, seat: Wind | None, *, winner: bool) -> SettlementError:
    """The settlement error for a refused value. Sign problems keep the codes `check_outcome`
    already gives them, so a negative or zero entry reads the same whichever check saw it."""
    if problem.code is ValueErrorCode.NOT_POSITIVE:
        code = SettlementErrorCode.VALUE_NOT_POSITIVE
    elif problem.code is ValueErrorCode.NEGATIVE:
        code = SettlementErrorCode.HAND_POINTS_NEGATIVE
    elif winner:
        code = SettlementErrorCode.VALUE_NOT_ALLOWED
    else:
        code = SettlementErrorCode.HAND_POINTS_NOT_ALLOWED
    return SettlementError(code, None if seat is None else seat.value, problem)
