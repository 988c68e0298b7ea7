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
    grouping,
    orbit_solver,
    parse_schedule,
    positions,
    quality_report,
    seat_by_rank,
    swap_effect,
)
from tournament_manager.domain.seating.assignment import min_cost_assignment
from tournament_manager.domain.seating.control import Budget
from tournament_manager.domain.seating.grouping import GroupingRequest, draw_groups, lower_bound
from tournament_manager.domain.seating.library import library_schedule
from tournament_manager.domain.seating.orbit_solver import solve_base
from tournament_manager.domain.seating.orbits import OrbitStructure
from tournament_manager.domain.seating.pairs import MeetingCounts
from tournament_manager.domain.seating.relabel import relabel


def test_snake_gives_one_eight_nine_sixteen() -> None:
    tables = elimination_tables(list(range(1, 17)), FinalSeating.BY_RANK_SNAKE)
    assert tables == ((1, 8, 9, 16), (2, 7, 10, 15), (3, 6, 11, 14), (4, 5, 12, 13))


def test_blocks_give_consecutive_ranks() -> None:
    tables = elimination_tables(list("abcdefgh"), FinalSeating.BY_RANK_BLOCKS)
    assert tables == (tuple("abcd"), tuple("efgh"))


def test_random_is_drawn_not_seated_by_rank() -> None:
    assert FinalSeating.BY_RANK_SNAKE.by_rank and FinalSeating.BY_RANK_BLOCKS.by_rank
    assert not FinalSeating.RANDOM.by_rank
    with pytest.raises(ValueError):
        elimination_tables(list(range(32)), FinalSeating.RANDOM)


def _out_of_range(sessions: list[SeatedSession], players: set[int]) -> int:
    return sum(1 for w in quality_report(sessions).wind_imbalances if w.player in players)


@pytest.mark.parametrize("method", [FinalSeating.BY_RANK_SNAKE, FinalSeating.BY_RANK_BLOCKS])
def test_sessions_by_rank_keep_their_tables_and_spread_the_winds(method: FinalSeating) -> None:
    """Four sessions of 24 by rank, the standings changing between them, then the final's
    four: each session holds the tables of its rank order in table order, and no other
    order of a table's four leaves fewer of them outside floor(n/4)..ceil(n/4) after
    their n sessions (the tables are fixed, so that is all a session can do: it may ask
    two players for the one wind each still lacks). Over the five, the spread is less
    than with seats in rank order, where each table's leader starts East."""
    rng = random.Random(5)
    ranked = list(range(1, 25))
    seated: list[SeatedSession] = []
    in_rank_order: list[SeatedSession] = []
    for number in range(5):
        field = ranked[:4] if number == 4 else ranked
        session = seat_by_rank(field, method, seated)
        tables = elimination_tables(field, method)
        assert [set(table.seats) for table in session.tables] == [set(t) for t in tables]
        assert [t.number for t in session.tables] == list(range(1, len(tables) + 1))
        for table in session.tables:
            four = set(table.seats)
            chosen = _out_of_range([*seated, session], four)
            for order in itertools.permutations(table.seats):
                other = SeatedSession(tuple(
                    SeatedTable(t.number, order) if t is table else t for t in session.tables))
                assert chosen <= _out_of_range([*seated, other], four)
        seated.append(session)
        in_rank_order.append(SeatedSession(tuple(
            SeatedTable(n, t) for n, t in enumerate(tables, start=1))))
        rng.shuffle(ranked)
    assert quality_report(seated).wind_spread < quality_report(in_rank_order).wind_spread


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


def _cyclic_tables(order: int, sessions: int) -> list[list[list[int]]]:
    """Session s, group t: player t of layer 0 and (t + k s) mod order of layer k. Numbering
    group t as table (t + 4 s) mod order puts nobody at a table twice (order prime, > 4)."""
    return [[[k * order + (t + k * s) % order for k in range(4)] for t in range(order)]
            for s in range(sessions)]


def _visits(numbered: list[list[list[int]]], players: int) -> list[dict[int, int]]:
    counts: list[dict[int, int]] = [{} for _ in range(players)]
    for session in numbered:
        for t, group in enumerate(session):
            for p in group:
                counts[p][t] = counts[p].get(t, 0) + 1
    return counts


def _revisit_count(numbered: list[list[list[int]]], players: int) -> int:
    return sum(c - 1 for visits in _visits(numbered, players) for c in visits.values())


