"""A 1-rotational generalized Howell design of side T: T sessions of T tables, 4T players,
nobody twice at a table number, no pair twice (offline tool).

Four orthogonal squares of order T give such a draw with four groups that never meet; where
they are not at hand (10: not known to exist, 14, 18, 22: not known either) a draw without
groups may still be. This one is fixed by Z_n, n = T - 1, acting on everything at once:

- players: four orbits i * n + x (x in Z_n), moved by r to i * n + (x + r mod n), and four
  fixed players 4n .. 4n + 3;
- sessions and tables: Z_n plus one, the last of each fixed. Session r seats at table r + d
  the table B_d of session 0 moved by r, and at the last table C moved by r; the last session
  seats D moved by c at table c and the four fixed players at the last table.

So the unknowns are the n + 2 tables B_0 .. B_(n-1), C and D: every player once among the
B_d and C (session 0), once among the B_d moved back by d and D (table 0), C and D one player
of each orbit (their orbits are a session and a table), a fixed player in at most one B_d,
and every orbit of pairs under Z_n met at most once (a pair {x, x + n/2} of one orbit never:
its orbit would be met twice). Kissat's `--sat` configuration found T = 10 (no four
orthogonal squares of order 10 are known) in 222 s:

    .venv/bin/python tools/seating_search/howell_search.py --tables 10 \\
        --solver "/tmp/kissat/build/kissat -q --sat"

Bigger sides need a smaller search: `--multiplier m` keeps the design under x -> m x as well,
with the orbits and the fixed players permuted (`--orbits`, `--fixed`). With m of order 3
and both permutations the 3-cycle 1,2,0,3 (each leaves one orbit and one fixed player where
it is) sides 14, 15, 20, 22, 38 and 39 came in 0.6 to 62 s; the same search without the
symmetry had not finished side 14 in eleven minutes.

With `--partial` only the T - 1 sessions Z_n moves are asked for (D and the last session
dropped, so a player may miss a table 0..n-1 instead of the last): fields one session short
of T, with more freedom. It prints the `square_rows.json` entry for T
(`table_squares.entry_howell` develops it; the draw is checked on use). Needs
`.venv/bin/pip install python-sat`.
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import sys
from collections.abc import Hashable

from lift_search import solved
from pysat.card import CardEnc, EncType
from pysat.formula import IDPool

Point = tuple[int, int]
"""(orbit, x) for a moved player (orbit < 4, x in Z_n), (-1, k) for fixed player k."""
Block = Hashable
"""d < n for B_d, "C" or "D"."""


class HowellModel:
    """y(b, p): player p at table b of the base (b = d for B_d, "C", "D")."""

    def __init__(self, tables: int, partial: bool = False,
                 symmetry: tuple[int, tuple[int, ...], tuple[int, ...]] | None = None) -> None:
        self.tables, self.n, self.partial = tables, tables - 1, partial
        self.symmetry = symmetry
        self.moved: list[Point] = [(i, x) for i in range(4) for x in range(self.n)]
        self.fixed: list[Point] = [(-1, k) for k in range(4)]
        self.pool = IDPool()
        self.clauses: list[list[int]] = []
        self._build()

    def y(self, block: Block, point: Point) -> int:
        return self.pool.id(("y", block, point))

    def _count(self, lits: list[int], bound: int, exactly: bool = True) -> None:
        encode = CardEnc.equals if exactly else CardEnc.atmost
        encoding = EncType.seqcounter if bound > 1 else EncType.ladder
        self.clauses += encode(lits, bound, vpool=self.pool, encoding=encoding).clauses

    def _build(self) -> None:
        n, y = self.n, self.y
        everyone = self.moved + self.fixed
        session_0: list[Block] = [*range(n), "C"]
        for p in everyone:  # session 0: the B_d and C
            self._count([y(d, p) for d in session_0], 1)
        for i in range(4):  # C is a session's table n, D the last session's table 0
            self._count([y("C", (i, x)) for x in range(n)], 1)
            if not self.partial:
                self._count([y("D", (i, x)) for x in range(n)], 1)
        for p in self.fixed:
            self.clauses.append([-y("C", p)])
        for i, x in self.moved:  # table 0: B_d moved back by d, and D
            if self.partial:  # without the last session each misses one of tables 0..n-1
                self._count([y(d, (i, (x + d) % n)) for d in range(n)], 1, exactly=False)
            else:
                self._count([y(d, (i, (x + d) % n)) for d in range(n)] + [y("D", (i, x))], 1)
        for p in self.fixed:
            self._count([y(d, p) for d in range(n)], 1)
        for d in range(n):
            self._count([y(d, p) for p in everyone], 4)
            self._count([y(d, p) for p in self.fixed], 1, exactly=False)
        orbits: dict[tuple[int, ...], list[tuple[Point, Point]]] = {}
        bases: list[Block] = session_0 if self.partial else [*session_0, "D"]
        for p, q in itertools.combinations(everyone, 2):
            key = self._orbit(p, q)
            if key is None:
                continue
            if key == ():
                self.clauses += [[-y(b, p), -y(b, q)] for b in bases]
                continue
            orbits.setdefault(key, []).append((p, q))
        for pairs in orbits.values():
            met = []
            for b in bases:
                for p, q in pairs:
                    z = self.pool.id(("z", b, p, q))
                    met.append(z)
                    self.clauses.append([-y(b, p), -y(b, q), z])
            self._count(met, 1, exactly=False)
        if self.symmetry is not None:
            self._symmetric(*self.symmetry, bases)

    def _symmetric(self, mu: int, orbits: tuple[int, ...], fixed: tuple[int, ...],
                   bases: list[Block]) -> None:
        """The design kept by x -> mu x: player (i, x) to (orbits[i], mu x), fixed player k to
        fixed[k], table d of session 0 to table mu d, C and D to themselves (cell (r, c) goes
        to (mu r, mu c), the last row and column staying). One implication a variable: round
        each cycle of the map they make the variables equal."""
        n = self.n

        def image(p: Point) -> Point:
            return (-1, fixed[p[1]]) if p[0] < 0 else (orbits[p[0]], mu * p[1] % n)

        for b in bases:
            moved_to = b if isinstance(b, str) else mu * b % n
            for p in self.moved + self.fixed:
                self.clauses.append([-self.y(b, p), self.y(moved_to, image(p))])

    def _orbit(self, p: Point, q: Point) -> tuple[int, ...] | None:
        """The pair's orbit under Z_n; () for a pair that may never meet, None for two fixed
        players (they meet at the last session's last table only)."""
        n = self.n
        if p[0] < 0 and q[0] < 0:
            return None
        if p[0] < 0 or q[0] < 0:
            fixed, other = (p, q) if p[0] < 0 else (q, p)
            return (-1, fixed[1], other[0])
        (i, x), (j, w) = p, q
        if i != j:
            return (i, j, (w - x) % n)
        step = (w - x) % n
        return () if 2 * step == n else (i, i, min(step, n - step))

    def entry(self, model: set[int]) -> dict[str, object]:
        def number(p: Point) -> int:
            return 4 * self.n + p[1] if p[0] < 0 else p[0] * self.n + p[1]

        def table(b: Block) -> list[int]:
            return sorted(number(p) for p in self.moved + self.fixed if self.y(b, p) in model)

        design: dict[str, object] = {"blocks": [table(d) for d in range(self.n)],
                                     "last_table": table("C")}
        if self.partial:
            design["partial"] = True
        else:
            design["last_session"] = table("D")
        return {"tables": self.tables, "howell": design}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, required=True, help="T, the side of the design")
    parser.add_argument("--partial", action="store_true",
                        help="only the T - 1 sessions Z_(T-1) moves (no last session)")
    parser.add_argument("--multiplier", type=int, default=0,
                        help="keep the design under x -> m x (m a unit mod T - 1)")
    parser.add_argument("--orbits", default="0,1,2,3",
                        help="with --multiplier: where the four orbits go, e.g. 1,0,3,2")
    parser.add_argument("--fixed", default="0,1,2,3",
                        help="with --multiplier: where the four fixed players go")
    parser.add_argument("--solver", default="cadical195")
    args = parser.parse_args(argv)
    if args.tables < 3:
        parser.error("needs at least three tables")
    symmetry = None
    if args.multiplier:
        orbits = tuple(int(i) for i in args.orbits.split(","))
        fixed = tuple(int(k) for k in args.fixed.split(","))
        if math.gcd(args.multiplier, args.tables - 1) != 1 \
                or sorted(orbits) != [0, 1, 2, 3] or sorted(fixed) != [0, 1, 2, 3]:
            parser.error("needs a unit multiplier and two permutations of 0,1,2,3")
        symmetry = (args.multiplier, orbits, fixed)
    model = HowellModel(args.tables, args.partial, symmetry)
    assignment, seconds = solved(f"Howell design of side {args.tables}", model.pool.top,
                                 model.clauses, args.solver)
    if assignment is None:
        return 1
    print(f"found in {seconds:.1f} s")
    print(json.dumps(model.entry(assignment)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
