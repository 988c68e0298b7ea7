"""A 1-rotational generalized Howell design of side T: T sessions of T tables, 4T players,
nobody twice at a table number, no pair twice (offline tool).

Four orthogonal squares of order T give such a draw with four groups that never meet; where
they are not at hand (10: not known to exist, 14, 18, 22: not known either) a draw without
groups may still be. This one is fixed by Z_n, n = T - 1 (or another group of order n,
`--group`), acting on everything at once:

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
symmetry had not finished side 14 in eleven minutes. Where Z_n has no multiplier of order
3, another group of order n may have an automorphism of order 3 (`--group`, `--map` as
rows of a matrix): 26 on Z_5 x Z_5 with "0,4;1,4" (29.4 s), 28 on Z_3^3 with
"1,1,0;0,1,1;0,0,1" (19.5 s), 33 on Z_4 x Z_4 x Z_2 with "0,3,0;1,3,0;0,0,1" (135 s).

`--regular` asks for the other shape: a group of order T moving every session, every table
and four orbits of players, nothing fixed (side 7 on Z_7 in a second, 8 on Z_2^3 in 0.2 s;
none with an automorphism of order 3 for 18 or 42). With `--session-orbits K` the group has
order T / K and K orbits of sessions, K of tables and 4K of players (side 8 on Z_2 x Z_2
with K = 2 at once; 14 on Z_7 with the multiplier 2 turning orbits 0, 1, 2 and 3, 4, 5 in
0.5 s; 18 on Z_9 or Z_3 x Z_3 with an automorphism of order 3: none, 1 to 5 s each).

`--fixed-tables F` without `--partial` leaves F sessions alone as well: session n + k seats
D_k moved by c at table c and, at the tables C_j, the 4F fixed players as a Howell design of
side F of their own (the corner E_kj; none exists for F = 2, 3, 4 or 6, so F = 1, 5, 7...).

With `--partial` only the T - 1 sessions Z_n moves are asked for (D and the last session
dropped, so a player may miss a table 0..n-1 instead of the last): fields one session short
of T, with more freedom. `--fixed-tables F` (with `--partial`) leaves F tables C_0..C_(F-1)
and 4F players alone, the group of order n = T - F moving n sessions: each C_k holds one
player of each orbit, each fixed player sits at a B_d of his own (4F <= n). A symmetry must
then move the C_k as well (`--last`): with F = 3 and a multiplier of order 3 cycling them
and the fixed players, side 34 (Z_31, multiplier 5; 136 x 31) came in 10.1 s and side 42
(Z_39, multiplier 16; 168 x 39) in 45.2 s, where the same multipliers keeping each C_k
have no solution (at once, on sides 15 and 16; for F = 2, an automorphism of order 3 of a
2-group has none either). Where Z_n has no multiplier of order 3, -1 may do with the orbits
left alone and the fixed players exchanged in pairs (`--multiplier 16 --fixed 1,0,3,2`:
side 18 partial, 72 x 17, in 40.5 s); with the orbits turned as well it keeps pair orbits
that must then be met at the few blocks it keeps. It prints the `square_rows.json` entry for T
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

from tournament_manager.domain.seating.table_squares import plus

Point = tuple[int, int]
"""(orbit, x) for a moved player (orbit < 4, x an element of G), (-1, k) for fixed player k."""
Block = Hashable
"""d (an element of G) for B_d, ("C", k) for the fixed table C_k, ("D", k) for table 0 of
the fixed session n + k, ("E", k, j) for its table C_j (fixed players only)."""
Matrix = tuple[tuple[int, ...], ...]
Symmetry = tuple[Matrix, tuple[int, ...], tuple[int, ...], tuple[int, ...]]
"""x -> A x on G, where the four orbits go, where the fixed players go, where the fixed
tables go."""


class Group:
    """G = Z_n1 x Z_n2 x ... (Z_n alone by default), elements numbered in mixed radix with the
    last factor fastest, as `table_squares.plus` adds them and the file's entries hold them."""

    def __init__(self, orders: tuple[int, ...]) -> None:
        self.orders = orders
        self.n = math.prod(orders)

    def add(self, x: int, y: int) -> int:
        return plus(x, y, self.orders)

    def minus(self, x: int, y: int) -> int:
        """x - y."""
        return next(z for z in range(self.n) if self.add(y, z) == x) if len(self.orders) > 1 \
            else (x - y) % self.n

    def coordinates(self, x: int) -> list[int]:
        digits = []
        for n in reversed(self.orders):
            digits.append(x % n)
            x //= n
        return digits[::-1]

    def number(self, digits: list[int]) -> int:
        x = 0
        for d, n in zip(digits, self.orders, strict=True):
            x = x * n + d % n
        return x

    def times(self, matrix: Matrix, x: int) -> int:
        """A x: coordinate i is sum_j A[i][j] x_j mod n_i."""
        digits = self.coordinates(x)
        return self.number([sum(a * b for a, b in zip(row, digits, strict=True))
                            for row in matrix])

    def automorphism(self, matrix: Matrix) -> bool:
        """Whether x -> A x is a well-defined bijective homomorphism of G."""
        orders = self.orders
        return (len(matrix) == len(orders) and all(len(row) == len(orders) for row in matrix)
                and not any(a * m % n for row, n in zip(matrix, orders, strict=True)
                            for a, m in zip(row, orders, strict=True))
                and len({self.times(matrix, x) for x in range(self.n)}) == self.n)


