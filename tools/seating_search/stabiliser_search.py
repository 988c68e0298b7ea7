"""Decide the two-level structure with sessions kept by subgroups of order 3 (offline tool).

At the bound N = 3R + 2 every player misses exactly one other. Take an abelian group H of
order h = (N - 2) / 2, players (x, l) for x in H on two levels l = 0, 1, and two kept players
inf_0, inf_1; the missed pairs are (x, 0)-(x, 1) and inf_0-inf_1. H moves every session, and
each session is kept by a subgroup of order 3: sessions of kind 0 by <t_0>, of kind 1 by
<t_1>, so each kind is h / 3 sessions and R = 2h / 3.

Why this shape: a session kept by s of order 3 seats each kept player with a coset
{a, a + s, a + 2s} of one level, whose pairs (difference s) no other table may repeat. With
H cyclic (or any H with one subgroup of order 3) the two kinds would repeat those pairs, which
is what stops the lift and the level turn on N / 4 odd; two different subgroups do not. So it
needs 9 | h: 92 x 30 (H = Z_3 x Z_3 x Z_5) and 164 x 54 (H = Z_3^4), where nothing else had
reached the bound (164 x 54 was reached on 2026-12-05 by turn_split_search.c, and 68 x 22 and
140 x 46 by split_search.c and involution_split_search.c); not 68 (h = 33) or 140 (h = 69).

The model, for each kind c: inf_0 sits with <t_c> on level c, inf_1 with a coset of <t_c> on
level 1 - c (a variable), so each meets both levels over the two kinds; the other
(2h - 6) / 12 tables are representatives whose turns by t_c are the rest of the session:
together they take one point of every <t_c>-orbit. Every
pair orbit of H (pairs at one difference within a level, up to sign, or across the levels) is
met exactly once by a representative's pairs over both kinds, except the four the kept
players' tables meet and the missed difference 0 across. Symmetry: a representative's least
orbit is seen at its least point, and representatives go in the order of their least orbits.

    .venv/bin/python tools/seating_search/stabiliser_search.py --group 3,3,3
    .venv/bin/python tools/seating_search/stabiliser_search.py --group 3,3,5 \
        --solver "/tmp/kissat/build/kissat -q --sat --seed=7"

(the second found 92 x 30 in 200 s; `--solver` as in `lift_search.solved`.)
The first two cyclic factors (orders multiples of 3) give t_0 = (n_1 / 3, 0, ...) and
t_1 = (0, n_2 / 3, ...), e.g. (1, 0, ...) and (0, 1, ...) for 3,3,...; 9,9 and 3,27 are
other groups of order 81. The
expanded schedule is checked by `library.sound` and printed as a library entry with the whole
schedule. Needs `.venv/bin/pip install python-sat`.
"""

from __future__ import annotations

import argparse
import itertools
import json
import sys

from lift_search import solved, tables_of
from pysat.card import CardEnc, EncType
from pysat.formula import IDPool

from tournament_manager.domain.seating.library import sound

Element = tuple[int, ...]
Point = tuple[Element, int]
Key = tuple[object, ...]
Matrix = tuple[tuple[int, ...], ...]


