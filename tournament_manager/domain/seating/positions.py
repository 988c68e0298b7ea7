"""Physical tables and starting winds for groupings that are already fixed.

Kept apart from the grouping search on purpose: once who-meets-whom is decided, a table
number only matters to the players at it and a wind only to its holder, so both can be
balanced afterwards without touching the repeat count.

Tables: each session in turn is a minimum-cost assignment of groups to table numbers, the
cost being how many of the group's players already sat there; then every session is
assigned again against all the others until nothing changes, and min-conflicts swaps of two
tables' numbers remove what is left. Winds: each run of four of a player's sessions gets four
different winds (de Werra's exchange on tables and runs), so that every player's count of every
wind lies within floor(n/4)..ceil(n/4) after each of his n sessions; where history stands in the
way, other candidates and searches take what is left (see `balance_winds`).
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Callable, Hashable, Iterable, Sequence
from itertools import permutations
from typing import Generic, TypeVar

from tournament_manager.domain.seating.assignment import min_cost_assignment
from tournament_manager.domain.seating.control import Budget
from tournament_manager.domain.seating.cp_sat import solve
from tournament_manager.domain.seating.pairs import IntSessions

_TABLE_STEPS = 2000
_REASSIGN_PASSES = 20
_WIND_STEPS = 20000
_WIND_STALL = 2000
"""Steps without bringing the total out of range down after which the seat-swap search
stops: what the exchange chains (`_exchange_winds`) leave is what history puts out of
reach, and the 20,000 steps then ran to the end for nothing (13 s of a repair of 160
players over 30 sessions after 10, four players left out of range either way)."""
_WINDOW = 4
"""Sessions seated by `_exact_window`: enough to end every run of four the history began,
for a player who sits none of them out."""
_WINDOW_MAX_TABLES = 200
"""The most tables (over its sessions) `_exact_window` takes: 172 players' four sessions,
or a whole small plan (`_exact_end`). Beyond, building the model alone takes about a second
(1,000 players) and its search gives nothing within the work limit."""
_WINDOW_SPARE = (0.5, 2.0)
"""Seconds the draw must have left for `_exact_window` to run, half of them its own, from
the fewest tables to `_WINDOW_MAX_TABLES` (`_spare`): a draw whose grouping used its
share of the time (172 x 40 after withdrawals) ends within its limit without it, and one
that reached its bound early has time to spare. Two seconds for every field left a small
one that used its share without the window: 24 players with countries kept apart, session
2 drawn again after a withdrawal, had 1.9 s of a 20 s draw left and the late entry who
took the drop-out's chairs began East, South, West, West (the window seats those four
sessions in 0.15 s)."""
_WINDOW_WORK_LIMIT = 0.5
"""CP-SAT's deterministic time for `_exact_window` (its own unit): a count, so a seed gives
the same winds on any machine that reaches it within the draw's time limit."""
_END_WORK_LIMIT = 1.0
"""CP-SAT's deterministic time for `_exact_window` over the whole plan (`_exact_end`), held
to the session played now and the window as they are: 28 x 8 less three after session 1,
its 42 tables repaired, had a player East three times and South once in his eight
sessions, where the exchange and the seat swaps left him; this seats every player in range
at the end (about 1.1 s here, one core busy; the model's objective alone, without the hold,
traded the window for the end at 1.0 and was thrown away)."""
_END_SPARE = (3.0, 10.0)
"""Seconds the draw must have left for `_exact_end` to run, half of them its own, from the
fewest tables to `_WINDOW_MAX_TABLES` (`_spare`): about twice what its work limit takes
here (1.1 s at 42 tables, 2.3 s at 192), so that a machine somewhat slower or busier still
reaches the work limit, and the same winds, before its share of the clock."""
_ORDER_STALL = 200
"""Steps without a better order of a block's winds after which `_order_block` stops: a
block is four sessions, and what 200 steps leave is what its tables force."""
_ORDERS = tuple(permutations(range(4)))
_Item = TypeVar("_Item", bound=Hashable)


def _never() -> bool:
    return False


