"""The public draw: a planned schedule, the next session from real history, a repaired plan.

All three are the same pipeline: map players to indices, fold history and forbidden pairs
into fixed meeting counts, group (see `grouping`; `byes` where the field is not a multiple
of four; a repair found offline where `repair_library` has one for the history, or one
CP-SAT finds for a small field, `exact_repair`), then give
tables and winds (see `positions`) against the history's own tables and winds.
"""

from __future__ import annotations

import math
import random
from collections.abc import Collection, Hashable, Mapping, Sequence
from dataclasses import dataclass, replace

from tournament_manager.domain.seating.assignment import min_cost_assignment
from tournament_manager.domain.seating.byes import draw_with_byes, sitting_out
from tournament_manager.domain.seating.control import Budget, CancelCheck, ProgressCallback, Stage
from tournament_manager.domain.seating.errors import SeatingError, SeatingProblem
from tournament_manager.domain.seating.exact_repair import ExactAnswer, exact_repair, fits
from tournament_manager.domain.seating.greedy import greedy_session
from tournament_manager.domain.seating.grouping import (
    GroupingRequest,
    GroupingResult,
    Method,
    cost_of,
    draw_groups,
    repeats,
)
from tournament_manager.domain.seating.model import (
    Player,
    Schedule,
    SeatedSession,
    SeatedTable,
    missed_sessions,
)
from tournament_manager.domain.seating.pairs import (
    IntSession,
    IntSessions,
    MeetingCounts,
    forbidden_index_pairs,
)
from tournament_manager.domain.seating.positions import balance_winds, number_tables
from tournament_manager.domain.seating.repair_library import proved_unrepairable, shipped_repair
from tournament_manager.domain.seating.rotation import byes_fair
from tournament_manager.domain.seating.wind_groups import unseatable_tables, wanted_winds

DEFAULT_TIME_LIMIT = 10.0
_GROUPING_SHARE = 0.9
"""Of the time limit, what the grouping may use: the rest is kept for table numbers and
winds, which run a fixed number of steps (so a seed gives the same seats on every machine)
and take a second or two on the largest fields. The limit is the whole draw's, as the
window promises ("at most 60 s"), not only the search's."""

REPAIR_SWAPS_PER_SECOND = 1_000_000
"""How long a draw after history (a repair after withdrawals, a round planned after a cut)
searches last where it does not reach its bound: this many swaps weighed (and seats scanned
for conflicts, `tabu_search`'s `sample`) per second of its time limit
(`GroupingRequest.swaps`), the clock cutting it sooner only on a machine too slow or too
busy to keep up. So a seed gives the same repair on every machine that keeps up, as it
gives the same fresh draw (`grouping.FINAL_TABU_EVALUATIONS`), where the clock alone drew
differently with the machine's load; and the repair keeps most of what the time limit gives
it, with which it gains near the bound. Measured at 60 s (`bench_seating.measure_repair`,
2026-12-07, one core, the other busy), the last search took 29 to 38 s of the 54 s the
grouping has, and the whole draw 31 to 44 s: 28 x 8 less three after session 1 (38 s),
24 x 6 less three after 2, which asks CP-SAT first (`exact_repair.WORK_LIMIT`, 44 s in
all), 100 x 30 less three after 20, 136 x 40 less eight after 10 and 172 x 52 less six
after 10 (29 s; counting only the swaps, it ran out of time there at 0.85 million a
second)."""

_EXACT_SHARE = 0.6
"""Of the grouping's time, what asking CP-SAT for a repair without a repeat may use (a small
field after history; it stops sooner at its own work limit, `exact_repair.WORK_LIMIT`)."""


@dataclass(frozen=True)
class Draw:
    schedule: Schedule
    method: Method
    repeat_cost: int
    """Search cost of the grouping: 0 means no repeat and no forbidden pair meets."""
    lower_bound: int
    """The cost no grouping can go below; equal to `repeat_cost` means the draw is optimal."""
    cancelled: bool


