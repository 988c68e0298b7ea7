"""Find a repair without a repeat after session 1 by search, given more time than a draw
has (offline tool), and ship it (`--entry`).

`repair_sat.py` asks a SAT solver, which settles the small cases and proves the impossible
ones, and stays undecided on some that a search reaches: 24 x 6 less three after session 1,
two from one table and one from another, was left undecided by SAT in 15 minutes, and the
draw's own repair reached no repeat in 16.1 s of its 20 s (`bench_seating.py
--first-session-withdrawals`, 2026-12-06), close enough to its limit that a slower machine
would not. Shipped in `repairs.json`, that repair no longer depends on the machine.

The search is the draw's own, as the window runs it and the benchmark measures it
(`bench_seating.measure_first_session_repair`): the seed-0 plan of the whole field, its
first session played, the last seats of its first tables withdrawn as `--lost` says, the
rest repaired by `repair_plan` with seeds `--seeds`, `--time-limit` each. (CP-SAT over who
meets whom, minimising the excess meetings from the search's best as a hint, was tried
and not kept: on 24 x 6 less 3 from a table it stayed at the search's one excess meeting
for 600 s on eight workers, and after the cut 48 -> 24 x 4 it kept the draw's 8 for 120 s
on two, and reached 16 without the hint.)

A seating reaching no repeat is checked against the history (`repair_entries.added_excess`)
and, with `--entry`, added to the shipped repairs after the check the draw makes on use:

    .venv/bin/python tools/seating_search/repair_search.py --first-session 24,6 --lost 2,1 \
        --seeds 1-8 --time-limit 60 --entry

The draw takes a shipped repair before it searches, so to rebuild an entry this way,
remove it from `repairs.json` first (otherwise the command finds the entry itself).
"""

from __future__ import annotations

import argparse
import itertools
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from benchmarks.bench_seating import first_session_case
from tools.seating_search.repair_entries import Pair, add_case_arguments, add_entry, added_excess
from tournament_manager.domain.seating import Schedule, repair_plan

Seating = list[list[list[int]]]


def draw_search(players: int, sessions: int, lost: list[int], seed: int,
                time_limit: float) -> tuple[set[Pair], Seating]:
    """The history (pairs of those left, numbered 0..) and the draw's repair of the rest for
    `seed`, in the benchmark's way (`bench_seating.measure_first_session_repair`)."""
    plan, left = first_session_case(players, sessions, lost, time_limit)
    index = {p: i for i, p in enumerate(left)}
    met = {pair for table in plan.sessions[0].tables for pair in itertools.combinations(
        sorted(index[p] for p in table.seats if p in index), 2)}
    repaired = repair_plan(Schedule(plan.sessions[1:]), plan.sessions[:1], left, seed=seed,
                           time_limit=time_limit).schedule
    return met, [[[index[p] for p in table.seats] for table in session.tables]
                 for session in repaired.sessions]


def seeds(text: str) -> list[int]:
    """"3" or "1-8"."""
    first, _, last = text.partition("-")
    return list(range(int(first), int(last or first) + 1))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    add_case_arguments(parser)
    parser.add_argument("--seeds", default="1", help="the repair's seeds, e.g. 1-8")
    parser.add_argument("--time-limit", type=float, default=60.0,
                        help="seconds for the plan and for each repair")
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
    seconds = time.monotonic() - started
    if excess:
        sys.exit(f"{name}: the best found repeats {excess} times; no entry")
    if args.entry:
        add_entry(players - sum(lost), met, found,
                  "tools/seating_search/repair_search.py " + " ".join(sys.argv[1:]), seconds)
        print(f"{name}: added to repairs.json ({seconds:.1f} s)")


if __name__ == "__main__":
    main()
