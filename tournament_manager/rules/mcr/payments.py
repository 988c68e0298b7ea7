"""MCR payoff (spec §6): 8 + P from the discarder and 8 from each other player, or 8 + P from
each on a self-draw. One winner per hand (head bump); no limit, no dealer bonus."""

from __future__ import annotations

from typing import Final

from tournament_manager.rules.hand import WinType
from tournament_manager.rules.settlement import Role, TableOutcome, single_win, zero_payments
from tournament_manager.rules.tiles import Wind

BASE: Final = 8


def settle(outcome: TableOutcome) -> dict[Wind, int]:
    """The robbed player of a robbed kong is entered as the discarder."""
    payments = zero_payments()
    win = single_win(outcome)
    if win is None:
        return payments
    for seat in payments:
        if seat is win.winner:
            continue
        paid = (
            BASE + win.value
            if outcome.win_type is WinType.SELF_DRAW or seat is outcome.discarder
            else BASE
        )
        payments[seat] -= paid
        payments[win.winner] += paid
    return payments


def payments_by_role(win_type: WinType, value: int) -> dict[Role, int]:
    """MCR has no same-turn immunity: a discard win always has its discarder pay 8 + P."""
    if win_type is WinType.SELF_DRAW:
        return {Role.WINNER: 3 * (BASE + value), Role.OTHER: -(BASE + value)}
    return {
        Role.WINNER: 3 * BASE + value,
        Role.RESPONSIBLE: -(BASE + value),
        Role.OTHER: -BASE,
    }