def test_a_renumbering_s_effect_is_the_change_in_revisits() -> None:
    numbered = _cyclic_tables(7, 9)  # nine sessions at seven tables: revisits are forced
    counts = _visits(numbered, 28)
    rng = random.Random(2)
    for _ in range(300):
        s, t, u = rng.randrange(9), *rng.sample(range(7), 2)
        before = _revisit_count(numbered, 28)
        delta = positions._renumber_delta(numbered[s][t], t, numbered[s][u], u, counts)
        positions._move(numbered[s][t], t, u, counts)
        positions._move(numbered[s][u], u, t, counts)
        numbered[s][t], numbered[s][u] = numbered[s][u], numbered[s][t]
        assert _revisit_count(numbered, 28) - before == delta


def test_the_table_repair_finds_every_table_a_swap_can_mend() -> None:
    """Eleven sessions numbered without a revisit, then two tables' numbers exchanged in five
    of them: every one of those is mended by exchanging them back, so the repair (which keeps
    the tables with a revisit up to date move by move) must leave none."""
    order = 11
    numbered = [[[] for _ in range(order)] for _ in range(order)]
    for s, session in enumerate(_cyclic_tables(order, order)):
        for t, group in enumerate(session):
            numbered[s][(t + 4 * s) % order] = group
    assert _revisit_count(numbered, 4 * order) == 0
    rng = random.Random(5)
    for s in rng.sample(range(order), 5):
        t, u = rng.sample(range(order), 2)
        numbered[s][t], numbered[s][u] = numbered[s][u], numbered[s][t]
    assert _revisit_count(numbered, 4 * order) > 0
    positions._repair_tables(numbered, _visits(numbered, 4 * order), rng, lambda: False)
    assert _revisit_count(numbered, 4 * order) == 0


def test_the_table_repair_knows_which_tables_still_hold_a_revisit() -> None:
    """Nine sessions at seven tables force revisits, so every step of the repair runs; the
    places it reports at the end must be exactly those a recount finds."""
    numbered = _cyclic_tables(7, 9)
    counts = _visits(numbered, 28)
    left = positions._repair_tables(numbered, counts, random.Random(3), lambda: False)
    recounted = _visits(numbered, 28)
    expected = {(s, t) for s, session in enumerate(numbered) for t, group in enumerate(session)
                if any(recounted[p][t] > 1 for p in group)}
    assert expected and set(left) == expected


@pytest.mark.parametrize("seed", range(5))
def test_the_renaming_parts_club_mates_in_the_first_session_before_its_time_runs_out(
        seed: int) -> None:
    # A library schedule has no groups apart, and a budget spent before the swaps begin (a
    # loaded machine): the first session must still seat no two of a country together where
    # the tables allow it (four countries of seven over eight tables).
    schedule = library_schedule(32, 10)
    assert schedule is not None
    countries = [range(7 * c, 7 * c + 7) for c in range(4)]
    forbidden = {pair for country in countries for pair in combinations(country, 2)}
    renamed = relabel(schedule, 32, forbidden, random.Random(seed), Budget(0.0))
    first = [pair for table in renamed[0] for pair in combinations(sorted(table), 2)]
    assert not forbidden.intersection(first)
    assert sorted(p for table in renamed[0] for p in table) == list(range(32))
    assert sorted(p for table in renamed[1] for p in table) == list(range(32))


def test_a_searched_draw_renamed_keeps_its_names_and_parts_mates_in_the_first_session(
        ) -> None:
    """A search's draw is renamed from its own names (`named`), not dealt afresh: with no
    clubs it comes back as it was; with a club of the four players of session 1's first
    table, they are moved apart in session 1, and the renaming changes no repeat."""
    schedule = library_schedule(32, 10)
    assert schedule is not None
    rng = random.Random(0)
    assert relabel(schedule, 32, set(), rng, Budget(3600.0), named=True) == schedule
    club = schedule[0][0]
    forbidden = {(min(a, b), max(a, b)) for a, b in combinations(club, 2)}
    renamed = relabel(schedule, 32, forbidden, rng, Budget(3600.0), named=True)
    assert not any(pair in forbidden for table in renamed[0]
                   for pair in combinations(sorted(table), 2))

    def meetings(sessions: list[list[list[int]]]) -> list[int]:
        counts = MeetingCounts(32)
        counts.add_sessions(sessions)
        return sorted(counts.get(a, b) for a, b in combinations(range(32), 2))

    assert meetings(renamed) == meetings(schedule)