@dataclass(frozen=True)
class _Field:
    """Current players as indices, and what the history fixes for them."""

    players: tuple[Player, ...]
    index: dict[Hashable, int]
    fixed: MeetingCounts
    forbidden: set[tuple[int, int]]
    visits: list[dict[int, int]]
    winds: list[list[int]]
    absences: list[int]
    """Sessions of the history each player was not seated in (byes, or before he entered):
    who sits out next, where the field is not a multiple of four."""

    def met(self) -> MeetingCounts:
        """The history's meetings alone: `fixed` less the club mates' count (a repair from
        the library or from CP-SAT keeps club mates apart as a preference, not a rule)."""
        met = self.fixed.copy()
        for pair in self.forbidden:
            met.add_table(pair, times=-1)
        return met


def validate_players(players: Sequence[Player]) -> None:
    """Any field of four or more distinct players: beyond a multiple of four, the rest sit
    out each session (see `byes`)."""
    if len(set(players)) != len(players):
        raise SeatingError(SeatingProblem.DUPLICATE_PLAYER)
    if len(players) < 4:
        raise SeatingError(SeatingProblem.TOO_FEW_PLAYERS, count=len(players))


def validate_session(session: SeatedSession, number: int) -> None:
    seen: set[Hashable] = set()
    for table in session.tables:
        if len(table.seats) != 4:
            raise SeatingError(SeatingProblem.TABLE_NOT_FOUR_PLAYERS, session=number)
        for player in table.seats:
            if player in seen:
                raise SeatingError(SeatingProblem.PLAYER_TWICE_IN_SESSION, session=number,
                                   player=player)
            seen.add(player)


def _field(players: Sequence[Player], history: Sequence[SeatedSession],
           forbidden_groups: Sequence[Collection[Player]]) -> _Field:
    validate_players(players)
    for number, session in enumerate(history, start=1):
        validate_session(session, number)
    index = {p: i for i, p in enumerate(players)}
    n = len(players)
    fixed = MeetingCounts(n)
    visits: list[dict[int, int]] = [{} for _ in range(n)]
    winds = [[0, 0, 0, 0] for _ in range(n)]
    for session in history:
        for table in session.tables:
            present = [index[p] for p in table.seats if p in index]
            fixed.add_table(present)
            for seat, player in enumerate(table.seats):
                if player in index:
                    i = index[player]
                    visits[i][table.number - 1] = visits[i].get(table.number - 1, 0) + 1
                    winds[i][seat] += 1
    forbidden = forbidden_index_pairs([index[p] for p in group if p in index]
                                      for group in forbidden_groups)
    for a, b in forbidden:
        fixed.add_table((a, b))
    return _Field(tuple(players), index, fixed, forbidden, visits, winds,
                  missed_sessions(players, history))


def _seated(field: _Field, grouped: IntSessions, seed: int, budget: Budget) -> Schedule:
    budget.report(Stage.POSITIONS, -1)
    rng = random.Random(seed)
    numbered = number_tables(grouped, field.visits, rng, budget.cancelled)
    seated = balance_winds(numbered, field.winds, rng, budget.cancelled,
                           seconds=budget.remaining())
    names = field.players
    return Schedule(tuple(
        SeatedSession(tuple(SeatedTable(t + 1, (names[a], names[b], names[c], names[d]))
                            for t, (a, b, c, d) in enumerate(session)))
        for session in seated))


