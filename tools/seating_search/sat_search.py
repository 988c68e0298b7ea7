r"""Decide a seating structure exactly with a SAT solver (offline tool).

The annealing programs beside this file find base sessions fast where a structure has room to
spare, and stall one or two clashes short where it has none (the fields at the bound). Whether
such a structure has a solution at all is a question a SAT solver can answer outright for the
small fields, and a finished "no" is worth recording: it stops anyone spending another
afternoon annealing it.

The model: a group G of permutations of the players moves k base sessions to the others
(session g(B_b) for g in G, so R = k |G|). A variable z[b, p, q] says p and q share a table in
B_b; transitivity and "three partners each" make the true variables tables of four. A pair
orbit of G whose pairs have a non-trivial stabiliser would be met more than once, so it is
closed; every other orbit is met at most once over all bases, exactly once when the field is at
the bound (every open orbit is then needed).

    .venv/bin/python tools/seating_search/sat_search.py --cycle 10 --speeds 1,1,1 --fixed 2
    .venv/bin/python tools/seating_search/sat_search.py --cycle 10 --speeds 1,3,7 --fixed 2 --swap
    .venv/bin/python tools/seating_search/sat_search.py --cycle 5 --speeds 1,1,1,1,1,1 \
        --fixed 2 --bases 2

The structure is `OrbitStructure(cycle, speeds)` with the fixed players after the blocks;
`--swap` makes the session step exchange the first two fixed players instead of keeping them.

Run it with the development venv after `.venv/bin/pip install python-sat` (the application
does not need it): the expanded schedule is checked by `library.sound`, the check every
library.json entry passes on use.
"""

from __future__ import annotations

import argparse
import itertools
import json
import sys
import time
from collections.abc import Sequence

from lift_search import solved, tables_of
from pysat.card import CardEnc, EncType
from pysat.formula import IDPool

from tournament_manager.domain.seating.library import sound

Perm = tuple[int, ...]
Pair = tuple[int, int]


def closure(generators: Sequence[Perm]) -> list[Perm]:
    """Every element of the group the permutations generate."""
    identity = tuple(range(len(generators[0])))
    seen = {identity}
    frontier = [identity]
    while frontier:
        found = []
        for g in frontier:
            for h in generators:
                product = tuple(h[g[i]] for i in range(len(g)))
                if product not in seen:
                    seen.add(product)
                    found.append(product)
        frontier = found
    return sorted(seen)


def pair(p: int, q: int) -> Pair:
    return (p, q) if p < q else (q, p)


def pair_orbits(players: int, group: Sequence[Perm]) -> dict[Pair, int]:
    orbit_of: dict[Pair, int] = {}
    for p, q in itertools.combinations(range(players), 2):
        if (p, q) not in orbit_of:
            number = len(orbit_of)  # grows with every orbit, so it names each one once
            for g in group:
                orbit_of[pair(g[p], g[q])] = number
    return orbit_of


