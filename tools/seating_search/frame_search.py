"""Find a 4-frame of type g^5 with a SAT solver and print the library entry it makes (offline).

A 4-frame of type g^5 (see `tournament_manager.domain.seating.frames`) seats 5g players in
five groups of g; each group has g / 3 holey sessions in which the other 4g players sit at g
tables, one of each other group a table; every two players of different groups meet once.
The model: y[i, c, k, p] says player p sits at table k of group i's holey session c; table k
holds player k of the first other group (which only names the tables), exactly one player of
each other group, each player is at exactly one table of the session, and every pair of
players of different groups shares exactly one table over all holey sessions.

The frame is then inflated by the prime `--inflate` and filled with the library's field of
`--fill` players, which must seat 5g * inflate + w players: w = 2 or 3 is what the fill's
players exceed one inflated group by, and they sit apart in it.

    .venv/bin/python tools/seating_search/frame_search.py --group 3 --inflate 11 --fill 36
    .venv/bin/python tools/seating_search/frame_search.py --group 6 --inflate 5 --fill 32 --rotate

Needs `.venv/bin/pip install python-sat`. The expanded schedule is checked by `library.sound`.
"""

from __future__ import annotations

import argparse
import itertools
import json
import sys
import time

from pysat.card import CardEnc, EncType
from pysat.formula import IDPool
from pysat.solvers import Solver

from tournament_manager.domain.seating.frames import GROUPS, framed_sessions
from tournament_manager.domain.seating.library import library_schedule, sound

Frame = list[list[list[int]]]


def find_frame(group: int, solver: str, rotate: bool) -> Frame | None:
    """Group i's holey sessions c = 0 .. g/3 - 1, group by group, or None if there is none.

    With `rotate`, group i's sessions are group 0's moved i groups on (p -> p + i g mod 5g),
    so only group 0's are unknown and each orbit of cross pairs under that move is shared
    exactly once.
    """
    players = GROUPS * group

    def key(p: int, q: int) -> tuple[int, int]:
        if not rotate:
            return p, q
        return min((((p + s * group) % players, (q + s * group) % players) if
                    (p + s * group) % players < (q + s * group) % players else
                    ((q + s * group) % players, (p + s * group) % players))
                   for s in range(GROUPS))
    pool = IDPool()
    clauses: list[list[int]] = []

    def y(i: int, c: int, k: int, p: int) -> int:
        return pool.id(("y", i, c, k, p))

    def exactly(lits: list[int], bound: int) -> None:
        clauses.extend(CardEnc.equals(lits=lits, bound=bound, vpool=pool,
                                      encoding=EncType.seqcounter).clauses)

    holey = [(i, c) for i in range(1 if rotate else GROUPS) for c in range(group // 3)]
    shared: dict[tuple[int, int], list[int]] = {}
    for i, c in holey:
        others = [j for j in range(GROUPS) if j != i]
        first = others[0]
        for k in range(group):
            clauses += [[y(i, c, k, first * group + k)]]
            clauses += [[-y(i, c, k, first * group + other)]
                        for other in range(group) if other != k]
            for j in others[1:]:
                exactly([y(i, c, k, p) for p in range(j * group, (j + 1) * group)], 1)
        for p in range(players):
            if p // group != i:
                exactly([y(i, c, k, p) for k in range(group)], 1)
        for p, q in itertools.combinations(range(players), 2):
            if p // group == q // group or i in (p // group, q // group):
                continue
            for k in range(group):
                together = pool.id(("t", i, c, k, p, q))
                clauses += [[-together, y(i, c, k, p)], [-together, y(i, c, k, q)],
                            [together, -y(i, c, k, p), -y(i, c, k, q)]]
                shared.setdefault(key(p, q), []).append(together)
    for lits in shared.values():
        exactly(lits, 1)
    print(f"frame {group}^{GROUPS}: {pool.top} variables, {len(clauses)} clauses", flush=True)
    with Solver(name=solver, bootstrap_with=clauses) as sat:
        if not sat.solve():
            return None
        model = {literal for literal in sat.get_model() if literal > 0}
    frame = [[sorted(p for p in range(players) if p // group != i and y(i, c, k, p) in model)
              for k in range(group)] for i, c in holey]
    if rotate:
        frame = [[sorted((p + i * group) % players for p in table) for table in holey_session]
                 for i in range(GROUPS) for holey_session in frame]
    return frame


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--group", type=int, required=True, help="g, a multiple of 3")
    parser.add_argument("--inflate", type=int, required=True, help="a prime m >= 5")
    parser.add_argument("--fill", type=int, required=True, help="players of the fill field")
    parser.add_argument("--rotate", action="store_true",
                        help="group i's holey sessions are group 0's moved i groups on")
    parser.add_argument("--solver", default="cadical195")
    args = parser.parse_args(argv)
    size = args.group * args.inflate
    extra = args.fill - size
    if args.group % 3 or extra not in (2, 3) or args.inflate < 5 or any(
            args.inflate % d == 0 for d in range(2, args.inflate)):
        parser.error("needs g = 0 mod 3, a prime inflation >= 5 and a fill of gm + 2 or gm + 3")
    fill = library_schedule(args.fill, size // 3)
    if fill is None:
        parser.error(f"the library has no {args.fill} x {size // 3}")
    start = time.monotonic()
    frame = find_frame(args.group, args.solver, args.rotate)
    seconds = time.monotonic() - start
    if frame is None:
        print(f"no frame ({seconds:.1f} s)")
        return 1
    players, sessions = GROUPS * size + extra, GROUPS * size // 3
    schedule = framed_sessions(frame, args.group, args.inflate, fill, sessions)
    if len(schedule) != sessions or not sound(schedule, players):
        print("the framed schedule is not sound: a bug in this tool or the fill")
        return 2
    print(f"found and checked in {seconds:.1f} s")
    print(json.dumps({"players": players, "sessions": sessions, "frame": frame,
                      "frame_group": args.group, "inflate": args.inflate,
                      "fill": [args.fill, size // 3],
                      "found_by": f"frame_search.py --group {args.group} --inflate "
                                  f"{args.inflate} --fill {args.fill}"
                                  + (" --rotate" if args.rotate else ""),
                      "seconds": round(seconds, 1)}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
