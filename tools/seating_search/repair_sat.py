"""Decide exactly whether a repair after withdrawals can keep K excess meetings (offline tool).

`benchmarks/bench_seating.py --withdrawals` plans N x R, keeps its first sessions as history,
withdraws some players and repairs the rest of the plan for those left (`repair_plan`); it
counts the excess meetings of the whole event. Where the repair's own bound is 0 and the
count is not, whether the remaining schedule allows none is the goal's open question; this
asks a SAT solver.

The model: x[p, s, t] seats player p at table t of remaining session s (at most one table a
session, four players a table, player p at a table no higher than p since tables are
interchangeable). With byes, nobody sits out more often than `--most-out` (default: the
fewest that the byes allow, ceil(byes / players)). z[p, q, s] is implied when p and q share
a table in s. A meeting counts as excess when the pair met in the history, or met in an
earlier remaining session; at most K of them (`--excess K`). UNSAT at K proves that any
repair of the case repeats at least K + 1 times on top of the history's own repeats.

    .venv/bin/python tools/seating_search/repair_sat.py --case 32,10,3,2,0 --excess 0

By default the question goes to `pair_sat.PairModel` (who meets whom), far faster on every
case measured; `--model tables` asks it in the table model below. A seating found is
checked against the history before it is believed or written.

The case is the benchmark's (players, sessions, sessions played, players withdrawn, late
entries), rebuilt as `benchmarks.bench_seating.measure_repair` builds it (late entries are
not modelled: with them the repair keeps the plan, see `planner._stand_ins`). Run it with
the development venv after `.venv/bin/pip install python-sat` (the application does not
need it). `--write FILE` saves a schedule found, one session a line, as Python literals.

After one session, `--entry` adds a repair found without a repeat to the draw's shipped
repairs (`domain/seating/repair_library.py`: every history of one session is the same up
to the players' numbers), and `--first-session N,R --lost 1[,1...]` asks the question of
the library's own numbering of that history instead of a benchmark case's:

    .venv/bin/python tools/seating_search/repair_sat.py --case 20,6,1,1,0 --excess 0 --entry
"""

from __future__ import annotations

import argparse
import itertools
import random
import sys
import time
from collections.abc import Collection
from pathlib import Path

from pysat.card import CardEnc, EncType
from pysat.formula import IDPool
from pysat.solvers import Solver

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tools.seating_search.pair_sat import PairModel
from tools.seating_search.repair_entries import add_entry, added_excess, first_session_history
from tools.seating_search.sat_excess import excess_clauses
from tournament_manager.domain.seating.pairs import MeetingCounts
from tournament_manager.domain.seating.planner import plan_schedule
from tournament_manager.domain.seating.shortfall import forced_repeats