class HowellModel:
    """y(b, p): player p at table b of the base (b = d for B_d, ("C", k), ("D", k), ...)."""

    def __init__(self, tables: int, partial: bool = False, symmetry: Symmetry | None = None,
                 group: tuple[int, ...] = (), regular: bool = False,
                 fixed_tables: int = 1, session_orbits: int = 1) -> None:
        self.regular = regular
        self.f = 0 if regular else fixed_tables
        self.k = session_orbits if regular else 1
        self.tables, self.partial = tables, partial
        self.n = tables // self.k if regular else tables - self.f
        self.group = Group(group or (self.n,))
        self.symmetry = symmetry
        self.moved: list[Point] = [(i, x) for i in range(4 * self.k) for x in range(self.n)]
        self.blocks: list[Block] = [d if self.k == 1 else (s, u, d) for s in range(self.k)
                                    for u in range(self.k) for d in range(self.n)]
        """B_d, or B_sud for K orbits of sessions and tables (session s r's table u c)."""
        self.fixed: list[Point] = [(-1, k) for k in range(4 * self.f)]
        self.last: list[Block] = [("C", k) for k in range(self.f)]
        self.last_sessions: list[Block] = [] if partial else [("D", k) for k in range(self.f)]
        self.corner: list[Block] = [("E", k, j) for k in range(len(self.last_sessions))
                                    for j in range(self.f)] if self.f > 1 else []
        """The last sessions' fixed tables; with F = 1 the four fixed players' one table."""
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
        n, y, add = self.n, self.y, self.group.add
        everyone = self.moved + self.fixed
        if self.regular:
            self._build_regular()
            return
        session_0: list[Block] = [*range(n), *self.last]
        for p in everyone:  # session 0: the B_d and the C_k
            self._count([y(d, p) for d in session_0], 1)
        for i in range(4):  # C_k is a session's table n + k, D_k session n + k's table 0
            for c in self.last + self.last_sessions:
                self._count([y(c, (i, x)) for x in range(n)], 1)
        self.clauses += [[-y(c, p)] for p in self.fixed for c in self.last]
        for i, x in self.moved:  # table 0: B_d moved back by d, and the D_k
            back = [y(d, (i, add(x, d))) for d in range(n)]
            if self.partial:  # without the last sessions each misses a table 0..n-1
                self._count(back, 1, exactly=False)
            else:
                self._count(back + [y(d, (i, x)) for d in self.last_sessions], 1)
        self._corner()
        for p in self.fixed:
            self._count([y(d, p) for d in range(n)], 1)
        for d in range(n):
            self._count([y(d, p) for p in everyone], 4)
            self._count([y(d, p) for p in self.fixed], 1, exactly=False)
        bases = session_0 + self.last_sessions
        self._orbits_met_once(everyone, bases)
        if self.symmetry is not None:
            self._symmetric(*self.symmetry, bases + self.corner)

    def _corner(self) -> None:
        """The fixed players in the last sessions: at the tables C_j (cell E_kj of session
        n + k), a Howell design of side F of their own, once in each of those sessions and
        at each C_j, no pair twice (nothing to ask for F = 1: all four at the one table)."""
        if not self.corner:
            return
        y, f = self.y, self.f
        for p in self.fixed:
            for k in range(f):
                self._count([y(("E", k, j), p) for j in range(f)], 1)
                self._count([y(("E", j, k), p) for j in range(f)], 1)
        for cell in self.corner:
            self._count([y(cell, p) for p in self.fixed], 4)
        for p, q in itertools.combinations(self.fixed, 2):
            met = []
            for cell in self.corner:
                z = self.pool.id(("z", cell, p, q))
                met.append(z)
                self.clauses.append([-y(cell, p), -y(cell, q), z])
            self._count(met, 1, exactly=False)

    def _orbits_met_once(self, players: list[Point], bases: list[Block]) -> None:
        """Every orbit of pairs under G met at most once at the base tables `bases`, and a
        pair whose orbit would be met twice (x, x + n/2 of one orbit) at none of them."""
        y = self.y
        orbits: dict[tuple[int, ...], list[tuple[Point, Point]]] = {}
        for p, q in itertools.combinations(players, 2):
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

    def _build_regular(self) -> None:
        """G of order n = T / K moves every session and every table, K orbits of each, and 4K
        orbits of players: session (s, r) seats B_sud moved by r at table (u, r + d) (B_d
        at r + d for K = 1). Session (s, 0) is the B_sud, table (u, 0) the B_sud moved back
        by d; no fixed player, table or session."""
        y, add, k, blocks = self.y, self.group.add, self.k, self.blocks
        per_orbit = len(blocks) // (k * k)
        for s in range(k):  # session (s, 0): every player once
            session = blocks[s * k * per_orbit:(s + 1) * k * per_orbit]
            for p in self.moved:
                self._count([y(b, p) for b in session], 1)
        for u in range(k):  # table (u, 0): every player once
            column = [(b, d) for s in range(k) for d, b in
                      enumerate(blocks[(s * k + u) * per_orbit:(s * k + u + 1) * per_orbit])]
            for i, x in self.moved:
                self._count([y(b, (i, add(x, d))) for b, d in column], 1)
        for b in blocks:
            self._count([y(b, p) for p in self.moved], 4)
        self._orbits_met_once(self.moved, blocks)
        if self.symmetry is not None:
            self._symmetric(*self.symmetry, blocks)

    def _symmetric(self, matrix: Matrix, orbits: tuple[int, ...], fixed: tuple[int, ...],
                   last: tuple[int, ...], bases: list[Block]) -> None:
        """The design kept by x -> A x: player (i, x) to (orbits[i], A x), fixed player k to
        fixed[k], table d of session 0 to table A d, C_k to C_last[k], D_k to D_last[k] and
        E_kj to E_last[k]last[j] (cell (r, c) goes to (A r, A c), the last rows and columns
        among themselves alike). One implication a variable: round each cycle of the map they
        make the variables equal."""
        times = self.group.times

        def image(p: Point) -> Point:
            return (-1, fixed[p[1]]) if p[0] < 0 else (orbits[p[0]], times(matrix, p[1]))

        def block_image(b: Block) -> Block:
            if not isinstance(b, tuple):
                return times(matrix, b)
            if isinstance(b[0], int):  # B_sud: the orbits of sessions and tables stay
                return (b[0], b[1], times(matrix, b[2]))
            return (b[0], *(last[k] for k in b[1:]))

        for b in bases:
            moved_to = block_image(b)
            in_corner = isinstance(b, tuple) and b[0] == "E"
            for p in self.fixed if in_corner else self.moved + self.fixed:
                self.clauses.append([-self.y(b, p), self.y(moved_to, image(p))])

    def _orbit(self, p: Point, q: Point) -> tuple[int, ...] | None:
        """The pair's orbit under G; () for a pair that may never meet, None for two fixed
        players (each sits at a B_d of its own, so they meet only in the last sessions'
        corner, which `_corner` keeps to once)."""
        if p[0] < 0 and q[0] < 0:
            return None
        if p[0] < 0 or q[0] < 0:
            fixed, other = (p, q) if p[0] < 0 else (q, p)
            return (-1, fixed[1], other[0])
        (i, x), (j, w) = p, q
        if i != j:
            return (i, j, self.group.minus(w, x))
        step, back = self.group.minus(w, x), self.group.minus(x, w)
        return () if step == back else (i, i, min(step, back))

    def entry(self, model: set[int]) -> dict[str, object]:
        def number(p: Point) -> int:
            return 4 * self.n + p[1] if p[0] < 0 else p[0] * self.n + p[1]

        def table(b: Block) -> list[int]:
            return sorted(number(p) for p in self.moved + self.fixed if self.y(b, p) in model)

        design: dict[str, object] = {"blocks": [table(b) for b in self.blocks]}
        if len(self.group.orders) > 1:
            design["group"] = list(self.group.orders)
        if self.regular:
            design["regular"] = True
            if self.k > 1:
                design["session_orbits"] = self.k
            return {"tables": self.tables, "howell": design}
        design["last_tables"] = [table(c) for c in self.last]
        if self.partial:
            design["partial"] = True
        else:
            design["last_sessions"] = [table(d) for d in self.last_sessions]
            design["corner"] = ([[table(("E", k, j)) for j in range(self.f)]
                                 for k in range(self.f)] if self.corner
                                else [[[number(p) for p in self.fixed]]])
        return {"tables": self.tables, "howell": design}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, required=True, help="T, the side of the design")
    parser.add_argument("--partial", action="store_true",
                        help="only the T - F sessions the group moves (no last session)")
    parser.add_argument("--fixed-tables", type=int, default=1,
                        help="F, tables (and sessions, unless --partial) the group leaves "
                             "alone: group order T - F")
    parser.add_argument("--regular", action="store_true",
                        help="G of order T / K moves every session and table (none fixed)")
    parser.add_argument("--session-orbits", type=int, default=1,
                        help="with --regular: K, the orbits of sessions and of tables")
    parser.add_argument("--group", default="",
                        help="G as n1,n2,... (order T - F, or T / K with --regular), Z_n if "
                             "not given")
    parser.add_argument("--multiplier", type=int, default=0,
                        help="keep the design under x -> m x (m a unit mod T - 1)")
    parser.add_argument("--map", default="",
                        help="keep it under x -> A x instead, A as rows a,b;c,d (with --group)")
    parser.add_argument("--orbits", default="",
                        help="with --multiplier: where the four (4K) orbits of players go, "
                             "e.g. 1,0,3,2 (default: stay)")
    parser.add_argument("--fixed", default="",
                        help="with --multiplier: where the 4F fixed players go (default: stay)")
    parser.add_argument("--last", default="",
                        help="with --multiplier: where the F fixed tables (and sessions) "
                             "go (default: stay)")
    parser.add_argument("--solver", default="cadical195")
    args = parser.parse_args(argv)
    if args.tables < 3:
        parser.error("needs at least three tables")
    fixed_tables = 0 if args.regular else args.fixed_tables
    orbits_of_sessions = args.session_orbits if args.regular else 1
    order = (args.tables // orbits_of_sessions if args.regular
             else args.tables - fixed_tables)
    group = tuple(int(n) for n in args.group.split(",")) if args.group else (order,)
    if math.prod(group) != order or (args.regular and args.partial) \
            or (fixed_tables < 1 and not args.regular) or 4 * fixed_tables > order \
            or orbits_of_sessions < 1 or args.tables % orbits_of_sessions:
        parser.error("the group's order must be T - F (T / K with --regular, not --partial), "
                     "F at least 1 and 4F at most T - F, and K must divide T")
    symmetry = None
    if args.multiplier or args.map:
        matrix = (tuple(tuple(int(a) for a in row.split(",")) for row in args.map.split(";"))
                  if args.map else ((args.multiplier,),))
        orbits = (tuple(int(i) for i in args.orbits.split(",")) if args.orbits
                  else tuple(range(4 * orbits_of_sessions)))
        fixed = (tuple(int(k) for k in args.fixed.split(",")) if args.fixed
                 else tuple(range(4 * fixed_tables)))
        last = (tuple(int(k) for k in args.last.split(",")) if args.last
                else tuple(range(fixed_tables)))
        if not Group(group).automorphism(matrix) \
                or sorted(orbits) != list(range(4 * orbits_of_sessions)) \
                or sorted(fixed) != list(range(4 * fixed_tables)) \
                or sorted(last) != list(range(fixed_tables)):
            parser.error("needs an automorphism of G and permutations of the 4K orbits, "
                         "the 4F fixed players and the F fixed tables")
        symmetry = (matrix, orbits, fixed, last)
    model = HowellModel(args.tables, args.partial, symmetry, group, args.regular,
                        fixed_tables, orbits_of_sessions)
    assignment, seconds = solved(f"Howell design of side {args.tables}", model.pool.top,
                                 model.clauses, args.solver)
    if assignment is None:
        return 1
    print(f"found in {seconds:.1f} s")
    print(json.dumps(model.entry(assignment)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
