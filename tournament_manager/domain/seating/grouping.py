"""Who meets whom: constructions first, then search, cheapest method that reaches the bound.

Order of attempts for a fresh event: with no more sessions than tables, four orthogonal
squares or a Howell design (`table_squares`) where they are at hand, the only ways here to
a draw that also sends nobody back to a table number (kept short of the bound too, where
nothing below does better); then a short, reproducible tabu phase from the greedy start (it
settles fields well below the bound in a fraction of a second and mixes the field better
than a construction), then closed-form constructions (affine geometry, cyclic blocks), the
shipped library, the product of a transversal design with a smaller field's own draw (which
is this same pipeline, one level down), the CP-SAT orbit solver (for fields close to the
bound, where local search stalls), the library's longest shorter schedule with the last
sessions searched against it (where nothing reaches the bound), and finally tabu search with
the rest of the time. With history (repair, round by round) only the search applies, the
history entering as meeting counts, and on a big field it weighs a sample of the swaps each
step instead of all of them (`tabu.SAMPLED_SWAPS`).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from enum import Enum

from tournament_manager.domain.seating.chair_library import chairs_schedule
from tournament_manager.domain.seating.constructions import affine_schedule
from tournament_manager.domain.seating.control import Budget, Stage
from tournament_manager.domain.seating.greedy import greedy_sessions
from tournament_manager.domain.seating.library import library_schedule, longest_schedule
from tournament_manager.domain.seating.orbit_solver import solve_base
from tournament_manager.domain.seating.orbits import (
    candidate_structures,
    cyclic_blocks,
    cyclic_blocks_sessions,
    expand,
)
from tournament_manager.domain.seating.pairs import (
    IntSessions,
    MeetingCounts,
    back_to_back,
    pair_cost,
)
from tournament_manager.domain.seating.product import near_product_schedule, product_schedule
from tournament_manager.domain.seating.proved import proved_least_excess
from tournament_manager.domain.seating.relabel import relabel
from tournament_manager.domain.seating.shortfall import forced_repeats
from tournament_manager.domain.seating.table_squares import squares_schedule
from tournament_manager.domain.seating.tabu import SAMPLED_SWAPS, tabu_search

_SHORT_TABU_ITERATIONS = 500
_SHORT_TABU_EVALUATIONS = 3_000_000
_SOLVER_SHARE = 0.7
SOLVER_MAX_PLAYERS = 48
"""The CP-SAT orbit solver has only ever settled fields this small (32 x 8 in the grid);
on a bigger one its share of the time is better spent by the tabu search (100 x 27: 46
excess meetings with the solver tried first, 19 without)."""
_INNER_SHARE = 0.3
FINAL_TABU_EVALUATIONS = 5_000_000
"""A fresh draw's last search, where no construction reached the bound, is cut by a count
too, not only by the clock: otherwise the fields it cannot settle (20 x 6, whose 6 excess
meetings come within a million swaps weighed; the four above the forced minimum) spent the
whole time limit and drew differently on a faster or busier machine for the same seed. Five
million is about 10 s here at 20 x 6 (ten million, once 13.6 s, took 16.7 s on 2026-11-28:
past the 18 s a 20 s draw gives the grouping, so the clock cut it). Five million draw the
same 20 x 6 schedule as ten, and the grid's figures are unchanged; twenty million did no
better at 20 x 6, nor at 68 x 22. A plan drawn again with nothing changed is cut so too
(`GroupingRequest.intact`). A repair (history, withdrawals) is cut by a count of its own,
as long as its time limit (`GroupingRequest.swaps`): near the bound it goes on gaining with
time (172 players, 12 sessions after 40 with six replaced: 248 excess meetings at ten
million, 181 in 60 s; 100 players, 10 after 20: 70 against 51; both on 2026-11-28, before
a repair weighed a sample of its swaps, see `tabu.SAMPLED_SWAPS`)."""
_EXTENSION_SHARE = 0.5
_EXTENSION_EVALUATIONS = 5_000_000
"""The search after a library prefix is cut by a count, so a seed gives the same draw on
every machine; more does not help (68 x 22: 33 excess meetings after five million swaps
weighed and after twenty million)."""


class Method(Enum):
    AFFINE_GEOMETRY = "affine_geometry"
    CYCLIC_BLOCKS = "cyclic_blocks"
    LIBRARY = "library"
    LIBRARY_EXTENDED = "library_extended"
    ORTHOGONAL_SQUARES = "orthogonal_squares"
    HOWELL_DESIGN = "howell_design"
    PRODUCT = "product"
    SYMMETRIC_SOLVER = "symmetric_solver"
    EXACT = "exact"
    """A repair without a repeat that CP-SAT found for a small field (`exact_repair`)."""
    LOCAL_SEARCH = "local_search"


@dataclass(frozen=True)
class GroupingRequest:
    players: int
    sessions: int
    fixed: MeetingCounts
    """Meetings already fixed: history among current players, forbidden pairs counted once."""
    forbidden: set[tuple[int, int]]
    start: IntSessions | None
    """A schedule to improve (a plan being repaired); None to draw from scratch."""
    fresh: bool
    """No history: constructions are valid."""
    proved: int = 0
    """A least cost proved before the search (`exact_repair`: no repair without a repeat,
    so 1): the search stops where it reaches it instead of spending its time on less."""
    intact: bool = False
    """`start` is a plan as it was first drawn, for the same players (nobody has withdrawn
    or come since the round began, every table whole): a later session of a planned round
    drawn with nothing changed. Its search is cut by a fresh draw's count
    (`last_evaluations`). A judge's swap in a played session leaves it intact: the count is
    a fresh draw's whole search."""
    swaps: int | None = None
    """The swaps the last search of a draw after history weighs at most, where it is not a
    plan re-drawn intact: a count as long as the draw's time limit
    (`planner.REPAIR_SWAPS_PER_SECOND`); None, the clock alone."""

    @property
    def last_evaluations(self) -> int | None:
        """The swaps the last search weighs at most, the clock cutting it sooner on a
        machine too slow or too busy: `FINAL_TABU_EVALUATIONS` for a fresh draw or a plan
        re-drawn intact, `swaps` for a repair after a change.

        A count, unlike the clock, is the same on every machine, so a seed draws the same
        tables wherever the count comes first. Where a fresh or intact search cannot reach
        its bound (20 x 6, a round past the bound), the clock alone would also spend the
        whole time limit for nothing: a plan re-drawn intact was searched for that count
        when it was drawn, and is kept where the search does not better it. A repair after
        a change gains with the time near the bound, so its count is as long as the time
        limit; it is searched so when it is drawn and each time it is drawn again
        (`planner.repair_plan`)."""
        return FINAL_TABU_EVALUATIONS if self.fresh or self.intact else self.swaps

    @property
    def sample(self) -> int | None:
        """The swaps a step of the search weighs at most: a sample after history (a repair
        of a big field has hundreds of conflicts, `tabu.SAMPLED_SWAPS`), all of them fresh."""
        return None if self.fresh else SAMPLED_SWAPS


