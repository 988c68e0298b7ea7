"""Decide the level-turn structure at the bound N = 3n + 2 with a SAT solver (offline tool).

`difference_search.c` anneals this structure: players (l, y) on three levels of Z_n plus two
kept players inf_0, inf_1; session g is the base session with every level moved by g; the
base session is kept by the turn tau: (l, y) -> (l + 1, u y), u of order 3 mod n. At the
bound (the pairs never met: each level's pairs at difference n / 2, and the two kept
players) it has no room to spare, and the annealing stalls one to three clashes short on
164 x 54 (which `turn_split_search.c` settled in under a second on 2026-12-05, in two steps).
Here the question goes to CaDiCaL whole, on the smallest model the turn allows:

- tau moves the 3n level points in orbits of three, so the base session is two tables
  {inf_i, (0, y_i), (1, u y_i), (2, u^2 y_i)} and (N / 4 - 2) / 3 representative tables whose
  turns are the rest: the representatives and the two y_i take one point of every tau-orbit
  of points exactly once;
- tau moves the pair orbits of Z_n in classes of three, and every class but the missed ones
  must be met exactly once by a representative's pairs or a kept player's table.

Symmetry: a representative's least orbit is seen at level 0, representatives go in the order
of their least orbits, and y_0 is below n / gcd(u - 1, n): moving every level by c keeps tau
when (u - 1) c = 0 mod n, and those c are the multiples of n / gcd(u - 1, n).

    .venv/bin/python tools/seating_search/turn_search.py --players 44 --turn 9
    .venv/bin/python tools/seating_search/turn_search.py --players 164 --turn 19

Needs `.venv/bin/pip install python-sat`. The expanded schedule is checked by
`library.sound`, and printed as a library entry (`OrbitStructure(n, (1, 1, 1))` with the two
kept players last).
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import sys

from lift_search import solved
from pysat.card import CardEnc, EncType
from pysat.formula import IDPool

from tournament_manager.domain.seating.library import sound
from tournament_manager.domain.seating.orbits import OrbitStructure, expand

Point = tuple[int, int]
Key = tuple[object, ...]


class TurnModel:
    """The clauses for one base session kept by the turn (see the module text)."""

    def __init__(self, players: int, u: int) -> None:
        self.n = n = (players - 2) // 3
        self.u, self.players = u, players
        self.reps = (players // 4 - 2) // 3
        self.points = [(level, y) for level in range(3) for y in range(n)]
        self.pool = IDPool()
        self.clauses: list[list[int]] = []
        self.class_of = self._classes()
        self._build()

    def turn(self, p: Point) -> Point:
        return (p[0] + 1) % 3, self.u * p[1] % self.n

    def orbit(self, p: Point) -> int:
        """The y of the level-0 point in p's tau-orbit."""
        return p[1] * pow(self.u, 2 * p[0], self.n) % self.n

    def key(self, p: Point, q: Point) -> Key | None:
        """The pair's orbit under Z_n, or None for the pairs never met (difference n / 2)."""
        (l1, y1), (l2, y2) = sorted((p, q))
        d = (y2 - y1) % self.n
        if l1 == l2:
            return None if 2 * d == self.n else ("within", l1, min(d, self.n - d))
        return ("across", l1, l2, d)

    def _classes(self) -> dict[Key, Key]:
        class_of: dict[Key, Key] = {}
        for p, q in itertools.combinations(self.points, 2):
            first = self.key(p, q)
            if first is None or first in class_of:
                continue
            keys = [first]
            for _ in range(2):
                p, q = self.turn(p), self.turn(q)
                found = self.key(p, q)
                assert found is not None
                keys.append(found)
            for k in keys:
                class_of[k] = min(keys, key=repr)
        return class_of

    def x(self, k: int, p: Point) -> int:
        return self.pool.id(("x", k, p))

    def y(self, i: int, value: int) -> int:
        return self.pool.id(("y", i, value))

    def _exactly(self, lits: list[int], bound: int) -> None:
        self.clauses += CardEnc.equals(lits=lits, bound=bound, vpool=self.pool,
                                       encoding=EncType.seqcounter).clauses

    def _build(self) -> None:
        n, reps = self.n, self.reps
        for k in range(reps):
            self._exactly([self.x(k, p) for p in self.points], 4)
        for i in range(2):
            self._exactly([self.y(i, v) for v in range(n)], 1)
        for v in range(n):
            members = [p for p in self.points if self.orbit(p) == v]
            self._exactly([self.x(k, p) for k in range(reps) for p in members]
                          + [self.y(0, v), self.y(1, v)], 1)
        for k in range(reps):
            for p in self.points:
                earlier = [self.x(k, q) for q in self.points if self.orbit(q) < self.orbit(p)]
                if p[0]:
                    self.clauses.append([-self.x(k, p)] + earlier)
                if k:
                    self.clauses.append([-self.x(k, p)]
                                        + [self.x(k - 1, q) for q in self.points
                                           if self.orbit(q) < self.orbit(p)])
        span = n // math.gcd(self.u - 1, n)  # moving every level by a multiple keeps tau
        self.clauses.append([self.y(0, v) for v in range(span)])
        cover: dict[Key, list[int]] = {c: [] for c in set(self.class_of.values())}
        for k in range(reps):
            for p, q in itertools.combinations(self.points, 2):
                found = self.key(p, q)
                if found is None:
                    self.clauses.append([-self.x(k, p), -self.x(k, q)])
                    continue
                if self.orbit(p) == self.orbit(q):
                    continue  # one orbit once a representative: never together
                both = self.pool.id(("both", k, p, q))
                self.clauses += [[-both, self.x(k, p)], [-both, self.x(k, q)],
                                 [both, -self.x(k, p), -self.x(k, q)]]
                cover[self.class_of[found]].append(both)
        for i in range(2):
            for v in range(n):
                found = self.key((0, v), self.turn((0, v)))
                assert found is not None
                cover[self.class_of[found]].append(self.y(i, v))
        for lits in cover.values():
            self._exactly(lits, 1)

    def base(self, model: set[int]) -> list[list[int]]:
        """The base session: player l * n + y, the kept players 3n and 3n + 1."""
        n = self.n
        tables = []
        for k in range(self.reps):
            block = [p for p in self.points if self.x(k, p) in model]
            for _ in range(3):
                tables.append(sorted(level * n + y for level, y in block))
                block = [self.turn(p) for p in block]
        for i in range(2):
            v = next(v for v in range(n) if self.y(i, v) in model)
            orbit = [(0, v), self.turn((0, v)), self.turn(self.turn((0, v)))]
            tables.append(sorted([3 * n + i] + [level * n + y for level, y in orbit]))
        return tables


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, required=True, help="N = 8 mod 12")
    parser.add_argument("--turn", type=int, required=True, help="u, of order 3 mod (N - 2) / 3")
    parser.add_argument("--solver", default="cadical195")
    args = parser.parse_args(argv)
    n, rest = divmod(args.players - 2, 3)
    if rest or args.players % 12 != 8 or pow(args.turn, 3, n) != 1 or args.turn % n == 1:
        parser.error("needs N = 8 mod 12 and u of order 3 mod (N - 2) / 3")
    model = TurnModel(args.players, args.turn)
    assignment, seconds = solved(f"{args.players} x {n}", model.pool.top, model.clauses,
                                 args.solver)
    if assignment is None:
        return 1
    base = model.base(assignment)
    schedule = expand(OrbitStructure(n, (1, 1, 1)), base, n)
    if not sound(schedule, args.players):
        print("the schedule is not sound: a bug in this tool")
        return 2
    print(f"found and checked in {seconds:.1f} s")
    print(json.dumps({"players": args.players, "sessions": n, "cycle": n, "speeds": [1, 1, 1],
                      "base": base,
                      "found_by": f"turn_search.py --players {args.players} --turn {args.turn}",
                      "seconds": round(seconds, 1)}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
