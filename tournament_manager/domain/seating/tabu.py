"""Tabu search over the sessions still to be drawn, with restarts from the best schedule.

The neighbourhood is Dotú and Van Hentenryck's: every swap of a player who is in a conflict
(shares his table with someone he meets more than once, or with a forbidden partner) with a
player of another table in the same session; the best allowed swap is made even when it
makes things worse, which is what lets tabu search leave the plateaus where plain annealing
stalls near the bound. Swapped players are tabu in that session for a random
tenure, a tabu move is allowed when it beats the best cost, and a long stall restarts from
the best schedule with a random perturbation. Earlier (played) sessions only enter through
the meeting counts, which is how the same search repairs a plan from real history.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

from tournament_manager.domain.seating.control import Budget, Stage
from tournament_manager.domain.seating.pairs import IntSessions, MeetingCounts, pair_cost

_TENURE = (2, 8)
_STALL_ITERATIONS = 5000
_PERTURBATION_SWAPS = 6
_CHECK_EVERY = 64
SAMPLED_SWAPS = 5_000
"""About how many swaps a draw after history weighs each iteration where its conflicted
players would give more (`tabu_search`'s `sample`): that many swaps' worth of conflicted
players, drawn at random. Weighing every one is the textbook neighbourhood, and a fresh
draw keeps it (its figures were measured with it); but a repair of a big field starts with
hundreds of conflicts, and weighing each against every other player of its session took a
quarter of a second an iteration: 76 iterations in a 20 s draw of 160 players for 30
sessions with countries, which left 79 and 91 excess meetings in the plan (two seeds).
Thirty-two conflicted players an iteration (5,000 swaps at 160 players) reached 15 and 16
(sixteen: 10 and 21; 64: 27; 8: 15; 4: 58), and 172 x 40 less 12 after 10 reaches none
in 4 s instead of 11. Fields whose whole neighbourhood is smaller are searched as before
(most below a hundred players)."""


class _State:
    """Sessions, each player's table per session, and the meeting counts they imply."""

    def __init__(self, sessions: IntSessions, counts: MeetingCounts,
                 absences: Sequence[int] | None = None) -> None:
        self.sessions = sessions
        self.counts = counts
        self.n = counts.n
        self.where: list[list[int]] = []
        self.out: list[list[int]] = []
        """Per session, the players it does not seat (byes)."""
        for session in sessions:
            where = [-1] * self.n
            for index, table in enumerate(session):
                for p in table:
                    where[p] = index
            self.where.append(where)
            self.out.append([p for p in range(self.n) if where[p] < 0])
        self.byes: list[int] | None = None
        """Each player's sessions missed, history and these sessions together, where byes
        may move (`absences` given): a seated player may change places with one sitting
        out who has missed exactly one session more, which keeps everyone's count."""
        self.before: list[list[int]] = []
        """Where byes may move: per session, each player's sessions missed before it (the
        rotation's counts, `rotation.first_unfair_session`)."""
        self._lowest_seated: list[float] = []
        self._highest_out: list[float] = []
        if absences is not None and any(self.out):
            self.byes = list(absences)
            for out in self.out:
                self.before.append(list(self.byes))
                for p in out:
                    self.byes[p] += 1
            self._bounds()
        horizon = max(counts.flat, default=0) + len(sessions) + 2
        costs = [pair_cost(m) for m in range(horizon + 1)]
        self.gain_leave = [0] + [costs[m - 1] - costs[m] for m in range(1, horizon)]
        self.gain_join = [costs[m + 1] - costs[m] for m in range(horizon)]
        self.cost = counts.total_cost()

    def conflicted(self) -> list[tuple[int, int]]:
        n, flat = self.n, self.counts.flat
        found = []
        for s, session in enumerate(self.sessions):
            for table in session:
                for p in table:
                    base = p * n
                    if any(flat[base + x] > 1 for x in table if x != p):
                        found.append((s, p))
        return found

    def delta(self, s: int, p: int, q: int) -> int:
        """The change of cost if seated p and q exchange places in session s (q may be
        sitting out: then he takes p's chair and p sits out)."""
        n, flat = self.n, self.counts.flat
        leave, join = self.gain_leave, self.gain_join
        table_p = self.sessions[s][self.where[s][p]]
        bp, bq = p * n, q * n
        total = 0
        for x in table_p:
            if x != p:
                total += leave[flat[bp + x]] + join[flat[bq + x]]
        if self.where[s][q] < 0:
            return total
        for y in self.sessions[s][self.where[s][q]]:
            if y != q:
                total += leave[flat[bq + y]] + join[flat[bp + y]]
        return total

    def swap(self, s: int, p: int, q: int, delta: int) -> None:
        where = self.where[s]
        a, b = where[p], where[q]
        if b < 0:
            self._take_chair(s, p, q, delta)
            return
        table_a, table_b = self.sessions[s][a], self.sessions[s][b]
        self.counts.add_table(table_a, -1)
        self.counts.add_table(table_b, -1)
        table_a[table_a.index(p)] = q
        table_b[table_b.index(q)] = p
        where[p], where[q] = b, a
        self.counts.add_table(table_a)
        self.counts.add_table(table_b)
        self.cost += delta

    def _take_chair(self, s: int, p: int, q: int, delta: int) -> None:
        """q, sitting out session s, takes seated p's chair; p sits out instead."""
        where, out = self.where[s], self.out[s]
        table = self.sessions[s][where[p]]
        self.counts.add_table(table, -1)
        table[table.index(p)] = q
        self.counts.add_table(table)
        out[out.index(q)] = p
        where[q], where[p] = where[p], -1
        if self.byes is not None:
            self.byes[p] += 1
            self.byes[q] -= 1
            for before in self.before[s + 1:]:
                before[p] += 1
                before[q] -= 1
            self._bounds()
        self.cost += delta

    def _bounds(self) -> None:
        """Per session, the fewest sessions missed by a player it seats and the most by one
        it leaves out, before it: what `_keeps_rotation` compares a passed bye with."""
        self._lowest_seated, self._highest_out = [], []
        for before, where in zip(self.before, self.where, strict=True):
            seated = [before[p] for p in range(self.n) if where[p] >= 0]
            out = [before[p] for p in range(self.n) if where[p] < 0]
            self._lowest_seated.append(min(seated, default=math.inf))
            self._highest_out.append(max(out, default=-math.inf))

    def _keeps_rotation(self, s: int, p: int, q: int) -> bool:
        """Whether q, sitting out session s, may take seated p's chair without anyone sitting
        out, in s or a later session, while a player seated there has missed fewer sessions.
        Only p's and q's counts change (p's up by one after s, q's down), so it is enough to
        compare them with each session's bounds: O(sessions), not O(sessions x players)."""
        before = self.before[s]
        if before[p] > self._lowest_seated[s] or before[p] > before[q]:
            return False  # p would sit out ahead of someone who has missed fewer
        if self._highest_out[s] > before[q]:
            return False  # q would play while someone who has missed more sits out
        for t in range(s + 1, len(self.sessions)):
            counts, where = self.before[t], self.where[t]
            p_out, q_seated = where[p] < 0, where[q] >= 0
            if p_out and (counts[p] + 1 > self._lowest_seated[t]
                          or (q_seated and counts[p] + 1 > counts[q] - 1)):
                return False
            if q_seated and self._highest_out[t] > counts[q] - 1:
                return False
        return True

    def sitting_out_for(self, s: int, p: int) -> list[int]:
        """Who may take seated p's chair in session s without making the byes less fair:
        those who have missed exactly one session more than p (the counts trade places),
        where the rotation holds in s and every later session after the pass."""
        if self.byes is None:
            return []
        wanted = self.byes[p] + 1
        return [q for q in self.out[s]
                if self.byes[q] == wanted and self._keeps_rotation(s, p, q)]


def _snapshot(sessions: IntSessions) -> IntSessions:
    return [[list(table) for table in session] for session in sessions]


def tabu_search(sessions: IntSessions, counts: MeetingCounts, *, target: int,
                rng: random.Random, budget: Budget, max_iterations: int | None = None,
                max_evaluations: int | None = None,
                absences: Sequence[int] | None = None,
                sample: int | None = None) -> tuple[IntSessions, int]:
    """Improve `sessions` in place of a copy; return the best sessions found and their cost.

    `counts` must already include the sessions themselves plus any fixed meetings (history,
    forbidden pairs counted as one meeting). Stops at `target`, after `max_iterations` or
    once about `max_evaluations` swaps have been weighed (either keeps a short phase
    reproducible: a count, unlike a clock, is the same on every machine; the second keeps
    it short on a big field, where one iteration weighs a hundred thousand swaps), on
    time-out or on cancellation. With a `sample`, each iteration's scan of every seat for
    conflicts counts too, a seat as a swap: it is most of an iteration's work where the
    sessions are many (172 x 52 less six after session 10: 0.85 million swaps weighed a
    second when they alone were counted, 28 x 8 less three after session 1: 1.3 million),
    and a count meant to end within a time limit must follow the time taken. Where sessions
    leave players out and `absences` (sessions each player missed before these) is given, a
    bye may pass between two players whose counts of sessions missed it exchanges
    (`_State.sitting_out_for`). `sample`: weigh about that many swaps an iteration at most,
    the conflicted players whose swaps are weighed drawn at random (see `SAMPLED_SWAPS`);
    None weighs every conflicted player's.
    """
    state = _State(_snapshot(sessions), counts.copy(), absences)
    best, best_cost = _snapshot(state.sessions), state.cost
    tabu_until: dict[tuple[int, int], int] = {}
    iteration = last_improvement = evaluations = 0
    others = sum(len(table) for table in sessions[0]) - 4 if sessions else 0
    scanned = sum(len(table) for session in sessions for table in session) if sample else 0
    while best_cost > target and iteration != max_iterations:
        if max_evaluations is not None and evaluations >= max_evaluations:
            break
        iteration += 1
        # An iteration can take ten milliseconds on a big field: the cancel is polled on
        # every one, so the window's Cancel answers at once; progress only now and then.
        if budget.exhausted():
            break
        if iteration % _CHECK_EVERY == 0:
            budget.report(Stage.LOCAL_SEARCH, best_cost)
        conflicts = state.conflicted()
        if not conflicts:
            break
        if sample is not None and len(conflicts) * others > sample:
            conflicts = rng.sample(conflicts, max(1, sample // others))
        evaluations += len(conflicts) * others + scanned
        moves, best_delta = _best_moves(state, conflicts, tabu_until, iteration, best_cost)
        if moves:
            s, p, q = rng.choice(moves)
            state.swap(s, p, q, best_delta)
            tabu_until[s, p] = tabu_until[s, q] = iteration + rng.randint(*_TENURE)
        if state.cost < best_cost:
            best, best_cost, last_improvement = _snapshot(state.sessions), state.cost, iteration
        elif iteration - last_improvement > _STALL_ITERATIONS:
            state = _State(_snapshot(best), _counts_for(best, counts, sessions), absences)
            _perturb(state, rng)
            tabu_until.clear()
            last_improvement = iteration
    return best, best_cost


def _best_moves(state: _State, conflicts: list[tuple[int, int]],
                tabu_until: dict[tuple[int, int], int], iteration: int,
                best_cost: int) -> tuple[list[tuple[int, int, int]], int]:
    """All equally best allowed swaps (session, conflicted player, partner) and their delta."""
    moves: list[tuple[int, int, int]] = []
    best_delta = 0
    for s, p in conflicts:
        home = state.sessions[s][state.where[s][p]]
        p_tabu = tabu_until.get((s, p), 0) >= iteration
        tables = state.sessions[s]
        if state.byes is not None:
            tables = [*tables, state.sitting_out_for(s, p)]
        for table in tables:
            if table is home:
                continue
            for q in table:
                delta = state.delta(s, p, q)
                tabu = p_tabu or tabu_until.get((s, q), 0) >= iteration
                if tabu and state.cost + delta >= best_cost:
                    continue
                if not moves or delta < best_delta:
                    moves, best_delta = [(s, p, q)], delta
                elif delta == best_delta:
                    moves.append((s, p, q))
    return moves, best_delta


def _counts_for(target_sessions: IntSessions, counts: MeetingCounts,
                original: IntSessions) -> MeetingCounts:
    """Counts with `original` sessions replaced by `target_sessions` (fixed meetings kept)."""
    rebuilt = counts.copy()
    for session in original:
        for table in session:
            rebuilt.add_table(table, -1)
    rebuilt.add_sessions(target_sessions)
    return rebuilt


def _perturb(state: _State, rng: random.Random) -> None:
    for _ in range(_PERTURBATION_SWAPS):
        s = rng.randrange(len(state.sessions))
        session = state.sessions[s]
        if len(session) < 2:
            return
        a, b = rng.sample(range(len(session)), 2)
        p, q = rng.choice(session[a]), rng.choice(session[b])
        state.swap(s, p, q, state.delta(s, p, q))
