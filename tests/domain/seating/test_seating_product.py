"""Finite fields, and the two constructions built on them: orthogonal Latin squares for the
product, multiplier orbits over GF(q) for 3q + 1 players."""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations, pairwise, product

import pytest

from tournament_manager.domain.seating import plan_schedule, quality_report
from tournament_manager.domain.seating.chair_library import chairs_schedule, core_schedule
from tournament_manager.domain.seating.control import Budget
from tournament_manager.domain.seating.cyclotomic import (
    bound_sessions,
    multiplier_orders,
    search_cyclotomic,
    translated,
)
from tournament_manager.domain.seating.greedy import greedy_sessions
from tournament_manager.domain.seating.grouping import Method
from tournament_manager.domain.seating.latin import (
    field_tables,
    orthogonal_squares,
    prime_power,
    squares_available,
    transversal_design,
)
from tournament_manager.domain.seating.library import library_schedule, sound
from tournament_manager.domain.seating.pairs import MeetingCounts
from tournament_manager.domain.seating.product import (
    near_product_schedule,
    product_schedule,
    transversal_sessions,
)
from tournament_manager.domain.seating.tabu import tabu_search


@pytest.mark.parametrize("q", [2, 3, 4, 5, 7, 8, 9, 16, 25, 27, 32, 49])
def test_the_tables_are_a_field(q: int) -> None:
    add, times = field_tables(q)
    elements = range(q)
    for x, y in product(elements, repeat=2):
        assert add[x][y] == add[y][x] and times[x][y] == times[y][x]
    assert all(add[0][x] == x and times[1][x] == x for x in elements)
    assert all(sorted(add[x]) == list(elements) for x in elements)
    assert all(sorted(times[x][1:]) == list(range(1, q)) for x in range(1, q))
    rng = random.Random(q)
    for _ in range(300):
        x, y, z = (rng.randrange(q) for _ in range(3))
        assert times[x][add[y][z]] == add[times[x][y]][times[x][z]]
        assert times[x][times[y][z]] == times[times[x][y]][z]
        assert add[x][add[y][z]] == add[add[x][y]][z]


def test_only_prime_powers_have_a_field() -> None:
    assert [q for q in range(2, 30) if prime_power(q)] == [2, 3, 4, 5, 7, 8, 9, 11, 13, 16, 17,
                                                           19, 23, 25, 27, 29]
    with pytest.raises(ValueError):
        field_tables(12)


@pytest.mark.parametrize("order", [5, 20, 28, 36, 40])
def test_the_squares_are_latin_and_mutually_orthogonal(order: int) -> None:
    squares = orthogonal_squares(order, 3)
    assert squares is not None
    for square in squares:
        assert all(sorted(row) == list(range(order)) for row in square)
        assert all(sorted(column) == list(range(order)) for column in zip(*square))
    for first, second in combinations(squares, 2):
        cells = {(first[x][y], second[x][y]) for x in range(order) for y in range(order)}
        assert len(cells) == order * order


def test_orders_macneish_cannot_reach_are_refused() -> None:
    assert squares_available(24) == 2 and orthogonal_squares(24, 3) is None
    assert squares_available(40) == 4 and orthogonal_squares(40, 5) is None


@pytest.mark.parametrize("order", [20, 24, 39, 48, 51, 63])
def test_wilson_s_construction_gives_a_transversal_design(order: int) -> None:
    """Three squares by MacNeish for 20 and 48 is not the point: 24, 39, 51 and 63 have two
    at most that way (a factor 3), and Wilson's construction must still give every two values
    of different groups exactly one block."""
    blocks = transversal_design(order)
    assert blocks is not None and len(blocks) == order * order
    together = Counter((i, block[i], j, block[j]) for block in blocks
                       for i, j in combinations(range(5), 2))
    assert len(together) == 10 * order * order and set(together.values()) == {1}
    assert all(0 <= value < order for block in blocks for value in block)


def test_orders_neither_construction_reaches_are_refused_not_guessed() -> None:
    """2, 3 and 6 have none, and for 10 none is known; the others below 40 exist (by other
    constructions), but neither MacNeish nor Wilson with prime-power pieces reaches them."""
    assert [n for n in range(2, 40) if transversal_design(n) is None] == [2, 3, 6, 10, 12, 14,
                                                                         15, 18, 22, 26, 30,
                                                                         34, 38]


