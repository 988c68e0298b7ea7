"""Find a repair without a repeat after session 1 by search, given more time than a draw
has (offline tool), and ship it (`--entry`).

`repair_sat.py` asks a SAT solver, which settles the small cases and proves the impossible
ones, and stays undecided on some that a search reaches: 24 x 6 less three after session 1,
two from one table and one from another, was left undecided by SAT in 15 minutes, and the
draw's own repair reached no repeat in 16.1 s of its 20 s (`bench_seating.py
--first-session-withdrawals`, 2026-12-06), close enough to its limit that a slower machine
would not. Shipped in `repairs.json`, that repair no longer depends on the machine.

Two searches, in turn:

1. The draw's own, as the window runs it and the benchmark measures it
   (`bench_seating.measure_first_session_repair`): the seed-0 plan of the whole field, its
   first session played, the last seats of its first tables withdrawn as `--lost` says,
   the rest repaired by `repair_plan` with seeds `--seeds`, `--time-limit` each.
2. With `--polish SECONDS`, where the best of those still repeats: CP-SAT over who meets
   whom (the model of `exact_repair`, every pair allowed and each excess meeting counted),
   minimising the excess from the best seating as a hint, on `--workers` workers. Its
   large-neighbourhood workers change a few tables at a time, which is the move the draw's
   search lacks near a local minimum.

A seating reaching no repeat is checked against the history (`repair_entries.added_excess`)
and, with `--entry`, added to the shipped repairs after the check the draw makes on use:

    .venv/bin/python tools/seating_search/repair_search.py --first-session 24,6 --lost 2,1 \
        --seeds 1-8 --time-limit 60 --entry
"""

from __future__ import annotations

import argparse
import itertools
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tools.seating_search.repair_entries import Pair, add_entry, added_excess
from tournament_manager.domain.seating import Schedule, repair_plan
from tournament_manager.domain.seating.planner import plan_schedule

Seating = list[list[list[int]]]


def draw_search(players: int, sessions: int, lost: list[int], seed: int,
                time_limit: float) -> tuple[set[Pair], Seating]:
    """The history (pairs of those left, numbered 0..) and the draw's repair of the rest for
    `seed`, in the benchmark's way (`bench_seating.measure_first_session_repair`)."""
    plan = plan_schedule(list(range(players)), sessions, seed=0, time_limit=time_limit).schedule
    tables = plan.sessions[0].tables
    gone = {p for table, k in zip(tables, lost, strict=False) for p in table.seats[4 - k:]}
    left = [p for p in range(players) if p not in gone]
    index = {p: i for i, p in enumerate(left)}
    met = {pair for table in tables for pair in itertools.combinations(
        sorted(index[p] for p in table.seats if p in index), 2)}
    repaired = repair_plan(Schedule(plan.sessions[1:]), plan.sessions[:1], left, seed=seed,
                           time_limit=time_limit).schedule
    return met, [[[index[p] for p in table.seats] for table in session.tables]
                 for session in repaired.sessions]