def number_tables(sessions: IntSessions, visits: Sequence[dict[int, int]],
                  rng: random.Random, stop: Callable[[], bool] = _never) -> IntSessions:
    """Sessions with tables reordered so that index t is physical table t + 1.

    `visits[p]` maps a table index to how often player p sat there in earlier (fixed) sessions.
    The order the sessions come in is kept when nothing beats it: a construction may already
    be numbered so that nobody sits at a table twice (`table_squares`), an order that the
    session-by-session assignment below would not find again.
    """
    given = [[list(group) for group in session] for session in sessions]
    given_revisits = _total_revisits(given, visits)
    if given_revisits == 0:
        return given
    counts = [dict(v) for v in visits]
    numbered: IntSessions = [_assigned(session, counts) for session in sessions]
    _reassign_sessions(numbered, counts, rng, stop)
    _repair_tables(numbered, counts, rng, stop)
    return given if given_revisits <= _total_revisits(numbered, visits) else numbered


def _total_revisits(sessions: IntSessions, visits: Sequence[dict[int, int]]) -> int:
    """Seats at a table number the player has already sat at, earlier sessions included."""
    counts = [dict(v) for v in visits]
    revisits = 0
    for session in sessions:
        for t, group in enumerate(session):
            for p in group:
                seen = counts[p].get(t, 0)
                revisits += seen > 0
                counts[p][t] = seen + 1
    return revisits


def _assigned(session: Sequence[list[int]], counts: list[dict[int, int]]) -> list[list[int]]:
    """The session's groups in the table order that repeats the fewest tables `counts`
    (each player's tables so far) holds, and `counts` with the session added."""
    tables = len(session)
    cost = []
    for group in session:  # from each player's few tables: a dense sum was T × T × 4
        row = [0] * tables
        for p in group:
            for t, visits in counts[p].items():
                if t < tables:
                    row[t] += visits
        cost.append(row)
    ordered: list[list[int]] = [[] for _ in session]
    for group, t in zip(session, min_cost_assignment(cost)):
        ordered[t] = group
        for p in group:
            counts[p][t] = counts[p].get(t, 0) + 1
    return ordered


def _reassign_sessions(numbered: IntSessions, counts: list[dict[int, int]],
                       rng: random.Random, stop: Callable[[], bool]) -> None:
    """Each session's numbering again, as a minimum-cost assignment against every other
    session (not just the earlier ones), until a pass changes nothing: the session-by-session
    pass cannot see that an early choice blocks a later session, and swapping two tables'
    numbers is too small a step to undo it (60 x 10 kept 23 revisits that way)."""
    for _ in range(_REASSIGN_PASSES):
        changed = False
        for s in rng.sample(range(len(numbered)), len(numbered)):
            if stop():
                return
            session = numbered[s]
            for t, group in enumerate(session):
                for p in group:
                    counts[p][t] -= 1
            ordered = _assigned(session, counts)
            changed |= ordered != session
            numbered[s] = ordered
        if not changed:
            return


def _revisits(group: Sequence[int], t: int, counts: list[dict[int, int]]) -> int:
    return sum(counts[p].get(t, 0) > 1 for p in group)


def _repair_tables(numbered: IntSessions, counts: list[dict[int, int]],
                   rng: random.Random, stop: Callable[[], bool]) -> list[tuple[int, int]]:
    """Min-conflicts swaps of two tables' numbers within a session, sideways moves allowed;
    polish that a cancelled draw skips (`stop`). Returns the (session, table) places still
    holding a player who has sat at that table before.

    The tables with a revisit are kept up to date move by move: a swap changes eight players'
    counts at two table numbers, so only their seats at those numbers can change. When R > T
    revisits cannot all go and every step runs; re-reading every table each step made this
    polish take ten seconds on 172 x 57."""
    table_of = [{p: t for t, group in enumerate(session) for p in group} for session in numbered]
    sessions_of: dict[int, list[int]] = {}
    for s, session in enumerate(numbered):
        for group in session:
            for p in group:
                sessions_of.setdefault(p, []).append(s)
    troubled = _ChoiceSet((s, t) for s, session in enumerate(numbered)
                          for t, group in enumerate(session) if _revisits(group, t, counts))
    for _ in range(_TABLE_STEPS):
        if stop() or not troubled:
            break
        s, t = troubled.choice(rng)
        session = numbered[s]
        moves: list[int] = []
        best = 0
        for u in range(len(session)):
            if u == t:
                continue
            delta = _renumber_delta(session[t], t, session[u], u, counts)
            if delta < best:
                moves, best = [u], delta
            elif delta == best:
                moves.append(u)
        if not moves:
            continue
        u = rng.choice(moves)
        _move(session[t], t, u, counts)
        _move(session[u], u, t, counts)
        session[t], session[u] = session[u], session[t]
        moved = (*session[t], *session[u])
        for p in session[t]:
            table_of[s][p] = t
        for p in session[u]:
            table_of[s][p] = u
        for cell in {(other, table_of[other][p]) for p in moved for other in sessions_of[p]
                     if table_of[other][p] in (t, u)}:
            troubled.mark(cell, _revisits(numbered[cell[0]][cell[1]], cell[1], counts) > 0)
    return troubled.items()


