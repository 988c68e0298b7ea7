"""The session played now is, of those equally clean, one whose tables can seat every player
on a wind that keeps him in range; and a repair that finds nothing better keeps its plan.

Winds are given after grouping, and two players at a table who lack the same wind cannot both
be seated in range in any order. Drawn in turn, the plan is searched again at every draw, and
the cleanest session, not the plan's own next one, is played: 26 x 8 with byes played for its
fifth session one the first four sessions' winds could not seat, where another as clean
could be."""

from __future__ import annotations

import random

import pytest

from tournament_manager.domain.seating.grouping import (
    GroupingRequest,
    GroupingResult,
    Method,
    cost_of,
    kept_plan,
    rank,
)
from tournament_manager.domain.seating.pairs import MeetingCounts
from tournament_manager.domain.seating.planner import _cleanest_first
from tournament_manager.domain.seating.positions import balance_winds, violation
from tournament_manager.domain.seating.wind_groups import (
    unseatable_tables,
    wanted_winds,
)

E, S, W, N = range(4)
# After three sessions each player holds three different winds and lacks the fourth.
_LACKING = {N: [1, 1, 1, 0], E: [0, 1, 1, 1], S: [1, 0, 1, 1], W: [1, 1, 0, 1]}


def _winds(lacks: list[int]) -> list[list[int]]:
    return [list(_LACKING[wind]) for wind in lacks]


def _out_of_range_after(session: list[list[int]], winds: list[list[int]]) -> list[int]:
    """The players out of range once the session is seated by `balance_winds`."""
    seated = balance_winds([session], winds, random.Random(0))[0]
    counts = [list(w) for w in winds]
    for table in seated:
        for wind, p in enumerate(table):
            counts[p][wind] += 1
    return [p for table in seated for p in table if violation(counts[p], sum(counts[p]))]


# Players 0 and 1 both lack North and sit together; 4 and 5 both lack West.
_LACKS = [N, N, E, S, W, W, E, S]
_SESSION = [[0, 1, 2, 3], [4, 5, 6, 7]]


def test_a_table_of_two_players_lacking_one_wind_cannot_be_seated_in_range() -> None:
    winds = _winds(_LACKS)
    assert unseatable_tables(_SESSION, wanted_winds(winds)) == 2
    assert len(_out_of_range_after(_SESSION, winds)) == 2


def test_a_table_whose_players_lack_four_different_winds_is_seated_in_range() -> None:
    winds = _winds([N, E, S, W, W, N, E, S])
    assert unseatable_tables(_SESSION, wanted_winds(winds)) == 0
    assert _out_of_range_after(_SESSION, winds) == []


def test_what_a_player_wants_is_the_wind_that_brings_him_nearest_the_range() -> None:
    """In range after one session, any wind but the one he has; out of range (East twice in
    two), either wind he lacks, which brings him back; after four, the range is met by one
    wind of each, so after a fifth any wind will do."""
    assert wanted_winds([[1, 0, 0, 0], [2, 0, 0, 0], [1, 1, 1, 1], [0, 0, 0, 0]]) == [
        0b1110, 0b1110, 0b1111, 0b1111]


@pytest.mark.parametrize("given_winds", [True, False])
def test_of_sessions_equally_clean_the_one_the_winds_so_far_can_seat_is_played_now(
        given_winds: bool) -> None:
    """Sessions A and B each seat one pair that has met; A's tables hold two players lacking
    North and two lacking West, B's can be seated in range. The order of sessions changes
    no repeat, while winds out of range would be final: B goes first. Without winds (a fresh
    draw) the order given stands."""
    fixed = MeetingCounts(8)
    fixed.add_table((2, 3))
    fixed.add_table((2, 4))
    a = [[0, 1, 2, 3], [4, 5, 6, 7]]
    b = [[0, 2, 4, 6], [1, 3, 5, 7]]
    winds = _winds([N, N, E, S, W, E, S, W]) if given_winds else [[0] * 4 for _ in range(8)]
    if given_winds:
        wanted = wanted_winds(winds)
        assert (unseatable_tables(a, wanted), unseatable_tables(b, wanted)) == (2, 0)
    assert _cleanest_first([a, b], fixed, [0] * 8, winds) == ([b, a] if given_winds else [a, b])


def test_a_session_the_winds_can_seat_does_not_go_first_at_the_price_of_a_repeat() -> None:
    """Repeats come first, as the spec orders them: A seats no pair that has met, B one, and A
    is played now although its tables cannot seat everyone in range."""
    fixed = MeetingCounts(8)
    fixed.add_table((2, 4))
    a = [[0, 1, 2, 3], [4, 5, 6, 7]]
    b = [[0, 2, 4, 6], [1, 3, 5, 7]]
    winds = _winds([N, N, E, S, W, E, S, W])
    assert _cleanest_first([b, a], fixed, [0] * 8, winds) == [a, b]


def test_a_repair_that_finds_nothing_better_keeps_the_plan_as_it_was() -> None:
    """Beyond the bound the search runs its whole time and ends on a grouping as good as the
    plan, not better: the plan is kept, with the seat order and table order whose winds the
    sessions played since were chosen for."""
    plan = [[[0, 1, 2, 3], [4, 5, 6, 7]], [[0, 4, 1, 5], [2, 6, 3, 7]]]
    other = [[[0, 1, 2, 3], [4, 5, 6, 7]], [[0, 6, 1, 7], [2, 4, 3, 5]]]
    fixed = MeetingCounts(8)
    request = GroupingRequest(8, 2, fixed, set(), plan, False)
    searched = GroupingResult(other, Method.LOCAL_SEARCH, cost_of(request, other), 0)
    planned = GroupingResult(plan, Method.LOCAL_SEARCH, cost_of(request, plan), 0)
    assert rank(request, searched) == rank(request, planned)
    assert kept_plan(request, searched).sessions is plan