@pytest.mark.parametrize("m", [5, 17, 28, 24, 39])
def test_the_transversal_sessions_meet_every_pair_of_groups_exactly_once(m: int) -> None:
    sessions = transversal_sessions(m)
    assert sessions is not None and len(sessions) == m
    meetings = Counter(pair for session in sessions for table in session
                       for pair in combinations(sorted(table), 2))
    for session in sessions:
        assert sorted(p for table in session for p in table) == list(range(4 * m))
    expected = {(a, b) for a, b in combinations(range(4 * m), 2) if a // m != b // m}
    assert set(meetings) == expected and set(meetings.values()) == {1}


def test_the_groups_own_sessions_follow_and_a_missing_inner_schedule_gives_none() -> None:
    asked: list[tuple[int, int]] = []

    def inner(players: int, sessions: int) -> list[list[list[int]]] | None:
        asked.append((players, sessions))
        return [[[0, 1, 2, 3], [4, 5, 6, 7]]] if sessions == 1 else None

    schedule = product_schedule(32, 9, inner)
    assert schedule is not None and len(schedule) == 9 and asked == [(8, 1)]
    assert sorted(schedule[8][1]) == [4, 5, 6, 7] and sorted(schedule[8][2]) == [8, 9, 10, 11]
    assert product_schedule(32, 10, inner) is None
    assert product_schedule(32, 8, inner) is not None and asked == [(8, 1), (8, 2)]
    assert product_schedule(96, 30, inner) is None  # no 24 x 6 from `inner`


def _no_inner(players: int, sessions: int) -> None:
    raise AssertionError("groups of 4T + 1 play no schedule of their own without byes")


_A = [[0, 1, 2, 3], [4, 5, 6, 7], [8, 9, 10, 11], [12, 13, 14, 15]]  # 16 out
_B = [[1, 4, 8, 12], [2, 5, 9, 13], [3, 6, 10, 14], [16, 7, 11, 15]]  # 0 out


def test_groups_of_4t_plus_1_sit_their_leftovers_at_the_left_out_transversal_tables() -> None:
    """68 = 4 x 17: sixteen transversal sessions, then each group of 17 plays two sessions of
    four tables with one player over (16, then 0), and the four players over sit at a table
    of the seventeenth transversal session, which was left out: no pair meets twice."""
    asked: list[tuple[int, int]] = []

    def with_byes(players: int, sessions: int) -> list[list[list[int]]] | None:
        asked.append((players, sessions))
        return [_A, _B][:sessions]

    schedule = product_schedule(68, 18, _no_inner, with_byes)
    assert schedule is not None and asked == [(17, 2)]
    assert sound(schedule, 68) and len(schedule) == 18
    left_out = transversal_sessions(17)[-1]  # type: ignore[index]
    for session, out in ((schedule[16], 16), (schedule[17], 0)):
        assert sorted(next(t for t in left_out if t[0] == out)) in map(sorted, session)


def test_a_leftover_table_used_twice_is_refused_by_the_product_and_counted_by_the_near_one(
) -> None:
    """A schedule with byes that sends player 16 out twice (and repeats its tables): the
    product would have to use one leftover table twice and refuses; the near product keeps
    every transversal session and counts what repeats."""
    def with_byes(players: int, sessions: int) -> list[list[list[int]]] | None:
        return [_A] * sessions

    assert product_schedule(68, 18, _no_inner, with_byes) is None
    near = near_product_schedule(68, 19, with_byes)
    assert near is not None and len(near) == 19
    meetings = Counter(pair for session in near for table in session
                       for pair in combinations(sorted(table), 2))
    # _A again: 4 tables x 6 pairs x 4 groups; the leftover table three times: 2 x 6.
    assert sum(n - 1 for n in meetings.values()) == 96 + 12
    assert max(meetings.values()) == 3
    assert near_product_schedule(68, 17, with_byes) is None  # the transversal alone


def test_164_x_53_is_the_product_of_41_x_13_with_byes_and_has_no_repeat() -> None:
    """The cell no search had reached (78 excess meetings before): 40 transversal sessions
    and the shipped chairs of 41 x 13, with one bye a session and nobody out twice. The draw
    and the chairs of 165 and 166 players now take the library's 164 x 54 cut at 53."""
    inner = chairs_schedule(41, 13)
    assert inner is not None
    schedule = product_schedule(164, 53, _no_inner, chairs_schedule)
    assert schedule is not None and len(schedule) == 53 and sound(schedule, 164)
    assert core_schedule(164, 53) == library_schedule(164, 53) != schedule
    assert product_schedule(164, 54, _no_inner, chairs_schedule) is None


def test_164_x_54_keeps_every_transversal_session_and_repeats_only_the_leftover_tables() -> None:
    schedule = near_product_schedule(164, 54, chairs_schedule)
    assert schedule is not None and len(schedule) == 54
    meetings = Counter(pair for session in schedule for table in session
                       for pair in combinations(sorted(table), 2))
    assert sum(n - 1 for n in meetings.values()) == 13 * 6 and max(meetings.values()) == 2
    # The leftovers return to the first transversal session's tables, far from them.
    def pairs(session: list[list[int]]) -> set[tuple[int, ...]]:
        return {pair for table in session for pair in combinations(sorted(table), 2)}
    assert all(not pairs(a) & pairs(b) for a, b in pairwise(schedule))
    assert all(sorted(p for table in session for p in table) == list(range(164))
               for session in schedule)


@pytest.mark.parametrize("players", [164, 163])
def test_164_and_163_x_53_are_drawn_without_a_repeat(players: int) -> None:
    """164 x 53 had 78 excess meetings from the library's 52 sessions and a search, and was
    then the product with byes; now the library's 164 x 54 cut. 163 x 53 is drawn as 164 x 53
    with one player standing for nobody."""
    draw = plan_schedule(list(range(players)), 53, seed=1, time_limit=120)
    assert draw.method is Method.LIBRARY
    report = quality_report(draw.schedule.sessions)
    assert report.excess_meetings == 0 and report.max_meetings == 1
    assert report.winds_balanced


def test_165_x_53_takes_its_shipped_chairs_on_the_library_core() -> None:
    """The chairs of 165 x 53 refer to the canonical 164 x 53, the library's 164 x 54 cut at
    53 sessions: one extra player a session in a different core player's chair, no repeat."""
    draw = plan_schedule(list(range(165)), 53, seed=0, time_limit=120)
    assert draw.method is Method.LIBRARY
    report = quality_report(draw.schedule.sessions)
    assert report.excess_meetings == 0 and report.winds_balanced
    out = Counter(p for session in draw.schedule.sessions for p in range(165)
                  if p not in set(session.players()))
    assert sorted(out.values()) == [1] * 53


def test_164_x_54_is_drawn_from_the_library_without_a_repeat() -> None:
    """The bound for 164 players (a resolvable 4-GDD of type 2^82): the library's entry, found
    by tools/seating_search/turn_split_search.c, where the draw had searched on from the near
    product (78 excess meetings as built) to 40 before."""
    draw = plan_schedule(list(range(164)), 54, seed=1, time_limit=60)
    assert draw.method is Method.LIBRARY
    report = quality_report(draw.schedule.sessions)
    assert report.excess_meetings == 0 and report.max_meetings == 1
    assert report.winds_balanced


@pytest.mark.parametrize(("players", "sessions"), [(112, 37), (144, 47)])
def test_fields_near_the_bound_are_drawn_without_a_repeat_by_the_product(
        players: int, sessions: int) -> None:
    draw = plan_schedule(list(range(players)), sessions, seed=3, time_limit=60)
    report = quality_report(draw.schedule.sessions)
    assert draw.method.value == "product"
    assert report.excess_meetings == 0 and report.max_meetings == 1
    assert report.winds_balanced


def test_a_short_phase_counted_in_weighed_swaps_is_one_iteration_at_one_swap() -> None:
    def run(**limit: int) -> tuple[list[list[list[int]]], int]:
        rng = random.Random(5)
        start = greedy_sessions(list(range(40)), 13, MeetingCounts(40), rng)
        counts = MeetingCounts(40)
        counts.add_sessions(start)
        return tabu_search(start, counts, target=0, rng=rng, budget=Budget(600), **limit)

    one_swap = run(max_evaluations=1)
    assert one_swap == run(max_iterations=1)
    assert one_swap != run(max_iterations=2)


def test_multiplier_groups_exist_only_for_prime_powers() -> None:
    assert multiplier_orders(88) == [14, 7]  # 3·29 + 1: odd s | 7, even s | 28 and 42
    assert multiplier_orders(112) == [18, 9, 6, 3]  # 3·37 + 1
    assert multiplier_orders(148) == [24, 12, 8, 6, 4, 3]  # 3·49 + 1
    assert multiplier_orders(52) == [8, 4] and multiplier_orders(100) == []  # 17; 33
    assert multiplier_orders(96) == [3] and multiplier_orders(60) == [3]  # 3·31 + 3, 3·19 + 3
    assert multiplier_orders(108) == [] and multiplier_orders(48) == []  # 35; 15
    assert multiplier_orders(68) == [] and bound_sessions(68) is None


@pytest.mark.parametrize(("players", "order"), [(40, 3), (88, 7), (160, 13), (24, 3), (60, 3),
                                               (148, 24), (148, 6), (124, 4), (52, 8)])
def test_the_multiplier_orbit_search_reaches_the_bound_from_scratch(players: int,
                                                                     order: int) -> None:
    q = bound_sessions(players)
    assert q == (players - 1) // 3
    base = next(b for seed in range(10)
                if (b := search_cyclotomic(players, order, seed=seed, max_moves=200_000)))
    schedule = translated(base, q, q)
    assert sound(schedule, players)
    meetings = Counter(pair for session in schedule for table in session
                       for pair in combinations(sorted(table), 2))
    unmet = set(combinations(range(players), 2)) - set(meetings)
    if players % 3 == 1:
        assert not unmet  # a resolvable design: everybody meets everybody once
    else:  # 3q + 3: only the three of a group never meet, x at every level and the three ∞
        groups = [{x, q + x, 2 * q + x} for x in range(q)] + [{3 * q, 3 * q + 1, 3 * q + 2}]
        assert unmet == {pair for group in groups for pair in combinations(sorted(group), 2)}