def _move(group: Sequence[int], old: int, new: int, counts: list[dict[int, int]]) -> None:
    for p in group:
        counts[p][old] -= 1
        counts[p][new] = counts[p].get(new, 0) + 1


def _renumber_delta(first: Sequence[int], t: int, second: Sequence[int], u: int,
                    counts: list[dict[int, int]]) -> int:
    """The change in revisits when `first` leaves table t for u and `second` u for t: a
    player gains one where he has sat before and loses one where he has sat twice."""
    delta = 0
    for p in first:
        visits = counts[p]
        delta += (visits.get(u, 0) >= 1) - (visits.get(t, 0) >= 2)
    for q in second:
        visits = counts[q]
        delta += (visits.get(t, 0) >= 1) - (visits.get(u, 0) >= 2)
    return delta


def violation(counts: Sequence[int], played: int) -> int:
    """How far a player's count of each wind lies outside floor(played/4)..ceil(played/4),
    summed: zero when his winds are in range after `played` sessions."""
    low, high = played // 4, -(-played // 4)
    return sum(max(0, c - high) + max(0, low - c) for c in counts)


def violation_after(counts: Sequence[int], wind: int) -> int:
    """`violation` of a player's counts after one more session at `wind`."""
    return violation([c + (w == wind) for w, c in enumerate(counts)], sum(counts) + 1)


def balance_winds(sessions: IntSessions, winds: Sequence[Sequence[int]], rng: random.Random,
                  stop: Callable[[], bool] = _never, *, seconds: float = math.inf) -> IntSessions:
    """Sessions with every table in starting-seat order E, S, W, N.

    `winds[p]` holds player p's count of each wind in earlier (fixed) sessions; `seconds`
    is what the draw has left, which decides whether the two searches here that can run
    by the clock (`_exact_window`, `_exact_end`) run at all (`_WINDOW_SPARE`,
    `_END_SPARE`); the rest runs a fixed number of steps.

    Every player's winds are kept within floor(n/4)..ceil(n/4) after each of his n sessions,
    not only at the end: the head judge reads the spread in every session's report, and a
    player who has started East twice in four sessions and never South feels it at the
    table, whatever the last session brings. That holds when each run of four of a
    player's own sessions (his first to fourth, fifth to eighth, ...) gives him four
    different winds, which `_balanced_runs` reaches from any seats wherever history does not
    stand in the way, byes or not. Where it does, the event's blocks of four balanced in
    turn (`_balanced_blocks`) and the whole schedule exchanged for its end alone are
    candidates too, and if none keeps everyone in range through the sessions played
    next (`_WINDOW`), CP-SAT seats those (`_exact_window`), or seat swaps if it finds
    nothing (`_order_block`). The session played now comes first (it is final; the rest is
    seated again at the next draw; `_nearest_now` seats it alone), then the window (players
    out of range after each of its sessions), then the end of the schedule, then the players
    out of range after each session of the plan, which the next draw seats again: a better
    window can cost the end of the plan, which the sessions after the window are then
    exchanged again for (`_whole`), the window kept; if the end is still out of range,
    CP-SAT seats the whole plan (`_exact_end`, small plans). The seats as given count as a
    candidate: a plan drawn earlier, whose winds the sessions played since were chosen
    with, comes back as it was."""
    budget = Budget(seconds, stop)
    given = _copy(sessions)
    if _wind_score(given, winds) == (0, 0):
        return given
    window = min(_WINDOW, len(sessions))
    scores: dict[int, tuple[int, int, int, int]] = {}

    def score(seated: IntSessions) -> tuple[int, int, int, int]:
        if id(seated) not in scores:
            end, along = _wind_score(seated, winds)
            scores[id(seated)] = (_wind_score(seated[:1], winds)[1],
                                  _wind_score(seated[:window], winds)[1], end, along)
        return scores[id(seated)]

    runs = _balanced_runs(sessions, winds, rng)
    candidates = [given, runs]
    if score(runs)[2]:
        exchanged = _greedy(sessions, winds, rng)
        counts = _counted(exchanged, winds)
        _exchange_winds(exchanged, counts, [sum(c) for c in counts])
        candidates += [exchanged, _balanced_blocks(sessions, winds, rng, stop)]
    best = min(candidates, key=score)
    now = _nearest_now(best[0], winds)
    if now is not None:
        candidates.append([now, *_balanced_runs(sessions[1:], _counted([now], winds), rng)])
        best = min(candidates, key=score)
    # Drawn before the time left decides whether the window is searched: everything up to
    # here is the same on any machine.
    window_seed = rng.randrange(1 << 30)
    if (score(best)[1] and len(sessions[0]) * window <= _WINDOW_MAX_TABLES
            and budget.remaining() >= _spare(_WINDOW_SPARE, len(sessions[0]) * window)):
        first = _exact_window(sessions[:window], winds, best[:window], window_seed,
                              budget.slice(0.5))
        if first is None:
            first = _copy(best[:window])
            _order_block(first, winds, [sum(w) for w in winds], rng, stop)
        candidates.append(first + _balanced_runs(sessions[window:], _counted(first, winds), rng))
        best = min(candidates, key=score)
    if score(best)[2]:
        # The end out of range, where history leaves the exchange short: the sessions
        # after the window exchanged again and their seats swapped, the window kept.
        kept = best[:window]
        rest = kept + _whole(_copy(best[window:]), _counted(kept, winds), rng, stop)
        if score(rest) < score(best):
            best = rest
    tables = sum(map(len, sessions))
    if (score(best)[2] > _least_at_end(sessions, winds) and len(sessions) > window
            and tables <= _WINDOW_MAX_TABLES and budget.remaining() >= _spare(_END_SPARE, tables)):
        played_now, in_window = score(best)[:2]
        end = _exact_window(sessions, winds, best, window_seed ^ 1, budget.slice(0.5),
                            work_limit=_END_WORK_LIMIT, hold=((1, played_now), (window, in_window)))
        if end is not None and score(end) < score(best):
            best = end
    return best