class Group:
    """H = Z_n1 x Z_n2 x ... with t_0 = (n1 / 3, 0, ...) and t_1 = (0, n2 / 3, ...), and the
    pair orbits of H on the two levels: what both models below are written in."""

    def __init__(self, orders: tuple[int, ...]) -> None:
        self.orders = orders
        self.elements: list[Element] = list(itertools.product(*(range(n) for n in orders)))
        self.h = len(self.elements)
        self.index = {x: i for i, x in enumerate(self.elements)}
        self.zero: Element = tuple(0 for _ in orders)
        self.t = [tuple(n // 3 if i == c else 0 for i, n in enumerate(orders)) for c in range(2)]
        self.points: list[Point] = [(x, level) for level in range(2) for x in self.elements]

    def add(self, x: Element, y: Element, times: int = 1) -> Element:
        return tuple((a + times * b) % n for a, b, n in zip(x, y, self.orders, strict=True))

    def times(self, matrix: Matrix, x: Element) -> Element:
        """A x: coordinate i is sum_j A[i][j] x_j mod n_i."""
        return tuple(sum(a * b for a, b in zip(row, x, strict=True)) % n
                     for row, n in zip(matrix, self.orders, strict=True))

    def automorphism(self, matrix: Matrix) -> str | None:
        """Why x -> A x cannot keep the structure's sessions, or None if it can: it must be a
        well-defined bijective homomorphism of H that keeps <t_0> and <t_1>."""
        if len(matrix) != len(self.orders) or any(len(row) != len(self.orders)
                                                  for row in matrix):
            return "the matrix must be square, one row and column a cyclic factor"
        if any(a * m % n for row, n in zip(matrix, self.orders, strict=True)
               for a, m in zip(row, self.orders, strict=True)):
            return "an entry A[i][j] must take Z_n_j into Z_n_i (n_i divides A[i][j] n_j)"
        if len({self.times(matrix, x) for x in self.elements}) != self.h:
            return "the map is not one-to-one"
        if any(self.times(matrix, t) not in self.coset(c, self.zero)[1:]
               for c, t in enumerate(self.t)):
            return "the map must keep the subgroups <t_0> and <t_1>"
        return None

    def coset(self, c: int, x: Element) -> list[Element]:
        return [self.add(x, self.t[c], k) for k in range(3)]

    def orbit(self, c: int, p: Point) -> int:
        """The least index in p's <t_c>-orbit (on p's level)."""
        return min(self.index[x] for x in self.coset(c, p[0]))

    def key(self, p: Point, q: Point) -> Key | None:
        """The pair's orbit under H, or None for the missed pairs (difference 0 across)."""
        (x, l1), (y, l2) = sorted((p, q), key=lambda point: point[1])
        d = self.add(y, x, -1)
        if l1 == l2:
            return ("within", l1, min(d, self.add(self.zero, d, -1)))
        return None if not any(d) else ("across", d)

    def player(self, p: Point) -> int:
        """Player l * h + index(x); the kept players are 2h and 2h + 1."""
        return p[1] * self.h + self.index[p[0]]

    def moved(self, player: int, g: Element) -> int:
        if player >= 2 * self.h:
            return player
        x, level = self.elements[player % self.h], player // self.h
        return self.player((self.add(x, g), level))

    def sessions(self, bases: list[list[list[int]]]) -> list[list[list[int]]]:
        """Every session: each base session moved by every g in H, once each (g and g + t_c
        give the same session)."""
        sessions = []
        for base in bases:
            seen: set[frozenset[tuple[int, ...]]] = set()
            for g in self.elements:
                moved = sorted(sorted(self.moved(p, g) for p in table) for table in base)
                shape = frozenset(tuple(table) for table in moved)
                if shape not in seen:
                    seen.add(shape)
                    sessions.append(moved)
        return sessions


class StabiliserModel:
    """The clauses for the two kinds of base session (see the module text)."""

    def __init__(self, orders: tuple[int, ...]) -> None:
        self.group = g = Group(orders)
        self.h, self.points = g.h, g.points
        self.reps = (2 * self.h - 6) // 12
        self.pool = IDPool()
        self.clauses: list[list[int]] = []
        self._build()

    def u(self, c: int, k: int, p: Point) -> int:
        return int(self.pool.id(("u", c, k, p)))

    def e(self, c: int, v: int) -> int:
        """inf_1 sits with the <t_c>-orbit of least index v on level 1 - c."""
        return int(self.pool.id(("e", c, v)))

    def _exactly(self, lits: list[int], bound: int) -> None:
        self.clauses += CardEnc.equals(lits=lits, bound=bound, vpool=self.pool,
                                       encoding=EncType.seqcounter).clauses

    def _build(self) -> None:
        g = self.group
        cover: dict[Key, list[int]] = {}
        kept: set[Key] = set()
        for c in range(2):
            kept |= {key for level in range(2)
                     if (key := g.key((g.zero, level), (g.t[c], level)))}
            own = {g.index[x] for x in g.coset(c, g.zero)}  # inf_0's orbit on level c
            other = sorted({g.orbit(c, p) for p in self.points if p[1] == 1 - c})
            self._exactly([self.e(c, v) for v in other], 1)
            for k in range(self.reps):
                self._exactly([self.u(c, k, p) for p in self.points], 4)
            orbits: dict[tuple[int, int], list[Point]] = {}
            for p in self.points:
                orbits.setdefault((p[1], g.orbit(c, p)), []).append(p)
            for (level, v), members in orbits.items():
                lits = [self.u(c, k, p) for k in range(self.reps) for p in members]
                if level == c and v == min(own):
                    self.clauses += [[-lit] for lit in lits]
                    continue
                self._exactly(lits + ([self.e(c, v)] if level == 1 - c else []), 1)
            for k in range(self.reps):
                for p in self.points:
                    mine = (p[1], g.orbit(c, p))
                    earlier = [self.u(c, k, q) for q in self.points
                               if (q[1], g.orbit(c, q)) < mine]
                    if g.index[p[0]] != mine[1]:
                        self.clauses.append([-self.u(c, k, p)] + earlier)
                    if k:
                        self.clauses.append([-self.u(c, k, p)]
                                            + [self.u(c, k - 1, q) for q in self.points
                                               if (q[1], g.orbit(c, q)) < mine])
                for p, q in itertools.combinations(self.points, 2):
                    found = g.key(p, q)
                    same = p[1] == q[1] and g.orbit(c, p) == g.orbit(c, q)
                    if found is None or same:
                        self.clauses.append([-self.u(c, k, p), -self.u(c, k, q)])
                        continue
                    both = self.pool.id(("both", c, k, p, q))
                    self.clauses += [[-both, self.u(c, k, p)], [-both, self.u(c, k, q)],
                                     [both, -self.u(c, k, p), -self.u(c, k, q)]]
                    cover.setdefault(found, []).append(both)
        for found, lits in cover.items():
            if found in kept:
                self.clauses += [[-lit] for lit in lits]
            else:
                self._exactly(lits, 1)

    def schedule(self, model: set[int]) -> list[list[list[int]]]:
        """Every session (players as `Group.player` numbers them)."""
        g, h = self.group, self.h
        bases = []
        for c in range(2):
            v = next(v for v in range(h) if self.e(c, v) in model)
            base = [[2 * h] + [g.player((x, c)) for x in g.coset(c, g.zero)],
                    [2 * h + 1] + [g.player((x, 1 - c)) for x in g.coset(c, g.elements[v])]]
            for k in range(self.reps):
                block = [p for p in self.points if self.u(c, k, p) in model]
                for turn in range(3):
                    base.append([g.player((g.add(x, g.t[c], turn), level))
                                 for x, level in block])
            bases.append(base)
        return g.sessions(bases)


class SessionModel:
    """The same structure asked of the two base sessions whole: z[c, p, q] says players p and
    q share a table in the base session of kind c (tables by transitivity and three partners
    each), the session is kept by t_c, and every pair orbit of H but the kept and missed ones
    has three pairs, one t_c-orbit, in exactly one kind. A symmetry of the seating is then
    an equality between variables: `swap` asks that alpha: (x, l) -> (S x, 1 - l), S = the
    map (a, b, ...) -> (b, -a, ...) on the first two coordinates, take kind 0 to kind 1 and
    back (alpha squared negates those coordinates and keeps kind 0), which leaves a quarter
    of the unknowns; S + 1 is invertible, so alpha fixes no pair orbit across the levels but
    the missed one."""

    def __init__(self, orders: tuple[int, ...], swap: bool,
                 maps: tuple[Matrix, ...] = ()) -> None:
        self.group = Group(orders)
        self.h = self.group.h
        self.players = 2 * self.h + 2
        self.maps = maps
        self.pool = IDPool()
        self.clauses: list[list[int]] = []
        self._build(swap)

    def mapped(self, matrix: Matrix, p: int) -> int:
        """Player p moved by the automorphism x -> A x of H (levels and kept players stay)."""
        if p >= 2 * self.h:
            return p
        x, level = self.point(p)
        return self.group.player((self.group.times(matrix, x), level))

    def point(self, p: int) -> Point:
        return self.group.elements[p % self.h], p // self.h

    def alpha(self, p: int) -> int:
        if p >= 2 * self.h:
            return p
        x, level = self.point(p)
        return self.group.player(((x[1], -x[0] % self.group.orders[0], *x[2:]), 1 - level))

    def z(self, c: int, p: int, q: int) -> int:
        return int(self.pool.id((c, min(p, q), max(p, q))))

    def _same(self, a: int, b: int) -> None:
        if a != b:
            self.clauses += [[-a, b], [a, -b]]

    def _build(self, swap: bool) -> None:
        b, h, n = self.group, self.h, self.players
        inf0, inf1 = 2 * h, 2 * h + 1
        zero = b.zero
        orbit_pairs: dict[Key, list[tuple[int, int, int]]] = {}
        for c in range(2):
            for p, q in itertools.combinations(range(n), 2):
                lit = self.z(c, p, q)
                if q >= 2 * h:
                    continue
                found = b.key(self.point(p), self.point(q))
                if found is None or (p < 2 * h and self.point(p)[1] == self.point(q)[1]
                                     and b.add(self.point(q)[0], self.point(p)[0], -1)
                                     in (b.t[1 - c], b.add(zero, b.t[1 - c], -1))):
                    self.clauses.append([-lit])  # missed, or kept by the other kind's table
                    continue
                orbit_pairs.setdefault(found, []).append((c, p, q))
                self._same(lit, self.z(c, b.moved(p, b.t[c]), b.moved(q, b.t[c])))
            self.clauses.append([-self.z(c, inf0, inf1)])
            for x in b.coset(c, zero):  # inf_0 sits with <t_c> on level c
                self.clauses.append([self.z(c, inf0, b.player((x, c)))])
            for p in range(n):
                self.clauses += CardEnc.equals(
                    lits=[self.z(c, p, q) for q in range(n) if q != p], bound=3,
                    vpool=self.pool, encoding=EncType.seqcounter).clauses
            for p, q, r in itertools.combinations(range(n), 3):
                pq, qr, pr = self.z(c, p, q), self.z(c, q, r), self.z(c, p, r)
                self.clauses += [[-pq, -qr, pr], [-pq, -pr, qr], [-qr, -pr, pq]]
        for pairs in orbit_pairs.values():
            lits = [self.z(c, p, q) for c, p, q in pairs]
            if all(p >= 2 * h for _, p, _ in pairs):
                continue
            self.clauses += CardEnc.equals(lits=lits, bound=3, vpool=self.pool,
                                           encoding=EncType.seqcounter).clauses
        for matrix in self.maps:  # each base session kept by x -> A x
            for c in range(2):
                for p, q in itertools.combinations(range(n), 2):
                    self._same(self.z(c, p, q), self.z(c, self.mapped(matrix, p),
                                                       self.mapped(matrix, q)))
        if swap:
            for p, q in itertools.combinations(range(n), 2):
                a, a2 = self.alpha(p), self.alpha(q)
                self._same(self.z(0, p, q), self.z(1, a, a2))
                self._same(self.z(1, p, q), self.z(0, a, a2))

    def schedule(self, model: set[int]) -> list[list[list[int]]]:
        bases = [tables_of(self.players, lambda p, q, c=c: self.z(c, p, q) in model)
                 for c in range(2)]
        return self.group.sessions(bases)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--group", required=True,
                        help="orders of H's cyclic factors, the first two multiples of 3: "
                             "e.g. 3,3,5 or 9,9")
    parser.add_argument("--sessions", action="store_true",
                        help="ask for the two base sessions whole (pairs at a table) instead "
                             "of representative tables")
    parser.add_argument("--map", action="append", default=[],
                        help="with --sessions: keep every base session under x -> A x, A "
                             "given by rows, e.g. 1,0,0,0;0,1,0,0;0,0,1,2;0,0,1,1 "
                             "(repeatable)")
    parser.add_argument("--swap", action="store_true",
                        help="with --sessions: alpha takes kind 0 to kind 1 (see SessionModel)")
    parser.add_argument("--solver", default="cadical195")
    args = parser.parse_args(argv)
    orders = tuple(int(n) for n in args.group.split(","))
    maps = tuple(tuple(tuple(int(a) for a in row.split(",")) for row in text.split(";"))
                 for text in args.map)
    h = 1
    for n in orders:
        h *= n
    players = 2 * h + 2
    if len(orders) < 2 or orders[0] % 3 or orders[1] % 3 or players % 12 != 8:
        parser.error("needs H = Z_3a x Z_3b x ... of order h with 2h + 2 = 8 mod 12")
    if args.swap and orders[0] != orders[1]:
        parser.error("--swap needs the first two factors of one order")
    for matrix in maps:
        if (why := Group(orders).automorphism(matrix)) is not None:
            parser.error(f"--map {matrix}: {why}")
    if (maps or args.swap) and not args.sessions:
        parser.error("--map and --swap need --sessions")
    sessions = 2 * h // 3
    model: StabiliserModel | SessionModel = (SessionModel(orders, args.swap, maps)
                                             if args.sessions else StabiliserModel(orders))
    assignment, seconds = solved(f"{players} x {sessions}", model.pool.top, model.clauses,
                                 args.solver)
    if assignment is None:
        return 1
    schedule = model.schedule(assignment)
    if len(schedule) != sessions or not sound(schedule, players):
        print("the schedule is not sound: a bug in this tool")
        return 2
    print(f"found and checked in {seconds:.1f} s")
    print(json.dumps({"players": players, "sessions": sessions, "schedule": schedule,
                      "found_by": f"stabiliser_search.py --group {args.group}"
                                  + (" --sessions" if args.sessions else "")
                                  + "".join(f" --map '{text}'" for text in args.map)
                                  + (" --swap" if args.swap else "")
                                  + (f" --solver '{args.solver}'"
                                     if args.solver != "cadical195" else ""),
                      "orders": list(orders),
                      "seconds": round(seconds, 1)}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
