"""Fields that are not a multiple of four: N mod 4 players sit out (a bye) each session.

Byes are fair before anything else: nobody sits out again while a player present has sat
out fewer times (the spec's rotation, `rotation`). So the byes are chosen before the
search, by the players' absences so far, and the search passes a bye on only between two
players whose counts of sessions missed it exchanges and where the rotation still holds in
that session and every later one (`tabu._State.sitting_out_for`): before that second
condition, 18 players planned over 10 sessions had a player sit out in sessions 2 and 3 of
the plan, and played session by session, a second bye in session 9 while a player present
had had none, for three seeds of four. On a fresh event
a construction that draws a multiple of four without a repeat still applies, with the
byes read off it (`_built`):

- three out (N = 4T + 3): the draw of N + 1 players, one of whom stands for nobody. The
  three at that player's table sit out. A repeat-free draw seats him with each player at
  most once, so nobody sits out twice.
- one or two out: the draw of the 4T players other than one or two chosen at random. In
  every session each chosen player takes the chair of a different one of the 4T, who sits
  out; the chairs are picked (`_chairs`, CP-SAT) so that no chosen player meets anyone
  twice, which a repeat-free draw of the 4T leaves possible up to the bound. Near the
  bound a draw's seconds are not enough to find them; where chairs found offline are
  shipped (`chair_library`), the draw takes those.
- either, around a multiple of four that no schedule reached (68 x 22, when 70 x 22's was
  found): the field's own base session found offline, where one is shipped (`bye_library`).

Before these, an event with byes was planned for the players seated in session 1, the
byes were passed on by handing chairs round, and each session's draw picked its own byes
and repaired the plan around them. Drawn session by session through the services (seeds
1, 2, ...; 10 s a draw), 18 players over 5 sessions met 3 pairs twice, 30 over 8 met 8
and 30 over 9 met 10; now none do. `benchmarks/bench_seating.py --odd` measures fresh
draws of such fields.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import replace
from itertools import combinations
from typing import TYPE_CHECKING

from tournament_manager.domain.seating.bye_library import orbit_schedule_with_byes
from tournament_manager.domain.seating.chair_library import chairs_schedule
from tournament_manager.domain.seating.control import Budget
from tournament_manager.domain.seating.cp_sat import solve
from tournament_manager.domain.seating.greedy import greedy_session
from tournament_manager.domain.seating.grouping import (
    GroupingRequest,
    GroupingResult,
    Method,
    cost_of,
    draw_groups,
    kept_plan,
    lower_bound,
    rank,
    repeats,
)
from tournament_manager.domain.seating.model import Player, SeatedSession, missed_sessions
from tournament_manager.domain.seating.pairs import IntSessions, MeetingCounts
from tournament_manager.domain.seating.proved import proved_least_excess
from tournament_manager.domain.seating.relabel import relabel
from tournament_manager.domain.seating.rotation import byes_fair
from tournament_manager.domain.seating.tabu import tabu_search

if TYPE_CHECKING:
    from ortools.sat.python import cp_model

_CONSTRUCTION_SHARE = 0.5
"""Of the grouping's time, what the draw of the multiple of four may use; the search after
it has the rest."""
_CORE_SHARE = 0.6
"""Of that, what the draw of the 4T may use, the rest being the chairs': with club mates
to keep apart that draw can use all it is given (28 x 8 with six countries of five), and
CP-SAT then had no time left to seat the extra players without a repeat."""
CHAIRS_WORK_LIMIT = 10.0
"""CP-SAT's deterministic time for the choice of chairs (its own unit, about a second):
a count, so a seed gives the same chairs on any machine that keeps up."""


def draw_with_byes(request: GroupingRequest, absences: Sequence[int], *, seed: int,
                   budget: Budget) -> GroupingResult:
    """Sessions of `request.players // 4` tables each; whoever is not seated sits out.

    `absences[p]` counts the sessions player p has already missed (byes, or sessions before
    he entered). A `request.start` (a plan being repaired) must already seat the right
    number of players in every session: its byes are kept.
    """
    rng = random.Random(seed)
    bound = max(lower_bound(request, absences), request.proved)
    if request.fresh:  # a repeat costs 1 in `pair_cost`, so excess is cost here
        bound = max(bound, proved_least_excess(request.players, request.sessions))
    start, built = request.start, None
    if start is None and request.fresh:
        built = _built(request, seed, rng, budget.slice(_CONSTRUCTION_SHARE))
        if built is not None:
            if built.cost <= bound and not (request.forbidden
                                            and repeats(request, built.sessions)):
                return built
            start = built.sessions
    if start is None:
        start = _rotated_start(request, list(absences), rng)
    elif not byes_fair(start, absences):
        # A plan drawn before the search kept the rotation move by move (or before a
        # withdrawal moved the byes): it is put right first, and the search keeps it so;
        # the plan the search may fall back on (`kept_plan`) is the one put right.
        start = _evened(start, request.players, absences)
        request = replace(request, start=start)
    counts = request.fixed.copy()
    counts.add_sessions(start)
    best, cost = tabu_search(start, counts, target=bound, rng=rng, budget=budget,
                             max_evaluations=request.last_evaluations,
                             absences=absences,
                             sample=request.sample)
    searched = GroupingResult(best, Method.LOCAL_SEARCH, cost, bound)
    if built is not None and rank(request, built) <= rank(request, searched):
        return built  # club mates kept apart by seating pairs together twice are no gain
    return kept_plan(request, searched)


def sitting_out(count: int, absences: Sequence[int], rng: random.Random,
                disruption: Mapping[int, int] | None = None) -> list[int]:
    """The `count` players (indices of `absences`) to sit out: fewest absences first, then
    (for a plan being repaired) the least `disruption` of the plan (a player it has
    sitting out before one from a broken table, before one whose whole table it keeps),
    then at random. Anyone may sit out: see `planner._adapted` for the late entry who sat
    out every session when only some could."""
    shuffled = list(range(len(absences)))
    rng.shuffle(shuffled)
    cost = disruption or {}
    return sorted(shuffled, key=lambda p: (absences[p], cost.get(p, 0)))[:count]


def players_sitting_out(players: Sequence[Player], history: Sequence[SeatedSession],
                        seed: int) -> list[Player]:
    """The len(players) mod 4 players to sit out a session that is not searched (an
    elimination round seats by rank): those who have missed the fewest sessions of
    `history`, at random among equals, as a searched draw would choose."""
    out = sitting_out(len(players) % 4, missed_sessions(players, history), random.Random(seed))
    return [players[i] for i in out]


def _rotated_start(request: GroupingRequest, absences: list[int],
                  rng: random.Random) -> IntSessions:
    """A greedy start whose byes rotate: each session, the players with the fewest absences
    so far (at random among equals) sit out. `absences` is updated."""
    counts = request.fixed.copy()
    out = request.players % 4
    sessions: IntSessions = []
    for _ in range(request.sessions):
        byes = set(sitting_out(out, absences, rng))
        for p in byes:
            absences[p] += 1
        sessions.append(greedy_session([p for p in range(request.players) if p not in byes],
                                       counts, rng))
    return sessions


def _built(request: GroupingRequest, seed: int, rng: random.Random,
           budget: Budget) -> GroupingResult | None:
    """A construction's draw for the multiple of four around the field, with its byes read
    off it (made fair by `_evened` where the draw repeats), or None where there are more
    byes than players."""
    n, out = request.players, request.players % 4
    if out * request.sessions > n:
        return None
    drawn = _shipped(request, rng, budget) or (
        _ghosted(request, seed, budget) if out == 3 else _stood_in(request, seed, rng, budget))
    if drawn is None:
        return None
    sessions, method = _evened(drawn[0], n), drawn[1]
    return GroupingResult(sessions, method, cost_of(request, sessions), lower_bound(request))


def _evened(sessions: IntSessions, n: int,
            missed: Sequence[int] | None = None) -> IntSessions:
    """`sessions` with fair byes: where a player would sit out again while a player seated
    has sat out fewer times (`missed`: sessions each player missed before these, none by
    default), the two trade places (the one who sat out fewest, and of those the one whose
    table-mates the other has met least). A repeat-free construction needs no trade, nor
    does a plan whose byes already rotate. Where the draw around the field repeats (163 x
    54 as 164 x 54 less the player who stands for nobody, before the library reached 164 x 54),
    every choice of that player had someone sit out twice, and the draw was thrown away
    for a greedy start: 1,464 excess meetings where the construction with one trade and
    the search after it leave about 200."""
    counts = MeetingCounts(n)
    counts.add_sessions(sessions)
    absences = list(missed) if missed is not None else [0] * n
    evened: IntSessions = []
    for session in sessions:
        tables = [list(table) for table in session]
        seated = {p for table in tables for p in table}
        for bye in sorted(p for p in range(n) if p not in seated):
            at = {p: table for table in tables for p in table}
            fewest = min(absences[p] for p in at)
            if absences[bye] <= fewest:
                continue
            taker = min((p for p in at if absences[p] == fewest),
                        key=lambda p: (sum(counts.get(bye, q) for q in at[p] if q != p), p))
            table = at[taker]
            table[table.index(taker)] = bye
        seated = {p for table in tables for p in table}
        for p in range(n):
            absences[p] += p not in seated
        evened.append(tables)
    return evened


def _sub_request(request: GroupingRequest, players: Sequence[int],
                 size: int) -> GroupingRequest:
    """The fresh request for `size` players whose first ones are `players` (the rest new)."""
    index = {p: i for i, p in enumerate(players)}
    fixed = MeetingCounts(size)
    for a, b in combinations(players, 2):
        meetings = request.fixed.get(a, b)
        if meetings:
            fixed.add_table((index[a], index[b]), meetings)
    forbidden = {(index[a], index[b]) for a, b in request.forbidden
                 if a in index and b in index}
    return replace(request, players=size, fixed=fixed, forbidden=forbidden, start=None)


def _ghosted(request: GroupingRequest, seed: int,
             budget: Budget) -> tuple[IntSessions, Method]:
    """The draw of N + 1 players with the three at the extra one's table sitting out. Where
    that draw repeats (N + 1 a field no schedule reaches, as 20 for 19 x 6), the player who stands
    for nobody is the one of its players who meets nobody twice, so the repeats stay with
    real players and nobody sits out twice (67 x 22 before the library had 68 x 22: 33
    excess meetings, 22 after the search, where the search from rotated byes left 108); a
    player with club mates keeps his place."""
    n = request.players
    result = draw_groups(_sub_request(request, range(n), n + 1), seed=seed, budget=budget)
    counts = MeetingCounts(n + 1)
    counts.add_sessions(result.sessions)
    clubbed = {p for pair in request.forbidden for p in pair}
    ghost = min((p for p in range(n + 1) if p not in clubbed),
                key=lambda p: (sum(m - 1 for m in counts.flat[p * (n + 1):(p + 1) * (n + 1)]
                                   if m > 1), p != n))
    swapped = {ghost: n, n: ghost}
    return [[[swapped.get(p, p) for p in table] for table in session if ghost not in table]
            for session in result.sessions], result.method


def _shipped(request: GroupingRequest, rng: random.Random,
             budget: Budget) -> tuple[IntSessions, Method] | None:
    """The shipped chairs' schedule (`chair_library`), or a shipped base session's
    (`bye_library`), renamed, for a field drawn over more sessions than it has tables: up
    to there the squares' draw of the core sends nobody back to a table number and the
    draw's own chairs have room; beyond it they may not (42 x 13: 2 repeats, 101 x 33: 4,
    where the shipped chairs have none), and around an open core (68 x 22, when 70 x 22's
    base session was found) no draw of the core can give what the field's own base session
    does."""
    n = request.players
    if request.sessions <= n // 4:
        return None
    schedule = (chairs_schedule(n, request.sessions)
                or orbit_schedule_with_byes(n, request.sessions))
    if schedule is None:
        return None
    return relabel(schedule, n, request.forbidden, rng, budget), Method.LIBRARY


def _stood_in(request: GroupingRequest, seed: int, rng: random.Random,
              budget: Budget) -> tuple[IntSessions, Method] | None:
    """None where the chairs cannot all differ (more sessions than the 4T can give up
    chairs) or two extra players have one table to share (six players)."""
    n, out = request.players, request.players % 4
    if out * request.sessions > n - out or n // 4 < out:
        return None
    extras = sorted(rng.sample(range(n), out))
    core = [p for p in range(n) if p not in extras]
    result = draw_groups(_sub_request(request, core, len(core)), seed=seed,
                         budget=budget.slice(_CORE_SHARE))
    sessions = [[[core[i] for i in table] for table in session] for session in result.sessions]
    chairs = _chairs(sessions, extras, request.forbidden, seed, budget)
    if chairs is None:
        return None
    return [[[chair.get(p, p) for p in table] for table in session]
            for session, chair in zip(sessions, chairs, strict=True)], result.method


def _chairs(sessions: IntSessions, extras: Sequence[int], forbidden: set[tuple[int, int]],
            seed: int, budget: Budget) -> list[dict[int, int]] | None:
    """For each session, which seated player gives his chair to which extra player (and
    sits out): a different player every time and the extras never at one table; then as
    few repeats for the extras as CP-SAT finds within its work limit, and of those as few
    club mates met, starting from the greedy choice (`_greedy_chairs`), which is kept if
    the solver is stopped before it has anything; None if neither has a choice."""
    from ortools.sat.python import cp_model

    greedy = _greedy_chairs(sessions, extras, random.Random(seed))
    model = cp_model.CpModel()
    take, met = chair_rules(model, sessions, extras)
    if greedy is not None:
        for (x, k, p), variable in take.items():
            model.add_hint(variable, greedy[k].get(p) == x)
    repeats, mates = [], []
    for (x, q), sources in met.items():
        if len(sources) > 1:
            extra_meetings = model.new_int_var(0, len(sources) - 1, f"r{x}_{q}")
            model.add(extra_meetings >= sum(sources) - 1)
            repeats.append(extra_meetings)
        if (min(x, q), max(x, q)) in forbidden:
            mates.extend(sources)
    # Repeats first, as `grouping.rank` orders draws: no number of club mates kept apart
    # is worth one pair meeting twice.
    model.minimize((len(mates) + 1) * sum(repeats) + sum(mates))
    solver = solve(model, seed=seed, budget=budget, work_limit=CHAIRS_WORK_LIMIT)
    if solver is None:
        return greedy
    core = sorted({p for table in sessions[0] for p in table})
    return [{p: x for x in extras for p in core if solver.boolean_value(take[x, k, p])}
            for k in range(len(sessions))]


def chair_rules(model: cp_model.CpModel, sessions: IntSessions, extras: Sequence[int]
                ) -> tuple[dict[tuple[int, int, int], cp_model.IntVar],
                           dict[tuple[int, int], list[cp_model.IntVar]]]:
    """The rules every choice of chairs obeys, in `model`: take[x, k, p] says extra player
    x takes core player p's chair in session k; each extra takes one chair a session, a
    core player gives his at most once, two extras never sit at one table. Returned with
    met[x, q], the chairs beside q whose taking has x meet q: the draw counts the repeats
    among them, `tools/seating_search/chairs_search.py` forbids them."""
    core = sorted({p for table in sessions[0] for p in table})
    take = {(x, k, p): model.new_bool_var(f"t{x}_{k}_{p}")
            for x in extras for k in range(len(sessions)) for p in core}
    for x in extras:
        for k in range(len(sessions)):
            model.add_exactly_one(take[x, k, p] for p in core)
    for p in core:
        model.add_at_most_one(take[x, k, p] for x in extras for k in range(len(sessions)))
    met: dict[tuple[int, int], list[cp_model.IntVar]] = {}
    for k, session in enumerate(sessions):
        for table in session:
            model.add_at_most_one(take[x, k, p] for x in extras for p in table)
            for p in table:
                for q in table:
                    if q != p:
                        for x in extras:
                            met.setdefault((x, q), []).append(take[x, k, p])
    return take, met


def _greedy_chairs(sessions: IntSessions, extras: Sequence[int],
                   rng: random.Random) -> list[dict[int, int]] | None:
    """Session by session, each extra player takes the free chair whose table-mates he has
    met least (at random among equals): a different chair every time, never at the other
    extra's table; None if, near the end, the chairs left are all at that table."""
    met: dict[tuple[int, int], int] = {}
    taken: set[int] = set()
    chairs = []
    for session in sessions:
        table_of = {p: table for table in session for p in table}
        chosen: dict[int, int] = {}
        for x in extras:
            free = [p for p in table_of if p not in taken
                    and not any(p in table_of[other] for other in chosen)]
            if not free:
                return None
            rng.shuffle(free)
            p = min(free, key=lambda p: sum(met.get((x, q), 0) for q in table_of[p] if q != p))
            chosen[p] = x
            taken.add(p)
            for q in table_of[p]:
                if q != p:
                    met[x, q] = met.get((x, q), 0) + 1
        chairs.append(chosen)
    return chairs
