"""The players' shortfalls of new opponents as a lower bound (`shortfall.forced_repeats`),
checked against every draw of small fields and on the withdrawal that needs it, in the
draw and in the report the head judge reads."""

from __future__ import annotations

import itertools
import random

from tournament_manager.domain.seating.byes import draw_with_byes
from tournament_manager.domain.seating.control import Budget
from tournament_manager.domain.seating.grouping import GroupingRequest, lower_bound
from tournament_manager.domain.seating.model import SeatedSession, SeatedTable
from tournament_manager.domain.seating.pairs import IntSessions, MeetingCounts
from tournament_manager.domain.seating.quality import quality_report
from tournament_manager.domain.seating.rotation import byes_fair
from tournament_manager.domain.seating.shortfall import forced_repeats


def _cheapest_fair_draw(fixed: MeetingCounts, sessions: int, absences: list[int] | None
                        ) -> int:
    """Every draw of one table a session that keeps the byes' rotation (any draw at all,
    with `absences` None): its least cost."""
    tables = [table for table in itertools.combinations(range(fixed.n), 4)]
    best = None
    for drawn in itertools.product(tables, repeat=sessions):
        schedule: IntSessions = [[list(table)] for table in drawn]
        if absences is not None and not byes_fair(schedule, absences):
            continue
        counts = fixed.copy()
        counts.add_sessions(schedule)
        cost = counts.total_cost()
        best = cost if best is None else min(best, cost)
    assert best is not None
    return best


def test_the_bound_never_exceeds_the_cheapest_fair_draw() -> None:
    """Five to seven players at one table, a random history and random sessions missed:
    the bound is at most what trying every fair draw finds, and it is reached in some."""
    rng = random.Random(3)
    reached = 0
    for _ in range(40):
        n = rng.randint(5, 7)
        sessions = rng.randint(1, 3)
        fixed = MeetingCounts(n)
        for _ in range(rng.randint(0, 2)):
            fixed.add_sessions([[rng.sample(range(n), 4)]])
        absences = [rng.randint(0, 1) for _ in range(n)]
        request = GroupingRequest(n, sessions, fixed, set(), None, False)
        bound = fixed.total_cost() + forced_repeats(fixed, sessions, absences)
        cheapest = _cheapest_fair_draw(fixed, sessions, absences)
        assert bound <= cheapest
        assert lower_bound(request, absences) <= cheapest
        reached += bound == cheapest
        anyhow = fixed.total_cost() + forced_repeats(fixed, sessions, None)
        assert anyhow <= min(bound, _cheapest_fair_draw(fixed, sessions, None))
    assert reached >= 10, reached


def _sixteen_less_two() -> tuple[MeetingCounts, list[int]]:
    """16 x 5 (the affine plane of order 4: every pair meets once) after its first session,
    players 0 and 1 withdrawn: 14 players over 4 sessions with two byes each."""
    first = [[0, 2, 3, 4], [1, 5, 6, 7], [8, 9, 10, 11], [12, 13, 14, 15]]
    left = list(range(2, 16))
    fixed = MeetingCounts(len(left))
    fixed.add_sessions([[[left.index(p) for p in table if p in left] for table in first]])
    return fixed, [0] * len(left)


def test_players_short_of_new_opponents_force_repeats_the_field_count_misses() -> None:
    """The six who sat with a withdrawn player have 11 players left to meet in 4 sessions of
    3 meetings: the eight byes must go to the others (13 - 3 = 10 left each, 9 needed in 3
    sessions), and each of the six repeats once. The field's count alone sees 73 unmet
    pairs for 72 meetings: no repeat forced."""
    fixed, absences = _sixteen_less_two()
    assert forced_repeats(fixed, 4, absences) == 3
    request = GroupingRequest(14, 4, fixed, set(), None, False)
    assert lower_bound(request) == lower_bound(request, absences) == 3
    result = draw_with_byes(request, absences, seed=1, budget=Budget(2.0))
    assert result.lower_bound == 3 <= result.cost


def test_the_bound_gives_the_bye_where_it_spares_most() -> None:
    """Four of five players met at one table: whoever of them sits out the next session,
    the other three meet again (3 repeats). Counted with the newcomer out, it would be 4,
    more than the draw that exists."""
    fixed = MeetingCounts(5)
    fixed.add_sessions([[[1, 2, 3, 4]]])
    assert forced_repeats(fixed, 1, [0] * 5) == 3 == _cheapest_fair_draw(fixed, 1, [0] * 5)


def test_the_report_names_the_repeats_the_withdrawal_forces() -> None:
    """The report on the repaired sessions (the Seating page's "theoretical minimum") says
    3 where the field's count alone said 0, and the draw has at least that many."""
    first = [[0, 2, 3, 4], [1, 5, 6, 7], [8, 9, 10, 11], [12, 13, 14, 15]]
    fixed, absences = _sixteen_less_two()
    left = list(range(2, 16))
    request = GroupingRequest(14, 4, fixed, set(), None, False)
    drawn = draw_with_byes(request, absences, seed=1, budget=Budget(2.0)).sessions

    def seated(session: list[list[int]]) -> SeatedSession:
        return SeatedSession(tuple(SeatedTable(t + 1, (a, b, c, d))
                                   for t, (a, b, c, d) in enumerate(session)))

    history = [seated(first)]
    schedule = [seated([[left[p] for p in table] for table in session]) for session in drawn]
    report = quality_report(schedule, history=history)
    assert report.theoretical_min_excess == 3 <= report.excess_meetings
