"""Classical settlement (spec §0, §2.4): every player's hand score is paid on. The seed
(`classic_seed`): each loser pays the winner the difference between their scores (nothing
when his own is as high or higher), no East double, no settlement among losers, and only
the dealer's own win keeps the deal. Babcock (`classic_babcock`): each loser pays the full
score, East pays and receives double, losers settle among themselves, a draw keeps the deal.

The score sheet records each seat's hand points in `TableOutcome.hand_points` (the winner's
equal to his win's value; a missing seat scored 0) and the dealing seat in
`TableOutcome.dealer` (None: East).
"""

from __future__ import annotations

from itertools import combinations

from tournament_manager.rules.classic.options import ClassicOptions, Payment
from tournament_manager.rules.errors import SettlementError, SettlementErrorCode
from tournament_manager.rules.settlement import TableOutcome, single_win, zero_payments
from tournament_manager.rules.tiles import WINDS, Wind


def settle(outcome: TableOutcome, options: ClassicOptions) -> dict[Wind, int]:
    payments = zero_payments()
    win = single_win(outcome)
    if win is None:
        return payments
    points = {seat: 0 for seat in WINDS}
    points.update(outcome.hand_points or {})
    recorded = (outcome.hand_points or {}).get(win.winner)
    if recorded is not None and recorded != win.value:
        raise SettlementError(SettlementErrorCode.WINNER_POINTS_MISMATCH, win.winner.value)
    points[win.winner] = win.value
    dealer = outcome.dealer or Wind.E

    def transfer(payer: Wind, payee: Wind, amount: int) -> None:
        doubled = 2 if options.east_double and dealer in (payer, payee) else 1
        payments[payer] -= amount * doubled
        payments[payee] += amount * doubled

    losers = [seat for seat in WINDS if seat is not win.winner]
    for loser in losers:
        owed = (win.value if options.payment is Payment.FULL
                else max(0, win.value - points[loser]))  # a winner never pays
        transfer(loser, win.winner, owed)
    if options.loser_settlement:
        for first, second in combinations(losers, 2):
            transfer(second, first, points[first] - points[second])
    return payments


def next_dealer(outcome: TableOutcome, options: ClassicOptions) -> Wind:
    """The dealer keeps the deal when he wins (and after a drawn hand where the profile says
    so: Babcock); otherwise it passes to the seat on his right (E -> S -> W -> N -> E)."""
    dealer = outcome.dealer or Wind.E
    if not outcome.wins:
        return dealer if options.dealer_keeps_deal_on_draw else _next(dealer)
    if any(win.winner is dealer for win in outcome.wins):
        return dealer
    return _next(dealer)


def _next(seat: Wind) -> Wind:
    return WINDS[(WINDS.index(seat) + 1) % 4]