def _least_at_end(sessions: IntSessions, winds: Sequence[Sequence[int]]) -> int:
    """The least the end of the plan can be out of range (as `_wind_score` counts it), each
    player's winds chosen freely for the sessions he plays: a wind held more often than his
    range allows stays above it, one held too rarely needs his sessions to catch up, and
    sessions beyond what the range has room for go over it. Where the end is already there
    (a player whose history gave him East five times), seating the whole plan by CP-SAT
    (`_exact_end`) has nothing to gain and is not run: it took 0.8 s at 42 tables and 4.6 s
    at 192 to find so."""
    least = 0
    for held, counts in zip(winds, _counted(sessions, winds)):
        more = sum(counts) - sum(held)
        played = sum(counts)
        low, high = played // 4, -(-played // 4)
        above = sum(max(0, c - high) for c in held)
        short = sum(max(0, low - c) for c in held)
        room = sum(max(0, high - c) for c in held)
        least += above + max(0, short - more) + max(0, more - room)
    return least


def _nearest_now(session: Sequence[list[int]],
                 winds: Sequence[Sequence[int]]) -> list[list[int]] | None:
    """The session with each table in the seat order that leaves its players nearest their
    range after it, or None if the order given already does for every table: whatever the
    sessions after it need, the session played now is final (`balance_winds`), and a table's
    players are in range after it or not by their own history alone, table by table."""
    def out(table: Sequence[int]) -> int:
        return sum(violation_after(winds[p], w) for w, p in enumerate(table))

    nearest = [min((list(table), *([table[i] for i in order] for order in _ORDERS)), key=out)
               for table in session]
    if all(out(a) == out(b) for a, b in zip(nearest, session)):
        return None
    return nearest


def _copy(seated: IntSessions) -> IntSessions:
    return [[list(table) for table in session] for session in seated]


def _counted(seated: IntSessions, winds: Sequence[Sequence[int]]) -> list[list[int]]:
    """`winds` with the seats of `seated` added."""
    counts = [list(w) for w in winds]
    for session in seated:
        for table in session:
            for w, p in enumerate(table):
                counts[p][w] += 1
    return counts


