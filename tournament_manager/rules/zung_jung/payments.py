"""Zung Jung payoff (spec §3): the winner's income and how the opponents share it."""

from __future__ import annotations

from tournament_manager.rules.errors import SettlementError, SettlementErrorCode
from tournament_manager.rules.hand import WinType
from tournament_manager.rules.settlement import (
    Role,
    TableOutcome,
    Win,
    check_outcome,
    nearest_claim,
    zero_payments,
)
from tournament_manager.rules.tiles import Wind
from tournament_manager.rules.zung_jung.options import PayoffScheme, TripleWin, ZungJungOptions


def shares(
    win_type: WinType, value: int, has_responsible: bool, options: ZungJungOptions
) -> tuple[int, int]:
    """(what the responsible player pays, what each other opponent pays). Without a
    responsible player all three opponents pay the second figure.

    Under `discarder_pays` the responsible seat stands in for the thrower, so same-turn
    immunity (nobody responsible) falls back to everyone paying V, as in the formal scheme.
    """
    discard = win_type is WinType.DISCARD and has_responsible
    if not discard or options.payoff_scheme is PayoffScheme.UNIFORM:
        return value, value
    if options.payoff_scheme is PayoffScheme.DISCARDER_PAYS:
        return 2 * value, 0
    par = options.par
    if value <= par:
        return value, value
    return 3 * value - 2 * par, par


def settle(outcome: TableOutcome, options: ZungJungOptions) -> dict[Wind, int]:
    check_outcome(outcome)
    payments = zero_payments()
    wins, win_type = outcome.wins, outcome.win_type
    if win_type is None or not wins:
        return payments  # a drawn hand
    if len(wins) == 2:
        raise SettlementError(SettlementErrorCode.TWO_WINNERS_ON_ONE_DISCARD)
    if len(wins) == 3:
        if options.triple_win is TripleWin.DRAW:
            return payments
        if options.triple_win is TripleWin.INTERCEPT:
            assert outcome.discarder is not None  # checked: a discard win names it
            first = nearest_claim([win.winner for win in wins], outcome.discarder)
            raise SettlementError(SettlementErrorCode.THREE_CLAIMS_INTERCEPTED, first.value)
        wins = tuple(Win(win.winner, win.value, outcome.discarder) for win in wins)
    for win in wins:
        responsible_pays, other_pays = shares(
            win_type, win.value, win.responsible is not None, options
        )
        for seat in payments:
            if seat is win.winner:
                continue
            paid = responsible_pays if seat is win.responsible else other_pays
            payments[seat] -= paid
            payments[win.winner] += paid
    return payments


def payments_by_role(
    win_type: WinType, value: int, has_responsible: bool, options: ZungJungOptions
) -> dict[Role, int]:
    responsible_pays, other_pays = shares(win_type, value, has_responsible, options)
    if win_type is WinType.SELF_DRAW or not has_responsible:
        return {Role.WINNER: 3 * other_pays, Role.OTHER: -other_pays}
    return {
        Role.WINNER: responsible_pays + 2 * other_pays,
        Role.RESPONSIBLE: -responsible_pays,
        Role.OTHER: -other_pays,
    }
