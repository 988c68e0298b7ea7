"""Elimination seating, manual swaps, the text format and the assignment solver."""

from __future__ import annotations

import itertools
import random

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