def clauses(players: int, sessions: int, met: set[tuple[int, int]], excess: int,
            most_out: int) -> tuple[list[list[int]], IDPool]:
    """The CNF for `players` (0..players-1) over `sessions`, `met` the pairs that met in the
    history, at most `excess` excess meetings, nobody out more than `most_out` times."""
    pool = IDPool()
    cnf: list[list[int]] = []
    tables = players // 4
    byes = players % 4

    def x(p: int, s: int, t: int) -> int:
        return pool.id(("x", p, s, t))

    def z(p: int, q: int, s: int) -> int:
        return pool.id(("z", p, q, s))

    def seated(p: int, s: int) -> list[int]:
        return [x(p, s, t) for t in range(min(p + 1, tables))]

    for s in range(sessions):
        for p in range(players):
            cnf += [[-x(p, s, t)] for t in range(p + 1, tables)]
            if byes:
                cnf += CardEnc.atmost(seated(p, s), 1, vpool=pool,
                                      encoding=EncType.seqcounter).clauses
            else:
                cnf += CardEnc.equals(seated(p, s), 1, vpool=pool,
                                      encoding=EncType.seqcounter).clauses
        for t in range(tables):
            cnf += CardEnc.equals([x(p, s, t) for p in range(t, players)], 4, vpool=pool,
                                  encoding=EncType.seqcounter).clauses
        for p, q in itertools.combinations(range(players), 2):
            for t in range(min(p + 1, tables)):
                cnf.append([-x(p, s, t), -x(q, s, t), z(p, q, s)])
    if byes:
        for p in range(players):
            out = []
            for s in range(sessions):
                away = pool.id(("out", p, s))
                cnf.append([away] + seated(p, s))
                out.append(away)
            cnf += CardEnc.atmost(out, most_out, vpool=pool, encoding=EncType.seqcounter).clauses
            # Implied, but a solver finds it hard: without a repeat, p plays no more sessions
            # than a third of the players he has not met yet allows.
            unmet = players - 1 - sum((min(p, q), max(p, q)) in met for q in range(players))
            plays = min(sessions, (unmet + excess) // 3)
            if plays < sessions:
                cnf += CardEnc.atleast(out, sessions - plays, vpool=pool,
                                       encoding=EncType.seqcounter).clauses
    cnf += excess_clauses(pool, players, sessions, met, excess, z)
    return cnf, pool


def case_history(players: int, sessions: int, played: int,
                 withdrawn: int) -> tuple[set[tuple[int, int]], list[int]]:
    """The pairs of those left that met in the case's history, and those left (renumbered
    0.. in this order)."""
    plan = plan_schedule(list(range(players)), sessions, seed=0, time_limit=20.0).schedule
    left = list(range(withdrawn, players))
    index = {p: i for i, p in enumerate(left)}
    met = {pair for session in plan.sessions[:played] for table in session.tables
           for pair in itertools.combinations(sorted(index[p] for p in table.seats
                                                     if p in index), 2)}
    return met, left


def shuffled(met: set[tuple[int, int]], left: list[int],
             seed: int) -> tuple[set[tuple[int, int]], list[int]]:
    """The same history with those left renumbered by a random permutation (`left` keeps
    naming each new number's original player, as `--write` reports them)."""
    order = list(range(len(left)))
    random.Random(seed).shuffle(order)
    new = {old: i for i, old in enumerate(order)}
    return ({(min(new[p], new[q]), max(new[p], new[q])) for p, q in met},
            [left[old] for old in order])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--case",
                        help="players,sessions,sessions played,players withdrawn,late entries")
    parser.add_argument("--first-session", metavar="PLAYERS,SESSIONS",
                        help="instead of --case: the canonical history of `repair_library`, "
                             "one session of PLAYERS played, then players withdrawn from the "
                             "tables --lost says")
    parser.add_argument("--lost", default="1",
                        help="with --first-session: how many withdrew from each broken "
                             "table, e.g. 1 or 2 or 1,1")
    parser.add_argument("--entry", action="store_true",
                        help="one session played, --excess 0: add the repair found to the "
                             "shipped repairs (tournament_manager/domain/seating/repairs.json, "
                             "`repair_library`)")
    parser.add_argument("--excess", type=int,
                        help="at most this many (with --least: the first K tried; by default "
                             "the players' shortfalls, `shortfall.forced_repeats`)")
    parser.add_argument("--least", action="store_true",
                        help="try K = --excess, K + 1, ... until a repair is found")
    parser.add_argument("--most-out", type=int)
    parser.add_argument("--model", choices=("pairs", "tables"), default="pairs",
                        help="who meets whom (`pair_sat.py`, the faster) or who sits where")
    parser.add_argument("--no-twins", action="store_true",
                        help="without ordering the twins of session 0 (`PairModel._order_twins`)"
                             ", to measure what it saves")
    parser.add_argument("--solver", default="cadical195")
    parser.add_argument("--shuffle", type=int, metavar="SEED",
                        help="renumber the players at random (this seed) before asking: the "
                             "model's symmetry breaking follows the numbers and its running "
                             "time with them, so several runs with different seeds make a "
                             "portfolio")
    parser.add_argument("--write", type=Path)
    args = parser.parse_args()
    if args.first_session:
        players, sessions = (int(v) for v in args.first_session.split(","))
        played = 1
        met, left = first_session_history(players, [int(v) for v in args.lost.split(",")])
    elif args.case:
        players, sessions, played, withdrawn, late = (int(v) for v in args.case.split(","))
        if late:
            parser.error("late entries take the drop-outs' chairs: nothing to decide")
        met, left = case_history(players, sessions, played, withdrawn)
    else:
        parser.error("--case or --first-session")
    if args.shuffle is not None:
        met, left = shuffled(met, left, args.shuffle)
    if args.entry and not (played == 1 and args.excess == 0):
        parser.error("--entry needs one session played and --excess 0")
    remaining = sessions - played
    byes = len(left) % 4 * remaining
    most_out = args.most_out if args.most_out is not None else -(-byes // len(left))
    fixed = MeetingCounts(len(left))
    for p, q in met:
        fixed.add_table((p, q))
    excess = args.excess if args.excess is not None else (
        forced_repeats(fixed, remaining, [0] * len(left)) if args.least else 0)
    name = args.case or f"{args.first_session} less {args.lost} after 1"
    if args.shuffle is not None:
        name += f" (numbering {args.shuffle})"
    while True:
        started = time.monotonic()
        found = solve(args.model, args.solver, len(left), remaining, met, excess, most_out,
                      twins=not args.no_twins)
        seconds = time.monotonic() - started
        print(f"{name} at most {excess} excess: {'SAT' if found else 'UNSAT'} "
              f"in {seconds:.1f} s", flush=True)
        if found or not args.least:
            break
        excess += 1
    if found:
        assert added_excess(met, found) <= excess, "the solver's seating breaks the model"
        if args.entry:
            add_entry(len(left), met, found,
                      "tools/seating_search/repair_sat.py " + " ".join(sys.argv[1:]), seconds)
        if args.write:
            args.write.write_text("".join(repr([[left[p] for p in table] for table in session])
                                          + "\n" for session in found))


def solve(model: str, solver: str, players: int, sessions: int, met: set[tuple[int, int]],
          excess: int, most_out: int, *, twins: bool = True) -> list[list[list[int]]] | None:
    """The sessions of a seating with at most `excess` excess meetings, or None."""
    if model == "pairs":
        pairs = PairModel(players, sessions, met, excess, most_out, twins=twins)
        cnf, decode = pairs.cnf, pairs.tables
    else:
        cnf, pool = clauses(players, sessions, met, excess, most_out)

        def decode(true: Collection[int]) -> list[list[list[int]]]:
            chosen = set(true)
            return [[[p for p in range(players) if pool.id(("x", p, s, t)) in chosen]
                     for t in range(players // 4)] for s in range(sessions)]
    with Solver(name=solver, bootstrap_with=cnf) as sat:
        if not sat.solve():
            return None
        return decode([v for v in sat.get_model() or () if v > 0])


if __name__ == "__main__":
    main()
