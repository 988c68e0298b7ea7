"""The seat-picking procedure against draws worked by hand from the spec (§2)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from tournament_manager.domain.rotation import cycle_of, dealer_starting_wind, seat_wind
from tournament_manager.domain.seat_pick import (
    WIND_ORDER,
    RowEnd,
    counted_chair,
    pick_seats,
    simulate_seat_pick,
)
from tournament_manager.rules.tiles import Wind

E, S, W, N = Wind.E, Wind.S, Wind.W, Wind.N
ARRIVAL = ("Ann", "Bob", "Cho", "Dan")  # chairs 0..3, counter-clockwise


def test_dice_counts_run_counter_clockwise_from_the_thrower() -> None:
    # Thrower at chair 2 (Cho): 5 and 9 name him, 2/6/10 his lower seat (chair 3),
    # 3/7/11 the opposite seat (chair 0), 4/8/12 the upper seat (chair 1).
    assert [counted_chair(2, total) for total in (5, 9)] == [2, 2]
    assert [counted_chair(2, total) for total in (2, 6, 10)] == [3, 3, 3]
    assert [counted_chair(2, total) for total in (3, 7, 11)] == [0, 0, 0]
    assert [counted_chair(2, total) for total in (4, 8, 12)] == [1, 1, 1]


def test_worked_example_odd_second_throw() -> None:
    # Row from the odd end: N, E, W, S. Ann (chair 0) throws 3+4 = 7: opposite, Cho.
    # Cho throws 2+3 = 5: himself. Odd, so tiles come from the odd end, Cho first,
    # then counter-clockwise: Cho N, Dan E, Ann W, Bob S.
    pick = pick_seats(ARRIVAL, (N, E, W, S), 0, (3, 4), (2, 3))
    assert pick.second_thrower == 2
    assert pick.first_taker == 2
    assert pick.end is RowEnd.ODD
    assert pick.taking_order == (2, 3, 0, 1)
    assert dict(pick.winds) == {"Cho": N, "Dan": E, "Ann": W, "Bob": S}
    assert [wind for _player, wind in pick.winds] == list(WIND_ORDER)  # East first


def test_worked_example_even_second_throw() -> None:
    # Row from the odd end: E, S, W, N. Dan (chair 3) throws 6+6 = 12: his upper seat,
    # Cho (chair 2). Cho throws 1+1 = 2: his lower seat, Dan. Even, so from the even end
    # (N first): Dan N, Ann W, Bob S, Cho E.
    pick = pick_seats(ARRIVAL, (E, S, W, N), 3, (6, 6), (1, 1))
    assert (pick.second_thrower, pick.first_taker, pick.end) == (2, 3, RowEnd.EVEN)
    assert dict(pick.winds) == {"Dan": N, "Ann": W, "Bob": S, "Cho": E}
    assert pick.wind_of("Cho") is E


@given(st.integers(min_value=0, max_value=2**63))
def test_simulation_gives_each_wind_once_and_replays_from_its_seed(seed: int) -> None:
    pick = simulate_seat_pick(ARRIVAL, seed)
    assert sorted(pick.wind_of(p).value for p in ARRIVAL) == sorted(w.value for w in WIND_ORDER)
    assert simulate_seat_pick(ARRIVAL, seed) == pick
    assert pick.second_thrower == counted_chair(pick.first_thrower, sum(pick.first_dice))


def test_bad_draw_inputs_are_refused() -> None:
    import pytest

    with pytest.raises(ValueError):
        pick_seats(("a", "a", "b", "c"), WIND_ORDER, 0, (1, 1), (1, 1))
    with pytest.raises(ValueError):
        pick_seats(ARRIVAL, (E, E, W, N), 0, (1, 1), (1, 1))
    with pytest.raises(ValueError):
        pick_seats(ARRIVAL, WIND_ORDER, 0, (0, 7), (1, 1))


def test_the_deal_passes_every_hand() -> None:
    dealers = [dealer_starting_wind(n) for n in range(1, 17)]
    assert dealers == list(WIND_ORDER) * 4
    # The player who started South is East in hand 2, North in hand 3, West in hand 4.
    assert [seat_wind(S, n) for n in (1, 2, 3, 4, 5)] == [S, E, N, W, S]
    assert [cycle_of(n) for n in (1, 4, 5, 16)] == [1, 1, 2, 4]
    for hand in range(1, 17):
        assert seat_wind(dealer_starting_wind(hand), hand) is E
