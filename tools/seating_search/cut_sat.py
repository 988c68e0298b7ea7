"""Bound the draw after a cut exactly with a SAT solver (offline tool).

`benchmarks/bench_seating.py --cuts` plans the sessions after a cut for the players kept,
with the sessions before it as history, and counts the excess meetings of the whole event.
The live draw stops at its count of swaps (as long as its time limit) with some excess;
whether fewer can exist is a question for an exact model, and a finished "no" is a lower
bound worth recording beside the count.

The model: x[p, s, t] seats kept player p at table t of after-session s (exactly one table
each, four players a table; player p at a table no higher than p, since tables are
interchangeable). z[p, q, s] is true when p and q share a table in s. A meeting counts as
excess when the pair met before the cut, or met in an earlier after-session; at most K of
them (`--excess K`) are allowed. UNSAT at K proves the draw after the cut repeats at least
K + 1 times, over the meetings it adds (the history's own repeats, if any, come on top).

    .venv/bin/python tools/seating_search/cut_sat.py --case 48,5,24,4 --excess 1

By default the question goes to `pair_sat.PairModel` (who meets whom); `--model tables`
asks it in the table model below.

The case is the benchmark's (players, sessions before, players kept, sessions after),
rebuilt as `benchmarks.bench_seating.cut_field` builds it. Run it with the development venv
after `.venv/bin/pip install python-sat` (the application does not need it).
"""

from __future__ import annotations

import argparse
import itertools
import sys
import time
from pathlib import Path

from pysat.card import CardEnc, EncType
from pysat.formula import IDPool
from pysat.solvers import Solver

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from benchmarks.bench_seating import cut_field
from tools.seating_search.pair_sat import PairModel
from tools.seating_search.sat_excess import excess_clauses


def clauses(kept: int, after: int, met: set[tuple[int, int]],
            excess: int) -> tuple[list[list[int]], IDPool]:
    """The CNF for `kept` players (0..kept-1) over `after` sessions, `met` the pairs that met
    before, at most `excess` excess meetings."""
    pool = IDPool()
    cnf: list[list[int]] = []
    tables = kept // 4

    def x(p: int, s: int, t: int) -> int:
        return pool.id(("x", p, s, t))

    def z(p: int, q: int, s: int) -> int:
        return pool.id(("z", p, q, s))

    for s in range(after):
        for p in range(kept):
            cnf += CardEnc.equals([x(p, s, t) for t in range(tables)], 1, vpool=pool,
                                  encoding=EncType.seqcounter).clauses
            cnf += [[-x(p, s, t)] for t in range(p + 1, tables)]
        for t in range(tables):
            cnf += CardEnc.equals([x(p, s, t) for p in range(kept)], 4, vpool=pool,
                                  encoding=EncType.seqcounter).clauses
        for p, q in itertools.combinations(range(kept), 2):
            for t in range(tables):
                cnf.append([-x(p, s, t), -x(q, s, t), z(p, q, s)])
                cnf.append([-z(p, q, s), -x(p, s, t), x(q, s, t)])
    cnf += excess_clauses(pool, kept, after, met, excess, z)
    return cnf, pool


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--case", required=True,
                        help="players,sessions before,players kept,sessions after")
    parser.add_argument("--excess", type=int, required=True)
    parser.add_argument("--model", choices=("pairs", "tables"), default="pairs",
                        help="who meets whom (`pair_sat.py`, the faster) or who sits where")
    parser.add_argument("--solver", default="cadical195")
    args = parser.parse_args()
    players, before, kept, after = (int(v) for v in args.case.split(","))
    history, survivors = cut_field((players, before, kept, after), 20.0)
    index = {p: i for i, p in enumerate(survivors)}
    met = {pair for session in history for table in session.tables
           for pair in itertools.combinations(sorted(index[p] for p in table.seats
                                                     if p in index), 2)}
    started = time.monotonic()
    if args.model == "pairs":
        cnf = PairModel(kept, after, met, args.excess, most_out=0).cnf
    else:
        cnf, _ = clauses(kept, after, met, args.excess)
    with Solver(name=args.solver, bootstrap_with=cnf) as solver:
        found = solver.solve()
    print(f"{args.case} at most {args.excess} excess: {'SAT' if found else 'UNSAT'} "
          f"in {time.monotonic() - started:.1f} s")


if __name__ == "__main__":
    main()