def _balanced_blocks(sessions: IntSessions, winds: Sequence[Sequence[int]],
                     rng: random.Random, stop: Callable[[], bool]) -> IntSessions:
    """The sessions seated four at a time, each block against everything before it: a
    greedy pass and de Werra's exchange (`_exchange_winds`) to bring every player in range
    at the block's end; in the first block, played next, seat swaps (`_order_block`) for
    the sessions between. The first block ends where most players' runs of four do.

    After withdrawals the repair regroups broken tables at each draw, runs begun in the
    history end in lists of winds no exchange can satisfy, and bringing everyone back in
    range at each block's end does better (172 x 40 with 12 withdrawn after ten sessions,
    the rest drawn in turn, `bench_seating --event`: players out of range after a session,
    counted over every player and session, 1,668 by runs alone, 307 with this too)."""
    counts = [list(w) for w in winds]
    ends = Counter(-sum(w) % 4 or 4 for w in winds)
    first = min(ends, key=lambda end: (-ends[end], end)) if ends else 4
    seated: IntSessions = []
    for begin, end in zip([0, *range(first, len(sessions), 4)],
                          [*range(first, len(sessions), 4), len(sessions)]):
        before = [list(c) for c in counts]
        block = _greedy(sessions[begin:end], before, rng)
        counts = _counted(block, before)
        _exchange_winds(block, counts, [sum(c) for c in counts])
        if not begin:  # the sessions played next; the rest is drawn again before it is played
            _order_block(block, before, [sum(c) for c in before], rng, stop)
            counts = _counted(block, before)
        seated.extend(block)
    return seated


def _greedy(sessions: IntSessions, winds: Sequence[Sequence[int]],
            rng: random.Random) -> IntSessions:
    """Each table in turn in the order that gives its players their least held winds."""
    counts = [list(w) for w in winds]
    seated: IntSessions = []
    for session in sessions:
        tables = []
        for group in session:
            order = min(_ORDERS, key=lambda o: (sum(counts[group[i]][w] ** 2
                                                    for w, i in enumerate(o)), rng.random()))
            table = [group[i] for i in order]
            for w, p in enumerate(table):
                counts[p][w] += 1
            tables.append(table)
        seated.append(tables)
    return seated


def _whole(seated: IntSessions, winds: Sequence[Sequence[int]], rng: random.Random,
           stop: Callable[[], bool]) -> IntSessions:
    """`seated` (changed in place) with every player in range at its end where history
    allows: de Werra's exchange over the whole schedule, then seat swaps for what history
    leaves. Where the history left players out of range (sessions seated by hand or by
    another program), runs of four different winds keep them out until the end, and this
    brings them back sooner (160 x 30 after ten sessions seated at random: winds out of
    range summed after every session, 1,942 this way against 4,158 by runs)."""
    counts = _counted(seated, winds)
    played = [sum(c) for c in counts]
    _exchange_winds(seated, counts, played)
    _repair_winds(seated, counts, played, rng, stop)
    return seated


def _wind_score(seated: IntSessions, winds: Sequence[Sequence[int]]) -> tuple[int, int]:
    """How far the winds are out of range at the end, and summed after every session each
    player plays: what `balance_winds` minimises, in that order."""
    counts = [list(w) for w in winds]
    played = [sum(w) for w in winds]
    along = 0
    for session in seated:
        for table in session:
            for w, p in enumerate(table):
                counts[p][w] += 1
                played[p] += 1
                along += violation(counts[p], played[p])
    return sum(violation(c, n) for c, n in zip(counts, played)), along