class Model:
    """The clauses for k base sessions of `players` under `group`."""

    def __init__(self, players: int, group: Sequence[Perm], bases: int = 1) -> None:
        self.players, self.group, self.bases = players, list(group), bases
        self.pool = IDPool()
        self.clauses: list[list[int]] = []
        orbit_of = pair_orbits(players, self.group)
        members: dict[int, list[Pair]] = {}
        for p_q, orbit in orbit_of.items():
            members.setdefault(orbit, []).append(p_q)
        open_orbits = [pairs for pairs in members.values() if len(pairs) == len(self.group)]
        needed = bases * players // 4 * 6
        self.possible = len(open_orbits) >= needed
        for pairs in members.values():
            if len(pairs) < len(self.group):  # a base pair here would be met again
                self.clauses += [[-self.z(b, p, q)] for b in range(bases) for p, q in pairs]
        encode = CardEnc.equals if len(open_orbits) == needed else CardEnc.atmost
        for pairs in open_orbits:
            lits = [self.z(b, p, q) for b in range(bases) for p, q in pairs]
            self.clauses += encode(lits=lits, bound=1, vpool=self.pool,
                                   encoding=EncType.seqcounter).clauses
        for b in range(bases):
            for p in range(players):
                lits = [self.z(b, p, q) for q in range(players) if q != p]
                self.clauses += CardEnc.equals(lits=lits, bound=3, vpool=self.pool,
                                               encoding=EncType.seqcounter).clauses
            for p, q, r in itertools.combinations(range(players), 3):
                a, c, d = self.z(b, p, q), self.z(b, q, r), self.z(b, p, r)
                self.clauses += [[-a, -c, d], [-a, -d, c], [-c, -d, a]]

    def z(self, b: int, p: int, q: int) -> int:
        return self.pool.id((b, *pair(p, q)))

    def solve(self, solver: str = "cadical195") -> list[list[list[int]]] | None:
        """The base sessions' tables, or None: the structure has none. `solver` as in
        `lift_search.solved` (a PySAT name or an external solver's command)."""
        if not self.possible:
            return None
        found, _ = solved(f"{self.players} players", self.pool.top, self.clauses, solver)
        if found is None:
            return None
        model = {v for v in found if v > 0}
        return [tables_of(self.players, lambda p, q, b=b: self.z(b, p, q) in model)
                for b in range(self.bases)]


def sessions_of(group: Sequence[Perm], bases: Sequence[Sequence[Sequence[int]]]) -> list:
    return [[sorted(g[p] for p in table) for table in base] for g in group for base in bases]


def cyclic_group(cycle: int, speeds: Sequence[int], fixed: int, swap: bool) -> list[Perm]:
    """Blocks of `cycle` players moving by their speeds; fixed players kept (or two swapped)."""
    moving = cycle * len(speeds)
    step = list(range(moving + fixed))
    for block, speed in enumerate(speeds):
        for x in range(cycle):
            step[block * cycle + x] = block * cycle + (x + speed) % cycle
    if swap:
        step[moving], step[moving + 1] = moving + 1, moving
    return closure([tuple(step)])


def run_cyclic(args: argparse.Namespace) -> int:
    speeds = [int(s) for s in args.speeds.split(",")]
    group = cyclic_group(args.cycle, speeds, args.fixed, args.swap)
    players = args.cycle * len(speeds) + args.fixed
    model = Model(players, group, args.bases)
    if args.fixed:
        # Moving each block by its own offset commutes with the group and keeps every
        # solution a solution, so the first fixed player's table in base 0 can hold offset 0
        # of every block it touches.
        first = args.cycle * len(speeds)
        for block in range(len(speeds)):
            zero = block * args.cycle
            for x in range(1, args.cycle):
                model.clauses.append([-model.z(0, first, zero + x), model.z(0, first, zero)])
    start = time.time()
    found = model.solve(args.solver)
    seconds = time.time() - start
    if not found:
        print(f"{players} x {len(group) * args.bases}: no solution ({seconds:.1f} s, "
              f"{model.pool.top} variables, {len(model.clauses)} clauses)")
        return 1
    sessions = sessions_of(group, found)
    assert sound(sessions, players), "the solver's tables do not expand to a sound schedule"
    print(f"{players} x {len(sessions)}: found in {seconds:.1f} s")
    print(json.dumps(found))
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--cycle", type=int, required=True)
    parser.add_argument("--speeds", required=True, help="one per block, e.g. 1,1,3")
    parser.add_argument("--fixed", type=int, default=0)
    parser.add_argument("--swap", action="store_true",
                        help="the session step exchanges the first two fixed players")
    parser.add_argument("--bases", type=int, default=1)
    parser.add_argument("--solver", default="cadical195",
                        help="a PySAT solver or an external solver's command (lift_search)")
    return run_cyclic(parser.parse_args(argv))


if __name__ == "__main__":
    sys.exit(main())