def _draw(field: _Field, sessions: int, start: IntSessions | None, fresh: bool, *, seed: int,
          time_limit: float, cancel: CancelCheck | None,
          progress: ProgressCallback | None, intact: bool = False) -> Draw:
    if sessions < 1:
        raise SeatingError(SeatingProblem.NO_SESSIONS)
    if not time_limit > 0:
        raise SeatingError(SeatingProblem.INVALID_TIME_LIMIT)
    budget = Budget(time_limit, cancel, progress)
    request = GroupingRequest(len(field.players), sessions, field.fixed, field.forbidden,
                              start, fresh, intact=intact,
                              swaps=_swaps(time_limit))
    share = budget.slice(_GROUPING_SHARE)
    result = None if fresh else _shipped_repair(field, request, seed)
    exact = ExactAnswer()
    if result is None and not fresh:
        exact = _exact_repair(field, request, seed, share.slice(_EXACT_SHARE))
        if exact.sessions is not None:
            result = GroupingResult(exact.sessions, Method.EXACT,
                                    cost_of(request, exact.sessions), 0)
        elif exact.impossible:  # a repeat costs 1 at least: the search may stop there
            request = replace(request, proved=1)
    if result is None and len(field.players) % 4:
        result = draw_with_byes(request, field.absences, seed=seed, budget=share)
    elif result is None:
        result = draw_groups(request, seed=seed, budget=share)
    if exact.impossible:  # a repeat costs 1 at least
        result = replace(result, lower_bound=max(result.lower_bound, 1))
    grouped = _cleanest_first(_seats_as_planned(result.sessions, start), field.fixed,
                              field.absences, field.winds)
    return Draw(_seated(field, grouped, seed, budget), result.method, result.cost,
                result.lower_bound, budget.cancelled())


def _swaps(time_limit: float) -> int | None:
    """The count a draw after history searches last for (`REPAIR_SWAPS_PER_SECOND`); None
    where the limit is no limit."""
    return round(REPAIR_SWAPS_PER_SECOND * time_limit) if math.isfinite(time_limit) else None


def _shipped_repair(field: _Field, request: GroupingRequest,
                    seed: int) -> GroupingResult | None:
    """A shipped repair of the history after one session (`repair_library`), where the plan
    at hand repeats: the search is not run. Club mates are kept apart as far as renaming
    the repair's players can; a repeat weighs more than club mates seated together, as the
    spec orders them, and the search cannot reach none where a repair is shipped."""
    if request.start is not None and repeats(request, request.start) == 0:
        return None
    sessions = shipped_repair(field.met(), field.absences, request.sessions,
                              forbidden=field.forbidden, seed=seed)
    return None if sessions is None else GroupingResult(
        sessions, Method.LIBRARY, cost_of(request, sessions), 0)


def _exact_repair(field: _Field, request: GroupingRequest, seed: int,
                  budget: Budget) -> ExactAnswer:
    """For a small field after history whose plan at hand repeats, CP-SAT's answer to
    whether the rest can go without a repeat (`exact_repair`): a repair, or a proof that
    there is none, or nothing in its work limit; the search runs after it unless it found
    one. As for a shipped repair, the meetings are the history's, club mates' not. A
    history proved to repeat (`repair_library.UNREPAIRABLE`) is answered at once."""
    if proved_unrepairable(field.met(), field.absences, request.sessions):
        return ExactAnswer(impossible=True)
    if not fits(request.players, request.sessions) or (
            request.start is not None and repeats(request, request.start) == 0):
        return ExactAnswer()
    return exact_repair(field.met(), field.absences, request.sessions,
                        forbidden=field.forbidden, seed=seed, budget=budget)


def _seats_as_planned(sessions: IntSessions, start: IntSessions | None) -> IntSessions:
    """The groups of `sessions` in the seat order the plan they were searched from gave
    them, wherever the plan held the same table, and a session whose tables are all one
    planned session's in that session's table order: its winds and table numbers were
    balanced with the sessions already played, and the search keeps a group's players, not
    their order (`positions` keeps both where nothing is better)."""
    if not start:
        return sessions
    planned = {frozenset(table): (table, s, t) for s, session in enumerate(start)
               for t, table in enumerate(session)}
    ordered = []
    for session in sessions:
        found = [planned.get(frozenset(table)) for table in session]
        tables = [list(hit[0]) if hit else list(table) for hit, table in zip(found, session)]
        places = [(hit[1], hit[2]) for hit in found if hit]
        if len(places) == len(tables) and len({s for s, _ in places}) == 1:
            tables = [table for _, table in sorted(zip(places, tables))]
        ordered.append(tables)
    return ordered