def test_the_renaming_stops_at_a_round_that_swaps_nobody_not_at_the_clock() -> None:
    """32 x 10 with four countries of seven: compatriots must meet (each player meets 30 of
    the other 31), so the swaps never run out of troubled players. They stop at the first
    round that swaps nobody, long before their fifty rounds or an hour's limit, and the same
    seed names the same players (the cancel check is polled once a round)."""
    schedule = library_schedule(32, 10)
    assert schedule is not None
    countries = [range(7 * c, 7 * c + 7) for c in range(4)]
    forbidden = {pair for country in countries for pair in combinations(country, 2)}
    renamed, rounds = [], []
    for _ in range(2):
        polls = itertools.count()
        renamed.append(relabel(schedule, 32, forbidden, random.Random(1),
                               Budget(3600.0, lambda polls=polls: next(polls) > 1_000)))
        rounds.append(next(polls))
    assert renamed[0] == renamed[1]
    assert rounds[0] == rounds[1] and 2 <= rounds[0] < 50
    met = {pair for session in renamed[0] for table in session
           for pair in combinations(sorted(table), 2)}
    assert forbidden & met  # still troubled: the climb ended at its fixed point


def test_the_orbit_solver_stops_by_its_work_limit_not_at_the_clock(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """32 x 10 on three blocks of ten plus two fixed points is past what CP-SAT settles: it
    stops at its deterministic work limit (made small here), not at an hour's deadline; the
    cancel check, polled by a watcher while it runs, would cancel a solver that ran on.
    A structure it settles gives the same base for a seed."""
    monkeypatch.setattr(orbit_solver, "WORK_LIMIT", 0.5)
    polls = itertools.count()
    budget = Budget(3600.0, lambda: next(polls) > 2_000)
    assert solve_base(OrbitStructure(10, (1, 1, 1)), 32, 10, seed=0, budget=budget) is None
    assert not budget.cancelled(), "the solver ran on past its work limit"
    monkeypatch.setattr(orbit_solver, "WORK_LIMIT", 10.0)
    bases = [solve_base(OrbitStructure(7, (1, 1, 1)), 24, 7, seed=4, budget=Budget(3600.0))
             for _ in range(2)]
    assert bases[0] is not None and bases[0] == bases[1]


def test_a_search_that_cannot_reach_the_bound_stops_by_count_and_repeats_for_a_seed(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """20 x 6 cannot reach its bound; the last search is cut by a count of swaps weighed,
    so an hour's limit is not spent and the same seed draws the same on any machine. The
    count is made small here to keep the test short; the cancel check (polled once an
    iteration) cancels a search that runs on past it."""
    for count in ("_SHORT_TABU_EVALUATIONS", "_EXTENSION_EVALUATIONS", "FINAL_TABU_EVALUATIONS"):
        monkeypatch.setattr(grouping, count, 300_000)
    request = GroupingRequest(20, 6, MeetingCounts(20), set(), None, True)
    results = []
    for _ in range(2):
        polls = itertools.count()
        budget = Budget(3600.0, lambda polls=polls: next(polls) > 200_000)
        results.append(draw_groups(request, seed=3, budget=budget))
        assert not budget.cancelled(), "the last search ran on past its count"
    assert results[0].sessions == results[1].sessions
    assert results[0].cost > results[0].lower_bound


def test_of_two_draws_equal_in_repeats_and_cost_the_one_without_back_to_back_ranks_first(
        ) -> None:
    """The same three sessions in two orders: the same pairs meet again either way, the
    twelve of the halves in a row in one, with a session between in the other (the four
    pairs the mixed session shares with the halves meet in a row in both)."""
    from tournament_manager.domain.seating.grouping import GroupingResult, Method, rank
    from tournament_manager.domain.seating.pairs import back_to_back

    halves = [[0, 1, 2, 3], [4, 5, 6, 7]]
    mixed = [[0, 1, 4, 5], [2, 3, 6, 7]]
    in_a_row = [halves, halves, mixed]
    apart = [halves, mixed, halves]
    assert (back_to_back(in_a_row), back_to_back(apart)) == (12 + 4, 4 + 4)
    request = GroupingRequest(8, 3, MeetingCounts(8), set(), None, True)
    ranks = [rank(request, GroupingResult(sessions, Method.LOCAL_SEARCH,
                                          grouping.cost_of(request, sessions), 0))
             for sessions in (in_a_row, apart)]
    assert ranks[0][:2] == ranks[1][:2] and ranks[1] < ranks[0]
