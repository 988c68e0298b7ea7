"""The table's wind draw: simulated from its seed, replayable, or recorded as reported."""

from __future__ import annotations

import pytest

from tests.helpers.seated_event import Seated
from tournament_manager.domain.model import HandResult
from tournament_manager.rules.tiles import Wind
from tournament_manager.services.errors import ServiceError, ServiceProblem
from tournament_manager.services.score_sheets import HandEntry, enter_hand, starting_winds
from tournament_manager.services.seat_picks import (
    record_table_winds,
    replay_seat_pick,
    simulate_table_seat_pick,
)


def _winds(seated: Seated, cycle: int = 1) -> dict[int, Wind]:
    with seated.document.unit_of_work() as uow:
        return starting_winds(uow.seats.list(table_id=seated.tables[0]), cycle)


def test_simulated_draw_is_stored_and_replays(seated: Seated) -> None:
    pick = simulate_table_seat_pick(seated.document.unit_of_work(), seated.tables[0])
    winds = _winds(seated)
    assert winds == {player: pick.wind_of(player) for player in seated.players[:4]}
    assert replay_seat_pick(seated.document.unit_of_work(), seated.tables[0]) == pick
    # The dealer of hand 1 is whoever drew East.
    hand = enter_hand(seated.document.unit_of_work(), seated.tables[0],
                      HandEntry(HandResult.DRAW))
    assert winds[hand.dealer_id] is Wind.E


def test_reported_winds_per_cycle_and_fixed_once_played(seated: Seated) -> None:
    a, b, c, d = seated.players[:4]
    uow = seated.document.unit_of_work
    reported = {a: Wind.N, b: Wind.E, c: Wind.S, d: Wind.W}
    record_table_winds(uow(), seated.tables[0], reported, cycle=2)
    assert _winds(seated, 2) == reported and _winds(seated, 1)[a] is Wind.E
    for _ in range(5):
        enter_hand(uow(), seated.tables[0], HandEntry(HandResult.DRAW))
    with uow() as work:
        fifth = work.hands.list(table_id=seated.tables[0])[-1]
    assert fifth.dealer_id == b  # cycle 2 starts with the re-picked East
    with pytest.raises(ServiceError) as caught:
        simulate_table_seat_pick(uow(), seated.tables[0], cycle=2)
    assert caught.value.problem is ServiceProblem.WINDS_FIXED
    with pytest.raises(ServiceError) as caught:
        record_table_winds(uow(), seated.tables[0], {a: Wind.E, b: Wind.E, c: Wind.S,
                                                      d: Wind.W}, cycle=3)
    assert caught.value.problem is ServiceProblem.WINDS_NOT_A_DRAW
