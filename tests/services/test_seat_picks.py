"""The table's wind draw: simulated from its seed, replayable, or recorded as reported."""

from __future__ import annotations

import dataclasses

import pytest

from tests.helpers.head_judge import name_head_judge
from tests.helpers.seated_event import Seated
from tournament_manager.domain.model import HandResult
from tournament_manager.domain.settings import SeatPickMode
from tournament_manager.rules.tiles import Wind
from tournament_manager.services.errors import ServiceError, ServiceProblem
from tournament_manager.services.score_sheets import HandEntry, enter_hand, starting_winds
from tournament_manager.services.seat_picks import (
    ReportedDraw,
    record_table_draw,
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


def _per_cycle(seated: Seated) -> None:
    with seated.document.unit_of_work() as uow:
        tournament = uow.tournaments.list()[0]
        uow.tournaments.update(dataclasses.replace(tournament, settings=dataclasses.replace(
            tournament.settings, seat_pick=SeatPickMode.PER_CYCLE)))
        uow.commit()


def test_reported_winds_per_cycle_and_fixed_once_played(seated: Seated) -> None:
    a, b, c, d = seated.players[:4]
    uow = seated.document.unit_of_work
    _per_cycle(seated)
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


def test_the_draw_done_at_the_table_is_recorded_as_reported(seated: Seated) -> None:
    """The worked example of spec §2 done with real tiles: row N E W S from the odd end,
    the first arrival throws 3+4 (the opposite player), who throws 2+3 (himself, odd)."""
    ann, bob, cho, dan = seated.players[:4]
    uow = seated.document.unit_of_work
    draw = ReportedDraw((Wind.N, Wind.E, Wind.W, Wind.S), ann, (3, 4), (2, 3))
    pick = record_table_draw(uow(), seated.tables[0], draw)
    assert _winds(seated) == {cho: Wind.N, dan: Wind.E, ann: Wind.W, bob: Wind.S}
    assert dict(pick.winds) == _winds(seated)
    with uow() as work:
        reasons = {entry.reason for entry in work.audit.list(entity="seat")}
    assert f"drawn at the table: tiles N E W S (odd end first); player {ann} threw 3+4, " \
           "then 2+3" in reasons
    for bad in (ReportedDraw((Wind.N, Wind.N, Wind.W, Wind.S), ann, (3, 4), (2, 3)),
                ReportedDraw((Wind.N, Wind.E, Wind.W, Wind.S), ann, (0, 7), (2, 3))):
        with pytest.raises(ServiceError) as caught:
            record_table_draw(uow(), seated.tables[0], bad)
        assert caught.value.problem is ServiceProblem.NOT_A_SEAT_DRAW
    with pytest.raises(ServiceError) as caught:
        record_table_draw(uow(), seated.tables[0], dataclasses.replace(
            draw, first_thrower=seated.players[4]))
    assert caught.value.problem is ServiceProblem.PLAYER_NOT_AT_TABLE


def test_a_repick_the_format_does_not_have_needs_the_head_judge(seated: Seated) -> None:
    uow = seated.document.unit_of_work
    credential = name_head_judge(seated.document)
    for act in (lambda allowed=None: simulate_table_seat_pick(uow(), seated.tables[0], 2,
                                                              allowed_by=allowed),
                lambda allowed=None: record_table_winds(
                    uow(), seated.tables[0], dict(zip(seated.players[:4], (
                        Wind.S, Wind.W, Wind.N, Wind.E), strict=True)), 2,
                    allowed_by=allowed)):
        with pytest.raises(ServiceError) as caught:
            act()
        assert caught.value.problem is ServiceProblem.REPICK_NOT_IN_FORMAT
        act((credential, "players sat at the wrong table in cycle 2"))
    with uow() as work:
        last = work.audit.list(entity="seat")[-1]
    assert (last.actor, last.reason) == ("Ada Judge",
                                         "players sat at the wrong table in cycle 2")
