"""Schedules at the bound on 3q + 1 and 3q + 3 players (q a prime power) with a multiplier group.

The players are GF(q) × {three levels} plus one or three fixed players ∞; session h is the
base session with every level's points moved by +h (h running over GF(q)), so there are q
sessions, the bound. Only the base session is searched, and only a few representatives of
it: the base session is made of whole orbits under multiplication by S, a subgroup of
GF(q)* of order s, so whether it works is a question about cosets of S (every level's
nonzero points, every level's differences and every ordered pair of levels' differences
must each cover every coset exactly once):

- 3q + 1 (N ≡ 4 mod 12, a resolvable design): {∞, (0,0), (0,1), (0,2)} and, for odd s
  (-1 not in S), 3(q-1)/4s tables of four points times S; for even s (-1 in S), 3(q-1)/2s
  pairs x, y standing for the table {±x, ±y} times S/±1. 88, 112, 124, 148, 160 fall in
  milliseconds this way (148 = 3·49 + 1 only with an even s).
- 3q + 3 (N ≡ 0 mod 12, q ≡ 7 mod 12: every player misses the two others of his group
  {(x,0), (x,1), (x,2)}, the three ∞ forming the last group): s = 3, three tables that S
  leaves as they are ((0, l) and one orbit of three), one orbit of the three ∞ tables, the
  ∞ taking turns as S turns, and (q - 7)/4 free orbits.

The difference search (`difference_search`) stalls at one clash on these fields with its
order-3 symmetry alone; with S the search space is a few dozen numbers and plain annealing
with restarts settles most of them at once.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum
from itertools import combinations

from tournament_manager.domain.seating.latin import LatinSquare, field_tables, prime_power
from tournament_manager.domain.seating.pairs import IntSessions

Point = tuple[int, int]
"""(level, element of GF(q)), the element never 0 in a representative table."""


def _one_fixed(players: int) -> int | None:
    """q when players = 3q + 1, q a prime power ≡ 1 mod 4 (a resolvable design), else None."""
    q, rest = divmod(players - 1, 3)
    return q if rest == 0 and q % 4 == 1 and prime_power(q) else None


def _three_fixed(players: int) -> int | None:
    """q when players = 3q + 3, q a prime power ≡ 7 mod 12 (groups of three), else None."""
    q, rest = divmod(players - 3, 3)
    return q if rest == 0 and q % 12 == 7 and prime_power(q) else None


def multiplier_orders(players: int) -> list[int]:
    """The orders s of the subgroups S worth a search for this field, largest first.

    3q + 1 players: odd s dividing (q - 1)/4 (-1 is not in S: tables of four points, times
    S), and even s dividing both q - 1 and 3(q - 1)/2 (-1 is in S: tables {±x, ±y}, times
    S/±1; the way to 148 = 3·49 + 1, where no odd s leaves few enough tables). 3q + 3 players
    (every player misses the two others of his group, which is the bound for N ≡ 0 mod 12):
    s = 3, the three ∞ players taking turns as S turns.
    """
    q = _one_fixed(players)
    if q is not None:
        quarter = (q - 1) // 4
        return [s for s in range(q - 1, 2, -1)
                if (s % 2 == 1 and quarter % s == 0)
                or (s % 2 == 0 and (q - 1) % s == 0 and 3 * (q - 1) // 2 % s == 0)]
    return [3] if _three_fixed(players) is not None else []


def bound_sessions(players: int) -> int | None:
    """The sessions a multiplier-orbit schedule for `players` has (q), if there can be one."""
    return _one_fixed(players) or _three_fixed(players)


def subgroup(times: LatinSquare, order: int) -> list[int]:
    """The elements of GF(q)* whose order divides `order` (GF(q)* is cyclic: one subgroup)."""
    found = []
    for x in range(1, len(times)):
        power = 1
        for _ in range(order):
            power = times[power][x]
        if power == 1:
            found.append(x)
    return found


class Cosets:
    """Coset index of every nonzero residue under S."""

    def __init__(self, times: LatinSquare, group: list[int]) -> None:
        self.times = times
        self.index = [-1] * len(times)
        count = 0
        for x in range(1, len(times)):
            if self.index[x] < 0:
                for g in group:
                    self.index[times[x][g]] = count
                count += 1
        self.count = count


class _Kind(Enum):
    ORBIT = "orbit"
    """Four nonzero points; the base session holds the table times every element of S."""
    INFINITY = "infinity"
    """Three nonzero points, one a level, with ∞_k added to the table times g^k (s = 3)."""
    ZERO = "zero"
    """One nonzero point x of level m, with (0, l) and x·S: a table S leaves as it is."""
    SYMMETRIC = "symmetric"
    """Two points x, y (when -1 is in S): the table {±x, ±y} times S/±1."""


@dataclass(frozen=True)
class _Problem:
    add: LatinSquare
    minus: LatinSquare
    cosets: Cosets
    generator_less_one: int
    """g - 1 for the generator g of S: the zero table's own differences are ±x(g-1)·S."""
    kinds: tuple[tuple[_Kind, int], ...]
    """Each table's kind and, for a zero table, the level of its zero point."""

    def clashes(self, tables: list[list[Point]]) -> int:
        """Coverings beyond the first of a point coset or a difference coset, plus every
        zero difference (two points of one group) and every ∞ table missing a level."""
        minus, index = self.minus, self.cosets.index
        seen: set[tuple[int, int, int]] = set()
        clash = 0

        def cover(kind: int, place: int, coset: int) -> None:
            nonlocal clash
            key = (kind, place, coset)
            if key in seen:
                clash += 1
            else:
                seen.add(key)

        def differ(la: int, a: int, lb: int, b: int) -> None:
            nonlocal clash
            difference = minus[b][a]
            if difference == 0:
                clash += 1
            elif la == lb:
                cover(1, la, index[difference])
                cover(1, la, index[minus[a][b]])
            elif la < lb:
                cover(2, la * 3 + lb, index[difference])
            else:
                cover(2, lb * 3 + la, index[minus[a][b]])

        for table, (kind, zero_level) in zip(tables, self.kinds):
            for level, value in table:
                cover(0, level, index[value])
            if kind is _Kind.SYMMETRIC:
                # ±x against itself gives ±2x; ±x against ±y gives ±(y - x) and ±(y + x),
                # and with -1 in S each ± pair is one coset.
                (la, a), (lb, b) = table
                cover(1, la, index[self.add[a][a]])
                cover(1, lb, index[self.add[b][b]])
                for difference in (minus[b][a], self.add[a][b]):
                    if difference == 0:
                        clash += 1
                    elif la == lb:
                        cover(1, la, index[difference])
                    else:
                        cover(2, min(la, lb) * 3 + max(la, lb), index[difference])
                continue
            for (la, a), (lb, b) in combinations(table, 2):
                if kind is _Kind.INFINITY and la == lb:
                    clash += 1
                differ(la, a, lb, b)
            if kind is _Kind.ZERO:
                (level, value), = table
                differ(zero_level, 0, level, value)
                own = self._times(value, self.generator_less_one)
                cover(1, level, index[own])
                cover(1, level, index[minus[0][own]])
        return clash

    def _times(self, x: int, y: int) -> int:
        return self.cosets.times[x][y]


