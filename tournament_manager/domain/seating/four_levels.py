"""Schedules at the bound on 4q players, q a prime power ≡ 1 mod 3: resolvable designs the
3q + 1 construction (`cyclotomic`) does not reach, 100 = 4·25 and 172 = 4·43. (The same
sessions over Z_q, q = 3t + 2 and no field, give 140 = 4·35 at its bound (4q − 2)/3 = q + t,
found offline by tools/seating_search/involution_split_search.c; see `four_level_sessions`.)

The players are GF(q) × {four levels}, q odd. With q = 3t + 1 the bound (4q − 1)/3 is q + t:

- q sessions are one base session moved by +h, h running over GF(q), as in `cyclotomic`;
- t sessions are each the q translates of one transversal table {(0,0), (b,1), (c,2), (d,3)}
  (one player of each level): moved by every h, such a table seats everyone once.

The base session holds {(0,0), (0,1), (0,2), (0,3)} and q − 1 tables of nonzero points. No
pair meets twice when, in the base session, every level's differences cover GF(q)* once,
and for every pair of levels the base session's differences and the transversals' together
cover GF(q) once (0 by the zero table). A multiplier group S of odd order s dividing t (so
−1 is not in S) keeps the base session and the transversals unions of S-orbits, and the
search is over cosets of S: for 172 (s = 7) six tables and two transversals.

Where t has no odd divisor but 1 (100: q = 25, t = 8), a CP-SAT model with S = {±1} finds
one instead (about three minutes for 100; the offline builder's tool). Counting what each
kind of table covers leaves one shape only, every table of the base session {±x at one
level, ±y at another}, (q − 1)/6 of them for each pair of levels;
each level's ±x then run over the ± classes of GF(q)* once, which covers its differences
±2x once, and what is left is that, for each pair of levels, the classes ±(y − x), ±(y + x)
of its tables and ±(difference) of the transversals (taken in ± pairs) are all different.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from itertools import combinations

from tournament_manager.domain.seating.cyclotomic import Cosets, minus_table, powers, subgroup
from tournament_manager.domain.seating.latin import field_tables, prime_power
from tournament_manager.domain.seating.pairs import IntSessions

LEVELS = 4
Point = tuple[int, int]
"""(level, nonzero element of GF(q))."""


def four_level_field(players: int) -> int | None:
    """q when players = 4q, q an odd prime power ≡ 1 mod 3, else None (in characteristic 2
    a pair's two differences are one, and the counting below does not hold)."""
    q, rest = divmod(players, LEVELS)
    return q if rest == 0 and q % 6 == 1 and prime_power(q) else None


def multiplier_orders(players: int) -> list[int]:
    """Odd orders s of multiplier groups worth a search (s divides t = (q − 1)/3), largest
    first; 1 (no symmetry) is always among them."""
    q = four_level_field(players)
    if q is None:
        return []
    t = (q - 1) // 3
    return [s for s in range(t, 0, -1) if s % 2 == 1 and t % s == 0]


class _Problem:
    def __init__(self, q: int, order: int) -> None:
        add, times = field_tables(q)
        self.q, self.times = q, times
        self.minus = minus_table(add)
        self.group = subgroup(times, order)
        self.cosets = Cosets(times, self.group)

    def clashes(self, tables: list[list[Point]], transversals: list[list[int]]) -> int:
        """Coverings beyond the first of a (level, point coset), a (level, difference
        coset) or a (pair of levels, difference coset), plus every zero difference."""
        minus, index = self.minus, self.cosets.index
        seen: set[tuple[int, int, int]] = set()
        clash = 0

        def cover(kind: int, place: int, value: int) -> None:
            nonlocal clash
            if value == 0:
                clash += 1
                return
            key = (kind, place, index[value])
            if key in seen:
                clash += 1
            else:
                seen.add(key)

        for table in tables:
            for level, value in table:
                cover(0, level, value)
            for (la, a), (lb, b) in combinations(table, 2):
                if la == lb:
                    cover(1, la, minus[b][a])
                    cover(1, la, minus[a][b])
                elif la < lb:
                    cover(2, la * LEVELS + lb, minus[b][a])
                else:
                    cover(2, lb * LEVELS + la, minus[a][b])
        for values in transversals:
            for (la, a), (lb, b) in combinations(enumerate((0, *values)), 2):
                cover(2, la * LEVELS + lb, minus[b][a])
        return clash


def search_four_levels(players: int, order: int, *, seed: int, max_moves: int,
                       cancelled: Callable[[], bool] = lambda: False
                       ) -> tuple[list[list[int]], list[list[int]]] | None:
    """The base session and the transversal tables for `players` under the multiplier group
    of `order`, as player numbers (level·q + x), or None when the annealing gives up."""
    q = four_level_field(players)
    if q is None or order not in multiplier_orders(players):
        return None
    problem = _Problem(q, order)
    rng = random.Random(seed)
    cosets, times, group = problem.cosets, problem.times, problem.group
    deck = [(level, rng.choice([x for x in range(1, q) if cosets.index[x] == c]))
            for level in range(LEVELS) for c in range(cosets.count)]
    rng.shuffle(deck)
    tables = [deck[i:i + 4] for i in range(0, len(deck), 4)]
    transversals = [[rng.randrange(1, q) for _ in range(LEVELS - 1)]
                    for _ in range((q - 1) // 3 // order)]
    slots = [(t, i) for t in range(len(tables)) for i in range(4)]
    cost = problem.clashes(tables, transversals)
    temperature = 0.6
    for move in range(max_moves):
        if cost == 0:
            break
        if move % 4096 == 0 and cancelled():
            return None
        kind = rng.random()
        if kind < 0.2 and transversals:
            row = rng.choice(transversals)
            column = rng.randrange(LEVELS - 1)
            old_value = row[column]
            row[column] = rng.randrange(1, q)

            def undo() -> None:
                row[column] = old_value  # noqa: B023 - undone before the next move
        elif kind < 0.6:
            t, i = rng.choice(slots)
            old = tables[t][i]
            tables[t][i] = (old[0], times[old[1]][rng.choice(group)])

            def undo() -> None:
                tables[t][i] = old  # noqa: B023
        else:
            (t, i), (u, j) = rng.choice(slots), rng.choice(slots)
            tables[t][i], tables[u][j] = tables[u][j], tables[t][i]

            def undo() -> None:
                tables[t][i], tables[u][j] = tables[u][j], tables[t][i]  # noqa: B023
        new_cost = problem.clashes(tables, transversals)
        delta = new_cost - cost
        if delta <= 0 or rng.random() < math.exp(-delta / temperature):
            cost = new_cost
        else:
            undo()
        temperature = max(0.05, temperature * 0.99999)
    if cost:
        return None
    scaled = powers(times, next(g for g in group if len(powers(times, g)) == order))
    base = [[level * q for level in range(LEVELS)]]
    base += [[level * q + times[value][g] for level, value in table]
             for table in tables for g in scaled]
    crossing = [[0, *(level * q + times[value][g]
                      for level, value in enumerate(values, start=1))]
                for values in transversals for g in scaled]
    return base, crossing


def four_level_sessions(base: list[list[int]], transversals: list[list[int]], q: int,
                        sessions: int, *, cyclic: bool = False) -> IntSessions:
    """The first `sessions` of: the base session moved by every h in GF(q), then each
    transversal table's q translates. With `cyclic`, over Z_q instead, which need be no field:
    140 = 4·35 at its bound (q = 3t + 2 there, (4q − 2)/3 = q + t sessions, every pair meeting
    once but (l, x) and (l + 2, x); tools/seating_search/involution_split_search.c)."""
    add = [[(x + h) % q for h in range(q)] for x in range(q)] if cyclic else field_tables(q)[0]

    def moved(player: int, h: int) -> int:
        level, x = divmod(player, q)
        return level * q + add[x][h]

    every = [[[moved(p, h) for p in table] for table in base] for h in range(q)]
    every += [[[moved(p, h) for p in table] for h in range(q)] for table in transversals]
    return every[:sessions]


def solve_four_levels_symmetric(players: int, *, seed: int, seconds: float
                                ) -> tuple[list[list[int]], list[list[int]]] | None:
    """The base session and transversal tables under S = {±1} (see the module), found by
    CP-SAT (the offline builder's tool; annealing stalls at one or two clashes from 76
    players up), or None within `seconds`."""
    from ortools.sat.python import cp_model

    q = four_level_field(players)
    if q is None:
        return None
    add, times = field_tables(q)
    minus = minus_table(add)
    negate = minus[0]
    classes = Cosets(times, [1, negate[1]])
    count = classes.count  # (q - 1) / 2
    rep = [next(x for x in range(1, q) if classes.index[x] == c) for c in range(count)]
    pairs = list(combinations(range(LEVELS), 2))
    per_pair = (q - 1) // 6
    model = cp_model.CpModel()
    # Each level's 3·per_pair slots (per_pair for each pair it is in) take its ± classes once.
    slots: dict[tuple[int, int, int], list[cp_model.IntVar]] = {}
    for p, pair in enumerate(pairs):
        for k in range(per_pair):
            for level in pair:
                slots[level, p, k] = [model.new_bool_var(f"a{level}_{p}_{k}_{c}")
                                      for c in range(count)]
    for level in range(LEVELS):
        mine = [v for (lv, _p, _k), v in slots.items() if lv == level]
        for row in mine:
            model.add_exactly_one(row)
        for c in range(count):
            model.add_exactly_one([row[c] for row in mine])
    covering: dict[tuple[int, int], list[cp_model.IntVar]] = {}
    for p, (la, lb) in enumerate(pairs):
        for k in range(per_pair):
            for cx in range(count):
                for cy in range(count):
                    x, y = rep[cx], rep[cy]
                    both = model.new_bool_var(f"z{p}_{k}_{cx}_{cy}")
                    model.add_implication(both, slots[la, p, k][cx])
                    model.add_implication(both, slots[lb, p, k][cy])
                    model.add_bool_or([slots[la, p, k][cx].Not(), slots[lb, p, k][cy].Not(),
                                       both])
                    for difference in (minus[y][x], add[y][x]):
                        if difference == 0:
                            model.add(both == 0)
                        else:
                            covering.setdefault((p, classes.index[difference]), []).append(both)
    # The transversals (0, b, c, d), each with its negative: b, c, d anything nonzero.
    rows = (q - 1) // 6
    value = [[[model.new_bool_var(f"v{r}_{j}_{x}") for x in range(q)] for j in range(LEVELS)]
             for r in range(rows)]
    for r in range(rows):
        model.add(value[r][0][0] == 1)
        for j in range(1, LEVELS):
            model.add(value[r][j][0] == 0)
            model.add_exactly_one(value[r][j])
        for p, (la, lb) in enumerate(pairs):
            for xa in range(q):
                for xb in range(q):
                    if la == 0 and xa != 0:
                        continue
                    difference = minus[xb][xa]
                    if difference == 0:
                        continue
                    both = model.new_bool_var(f"w{r}_{p}_{xa}_{xb}")
                    model.add_implication(both, value[r][la][xa])
                    model.add_implication(both, value[r][lb][xb])
                    model.add_bool_or([value[r][la][xa].Not(), value[r][lb][xb].Not(), both])
                    covering.setdefault((p, classes.index[difference]), []).append(both)
    for p in range(len(pairs)):
        for c in range(count):
            model.add_exactly_one(covering.get((p, c), []))
    model.add(value[0][1][1] == 1)  # the design times a constant is one too
    solver = cp_model.CpSolver()
    solver.parameters.max_time_in_seconds = seconds
    solver.parameters.num_workers = 1
    solver.parameters.random_seed = seed
    if solver.solve(model) not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return None
    chosen = {key: next(c for c in range(count) if solver.value(row[c]))
              for key, row in slots.items()}
    base = [[level * q for level in range(LEVELS)]]
    for p, (la, lb) in enumerate(pairs):
        for k in range(per_pair):
            x, y = rep[chosen[la, p, k]], rep[chosen[lb, p, k]]
            base.append([la * q + x, la * q + negate[x], lb * q + y, lb * q + negate[y]])
    crossing = []
    for r in range(rows):
        points = [next(x for x in range(q) if solver.value(value[r][j][x]))
                  for j in range(LEVELS)]
        for sign in (1, -1):
            crossing.append([j * q + (x if sign > 0 else negate[x])
                             for j, x in enumerate(points)])
    return base, crossing