@dataclass(frozen=True)
class GroupingResult:
    sessions: IntSessions
    method: Method
    cost: int
    lower_bound: int


def lower_bound(request: GroupingRequest, absences: Sequence[int] | None = None) -> int:
    """The least cost any draw can reach, the higher of two counts: the players' own
    shortfalls of new opponents (`shortfall.forced_repeats`, the byes going by `absences`,
    none missed if not given) on top of the pairs' cost so far, and the whole field's.

    The whole field's: the pairs' cost so far, plus the draw's meetings
    (six a table) each given where it costs least. `pair_cost` is convex, so a pair at m
    meetings takes its next for `pair_cost(m + 1) - pair_cost(m)` (0 for a first meeting,
    2m - 1 after), and the cheapest meetings level by level bound every arrangement of
    tables. This reaches what a small field must repeat (8 players over 6 sessions: 76,
    where counting only the unmet pairs gave 44 and the search used its whole time limit
    to look for a better draw that cannot exist)."""
    n, flat = request.players, request.fixed.flat
    at: dict[int, int] = {}  # pairs by their meetings so far
    base = 0
    for p in range(n):
        for q in range(p + 1, n):
            meetings = flat[p * n + q]
            at[meetings] = at.get(meetings, 0) + 1
            base += pair_cost(meetings)
    left = 6 * (n // 4) * request.sessions
    cost = base
    pairs_up_to = 0  # pairs whose next meeting is at this level or cheaper
    level = 0
    while left > 0 and (pairs_up_to or at):
        pairs_up_to += at.pop(level, 0)
        taken = min(left, pairs_up_to)
        cost += taken * (pair_cost(level + 1) - pair_cost(level))
        left -= taken
        level += 1
    # Each repeat costs at least 1 more than the pair had (`pair_cost` grows by 2m - 1).
    shortfalls = base + forced_repeats(request.fixed, request.sessions,
                                       absences if absences is not None else [0] * n)
    return max(cost, shortfalls)


def cost_of(request: GroupingRequest, sessions: IntSessions) -> int:
    counts = request.fixed.copy()
    counts.add_sessions(sessions)
    return counts.total_cost()


def _closed_forms(players: int, sessions: int, seed: int,
                  budget: Budget) -> list[tuple[Method, Callable[[], IntSessions | None]]]:
    def cyclic() -> IntSessions | None:
        if cyclic_blocks_sessions(players) < sessions:
            return None
        structure, base = cyclic_blocks(players)
        return expand(structure, base, sessions)

    def inner(group: int, group_sessions: int) -> IntSessions | None:
        request = GroupingRequest(group, group_sessions, MeetingCounts(group), set(), None, True)
        result = draw_groups(request, seed=seed, budget=budget.slice(_INNER_SHARE))
        return result.sessions if result.cost == 0 else None

    return [(Method.AFFINE_GEOMETRY, lambda: affine_schedule(players, sessions)),
            (Method.CYCLIC_BLOCKS, cyclic),
            (Method.LIBRARY, lambda: library_schedule(players, sessions)),
            (Method.PRODUCT, lambda: product_schedule(players, sessions, inner, chairs_schedule))]


def _near_product(players: int, sessions: int, seed: int, budget: Budget) -> IntSessions | None:
    """`product.near_product_schedule` with the groups' schedules with byes from the shipped
    chairs, else from the draw with byes, repeats and all: it is a start for the last search,
    and 68 x 22 from 17 x 5 (whose least is one repeat) came to 14 excess meetings searched
    on, where the library extended had 33, and 164 x 54 to 40 from 78, before the library had
    either itself. Tried after the library extended, whose search
    is cut by the clock when the machine is slow, so that it keeps the time it had."""
    def with_byes(group: int, group_sessions: int) -> IntSessions | None:
        shipped = chairs_schedule(group, group_sessions)
        if shipped is not None or not group % 4 or group_sessions > group // (group % 4):
            return shipped  # (past that, someone would sit out twice)
        from tournament_manager.domain.seating.byes import draw_with_byes  # built on this module

        request = GroupingRequest(group, group_sessions, MeetingCounts(group), set(), None, True)
        return draw_with_byes(request, [0] * group, seed=seed,
                              budget=budget.slice(_INNER_SHARE)).sessions

    return near_product_schedule(players, sessions, with_byes)


def _extended(request: GroupingRequest, seed: int, bound: int,
              budget: Budget) -> IntSessions | None:
    """The library's longest repeat-free schedule for the field, then the sessions after it
    drawn by the search against it. Where no schedule reached the bound (140 x 46 and 68 x
    22 until their library entries), a search of the whole field from scratch left 571
    (114) excess meetings; searching only the last session left 76 (33). (164 x
    53 and 54, once here too, were then the product with byes, 0, and the near product
    searched on, 40; see `_near_product` and `product`; both are now the library's.)"""
    known = longest_schedule(request.players, request.sessions)
    if known is None:
        return None
    fixed = MeetingCounts(request.players)
    fixed.add_sessions(known)
    rest = replace(request, sessions=request.sessions - len(known), fixed=fixed)
    rng = random.Random(seed)
    start = greedy_sessions(list(range(rest.players)), rest.sessions, fixed.copy(), rng)
    searched, _ = _searched(rest, start, bound, rng, budget.slice(_EXTENSION_SHARE),
                            max_evaluations=_EXTENSION_EVALUATIONS)
    return [*known, *searched]


def _solved(request: GroupingRequest, seed: int, budget: Budget) -> IntSessions | None:
    structures = candidate_structures(request.players, request.sessions)
    for index, structure in enumerate(structures):
        if budget.exhausted():
            return None
        budget.report(Stage.SYMMETRIC_SOLVER, -1)
        share = budget.slice(1.0 / (len(structures) - index))
        base = solve_base(structure, request.players, request.sessions, seed=seed, budget=share)
        if base is not None:
            return expand(structure, base, request.sessions)
    return None


def draw_groups(request: GroupingRequest, *, seed: int, budget: Budget) -> GroupingResult:
    rng = random.Random(seed)
    bound = max(lower_bound(request), request.proved)
    if request.fresh:  # a repeat costs at least 1 in `pair_cost`, so excess bounds cost
        bound = max(bound, proved_least_excess(request.players, request.sessions))
    start = request.start
    squares = None
    if start is None and request.fresh:
        squares = _squared(request, bound, random.Random(seed), budget)
        if squares is not None and squares.cost <= bound:
            return squares
    if start is None:
        start = greedy_sessions(list(range(request.players)), request.sessions,
                                request.fixed.copy(), rng)
    best, cost = _searched(request, start, bound, rng, budget, _SHORT_TABU_ITERATIONS,
                           _SHORT_TABU_EVALUATIONS)
    if not request.fresh or cost <= bound and not (request.forbidden
                                                   and repeats(request, best)):
        return kept_plan(request, _searched_result(request, best, cost, bound, rng, budget))
    built = _constructed(request, seed, bound, rng, budget)
    constructed = built[0] if built else None
    if constructed is not None and constructed.cost <= bound:
        return constructed
    closed = next((result for result in built if result.method is not Method.LIBRARY_EXTENDED),
                  None)
    if closed is not None and closed.cost < cost:
        # The last search goes on from the best closed form where it is the better start:
        # it keeps what the construction got right (before their library entries, 164 x 54:
        # 78 excess meetings as built, 40 searched on; 68 x 22: 34 as built, 14 searched on,
        # where the library extended had 33). The library extended has had its search, of the
        # sessions after the library's, and is not searched again (140 x 46 before its
        # library entry: 76 to 75).
        best = [[list(table) for table in session] for session in closed.sessions]
        cost = closed.cost
    searched = _searched_result(request, best, cost, bound, rng, budget)
    drawn = [result for result in (squares, constructed, searched) if result is not None]
    chosen = min(drawn, key=lambda result: rank(request, result))  # the first of equals
    if chosen is searched and request.forbidden:
        return _first_session_apart(request, searched, rng, budget)
    return chosen


def _first_session_apart(request: GroupingRequest, result: GroupingResult,
                         rng: random.Random, budget: Budget) -> GroupingResult:
    """A fresh search's draw renamed so that club mates meet in its first session only where
    they must. The search weighs every meeting of mates alike, the spec keeps them apart in
    the first session before anywhere else; renaming keeps every repeat as it is, so only
    where mates meet changes (20 x 6 with eight countries of two or three: two pairs of
    compatriots in every session of the search's draw, none in the first once renamed). The
    search has often used the whole time by then, and the swaps end at their fixed point
    anyway: they run without the deadline (cancelling still stops them)."""
    schedule = relabel(result.sessions, request.players, request.forbidden, rng,
                       budget.without_deadline(), named=True)
    return GroupingResult(schedule, result.method, cost_of(request, schedule), result.lower_bound)


def _squared(request: GroupingRequest, bound: int, rng: random.Random,
             budget: Budget) -> GroupingResult | None:
    """The orthogonal-squares (or Howell design) draw renamed to reach the bound, or as near
    it as the renaming gets, or None if it cannot be built. Short of the bound (club,
    country or team mates left together) the search, which may keep them apart, is tried
    too, and this draw, which sends nobody back to a table, is kept where nothing else does
    better (40 x 10 with eight countries of five: 29 compatriot meetings renamed on the
    Howell design, 22 on the library's schedule, which is kept, with its 55 revisits)."""
    drawn = squares_schedule(request.players, request.sessions, rng, budget.exhausted)
    if drawn is None:
        return None
    budget.report(Stage.CONSTRUCTION, -1)
    schedule = relabel(drawn.sessions, request.players, request.forbidden, rng, budget,
                       apart=drawn.apart)
    cost = cost_of(request, schedule)
    method = Method.HOWELL_DESIGN if drawn.howell else Method.ORTHOGONAL_SQUARES
    return GroupingResult(schedule, method, cost, bound)


def repeats(request: GroupingRequest, sessions: IntSessions) -> int:
    """Meetings beyond each pair's first, the history's included, club mates' first meeting
    not (the fixed counts hold one for each forbidden pair)."""
    counts = request.fixed.copy()
    counts.add_sessions(sessions)
    n, flat, forbidden = request.players, counts.flat, request.forbidden
    total = 0
    for p in range(n):
        base = p * n
        for q in range(p + 1, n):
            met = flat[base + q] - ((p, q) in forbidden)
            if met > 1:
                total += met - 1
    return total


def rank(request: GroupingRequest, result: GroupingResult) -> tuple[int, int, int]:
    """Repeated opponents first, then the cost (which also counts club, country and team
    mates who meet), as the spec orders them. Where forbidden groups put the bound out of
    reach (compatriots must meet at the bound, and a country of odd size cannot hold all
    its missed pairs), a repeat-free construction still beats a search that keeps a few
    compatriots apart by seating hundreds of pairs together twice: 32 x 10 with four
    countries of seven, 54 repeats from the search against none, 152 x 50 with eight
    countries, 1,393. A repaired plan likewise: the search weighs a mates' meeting like a
    repeat and would trade one for the other. Between draws equal in both, the one with
    fewer back-to-back repeats (20 x 6: the near product as first built met six pairs again
    in the very next session, and was kept over a draw equal but for that, being first)."""
    return repeats(request, result.sessions), result.cost, back_to_back(result.sessions)


def kept_plan(request: GroupingRequest, searched: GroupingResult) -> GroupingResult:
    """The search's result, or the plan it repaired (`request.start`) where that ranks as
    well: a search never hands back more repeats than the plan had for fewer mates met, and
    a plan the search could not better is kept as it was, its seat order and the winds the
    sessions played since were chosen with included ("changing the plan only as much as it
    must", `planner.repair_plan`). Beyond the bound the search runs its whole count and
    ends on some grouping of the same cost, which had replaced the plan."""
    if request.start is None:
        return searched
    planned = GroupingResult(request.start, Method.LOCAL_SEARCH,
                             cost_of(request, request.start), searched.lower_bound)
    return min((planned, searched), key=lambda result: rank(request, result))


def _searched(request: GroupingRequest, start: IntSessions, bound: int, rng: random.Random,
              budget: Budget, max_iterations: int | None = None,
              max_evaluations: int | None = None) -> tuple[IntSessions, int]:
    counts = request.fixed.copy()
    counts.add_sessions(start)
    return tabu_search(start, counts, target=bound, rng=rng, budget=budget,
                       max_iterations=max_iterations, max_evaluations=max_evaluations,
                       sample=request.sample)


def _searched_result(request: GroupingRequest, best: IntSessions, cost: int, bound: int,
                     rng: random.Random, budget: Budget) -> GroupingResult:
    if cost > bound:
        best, cost = _searched(request, best, bound, rng, budget,
                               max_evaluations=request.last_evaluations)
    return GroupingResult(best, Method.LOCAL_SEARCH, cost, bound)


def _constructed(request: GroupingRequest, seed: int, bound: int, rng: random.Random,
                 budget: Budget) -> list[GroupingResult]:
    """A construction (closed form, library, then the solver) renamed to reach the bound,
    alone; or, if none does, every one built, the best first (fewest repeats, then cost:
    forbidden groups can put the bound out of reach of every renaming); [] if none applies."""
    budget.report(Stage.CONSTRUCTION, -1)
    builders = _closed_forms(request.players, request.sessions, seed, budget)
    if 3 * request.sessions <= request.players - 1 and request.players <= SOLVER_MAX_PLAYERS:
        builders.append((Method.SYMMETRIC_SOLVER,
                         lambda: _solved(request, seed, budget.slice(_SOLVER_SHARE))))
    builders.append((Method.LIBRARY_EXTENDED, lambda: _extended(request, seed, bound, budget)))
    builders.append((Method.PRODUCT, lambda: _near_product(request.players, request.sessions,
                                                          seed, budget)))
    built: list[GroupingResult] = []
    for method, build in builders:
        schedule = build()
        if schedule is None:
            continue
        schedule = relabel(schedule, request.players, request.forbidden, rng, budget)
        result = GroupingResult(schedule, method, cost_of(request, schedule), bound)
        if result.cost <= bound:
            return [result]
        built.append(result)
    return sorted(built, key=lambda result: rank(request, result))  # stable: first of equals