def _cleanest_first(sessions: IntSessions, fixed: MeetingCounts, absences: Sequence[int],
                    winds: Sequence[Sequence[int]] = ()) -> IntSessions:
    """The sessions in order of how many pairs who have met already or are club (country, team)
    mates each seats, fewest first, as far as the byes still rotate (`rotation`); among equals,
    first a session whose tables can each seat their players on winds that keep them in range
    (`winds`, each player's so far; see `wind_groups`), then in the order given.

    The first session is the one played now, and its meetings are final; the rest is a plan
    that the next draw repairs again, and sessions can be played in any order without changing
    their repeats. On a fresh draw this keeps club mates apart in session 1 wherever any
    session of the plan does, as the spec asks first. After history, where the search leaves
    repeats they are anywhere among the sessions (a 20 s draw of session 11 of 40 for 160
    players left two in the session to be published, against history, and 20 more in the rest).
    The whole plan is ordered, not its first session alone: a plan whose clean sessions come
    first stays in that order from draw to draw, so the winds its blocks of four were balanced
    with still fit when the next session is drawn (16 x 10, where the fifth and later sessions
    must repeat: moving one clean session forward at each draw put seven players' winds out of
    range after session 4). Among sessions equally clean, winds decide: 26 x 8 with byes, drawn
    in turn (2 s a draw), had for its fifth session the plan's own next one, which the first
    four sessions' winds could not seat, where the plan's last was as clean and could be.
    Repeats come first, as the spec orders them: a session that the winds can seat is not
    played now at the price of a pair that has met meeting again (20 x 8 drawn in turn can have
    to choose). Tables are numbered and winds balanced after this, in the order played."""
    n, flat = fixed.n, fixed.flat

    def met_before(session: IntSession) -> int:
        return sum(1 for table in session for i, a in enumerate(table) for b in table[i + 1:]
                   if flat[a * n + b])

    met = [met_before(session) for session in sessions]
    wanted = wanted_winds(winds) if any(map(any, winds)) else None
    unready = [wanted is not None and unseatable_tables(session, wanted) > 0
               for session in sessions]

    def key(index: int, first: bool) -> tuple[int, bool, int]:
        return met[index], first and unready[index], index

    left = list(range(len(sessions)))
    if left and min(left, key=lambda index: key(index, True)) == 0 and sorted(
            left[1:], key=lambda index: key(index, False)) == left[1:]:
        return sessions
    everyone = all(sum(map(len, session)) == n for session in sessions)
    chosen: list[int] = []
    while left:
        for index in sorted(left, key=lambda index: key(index, not chosen)):
            rest = [i for i in left if i != index]
            if everyone or byes_fair([sessions[i] for i in (*chosen, index, *rest)], absences):
                break
        else:  # sessions given out of turn: keep their order
            index = left[0]
        chosen.append(index)
        left.remove(index)
    return [sessions[index] for index in chosen]


def plan_schedule(players: Sequence[Player], sessions: int, *, seed: int = 0,
                  forbidden_groups: Sequence[Collection[Player]] = (),
                  history: Sequence[SeatedSession] = (),
                  time_limit: float = DEFAULT_TIME_LIMIT, cancel: CancelCheck | None = None,
                  progress: ProgressCallback | None = None) -> Draw:
    """`sessions` new sessions for `players`, after `history` if any.

    `forbidden_groups` are clubs, countries or teams whose members should not meet; they are
    kept apart in every session where possible (counted like a first meeting), and where
    not (near the bound), a constructed schedule keeps them apart in its first session
    before anywhere else (see `relabel`). Reproducible for a seed whenever the search ends
    by reaching its lower bound, which is the normal case below 3R <= N - 1, or by its count
    of swaps weighed: a fresh draw's (20 x 6, the fields above the forced minimum), or after
    history one as long as the time limit (`REPAIR_SWAPS_PER_SECOND`), on any machine that
    reaches the count before the clock; the renaming that keeps clubs apart ends where no
    swap helps, not at the clock (see `relabel`). A search cut short by `time_limit` or
    `cancel` returns its best so far.
    """
    field = _field(players, history, forbidden_groups)
    return _draw(field, sessions, None, not history, seed=seed, time_limit=time_limit,
                 cancel=cancel, progress=progress)