def minus_table(add: LatinSquare) -> LatinSquare:
    """minus[b][a] = b - a."""
    q = len(add)
    table = [[0] * q for _ in range(q)]
    for a in range(q):
        for c in range(q):
            table[add[a][c]][a] = c
    return tuple(tuple(row) for row in table)


def search_cyclotomic(players: int, order: int, *, seed: int, max_moves: int,
                      cancelled: Callable[[], bool] = lambda: False,
                      coolest: float = 0.05) -> list[list[int]] | None:
    """A base session for `players` under the multiplier group of `order`, or None.

    The temperature falls from 0.6 to `coolest` in the first few hundred thousand moves and
    stays there: 0.05 is all but greedy, which settles the small fields at once; 96 = 3·31 + 3
    needs a warmer 0.3 and a few million moves (at 0.05 it stalls at one or two clashes).

    Player l·q + x is element x (as `latin.field_tables` codes it) of level l; the fixed
    players ∞ are 3q, 3q + 1, 3q + 2.
    """
    q = bound_sessions(players)
    if q is None or order not in multiplier_orders(players):
        return None
    add, times = field_tables(q)
    group = subgroup(times, order)
    generator = next(g for g in group if len(powers(times, g)) == order)
    cosets = Cosets(times, group)
    minus = minus_table(add)
    one_fixed = _one_fixed(players) is not None
    if one_fixed and order % 2 == 0:
        kinds = [(_Kind.SYMMETRIC, 0)] * (3 * (q - 1) // (2 * order))
    elif one_fixed:
        kinds = [(_Kind.ORBIT, 0)] * (3 * (q - 1) // (4 * order))
    else:
        kinds = ([(_Kind.ZERO, level) for level in range(3)] + [(_Kind.INFINITY, 0)]
                 + [(_Kind.ORBIT, 0)] * ((q - 7) // 4))
    problem = _Problem(add, minus, cosets, minus[generator][1], tuple(kinds))
    rng = random.Random(seed)
    # Points: every level's cosets once each, dealt to the representative tables at random.
    deck = [(level, rng.choice([x for x in range(1, q) if cosets.index[x] == c]))
            for level in range(3) for c in range(cosets.count)]
    rng.shuffle(deck)
    sizes = [{_Kind.ORBIT: 4, _Kind.INFINITY: 3, _Kind.ZERO: 1, _Kind.SYMMETRIC: 2}[kind]
             for kind, _ in kinds]
    tables, dealt = [], 0
    for size in sizes:
        tables.append(deck[dealt:dealt + size])
        dealt += size
    slots = [(t, i) for t, size in enumerate(sizes) for i in range(size)]
    cost = problem.clashes(tables)
    temperature = 0.6
    for move in range(max_moves):
        if cost == 0:
            break
        if move % 4096 == 0 and cancelled():
            return None
        t, i = rng.choice(slots)
        old = tables[t][i]
        if rng.random() < 0.5:
            # Another representative of the same coset: the points stay exact.
            level, value = old
            tables[t][i] = (level, times[value][rng.choice(group)])
            other = None
        else:
            # Swap with a point of another table.
            other = u, j = rng.choice(slots)
            tables[t][i], tables[u][j] = tables[u][j], tables[t][i]
        new_cost = problem.clashes(tables)
        delta = new_cost - cost
        if delta <= 0 or rng.random() < math.exp(-delta / temperature):
            cost = new_cost
        elif other is None:
            tables[t][i] = old
        else:
            u, j = other
            tables[t][i], tables[u][j] = tables[u][j], tables[t][i]
        temperature = max(coolest, temperature * 0.99999)
    if cost:
        return None
    return _base(tables, kinds, powers(times, generator), times, minus[0], q, one_fixed)


def powers(times: LatinSquare, g: int) -> list[int]:
    """1, g, g², … up to the last before 1 again."""
    found = [1]
    while (following := times[found[-1]][g]) != 1:
        found.append(following)
    return found


def _base(tables: list[list[Point]], kinds: list[tuple[_Kind, int]], group: list[int],
          times: LatinSquare, negate: tuple[int, ...], q: int,
          one_fixed: bool) -> list[list[int]]:
    """The whole base session as player numbers (`group` in powers of its generator)."""
    def scaled(table: list[Point], by: int) -> list[int]:
        return [level * q + times[value][by] for level, value in table]

    base = [[3 * q, 0, q, 2 * q]] if one_fixed else []
    for table, (kind, zero_level) in zip(tables, kinds):
        if kind is _Kind.ORBIT:
            base.extend(scaled(table, g) for g in group)
        elif kind is _Kind.SYMMETRIC:
            (la, a), (lb, b) = table
            halves: list[int] = []
            for g in group:
                if negate[g] not in halves:
                    halves.append(g)
            for g in halves:
                x, y = times[a][g], times[b][g]
                base.append([la * q + x, la * q + negate[x], lb * q + y, lb * q + negate[y]])
        elif kind is _Kind.ZERO:
            base.append([zero_level * q, *(scaled(table, g)[0] for g in group)])
        else:
            base.extend([3 * q + k, *scaled(table, group[k])] for k in range(3))
    return base


def translated(base: list[list[int]], q: int, sessions: int) -> IntSessions:
    """Sessions 0..sessions-1: session h moves every level's element x to x + h in GF(q)."""
    add, _ = field_tables(q)

    def moved(player: int, h: int) -> int:
        level, x = divmod(player, q)
        return player if level == 3 else level * q + add[x][h]

    return [[[moved(p, h) for p in table] for table in base] for h in range(sessions)]
