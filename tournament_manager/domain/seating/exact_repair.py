"""An exact answer, for a small field after history, to "can the rest go without a repeat?".

The search repairs a plan move by move and stops in local minima: after withdrawals in
fields of an everyday size it left repeats where none were needed (20 x 6, one withdrawn
after session 2: two excess meetings in 20 s, where a repair with none exists), and it
spent its whole time looking for a repair that does not exist (16 x 4, two withdrawn after
session 1, 18 s for six excess meetings). Asked as a constraint problem over who meets
whom, CP-SAT settles many such cases in a second or two either way: it returns a repair
without a repeat, or proves that none exists, which raises the draw's lower bound to one.

The model (the offline `tools/seating_search/pair_sat.py` has it as CNF): y[p, q, s] says
that p and q share a table in remaining session s, only for pairs that have not met; a
player seated has exactly three partners and none when he sits out; partners are closed
under "at the same table", so every session falls into tables of four without table
numbers to choose; each pair meets at most once; the byes go in turn (nobody sits out while
a player seated has missed fewer sessions, `rotation`). Club mates may meet (repeats come
first, as the spec orders them); where there are any, the model seats the fewest together.

Twins, players who met each other and stand alike to everyone else (after one session, the
players of a table), are interchangeable in any answer: the model seats them in order in
its first session (`_twins_in_order`), which leaves the solver one answer of each class of
renamings to look at instead of up to 4! per table. Measured on 2026-12-06 with a work limit
of 30, one random deal each: 20 x 6 less one after session 1 found in 3.4 s (not settled in
11 s without the ordering), 24 x 6 less two from a table after session 1 in 8.7 s (not in
12 s); after two sessions there are no twins and nothing changes.

Only small questions are asked (`fits`): beyond them CP-SAT rarely settles in its work
limit, and the time is the search's. One worker, a seed and a deterministic work limit keep
the answer reproducible wherever the limit comes before the deadline (`cp_sat`).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from tournament_manager.domain.seating.control import Budget
from tournament_manager.domain.seating.cp_sat import Outcome, solve_outcome
from tournament_manager.domain.seating.pairs import IntSession, IntSessions, MeetingCounts
from tournament_manager.domain.seating.repair_library import clean_repair

if TYPE_CHECKING:
    from ortools.sat.python import cp_model

MOST_PAIR_SESSIONS = 1000
"""The largest model asked: pairs of players times sessions. The survey of everyday
withdrawals (`bench_seating.py --everyday-withdrawals`, 2026-12-06) had every model it
settled at 702 or less (20 x 6 less one after session 2: 684, found; the proofs at 702 or
less), and none above 1,000, where the time it took cost the search: 28 x 7 less two after
session 1 (1,950) came to one excess meeting where the search alone, with all the time,
reaches none; 28 x 8 less three after 1 to 13 from 11."""

WORK_LIMIT = 15.0
"""CP-SAT's deterministic time for one question (up to about ten seconds on this machine):
20 x 6 less one after session 2 took 1.3 to 8.9 s to answer yes over six seeds, 24 x 6 less
three after session 3 1.9 to 3.4 s to answer no, 16 x 4 less two after session 1 0.1 s."""


@dataclass(frozen=True)
class ExactAnswer:
    """`sessions` without a repeat; or `impossible`, proved; or neither (not settled)."""

    sessions: IntSessions | None = None
    impossible: bool = False


def fits(players: int, sessions: int) -> bool:
    """Whether a field is small enough to ask."""
    return 4 <= players and players * (players - 1) // 2 * sessions <= MOST_PAIR_SESSIONS


def exact_repair(met: MeetingCounts, absences: Sequence[int], sessions: int, *,
                 forbidden: Collection[tuple[int, int]] = (), seed: int = 0,
                 budget: Budget, work_limit: float = WORK_LIMIT) -> ExactAnswer:
    """`sessions` more sessions for the players of `met` (the history's meetings, club
    mates' not counted) in which no pair meets that has met or meets twice, the byes going
    in turn after `absences`; with `forbidden` pairs, the fewest of them together."""
    blocks = twin_blocks(met, absences, forbidden)
    order = [p for block in blocks for p in block]
    runs, start = [], 0
    for block in blocks:
        runs.append(range(start, start + len(block)))
        start += len(block)
    name = {old: new for new, old in enumerate(order)}
    renamed = MeetingCounts(met.n)
    for p, q in itertools.combinations(range(met.n), 2):
        if met.get(p, q):
            renamed.add_table((name[p], name[q]))
    answer = _ask(renamed, [absences[old] for old in order], sessions,
                  {(min(name[p], name[q]), max(name[p], name[q])) for p, q in forbidden},
                  runs, seed, budget, work_limit)
    if answer.sessions is None:
        return answer
    found = [[[order[p] for p in table] for table in session] for session in answer.sessions]
    return ExactAnswer(found if clean_repair(found, met, absences) else None)


def twin_blocks(met: MeetingCounts, absences: Sequence[int],
                forbidden: Collection[tuple[int, int]]) -> list[list[int]]:
    """The players in classes of twins, each class in increasing order and the classes in
    the order of their lowest: twins met each other, and have met, are club mates of and
    have missed sessions with everyone else alike, so swapping two of them changes nothing
    the question asks. After one session, the tables of the history are such classes."""
    club = {(min(p, q), max(p, q)) for p, q in forbidden}

    def twins(a: int, b: int) -> bool:
        if not met.get(a, b) or absences[a] != absences[b]:
            return False
        return all(bool(met.get(a, c)) == bool(met.get(b, c)) and
                   ((min(a, c), max(a, c)) in club) == ((min(b, c), max(b, c)) in club)
                   for c in range(met.n) if c not in (a, b))

    blocks: list[list[int]] = []
    for p in range(met.n):  # a swap of twins composed with another is one: a class test
        block = next((block for block in blocks if twins(block[0], p)), None)
        if block is None:
            blocks.append([p])
        else:
            block.append(p)
    return blocks


def _ask(met: MeetingCounts, absences: Sequence[int], sessions: int,
         forbidden: Collection[tuple[int, int]], blocks: Sequence[range], seed: int,
         budget: Budget, work_limit: float) -> ExactAnswer:
    """The question of `exact_repair` for players numbered so that twins are consecutive
    (`blocks`); the answer in those numbers, not checked."""
    from ortools.sat.python import cp_model

    n = met.n
    byes = n % 4
    model = cp_model.CpModel()
    fresh = [(p, q) for p, q in itertools.combinations(range(n), 2) if not met.get(p, q)]
    allowed = set(fresh)
    y = {(p, q, s): model.new_bool_var(f"y{p}_{q}_{s}") for p, q in fresh
         for s in range(sessions)}
    out = {(p, s): model.new_bool_var(f"out{p}_{s}") for p in range(n)
           for s in range(sessions)} if byes else {}

    def meets(p: int, q: int, s: int) -> cp_model.IntVar | None:
        return y.get((min(p, q), max(p, q), s))

    for s in range(sessions):
        if byes:
            model.add(sum(out[p, s] for p in range(n)) == byes)
        for p in range(n):
            partners = [v for q in range(n) if q != p and (v := meets(p, q, s)) is not None]
            seated = 3 - 3 * out[p, s] if byes else 3
            model.add(sum(partners) == seated)
        for q in range(n):
            around = [p for p in range(n) if p != q and (min(p, q), max(p, q)) in allowed]
            for p, r in itertools.combinations(around, 2):
                pq, qr, pr = meets(p, q, s), meets(q, r, s), meets(p, r, s)
                assert pq is not None and qr is not None
                model.add_bool_or([~pq, ~qr] + ([pr] if pr is not None else []))
    for p, q in fresh:
        model.add_at_most_one(y[p, q, s] for s in range(sessions))
    first = 0
    if sessions and any(len(block) > 1 for block in blocks):
        first = 1  # session 0 is ordered by the twins, the sessions after it by the byes
        for block in blocks:
            for a, b in itertools.pairwise(block):
                _twins_in_order(model, meets, out, a, b)
    for p in range(n):  # implied: a player plays no more sessions than his unmet allow
        unmet = sum(1 for q in range(n) if q != p and (min(p, q), max(p, q)) in allowed)
        if unmet < 3 * sessions:
            if not byes:
                return ExactAnswer(impossible=True)
            model.add(sum(out[p, s] for s in range(sessions)) >= sessions - unmet // 3)
        elif unmet == 3 * sessions:  # seated throughout, he meets every one he has not met
            seated_throughout = [~out[p, s] for s in range(sessions)] if byes else []
            for q in range(n):
                if q != p and (min(p, q), max(p, q)) in allowed:
                    pair = (min(p, q), max(p, q))
                    model.add_bool_or([y[*pair, s] for s in range(sessions)]
                                      ).only_enforce_if(seated_throughout)
    if byes and len(set(absences)) == 1:
        # From level ground the turns keep everyone's byes within one of each other, and
        # where there are no more byes than players, they are "nobody out twice", in any
        # session order: the lowest player out rises session by session.
        most = -(-byes * sessions // n)
        for p in range(n):
            model.add(sum(out[p, s] for s in range(sessions)) <= most)
        if most == 1:
            for s in range(first, sessions - 1):
                for b in range(n):
                    model.add_bool_or([~out[b, s + 1]] + [out[a, s] for a in range(b)])
        else:
            _byes_in_turn(model, out, absences, n, sessions)
    elif byes:
        _byes_in_turn(model, out, absences, n, sessions)
    club = [y[p, q, s] for p, q in forbidden if (p, q) in allowed for s in range(sessions)]
    if club:
        model.minimize(sum(club))
    outcome, solver = solve_outcome(model, seed=seed, budget=budget, work_limit=work_limit,
                                    pure_sat=True)
    if outcome is Outcome.INFEASIBLE:
        return ExactAnswer(impossible=True)
    if solver is None:
        return ExactAnswer()
    together = {key for key, var in y.items() if solver.boolean_value(var)}
    return ExactAnswer([_tables(n, s, together) for s in range(sessions)])


def _twins_in_order(model: cp_model.CpModel,
                    meets: Callable[[int, int, int], cp_model.IntVar | None],
                    out: dict[tuple[int, int], cp_model.IntVar], a: int, b: int) -> None:
    """In session 0, twins a < b sit in the order of their tables' lowest players, b out if
    a is. Any seating can be renamed so, class by class in increasing numbers: twins never
    share a table (they met), so a table's lowest player is of an earlier class, a name
    the renaming leaves alone, or is the twin himself; the class's lowest numbers go to
    those at tables led from earlier classes, in those leaders' order, then to those who
    lead their own, then to those out. `tools/seating_search/pair_sat.py` has it as CNF."""
    if out:
        model.add_implication(out[a, 0], out[b, 0])
    for q in range(a):
        if (qb := meets(q, b, 0)) is not None:
            model.add_bool_or([~qb] + [v for r in range(q) if (v := meets(r, a, 0)) is not None])


def _byes_in_turn(model: cp_model.CpModel, out: dict[tuple[int, int], cp_model.IntVar],
                  absences: Sequence[int], n: int, sessions: int) -> None:
    """Nobody sits out in a session while someone seated has missed fewer sessions."""
    for s in range(sessions):
        missed = [absences[p] + sum(out[p, e] for e in range(s)) for p in range(n)]
        for p, q in itertools.permutations(range(n), 2):
            model.add(missed[p] <= missed[q]).only_enforce_if([out[p, s], ~out[q, s]])


def _tables(n: int, s: int, together: Collection[tuple[int, int, int]]) -> IntSession:
    """Session `s`'s tables from who shares a table with whom in it."""
    tables: IntSession = []
    placed: set[int] = set()
    for p in range(n):
        if p not in placed:
            table = [p] + [q for q in range(p + 1, n) if (p, q, s) in together]
            if len(table) > 1:
                tables.append(table)
                placed.update(table)
    return tables