def next_session(players: Sequence[Player], history: Sequence[SeatedSession], *, seed: int = 0,
                 forbidden_groups: Sequence[Collection[Player]] = (),
                 time_limit: float = DEFAULT_TIME_LIMIT, cancel: CancelCheck | None = None,
                 progress: ProgressCallback | None = None) -> Draw:
    """Round-by-round: one session for whoever plays now, given everything played so far."""
    return plan_schedule(players, 1, seed=seed, forbidden_groups=forbidden_groups,
                         history=history, time_limit=time_limit, cancel=cancel,
                         progress=progress)


def repair_plan(remaining: Schedule, history: Sequence[SeatedSession],
                players: Sequence[Player], *, seed: int = 0,
                forbidden_groups: Sequence[Collection[Player]] = (),
                time_limit: float = DEFAULT_TIME_LIMIT, cancel: CancelCheck | None = None,
                progress: ProgressCallback | None = None) -> Draw:
    """The `remaining` planned sessions adapted to the players present now, then re-optimised.

    Tables untouched by drop-outs keep their players, substitutes and late entries take the
    empty seats (each the same drop-out's, session after session: `_stand_ins`), and broken
    tables are regrouped; the search then removes whatever repeats against the real history
    this created, changing the plan only as much as it must: for `REPAIR_SWAPS_PER_SECOND`
    swaps weighed a second of its time limit (a seed repairs alike on any machine that keeps
    up), or with nothing changed, for as many as a fresh draw weighs
    (`GroupingRequest.intact`). With no history yet it is a fresh draw's search, counted as
    one. Where the history is one session and the plan so adapted
    repeats, a repair shipped for that history replaces it if there is one
    (`repair_library`: 20 x 6 less one after session 1, where the search stops at one
    repeat); in a small field, one CP-SAT finds without a repeat, or its proof that none
    exists raises the bound (`exact_repair`).
    """
    field = _field(players, history, forbidden_groups)
    rng = random.Random(seed)
    absences = list(field.absences)
    stand_in = _stand_ins(remaining, field, rng)
    adapted = [_adapted(session, field, absences, rng, stand_in)
               for session in remaining.sessions]
    start = _regrouped(adapted, field.fixed, rng)
    # Everyone who has played and every planned player here, every table whole: the plan
    # as first drawn. A plan repaired after a withdrawal has the drop-out in its history, and
    # goes on gaining, for a repair's count (as long as the time limit), when drawn again.
    intact = (all(p in field.index for session in (*history, *remaining.sessions)
                  for p in session.players())
              and not any(loose for _, loose in adapted))
    return _draw(field, len(start), start, not history, seed=seed, time_limit=time_limit,
                 cancel=cancel, progress=progress, intact=intact)


def _regrouped(adapted: Sequence[tuple[IntSession, list[int]]], fixed: MeetingCounts,
               rng: random.Random) -> IntSessions:
    """Each session's whole tables, and its loose players grouped against the whole plan:
    the history and every kept table of every session, not the history alone.

    A pair the regrouping seats together may meet at a kept table of another session, which
    the history cannot show. Grouped against the history alone, 172 x 40 with 12 withdrawn
    after 10 sessions started with such meetings in every session and its search ended at
    422 to 493 excess meetings in 20 s; grouped against the whole plan it reaches none in
    about 11 s, and in under 5 s where the search weighs a sample of its swaps
    (`tabu.SAMPLED_SWAPS`; `bench_seating --withdrawals`)."""
    counts = fixed.copy()
    for kept, _ in adapted:
        for table in kept:
            counts.add_table(table)
    return [kept + greedy_session(loose, counts, rng) for kept, loose in adapted]