def polish(players: int, met: set[Pair], hint: Seating, seconds: float, workers: int,
           seed: int) -> Seating:
    """The fewest excess meetings CP-SAT finds in `seconds` from `hint`: y[p, q, s] for every
    pair, three partners for each player seated, partners closed under "at the same table",
    nobody out twice (from level ground, with no more byes than players, the byes in turn)."""
    from ortools.sat.python import cp_model

    sessions = len(hint)
    byes = players % 4
    if byes * sessions > players:
        sys.exit("--polish models byes only where nobody sits out twice")
    model = cp_model.CpModel()
    y = {(p, q, s): model.new_bool_var(f"y{p}_{q}_{s}")
         for p, q in itertools.combinations(range(players), 2) for s in range(sessions)}
    out = {(p, s): model.new_bool_var(f"out{p}_{s}") for p in range(players)
           for s in range(sessions)}

    def meets(p: int, q: int, s: int) -> cp_model.IntVar:
        return y[min(p, q), max(p, q), s]

    for s in range(sessions):
        model.add(sum(out[p, s] for p in range(players)) == byes)
        for p in range(players):
            model.add(sum(meets(p, q, s) for q in range(players) if q != p)
                      == 3 - 3 * out[p, s])
        for q in range(players):
            for p, r in itertools.combinations([p for p in range(players) if p != q], 2):
                model.add_bool_or([~meets(p, q, s), ~meets(q, r, s), meets(p, r, s)])
    for p in range(players):
        model.add(sum(out[p, s] for s in range(sessions)) <= 1)
    together = {(min(p, q), max(p, q), s) for s, session in enumerate(hint)
                for table in session for p, q in itertools.combinations(table, 2)}
    excess = []
    for p, q in itertools.combinations(range(players), 2):
        times = sum(y[p, q, s] for s in range(sessions)) + int((p, q) in met)
        extra = model.new_int_var(0, sessions, f"e{p}_{q}")
        model.add(extra >= times - 1)
        model.add_hint(extra, max(0, sum((p, q, s) in together for s in range(sessions))
                                  + int((p, q) in met) - 1))
        excess.append(extra)
    model.minimize(sum(excess))
    seated = [{p for table in session for p in table} for session in hint]
    for key, var in y.items():
        model.add_hint(var, key in together)
    for (p, s), var in out.items():
        model.add_hint(var, p not in seated[s])
    solver = cp_model.CpSolver()
    solver.parameters.max_time_in_seconds = seconds
    solver.parameters.num_workers = workers
    solver.parameters.random_seed = seed
    status = solver.solve(model)
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return hint
    chosen = {key for key, var in y.items() if solver.boolean_value(var)}
    found: Seating = []
    for s in range(sessions):
        placed: set[int] = set()
        tables = []
        for p in range(players):
            if p not in placed and not solver.boolean_value(out[p, s]):
                table = [p] + [q for q in range(p + 1, players) if (p, q, s) in chosen]
                placed.update(table)
                tables.append(table)
        found.append(tables)
    return found


def seeds(text: str) -> list[int]:
    """"3" or "1-8"."""
    first, _, last = text.partition("-")
    return list(range(int(first), int(last or first) + 1))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--first-session", metavar="PLAYERS,SESSIONS", required=True)
    parser.add_argument("--lost", default="1",
                        help="how many withdraw from each broken table, e.g. 1 or 2,1")
    parser.add_argument("--seeds", default="1", help="the repair's seeds, e.g. 1-8")
    parser.add_argument("--time-limit", type=float, default=60.0,
                        help="seconds for the plan and for each repair")
    parser.add_argument("--polish", type=float, metavar="SECONDS",
                        help="then CP-SAT from the best seating, this long")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--entry", action="store_true",
                        help="add a repair without a repeat to repairs.json")
    args = parser.parse_args()
    players, sessions = (int(v) for v in args.first_session.split(","))
    lost = [int(v) for v in args.lost.split(",")]
    name = f"{players} x {sessions} less {args.lost} after 1"
    best: tuple[int, set[Pair], Seating] | None = None
    started = time.monotonic()
    for seed in seeds(args.seeds):
        met, found = draw_search(players, sessions, lost, seed, args.time_limit)
        excess = added_excess(met, found)
        print(f"{name}, repair seed {seed}: {excess} excess "
              f"({time.monotonic() - started:.1f} s so far)", flush=True)
        if best is None or excess < best[0]:
            best = (excess, met, found)
        if not excess:
            break
    assert best is not None
    excess, met, found = best
    if excess and args.polish:
        found = polish(players - sum(lost), met, found, args.polish, args.workers,
                       seeds(args.seeds)[0])
        excess = added_excess(met, found)
        print(f"{name}, polished: {excess} excess "
              f"({time.monotonic() - started:.1f} s so far)", flush=True)
    seconds = time.monotonic() - started
    if excess:
        sys.exit(f"{name}: the best found repeats {excess} times; no entry")
    if args.entry:
        add_entry(players - sum(lost), met, found,
                  "tools/seating_search/repair_search.py " + " ".join(sys.argv[1:]), seconds)
        print(f"{name}: added to repairs.json ({seconds:.1f} s)")


if __name__ == "__main__":
    main()
