"""Resolvable designs on 3q + 1 players (q a prime power, q ≡ 1 mod 4) with a multiplier group.

The players are GF(q) × {three levels} plus one fixed player ∞; session h is the base session
with every level's points moved by +h (h running over GF(q)), so the q sessions reach the
bound 3R = N - 1 when every pair meets once. The base session holds {∞, (0,0), (0,1), (0,2)}
and tables that are whole orbits under multiplication by S, the subgroup of GF(q)* of an odd
order s (odd, so that
-1 is not in S and a difference d and its opposite -d fall in different cosets). Only a
handful of representative tables are searched (3(q-1)/4s of them: three for 88 = 3·29 + 1 with
s = 7), and whether they work is a question of cosets of S: every level's nonzero points,
every level's differences, and every ordered pair of levels' differences must each cover
every coset exactly once. The difference search (`difference_search`) stalls at one clash on
these fields with its order-3 symmetry alone; with S the search space is a few dozen
numbers and plain annealing with restarts settles it in seconds.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from itertools import combinations

from tournament_manager.domain.seating.latin import LatinSquare, field_tables, prime_power
from tournament_manager.domain.seating.pairs import IntSessions

Point = tuple[int, int]
"""(level, element of GF(q)), the element never 0 in a representative table."""


def multiplier_orders(q: int) -> list[int]:
    """The odd orders s > 1 of subgroups S that divide the tables evenly, largest first."""
    if prime_power(q) is None or q % 4 != 1:
        return []
    quarter = (q - 1) // 4
    return [s for s in range(quarter, 1, -1) if quarter % s == 0 and s % 2 == 1]


def _subgroup(times: LatinSquare, order: int) -> list[int]:
    """The elements of GF(q)* whose order divides `order` (GF(q)* is cyclic: one subgroup)."""
    found = []
    for x in range(1, len(times)):
        power = 1
        for _ in range(order):
            power = times[power][x]
        if power == 1:
            found.append(x)
    return found


class _Cosets:
    """Coset index of every nonzero residue under S."""

    def __init__(self, times: LatinSquare, group: list[int]) -> None:
        self.index = [-1] * len(times)
        count = 0
        for x in range(1, len(times)):
            if self.index[x] < 0:
                for g in group:
                    self.index[times[x][g]] = count
                count += 1
        self.count = count


def _clashes(tables: list[list[Point]], minus: LatinSquare, cosets: _Cosets) -> int:
    """Coverings beyond the first of a point coset, a difference coset, or a zero difference."""
    seen: dict[tuple[int, ...], int] = {}
    clash = 0

    def cover(key: tuple[int, ...]) -> None:
        nonlocal clash
        count = seen.get(key, 0)
        clash += count > 0
        seen[key] = count + 1

    for table in tables:
        for level, value in table:
            cover((0, level, cosets.index[value]))
        for (la, a), (lb, b) in combinations(table, 2):
            difference = minus[b][a]
            if difference == 0:
                clash += 1
                continue
            if la == lb:
                cover((1, la, cosets.index[difference]))
                cover((1, la, cosets.index[minus[a][b]]))
            else:
                low, high, d = (la, lb, difference) if la < lb else (lb, la, minus[a][b])
                cover((2, low * 3 + high, cosets.index[d]))
    return clash


def _minus(add: LatinSquare) -> LatinSquare:
    """minus[b][a] = b - a."""
    q = len(add)
    table = [[0] * q for _ in range(q)]
    for a in range(q):
        for c in range(q):
            table[add[a][c]][a] = c
    return tuple(tuple(row) for row in table)


def search_cyclotomic(players: int, order: int, *, seed: int, max_moves: int,
                      cancelled: Callable[[], bool] = lambda: False) -> list[list[int]] | None:
    """A base session for `players` = 3q + 1 under the multiplier group of `order`, or None.

    Player l·q + x is element x (as `latin.field_tables` codes it) of level l; ∞ is 3q.
    """
    q, rest = divmod(players - 1, 3)
    if rest or order not in multiplier_orders(q):
        return None
    add, times = field_tables(q)
    minus = _minus(add)
    group = _subgroup(times, order)
    cosets = _Cosets(times, group)
    rng = random.Random(seed)
    count = 3 * (q - 1) // (4 * order)
    # Points: every level's cosets once each, dealt to the representative tables at random.
    deck = [(level, rng.choice([x for x in range(1, q) if cosets.index[x] == c]))
            for level in range(3) for c in range(cosets.count)]
    rng.shuffle(deck)
    tables = [deck[4 * t:4 * t + 4] for t in range(count)]
    cost = _clashes(tables, minus, cosets)
    temperature = 0.6
    for move in range(max_moves):
        if cost == 0:
            break
        if move % 4096 == 0 and cancelled():
            return None
        t, i = rng.randrange(count), rng.randrange(4)
        old = tables[t][i]
        if rng.random() < 0.5:
            # Another representative of the same coset: the points stay exact.
            level, value = old
            tables[t][i] = (level, times[value][rng.choice(group)])
            other = None
        else:
            # Swap with a point of another table.
            u, j = rng.randrange(count), rng.randrange(4)
            other = (u, j)
            tables[t][i], tables[u][j] = tables[u][j], tables[t][i]
        new_cost = _clashes(tables, minus, cosets)
        delta = new_cost - cost
        if delta <= 0 or rng.random() < math.exp(-delta / temperature):
            cost = new_cost
        elif other is None:
            tables[t][i] = old
        else:
            u, j = other
            tables[t][i], tables[u][j] = tables[u][j], tables[t][i]
        temperature = max(0.05, temperature * 0.99999)
    if cost:
        return None
    base = [[3 * q, 0, q, 2 * q]]
    for table in tables:
        for g in group:
            base.append([level * q + times[value][g] for level, value in table])
    return base


def translated(base: list[list[int]], q: int, sessions: int) -> IntSessions:
    """Sessions 0..sessions-1: session h moves every level's element x to x + h in GF(q)."""
    add, _ = field_tables(q)

    def moved(player: int, h: int) -> int:
        level, x = divmod(player, q)
        return player if level == 3 else level * q + add[x][h]

    return [[[moved(p, h) for p in table] for table in base] for h in range(sessions)]