def _stand_ins(remaining: Schedule, field: _Field, rng: random.Random) -> dict[Player, int]:
    """Who takes each drop-out's chairs in every remaining session: a newcomer (a player
    present whom the remaining sessions do not seat: a late entry, a substitute, or one
    they have sitting out throughout), as long as there are newcomers.

    A plan without a repeat stays without one when a player who has met nobody takes a
    drop-out's place throughout: he meets that player's planned opponents, once each.
    Handed a different empty chair each session, he met whoever two drop-outs both had
    still to meet: 136 players over 40 sessions, 8 replaced by 8 after 10, was repaired
    to 22 excess meetings in 20 s; it now keeps none. Which newcomer stands in for whom is
    the assignment that least often seats a newcomer with someone he has met already (a
    substitute may have played before); between equals, the one who has missed more
    sessions (a late entry, not a player the last session has sitting out), then in a
    seeded order."""
    index = field.index
    opponents: dict[Player, set[int]] = {}
    placed: set[int] = set()
    for session in remaining.sessions:
        for table in session.tables:
            present = {index[p] for p in table.seats if p in index}
            placed |= present
            for p in table.seats:
                if p not in index:
                    opponents.setdefault(p, set()).update(present)
    newcomers = [i for i in range(len(field.players)) if i not in placed]
    rng.shuffle(newcomers)
    dropped = list(opponents)
    if not dropped or not newcomers:
        return {}
    size = max(len(dropped), len(newcomers))  # square: a dummy row or column costs nothing
    missed = max(field.absences, default=0) + 1  # a meeting outweighs any absences

    def cost(row: int, column: int) -> int:
        if row >= len(dropped) or column >= len(newcomers):
            return 0
        newcomer = newcomers[column]
        met = sum(field.fixed.get(newcomer, o) for o in opponents[dropped[row]])
        return met * missed + missed - 1 - field.absences[newcomer]

    mate = min_cost_assignment([[cost(row, column) for column in range(size)]
                                for row in range(size)])
    return {dropped[row]: newcomers[mate[row]] for row in range(len(dropped))
            if mate[row] < len(newcomers)}


def _adapted(session: SeatedSession, field: _Field, absences: list[int],
             rng: random.Random, stand_in: Mapping[Player, int]) -> tuple[IntSession, list[int]]:
    """A planned session for the players present, as its whole tables and the players to
    regroup (`_regrouped`): the players with the fewest absences sitting out where the
    field is not a multiple of four (among them, those the plan had sitting out first,
    then players of broken tables, then of kept ones; `absences` updated), newcomers in the
    empty chairs (first each drop-out's stand-in, `_stand_ins`), the rest loose.

    Every player may sit out, not only those the plan leaves loose: a late entry has
    missed the sessions before he came, and when only the loose could sit out, he was the one
    loose player of each session, and sat out all of them (65 players after two of eight
    sessions of 64: six byes for him, none for the others)."""
    index = field.index
    n = len(field.players)
    planned = [[index[p] if p in index else stand_in[p]
                for p in table.seats if p in index or p in stand_in] for table in session.tables]
    placed = {p for table in planned for p in table}
    newcomers = [i for i in range(n) if i not in placed]
    rng.shuffle(newcomers)
    if n % 4:
        disruption = {p: 1 if len(table) < 4 else 2 for table in planned for p in table}
        byes = set(sitting_out(n % 4, absences, rng, disruption))
        for p in byes:
            absences[p] += 1
        newcomers = [p for p in newcomers if p not in byes]
        planned = [[p for p in table if p not in byes] for table in planned]
    for table in planned:
        while len(table) < 4 and newcomers:
            table.append(newcomers.pop())
    kept = [table for table in planned if len(table) == 4]
    loose = [p for table in planned if len(table) < 4 for p in table] + newcomers
    return kept, loose
