"""Elimination seating, manual swaps, the text format, the assignment solver and the
search's lower bound."""

from __future__ import annotations

import itertools
import random
from itertools import combinations, product

import pytest

from tournament_manager.domain.seating import (
    FinalSeating,
    SeatedSession,
    SeatedTable,
    SeatingError,
    SeatingProblem,
    elimination_tables,
    format_schedule,
    parse_schedule,
    swap_effect,
)
from tournament_manager.domain.seating.assignment import min_cost_assignment
from tournament_manager.domain.seating.control import Budget
from tournament_manager.domain.seating.grouping import GroupingRequest, draw_groups, lower_bound
from tournament_manager.domain.seating.pairs import MeetingCounts


def test_snake_gives_one_eight_nine_sixteen() -> None:
    tables = elimination_tables(list(range(1, 17)), FinalSeating.BY_RANK_SNAKE)
    assert tables == ((1, 8, 9, 16), (2, 7, 10, 15), (3, 6, 11, 14), (4, 5, 12, 13))


def test_blocks_give_consecutive_ranks() -> None:
    tables = elimination_tables(list("abcdefgh"), FinalSeating.BY_RANK_BLOCKS)
    assert tables == (tuple("abcd"), tuple("efgh"))


def test_random_is_a_partition_and_reproducible() -> None:
    first = elimination_tables(list(range(32)), FinalSeating.RANDOM, seed=7)
    assert sorted(p for t in first for p in t) == list(range(32))
    assert first == elimination_tables(list(range(32)), FinalSeating.RANDOM, seed=7)
    assert first != elimination_tables(list(range(32)), FinalSeating.RANDOM, seed=8)


def test_elimination_refuses_a_partial_table() -> None:
    with pytest.raises(SeatingError) as caught:
        elimination_tables(list(range(6)), FinalSeating.BY_RANK_SNAKE)
    assert caught.value.problem is SeatingProblem.PLAYER_COUNT_NOT_MULTIPLE_OF_FOUR


def _played(*tables: tuple[int, int, int, int]) -> SeatedSession:
    return SeatedSession(tuple(SeatedTable(i + 1, t) for i, t in enumerate(tables)))


def test_swap_effect_counts_repeats_created_and_removed() -> None:
    history = [_played((1, 2, 3, 4), (5, 6, 7, 8))]
    session = ((1, 5, 2, 6), (3, 7, 4, 8))  # 1-2, 5-6, 3-4, 7-8 repeat
    effect = swap_effect(session, history, 2, 3)
    assert effect.repeated_pairs_before == 4
    assert effect.swapped == ((1, 5, 3, 6), (2, 7, 4, 8))
    assert {frozenset(p) for p in effect.removed_repeats} == {frozenset((1, 2)),
                                                             frozenset((3, 4))}
    assert {frozenset(p) for p in effect.new_repeats} == {frozenset((1, 3)),
                                                         frozenset((2, 4))}
    assert effect.delta == 0


def test_swap_effect_refuses_players_at_one_table() -> None:
    with pytest.raises(SeatingError) as caught:
        swap_effect(((1, 2, 3, 4),), [], 1, 2)
    assert caught.value.problem is SeatingProblem.PLAYERS_AT_SAME_TABLE


def test_text_format_round_trip() -> None:
    text = "1 2 3 4\n5 6 7 8\n\n1 5 2 6\n3 7 4 8\n"
    schedule = parse_schedule(text)
    assert len(schedule.sessions) == 2
    assert schedule.sessions[1].tables[1] == SeatedTable(2, ("3", "7", "4", "8"))
    assert format_schedule(schedule) == text


@pytest.mark.parametrize(("text", "problem"), [
    ("1 2 3\n", SeatingProblem.MALFORMED_LINE),
    ("1 2 3 4\n1 5 6 7\n", SeatingProblem.PLAYER_TWICE_IN_SESSION),
    ("\n\n", SeatingProblem.EMPTY_SCHEDULE),
])
def test_text_format_rejects_bad_files(text: str, problem: SeatingProblem) -> None:
    with pytest.raises(SeatingError) as caught:
        parse_schedule(text)
    assert caught.value.problem is problem


def test_assignment_is_optimal_against_brute_force() -> None:
    rng = random.Random(5)
    for _ in range(100):
        n = rng.randint(1, 6)
        cost = [[rng.randint(0, 9) for _ in range(n)] for _ in range(n)]
        column = min_cost_assignment(cost)
        assert sorted(column) == list(range(n))
        best = min(sum(cost[r][p[r]] for r in range(n))
                   for p in itertools.permutations(range(n)))
        assert sum(cost[r][column[r]] for r in range(n)) == best


def _least_cost_by_hand(players: int, sessions: int, fixed: MeetingCounts) -> int:
    """Every draw of eight players at two tables (the first session's tables fixed, which
    names no one), the cheapest total cost: the truth the lower bound must not exceed."""
    everyone = range(players)
    splits = [(table, tuple(p for p in everyone if p not in table))
              for table in combinations(everyone, 4) if 0 in table]
    best = None
    for later in product(splits, repeat=sessions - 1):
        counts = fixed.copy()
        counts.add_sessions([splits[0], *later])
        cost = counts.total_cost()
        best = cost if best is None else min(best, cost)
    assert best is not None
    return best


def test_the_lower_bound_never_exceeds_the_cheapest_draw() -> None:
    """Eight players, one to four sessions, with and without a history: the bound is at
    most the cheapest draw found by trying them all (two tables force more than it counts,
    which is why it is a bound and not the answer)."""
    history = MeetingCounts(8)
    history.add_sessions([((0, 1, 2, 3), (4, 5, 6, 7))])
    for fixed in (MeetingCounts(8), history):
        for sessions in range(1, 5):
            request = GroupingRequest(8, sessions, fixed, set(), None, True)
            assert lower_bound(request) <= _least_cost_by_hand(8, sessions, fixed), sessions


def test_a_small_field_stops_at_what_it_must_repeat() -> None:
    """Eight players over six sessions must repeat meetings costing 76 (72 meetings on 28
    pairs: each met once, twice, and 16 a third time); the search stops there instead of
    spending its whole limit looking for less (seen under Xvfb: 20 s for a club's draw,
    with a bound of 44 that counted only the unmet pairs). Stopping is told by the cancel
    check, never by a clock: polled more than 10,000 times, it cancels the search."""
    request = GroupingRequest(8, 6, MeetingCounts(8), set(), None, True)
    assert lower_bound(request) == 76
    polls = itertools.count()
    budget = Budget(3600.0, lambda: next(polls) > 10_000)
    result = draw_groups(request, seed=0, budget=budget)
    assert (result.cost, result.lower_bound) == (76, 76)
    assert not budget.cancelled(), "the search ran on past the bound"
