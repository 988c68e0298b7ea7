"""Planned schedules, repair from real history, round by round, and the search's contract."""

from __future__ import annotations

import itertools
import math
import random
from typing import NamedTuple

import pytest

from tournament_manager.domain.seating import (
    Draw,
    Method,
    Schedule,
    SeatedSession,
    SeatingError,
    SeatingProblem,
    next_session,
    plan_schedule,
    planner,
    quality_report,
    repair_plan,
)
from tournament_manager.domain.seating.control import Budget, Stage
from tournament_manager.domain.seating.pairs import MeetingCounts
from tournament_manager.domain.seating.planner import _seats_as_planned
from tournament_manager.domain.seating.tabu import SAMPLED_SWAPS, tabu_search


def _assert_partitions(schedule: Schedule, players: list[object]) -> None:
    for session in schedule.sessions:
        assert sorted(map(str, session.players())) == sorted(map(str, players))
        assert [t.number for t in session.tables] == list(range(1, len(players) // 4 + 1))


@pytest.mark.parametrize(("players", "sessions"), [(16, 5), (32, 8)])
def test_no_repeated_pair(players: int, sessions: int) -> None:
    field = list(range(players))
    draw = plan_schedule(field, sessions, seed=3, time_limit=25)
    _assert_partitions(draw.schedule, field)
    report = quality_report(draw.schedule.sessions)
    assert report.excess_meetings == 0
    assert report.winds_balanced


def test_same_seed_same_draw_other_seed_other_draw() -> None:
    field = [f"p{i}" for i in range(24)]
    first = plan_schedule(field, 4, seed=11, time_limit=10)
    assert first == plan_schedule(field, 4, seed=11, time_limit=10)
    assert first.schedule != plan_schedule(field, 4, seed=12, time_limit=10).schedule


def test_clubs_kept_apart_in_the_first_session() -> None:
    field = list(range(32))
    clubs = [set(range(c, 32, 8)) for c in range(8)]  # eight clubs of four
    draw = plan_schedule(field, 1, seed=2, forbidden_groups=clubs, time_limit=10)
    report = quality_report(draw.schedule.sessions, forbidden_groups=clubs)
    assert report.forbidden_meetings == ()


def test_at_the_bound_the_plan_s_first_session_still_keeps_countries_apart() -> None:
    """32 x 10 seats every player with 30 of the other 31, so four countries of eight
    cannot be kept apart in every session; the first session still can be, and the plan
    stays repeat-free with the fewest mates' meetings overall (the 16 pairs never seated
    together are all compatriots: 4 * 28 - 16 = 96)."""
    field = list(range(32))
    countries = [set(range(c, 32, 4)) for c in range(4)]
    draw = plan_schedule(field, 10, seed=0, forbidden_groups=countries, time_limit=30)
    assert draw.method is Method.LIBRARY
    assert quality_report(draw.schedule.sessions).excess_meetings == 0
    per_session = [len(quality_report((session,), forbidden_groups=countries)
                       .forbidden_meetings) for session in draw.schedule.sessions]
    assert sum(per_session) == 96 and min(per_session) == 0


def test_countries_that_put_the_bound_out_of_reach_do_not_buy_repeated_opponents() -> None:
    """Four countries of seven (and four players of none) at 32 x 10: the 16 pairs never
    seated together can hold at most three pairs of each country, so no renaming reaches
    the bound (4 * 21 - 12 = 72 mates' meetings against a bound of 68). The search keeps a
    few more compatriots apart by seating dozens of pairs together twice (54 repeats, seen
    in the window's draw of 152 x 50 with eight countries as 1,393); the draw must be the
    repeat-free construction, with its first session still free of compatriots."""
    field = list(range(32))
    countries = [set(range(7 * c, 7 * c + 7)) for c in range(4)]
    draw = plan_schedule(field, 10, seed=0, forbidden_groups=countries, time_limit=5)
    # Which repeat-free construction wins (the library's 32 x 10 or its longer schedule
    # cut short) and how near 72, the least any renaming reaches, its renaming comes in 5 s
    # depend on the machine's load (78 to 82 with both cores busy): asserted is that the
    # search, which buys repeats, loses, and that the bound is out of reach.
    assert draw.method in {Method.LIBRARY, Method.LIBRARY_EXTENDED}
    assert quality_report(draw.schedule.sessions).excess_meetings == 0
    assert draw.lower_bound < 72 <= draw.repeat_cost
    first = quality_report(draw.schedule.sessions[:1], forbidden_groups=countries)
    assert first.forbidden_meetings == ()


@pytest.fixture(scope="module")
def planned_32x8() -> Draw:
    return plan_schedule(list(range(32)), 8, seed=5, time_limit=25)


def test_substitute_after_session_three_adds_no_repeat(planned_32x8: Draw) -> None:
    plan = planned_32x8.schedule
    history = plan.sessions[:3]
    players = [p if p != 7 else "sub" for p in range(32)]
    repaired = repair_plan(Schedule(plan.sessions[3:]), history, players, seed=1,
                           time_limit=15)
    _assert_partitions(repaired.schedule, players)
    assert len(repaired.schedule.sessions) == 5
    assert quality_report(repaired.schedule.sessions, history=history).excess_meetings == 0


def test_newcomers_take_the_drop_outs_places_throughout() -> None:
    """32 x 10 at the bound, 4 withdrawn after 3 sessions and 4 late entries. Each late
    entry has met nobody, so taking one drop-out's chairs in every remaining session keeps
    the plan repeat-free as it stands, before any search. Handed any empty chair session by
    session, a newcomer met whoever two drop-outs both still had to meet (136 x 40, 8 for 8
    after 10: 22 excess meetings after a 20 s repair)."""
    plan = plan_schedule(list(range(32)), 10, seed=0, time_limit=25).schedule
    history = plan.sessions[:3]
    newcomers = ["n0", "n1", "n2", "n3"]
    present: list[object] = [*range(4, 32), *newcomers]
    remaining = Schedule(plan.sessions[3:])
    start = repair_plan(remaining, history, present, seed=1, time_limit=60,
                        cancel=lambda: True)
    _assert_partitions(start.schedule, present)
    assert quality_report(start.schedule.sessions, history=history).excess_meetings == 0
    planned = {frozenset(table.seats) for session in remaining.sessions
               for table in session.tables}  # the start may play its sessions in another order
    tables = [table.seats for session in start.schedule.sessions for table in session.tables]
    assert any(all(frozenset(place.get(p, p) for p in seats) in planned for seats in tables)
               for place in (dict(zip(newcomers, order, strict=True))
                             for order in itertools.permutations(range(4))))


@pytest.mark.parametrize("seed", range(6))
def test_a_late_entry_not_a_planned_bye_takes_the_drop_out_s_chairs(seed: int) -> None:
    """The last session of 18 players has two sitting out, whom it does not seat either:
    for the repair they are newcomers as much as the late entry is. Whoever has met none of
    the drop-out's table-mates may take his chairs; the late entry, who has missed every
    session, goes first, so the plan's byes still sit out."""
    plan = plan_schedule(list(range(18)), 5, seed=0, time_limit=25).schedule
    history, last = plan.sessions[:4], plan.sessions[4]
    met = {frozenset(pair) for session in history for table in session.tables
           for pair in itertools.combinations(table.seats, 2)}
    byes = set(range(18)) - set(last.players())
    # A drop-out whose table-mates a planned bye has never met: a tie on meetings.
    dropped, mates = next((p, set(t.seats) - {p}) for t in last.tables for p in t.seats
                          if any(all(frozenset((b, m)) not in met for m in set(t.seats) - {p})
                                 for b in byes))
    present: list[object] = [p for p in range(18) if p != dropped] + ["late"]
    start = repair_plan(Schedule((last,)), history, present, seed=seed, time_limit=60,
                        cancel=lambda: True)
    (session,) = start.schedule.sessions
    (table,) = [t for t in session.tables if "late" in t.seats]
    assert set(table.seats) - {"late"} == mates
    assert set(session.players()) == set(last.players()) - {dropped} | {"late"}


@pytest.mark.parametrize(("players", "sessions", "seed", "played", "dropped"),
                         [(32, 6, 5, 3, 4), (172, 40, 0, 10, 12)])
def test_drop_outs_add_no_repeat(players: int, sessions: int, seed: int, played: int,
                                 dropped: int) -> None:
    """28 of 32 for the last 3 of 6 sessions (the last 5 of 8 is close to the bound after
    the history, and is left to the benchmark of repairs), and 160 of 172 for the last 30
    of 40. The search stops as soon as it reaches its bound, 0 here, so the time limit only
    has to be long enough on a slow machine: 172 took under 5 s here (48 s when its broken
    tables were regrouped against the history alone and every swap was weighed, see
    below)."""
    plan = plan_schedule(list(range(players)), sessions, seed=seed, time_limit=25).schedule
    history = plan.sessions[:played]
    present = list(range(dropped, players))
    repaired = repair_plan(Schedule(plan.sessions[played:]), history, present, seed=1,
                           time_limit=300)
    _assert_partitions(repaired.schedule, present)
    report = quality_report(repaired.schedule.sessions, history=history)
    assert report.excess_meetings == 0


class _Withdrawals(NamedTuple):
    plan: Schedule
    history: tuple[SeatedSession, ...]
    present: list[int]
    start: Draw
    """The repair cancelled at once: its start, before any search."""


@pytest.fixture(scope="module")
def twelve_withdrawn_of_172() -> _Withdrawals:
    """172 x 40, 12 players withdrawn after 10 sessions."""
    plan = plan_schedule(list(range(172)), 40, seed=0, time_limit=25).schedule
    history = plan.sessions[:10]
    present = list(range(12, 172))
    start = repair_plan(Schedule(plan.sessions[10:]), history, present, seed=1,
                        time_limit=300, cancel=lambda: True)
    return _Withdrawals(plan, history, present, start)


def test_broken_tables_are_regrouped_against_the_whole_plan(
        twelve_withdrawn_of_172: _Withdrawals) -> None:
    """A pair the regrouping seats together may already meet at a kept table of another
    planned session, which the history alone does not show. Regrouped against the history
    alone, this start had 735 excess meetings for its 237 regrouped tables, and a 20 s
    repair ended at 422 to 493; against the whole plan, 157, and the search reaches none."""
    plan, history, present, start = twelve_withdrawn_of_172
    assert start.cancelled
    _assert_partitions(start.schedule, present)
    planned = {frozenset(table.seats) for session in plan.sessions[10:]
               for table in session.tables}  # the start may play its sessions in another order
    regrouped = sum(1 for session in start.schedule.sessions for table in session.tables
                    if frozenset(table.seats) not in planned)
    excess = quality_report(start.schedule.sessions, history=history).excess_meetings
    assert excess < regrouped


def test_the_session_played_now_is_the_one_that_repeats_the_least(
        twelve_withdrawn_of_172: _Withdrawals) -> None:
    """After history the first session is published now and its meetings are final; the
    rest is repaired again at the next draw. Where repeats are left (this start has 157),
    the session that meets the history least goes first: here one with none, where the
    plan's own first session repeated one pair."""
    _, history, _, start = twelve_withdrawn_of_172
    again = [quality_report((session,), history=history).excess_meetings
             for session in start.schedule.sessions]
    assert again[0] == min(again) < max(again)


def test_a_big_repair_weighs_a_sample_of_its_conflicts_and_gets_further(
        twelve_withdrawn_of_172: _Withdrawals) -> None:
    """The same start searched for the same count of swaps weighed: weighing every
    conflicted player's swaps each iteration, as a fresh draw does, against a random
    sample of them, as a draw after history does. A count, not a clock, so both searches
    are the same on every machine; the sample ends far lower (38 against 130 when
    measured)."""
    _, history, present, start = twelve_withdrawn_of_172
    index = {player: i for i, player in enumerate(present)}
    sessions = [[[index[p] for p in table.seats] for table in session.tables]
                for session in start.schedule.sessions]
    fixed = MeetingCounts(len(present))
    for session in history:
        for table in session.tables:
            fixed.add_table([index[p] for p in table.seats if p in index])

    def searched(sample: int | None) -> int:
        counts = fixed.copy()
        counts.add_sessions(sessions)
        _, cost = tabu_search(sessions, counts, target=0, rng=random.Random(3),
                              budget=Budget(3600.0), max_evaluations=1_000_000,
                              sample=sample)
        return cost

    whole, sampled = searched(None), searched(SAMPLED_SWAPS)
    assert sampled < whole


def test_next_session_avoids_everyone_met_so_far() -> None:
    field = list(range(40))
    played = plan_schedule(field, 4, seed=9, time_limit=10).schedule.sessions
    draw = next_session(field, played, seed=4, time_limit=10)
    assert len(draw.schedule.sessions) == 1
    assert quality_report(draw.schedule.sessions, history=played).excess_meetings == 0


def test_cancellation_returns_best_so_far() -> None:
    """Cancelled once the search has reported progress (no clock: a count of the polls),
    the draw stops with the best schedule it had. 20 x 6 has no construction that reaches
    its bound, so the local search is what was cancelled; the near product (five
    transversal sessions and one with the leftovers at a table of the fifth, six repeats)
    is still built, at once, and kept where the cancelled search had done no better."""
    stages: list[object] = []
    polls_after_cancel = 0

    def cancel() -> bool:
        nonlocal polls_after_cancel
        if stages:
            polls_after_cancel += 1
            return True
        return False

    draw = plan_schedule(list(range(20)), 6, seed=1, time_limit=600, cancel=cancel,
                         progress=lambda p: stages.append(p.stage))
    assert draw.cancelled
    assert draw.method in {Method.LOCAL_SEARCH, Method.PRODUCT}
    assert Stage.LOCAL_SEARCH in stages and polls_after_cancel >= 1
    _assert_partitions(draw.schedule, list(range(20)))


@pytest.mark.parametrize(("players", "sessions", "problem"), [
    (list(range(3)), 2, SeatingProblem.TOO_FEW_PLAYERS),
    ([1, 1, 2, 3], 2, SeatingProblem.DUPLICATE_PLAYER),
    (list(range(8)), 0, SeatingProblem.NO_SESSIONS),
])
def test_invalid_requests_are_refused_with_a_code(players: list[int], sessions: int,
                                                  problem: SeatingProblem) -> None:
    with pytest.raises(SeatingError) as caught:
        plan_schedule(players, sessions, time_limit=1)
    assert caught.value.problem is problem


def test_a_plan_where_countries_must_meet_still_meets_nobody_twice() -> None:
    """28 x 9 is at the bound: every pair meets once, compatriots too. A search that seated
    65 pairs twice and 19 compatriot pairs together had the same cost as that (84, the
    lower bound) and was kept before any construction was tried."""
    groups = [set(range(c, 28, 4)) for c in range(4)]
    draw = plan_schedule(list(range(28)), 9, seed=0, forbidden_groups=groups, time_limit=60)
    assert quality_report(draw.schedule.sessions).excess_meetings == 0


def test_a_repair_never_trades_the_plans_repeats_for_club_mates_kept_apart() -> None:
    """Six countries of five among 30 players (two sit out each session): the search weighs
    a compatriots' meeting like a repeat, and repairing a repeat-free plan after its first
    session (nothing changed) handed back pairs meeting twice for compatriots kept apart.
    The spec puts repeats first."""
    field = list(range(30))
    groups = [set(range(c, 30, 6)) for c in range(6)]
    plan = plan_schedule(field, 8, seed=2, forbidden_groups=groups, time_limit=60).schedule
    assert quality_report(plan.sessions).excess_meetings == 0
    repaired = repair_plan(Schedule(plan.sessions[1:]), plan.sessions[:1], field, seed=3,
                           forbidden_groups=groups, time_limit=5).schedule
    assert quality_report(plan.sessions[:1] + repaired.sessions).excess_meetings == 0


def test_a_session_the_search_kept_whole_comes_back_in_its_planned_seats_and_tables() -> None:
    """The search returns groups in its own order, players sorted: where it kept a planned
    table, the plan's seat order (its winds) comes back, and where it kept a whole planned
    session, the plan's table order (its table numbers) too, whichever place the session
    has now; new tables keep their order."""
    plan = [[[3, 1, 2, 0], [7, 5, 6, 4]], [[4, 0, 1, 5], [2, 6, 7, 3]]]
    searched = [[[2, 3, 6, 7], [0, 1, 4, 5]], [[0, 1, 2, 3], [4, 5, 6, 7]],
                [[0, 2, 4, 6], [1, 3, 5, 7]]]
    assert _seats_as_planned(searched, plan) == [
        [[4, 0, 1, 5], [2, 6, 7, 3]], [[3, 1, 2, 0], [7, 5, 6, 4]],
        [[0, 2, 4, 6], [1, 3, 5, 7]]]
    assert _seats_as_planned(searched, None) == searched


def test_a_plan_drawn_again_with_nothing_changed_is_searched_for_a_count() -> None:
    """A later session of a planned round drawn with nobody gone or come searches the plan
    for as many swaps as a fresh draw weighs, not for the whole time limit: 20 x 6, whose
    plan keeps repeats no search removes, gives the plan back at an hour's limit after
    about 11,000 polls of its cancel check (about 9 s here). Cut by the clock alone, it
    polled on for the hour: the check stops it at 200,000, and the draw says it was
    stopped."""
    field = list(range(20))
    plan = plan_schedule(field, 6, seed=1, time_limit=20)
    assert plan.repeat_cost > plan.lower_bound  # the search cannot settle it
    played, planned = plan.schedule.sessions[:1], Schedule(plan.schedule.sessions[1:])
    for _ in range(2):
        polls = itertools.count()
        draw = repair_plan(planned, played, field, seed=2, time_limit=3600,
                           cancel=lambda polls=polls: next(polls) > 200_000)
        assert not draw.cancelled
        assert draw.schedule == planned and draw.repeat_cost == plan.repeat_cost


@pytest.mark.parametrize("lost", [(2,), (2, 2)], ids=["byes", "tables-of-four"])
def test_a_repair_is_searched_for_a_count_so_a_seed_repairs_alike(
        monkeypatch: pytest.MonkeyPatch, lost: tuple[int, ...]) -> None:
    """A repair that cannot reach its bound searches last for a count as long as its time
    limit, not for the clock, so a seed gives the same tables on every machine that keeps
    up. 16 x 5 less two from a table after session 1 (14 players, byes; at least five excess
    meetings) and less two from each of two tables (12, no byes; above its bound too), at an
    hour's limit and 500 a second (1.8 million swaps and seats scanned), are each repaired
    twice alike, stopping by the count after about 8,000 and 6,700 polls of the cancel
    check, at costs of 11 and 26 (bounds 4 and 20). With no count (no limit, the clock
    alone), the same repair is still searching when the check stops it at 50,000 polls.
    Seed 1 has the search's result kept in both, not the plan as adapted, which would be
    alike whatever the search did (`kept_plan`; seed 2 keeps the plan of 12 players)."""
    monkeypatch.setattr(planner, "REPAIR_SWAPS_PER_SECOND", 500)
    field = list(range(16))
    plan = plan_schedule(field, 5, seed=1, time_limit=20).schedule
    gone = {p for table, k in zip(plan.sessions[0].tables, lost) for p in table.seats[4 - k:]}
    left = [p for p in field if p not in gone]
    repairs = []
    for time_limit in (3600.0, 3600.0, math.inf):
        polls = itertools.count()
        repairs.append(repair_plan(Schedule(plan.sessions[1:]), plan.sessions[:1], left,
                                   seed=1, time_limit=time_limit,
                                   cancel=lambda polls=polls: next(polls) > 50_000))
    counted, again, clocked = repairs
    assert counted.repeat_cost > counted.lower_bound  # ended by its count, not its bound
    assert not counted.cancelled and not again.cancelled
    assert again.schedule == counted.schedule
    assert clocked.cancelled


def test_a_plan_repaired_after_a_withdrawal_is_searched_for_its_time_when_drawn_again() -> None:
    """Once a player has withdrawn, the plan at hand is a repair, and each later draw of it
    searches on for as long as its time limit (a count of swaps as long,
    `REPAIR_SWAPS_PER_SECOND`: at an hour's limit, billions), where a plan drawn again
    intact stops at a fresh draw's count. 16 x 5 less two from a table after session 1
    repeats at least five times and the draw stops at nine (`tools/seating_search/README.md`):
    the repair, played for one session and drawn again with nothing more changed, is still
    searching when its cancel check stops it, after 100,000 polls (drawn again intact, it
    stopped by its count after about 23,000)."""
    field = list(range(16))
    plan = plan_schedule(field, 5, seed=1, time_limit=20).schedule
    gone = set(plan.sessions[0].tables[0].seats[2:])
    left = [p for p in field if p not in gone]
    repaired = repair_plan(Schedule(plan.sessions[1:]), plan.sessions[:1], left, seed=2,
                           time_limit=5).schedule
    played = (plan.sessions[0], repaired.sessions[0])
    polls = itertools.count()
    again = repair_plan(Schedule(repaired.sessions[1:]), played, left, seed=3,
                        time_limit=3600, cancel=lambda: next(polls) > 100_000)
    assert again.repeat_cost > again.lower_bound and again.cancelled