def _balanced_runs(sessions: IntSessions, winds: Sequence[Sequence[int]],
                   rng: random.Random) -> IntSessions:
    """The sessions seated so that each run of four of a player's sessions gives him four
    different winds, wherever his history allows.

    Read the seats as the edges of a bipartite graph between tables and runs (a player's
    sessions 4k + 1 to 4k + 4, counted from his first): every table has four seats and every
    run at most four, so by Konig's theorem the winds can colour the edges with no wind
    twice at a table or in a run, and de Werra's exchange (`_exchange_winds`, each run as
    one of its players) finds such a colouring from a greedy start. A run the history has
    begun holds the winds its sessions already gave (the most held, when the history was
    seated otherwise); there a colouring need not exist, and the exchange does what it can.
    Without byes the runs are the event's blocks of four sessions; with byes or late
    entries each player's are his own, which blocks of the event cannot be (18 players
    over ten sessions: six players out of range after some session, against none)."""
    seated = _greedy(sessions, winds, rng)
    seen = [sum(w) for w in winds]
    run_of: dict[tuple[int, int], int] = {}
    owner: list[int] = []
    run_counts: list[list[int]] = []
    runs: IntSessions = []
    for session in seated:
        runs.append([])
        for table in session:
            row = []
            for w, p in enumerate(table):
                key = (p, seen[p] // 4)
                if key not in run_of:
                    run_of[key] = len(owner)
                    owner.append(p)
                    run_counts.append(_begun(winds[p]) if seen[p] // 4 == sum(winds[p]) // 4
                                      else [0, 0, 0, 0])
                run = run_of[key]
                run_counts[run][w] += 1
                seen[p] += 1
                row.append(run)
            runs[-1].append(row)
    _exchange_winds(runs, run_counts, [sum(c) for c in run_counts])
    return [[[owner[run] for run in row] for row in session] for session in runs]


def _spare(ends: tuple[float, float], tables: int) -> float:
    """The seconds a CP-SAT seating of `tables` tables needs left (`_WINDOW_SPARE`,
    `_END_SPARE`), in proportion between their ends."""
    least, most = ends
    return least + (most - least) * min(tables, _WINDOW_MAX_TABLES) / _WINDOW_MAX_TABLES


def _exact_window(window: IntSessions, winds: Sequence[Sequence[int]], hint: IntSessions,
                  seed: int, budget: Budget, work_limit: float = _WINDOW_WORK_LIMIT,
                  hold: Sequence[tuple[int, int]] = ()) -> IntSessions | None:
    """The first sessions seated with the fewest players out of range after each of them
    (the window's end counted four times over, as in `_along`: a little apart from how
    `balance_winds` ranks windows, which counts every session once), by CP-SAT from `hint`
    (every variable given the hint's value, so the hint is a solution from the start); None
    if it finds nothing within its work limit or is cancelled.

    Where the history has begun a run of four (a plan redrawn between two draws, byes that
    move a run's end), the winds each player may still take form lists, and a table whose
    players' lists leave no way round needs a choice made sessions earlier: an exchange of
    seats cannot see it, a search over the whole window can (16 x 10 redrawn after session 1:
    twelve seats out of range by the exchange where none need be).

    `hold`: pairs (k, most), the first k sessions held to at most `most` out of range,
    summed after each of them, as `balance_winds` ranks them: seating a whole plan
    (`_exact_end`) for its end must not cost the session played now or the window."""
    from ortools.sat.python import cp_model

    model = cp_model.CpModel()
    held: dict[tuple[int, int, int], list[cp_model.IntVar]] = {}
    choices: list[tuple[list[int], list[cp_model.IntVar]]] = []
    for s, (session, hinted) in enumerate(zip(window, hint)):
        hinted_order = {frozenset(table): table for table in hinted}
        for group in session:
            options = [model.new_bool_var("") for _ in _ORDERS]
            model.add_exactly_one(options)
            seats = hinted_order.get(frozenset(group))
            for order, option in zip(_ORDERS, options):
                table = [group[i] for i in order]
                for w, p in enumerate(table):
                    held.setdefault((p, s, w), []).append(option)
                if seats is not None:
                    model.add_hint(option, table == seats)
            choices.append((list(group), options))
    hinted_wind = {(p, s): w for s, session in enumerate(hint) for table in session
                   for w, p in enumerate(table)}
    out_of_range = []
    after: list[list[cp_model.IntVar]] = [[] for _ in window]  # out of range, by session
    for p in sorted({p for session in window for group in session for p in group}):
        played = sum(winds[p])
        gained: list[list[cp_model.IntVar]] = [[], [], [], []]
        counted = list(winds[p])  # the hint's counts, so that every variable has its value
        last: list[cp_model.IntVar] = []
        for s in range(len(window)):
            if (p, s, 0) not in held:
                continue
            played += 1
            counted[hinted_wind[p, s]] += 1
            last = []
            for w in range(4):
                gained[w] += held[p, s, w]
                count = cp_model.LinearExpr.sum(gained[w]) + winds[p][w]
                high = model.new_int_var(0, played + 4, "")
                low = model.new_int_var(0, played + 4, "")
                model.add(count - -(-played // 4) <= high)
                model.add(played // 4 - count <= low)
                model.add_hint(high, max(0, counted[w] - -(-played // 4)))
                model.add_hint(low, max(0, played // 4 - counted[w]))
                last += [high, low]
            out_of_range += last
            after[s] += last
        out_of_range += 3 * last
    for sessions, most in hold:
        model.add(sum(term for terms in after[:sessions] for term in terms) <= most)
    model.minimize(sum(out_of_range))
    solver = solve(model, seed=seed, budget=budget, work_limit=work_limit)
    if solver is None:
        return None
    chosen = iter(choices)
    seated: IntSessions = []
    for session in window:
        tables = []
        for _ in session:
            group, options = next(chosen)
            order = next(o for o, option in zip(_ORDERS, options) if solver.boolean_value(option))
            tables.append([group[i] for i in order])
        seated.append(tables)
    return seated


def _begun(counts: Sequence[int]) -> list[int]:
    """The winds the run a player is in the middle of has given him, from his counts: with
    4k + r sessions played in range, the r winds he holds k + 1 times."""
    held = sum(counts) % 4
    most = sorted(range(4), key=lambda w: (-counts[w], w))[:held]
    return [int(w in most) for w in range(4)]


def _along(start: Sequence[int], played: int, held: Iterable[int]) -> int:
    """A player's winds out of range after each of his sessions in `held` (his winds in
    order), from `start` after `played` sessions; the last counted four times over, as the
    block's end is what later blocks build on."""
    counts = list(start)
    total = last = 0
    for w in held:
        counts[w] += 1
        played += 1
        last = violation(counts, played)
        total += last
    return total + 3 * last


def _order_block(block: IntSessions, before: Sequence[Sequence[int]],
                 played_before: Sequence[int], rng: random.Random,
                 stop: Callable[[], bool]) -> None:
    """Seat swaps inside one table of the block, the best (or an equal) move for a player
    out of range after one of his sessions in it, until none is or the search stalls.

    For what `_balanced_runs` leaves where history stands in the way (a plan redrawn after
    the sessions its runs began with, a history seated otherwise). A block has four
    sessions at most, so a player's cost is counted afresh at each move."""
    seats_of = _seats_of(block)

    def cost(p: int) -> int:
        return _along(before[p], played_before[p], (table.index(p) for table in seats_of[p]))

    def delta(table: list[int], i: int, j: int) -> int:
        p, q = table[i], table[j]
        old = cost(p) + cost(q)
        table[i], table[j] = q, p
        new = cost(p) + cost(q)
        table[i], table[j] = p, q
        return new - old

    def swap(table: list[int], i: int, j: int) -> None:
        table[i], table[j] = table[j], table[i]

    _swap_seats(seats_of, _ChoiceSet(p for p in seats_of if cost(p)), delta, swap,
                lambda p: cost(p) > 0, rng, stop, _ORDER_STALL)


def _exchange_winds(seated: IntSessions, counts: list[list[int]], played: Sequence[int]) -> None:
    """Balance every player's winds by chains of seat swaps, as in de Werra's proof that a
    bipartite graph has an equitable edge colouring (players and tables are its two sides,
    seats its edges, winds its colours).

    For a player with too many of wind a and too few of wind b, read each table as an arrow
    from its a-holder to its b-holder: a player's arrows out are his a seats and in his b
    seats. Some player reached by arrows from him holds more b than a (the arrows out of the
    set he reaches would otherwise outnumber those in); swapping a and b at every table of
    the path there gives him one a fewer and one b more, the last player one a more and one
    b fewer (no further from his range), and everyone between as many as before. Each such
    swap brings the total out of range down, so without history every player ends in range;
    with history (a repair, a later round) what it cannot reach is left to `_repair_winds`.
    The local search alone stopped in corners that players with byes reach often, each with
    his own number of sessions (30 players over 4 sessions: players of three sessions with
    two of one wind)."""
    seats_of = _seats_of(seated)
    for p in sorted(seats_of):
        while violation(counts[p], played[p]) and _exchanged(p, seats_of, counts):
            pass


def _exchanged(p: int, seats_of: dict[int, list[list[int]]], counts: list[list[int]]) -> bool:
    """One chain of swaps that takes a seat of p's most held wind for one of his least held,
    if any; False if none reaches a player who can give it."""
    mine = counts[p]
    for a in sorted(range(4), key=lambda w: -mine[w]):
        for b in sorted(range(4), key=lambda w: mine[w]):
            if mine[a] - mine[b] < 2:
                continue
            path = _chain(p, a, b, seats_of, counts)
            if path:
                for table in path:
                    giver, taker = table[a], table[b]
                    table[a], table[b] = taker, giver
                    counts[giver][a] -= 1
                    counts[giver][b] += 1
                    counts[taker][b] -= 1
                    counts[taker][a] += 1
                return True
    return False


def _chain(p: int, a: int, b: int, seats_of: dict[int, list[list[int]]],
           counts: list[list[int]]) -> list[list[int]] | None:
    """The tables of a shortest path of arrows (a-holder to b-holder) from p to a player
    holding more b than a, or None."""
    reached: dict[int, tuple[int, list[int]] | None] = {p: None}
    frontier = [p]
    for u in frontier:
        for table in seats_of[u]:
            if table[a] != u or table[b] in reached:
                continue
            v = table[b]
            reached[v] = (u, table)
            if counts[v][b] > counts[v][a]:
                path = []
                step = reached[v]
                while step is not None:
                    u, via = step
                    path.append(via)
                    step = reached[u]
                return path
            frontier.append(v)
    return None


def _repair_winds(seated: IntSessions, counts: list[list[int]], played: Sequence[int],
                  rng: random.Random, stop: Callable[[], bool]) -> None:
    """Seat swaps for the players out of range at the end (`_swap_seats`)."""
    seats_of = _seats_of(seated)

    def delta(table: list[int], i: int, j: int) -> int:
        return _swap_delta(counts, played, table[i], i, table[j], j)

    def swap(table: list[int], i: int, j: int) -> None:
        p, q = table[i], table[j]
        counts[p][i] -= 1
        counts[p][j] += 1
        counts[q][j] -= 1
        counts[q][i] += 1
        table[i], table[j] = q, p

    _swap_seats(seats_of, _ChoiceSet(p for p in seats_of if violation(counts[p], played[p])),
                delta, swap, lambda p: violation(counts[p], played[p]) > 0, rng, stop,
                _WIND_STALL)


def _seats_of(seated: IntSessions) -> dict[int, list[list[int]]]:
    """Each player's tables, in the order played."""
    seats_of: dict[int, list[list[int]]] = {}
    for session in seated:
        for table in session:
            for p in table:
                seats_of.setdefault(p, []).append(table)
    return seats_of


def _swap_seats(seats_of: dict[int, list[list[int]]], troubled: _ChoiceSet[int],
                delta: Callable[[list[int], int, int], int],
                swap: Callable[[list[int], int, int], None], still: Callable[[int], bool],
                rng: random.Random, stop: Callable[[], bool], stall: int) -> None:
    """Min-conflicts seat swaps inside one table: a troubled player at random takes the
    best move (`delta` of exchanging seats i and j of a table, sideways moves allowed) at one
    of his tables, until nobody is troubled (`still`) or `stall` steps bring nothing better.
    Only moves that cost nothing are taken, so a step with a gain is a new best."""
    since = 0
    for _ in range(_WIND_STEPS):
        if stop() or not troubled or since > stall:
            return
        since += 1
        p = troubled.choice(rng)
        moves: list[tuple[list[int], int, int]] = []
        best = 0
        for table in seats_of[p]:
            i = table.index(p)
            for j in range(len(table)):
                if j == i:
                    continue
                change = delta(table, i, j)
                if change < best:
                    moves, best = [(table, i, j)], change
                elif change == best:
                    moves.append((table, i, j))
        if moves:
            table, i, j = rng.choice(moves)
            swap(table, i, j)
            for moved in (table[i], table[j]):
                troubled.mark(moved, still(moved))
            if best < 0:
                since = 0


class _ChoiceSet(Generic[_Item]):
    """The items still in trouble (players whose winds are out of range, tables with a
    revisit), kept up to date move by move and drawn from uniformly. A move touches a few
    items only, and re-reading them all each step made the repairs take seconds: the winds
    after a cut (where history can leave balance out of reach, so every step runs), the tables
    whenever there are more sessions than tables."""

    def __init__(self, items: Iterable[_Item]) -> None:
        self._order: list[_Item] = list(items)
        self._where = {item: i for i, item in enumerate(self._order)}

    def __bool__(self) -> bool:
        return bool(self._order)

    def choice(self, rng: random.Random) -> _Item:
        return rng.choice(self._order)

    def items(self) -> list[_Item]:
        return list(self._order)

    def mark(self, item: _Item, troubled: bool) -> None:
        if troubled and item not in self._where:
            self._where[item] = len(self._order)
            self._order.append(item)
        elif not troubled and item in self._where:
            i = self._where.pop(item)
            last = self._order.pop()
            if last != item:
                self._order[i] = last
                self._where[last] = i


def _swap_delta(counts: list[list[int]], played: Sequence[int], p: int, i: int, q: int,
                j: int) -> int:
    before = violation(counts[p], played[p]) + violation(counts[q], played[q])
    moved_p = list(counts[p])
    moved_p[i] -= 1
    moved_p[j] += 1
    moved_q = list(counts[q])
    moved_q[j] -= 1
    moved_q[i] += 1
    return violation(moved_p, played[p]) + violation(moved_q, played[q]) - before
