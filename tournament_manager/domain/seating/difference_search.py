"""Offline search for repeat-free schedules at the bound, as difference families.

At the bound R = floor((N - 1) / 3) a repeat-free schedule is a resolvable design (N = 4 mod
12) or a resolvable group divisible design of type 3^(N/3) (N = 0 mod 12; every player misses
the two others of a group of three). Both have a well-known symmetric form that turns the
search over N x R seats into a search over a few base tables:

- players are the group G = Z_3 x Z_R (three blocks of R, "level" and "offset") plus one fixed
  player (N = 4 mod 12) or three players that the Z_3 part cycles (N = 0 mod 12);
- session h is session 0 with every offset moved h places (`orbits.OrbitStructure(R, (1, 1,
  1))`), and session 0 is itself unchanged when every level moves one place, so it is the
  three level-images of a few base tables;
- two players meet at most once exactly when the differences (level, offset) of all base
  pairs are distinct and none lies in Z_3 x {0} (those pairs are the groups, or are the
  fixed player's table); the offsets in the base tables cover Z_R once, so session 0 seats
  everybody.

For N = 8 mod 12 (a resolvable group divisible design of type 2^(N/2): every player misses one
other) two fixed players cannot both sit with a whole orbit of the level turn, so the turn also
multiplies offsets by a unit u with u^3 = 1 (mod R): (level, x) -> (level + 1, u x).

Simulated annealing over those few base tables finds them in seconds where a CP-SAT model of
the whole base session (`orbit_solver`) finds nothing in a minute at 36, 44 or 52 players, and
where annealing the whole base session stalls a few repeats short. Whatever is found is
checked by `orbits.verified` before it is stored, and again on use.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass

from tournament_manager.domain.seating.orbits import OrbitStructure

Cancel = Callable[[], bool]


@dataclass(frozen=True)
class BoundField:
    """N players, R sessions: three blocks of R that turn, and fixed players who stay.

    The first `cycled` fixed players (0 or 3) are cycled by the level turn; the others keep
    their place under it, and each sits with one whole orbit of it.
    """

    players: int
    sessions: int
    cycled: int = 0

    @property
    def fixed(self) -> int:
        return self.players - 3 * self.sessions

    @property
    def invariant(self) -> int:
        return self.fixed - self.cycled

    @property
    def structure(self) -> OrbitStructure:
        return OrbitStructure(self.sessions, (1, 1, 1))


def bound_field(players: int) -> BoundField | None:
    """The field at the bound floor((N - 1) / 3), when N is 4T >= 8."""
    if players % 4 or players < 8:
        return None
    fixed = {4: 1, 0: 3, 8: 2}[players % 12]
    return BoundField(players, (players - fixed) // 3, 3 if fixed == 3 else 0)


def fields(players: int, sessions: int) -> list[BoundField]:
    """The shapes worth a try for R sessions: R turning points in each block, the rest fixed.

    Three fixed players may be cycled; the slots (one per invariant fixed player, three for
    the cycled, four per other base table) must add up to the R orbits.
    """
    found = []
    fixed = players - 3 * sessions
    for cycled in (0, 3):
        invariant = fixed - cycled
        if invariant >= 0 and (sessions - invariant - cycled) % 4 == 0 and \
                sessions >= invariant + cycled:
            found.append(BoundField(players, sessions, cycled))
    return found


def multipliers(field: BoundField) -> list[int]:
    """Units u with u^3 = 1 mod R for the turn (level, x) -> (level + 1, u x).

    Two invariant fixed players each sit with a whole orbit; with u = 1 both orbits have the
    same differences, so u = 1 serves only fields with at most one. At N = 8 mod 12 the bound
    therefore needs u != 1, which R has not for 32, 68, 92, 104, 140 and 152 players.
    """
    r = field.sessions
    return [u for u in range(1, r) if u * u * u % r == 1 and (u != 1 or field.invariant <= 1)]


@dataclass(frozen=True)
class _Symmetry:
    """An order-3 permutation of the players that keeps session 0 and commutes with sessions.

    `alpha` maps a player to its image; `orbit_points[i]` lists orbit i's three images of its
    level-0 player; `invariant` are the fixed players whose table is one whole orbit;
    `cycled` are three fixed players that alpha cycles (their table is a 3-slot group).
    """

    alpha: tuple[int, ...]
    orbit_points: tuple[tuple[int, int, int], ...]
    invariant: tuple[int, ...]
    cycled: tuple[int, ...]


def _symmetry(field: BoundField, u: int) -> _Symmetry:
    r, n = field.sessions, field.players
    moving = 3 * r
    alpha = list(range(n))
    for level in range(3):
        for x in range(r):
            alpha[level * r + x] = ((level + 1) % 3) * r + (u * x) % r
    cycled = tuple(range(moving, moving + field.cycled))
    if cycled:
        alpha[moving], alpha[moving + 1], alpha[moving + 2] = moving + 1, moving + 2, moving
    orbits = tuple((x, alpha[x], alpha[alpha[x]]) for x in range(r))
    return _Symmetry(tuple(alpha), orbits, tuple(range(moving + field.cycled, n)), cycled)


def _cyclic(field: BoundField) -> _Symmetry:
    """The players as the cyclic group Z_3R (player z: level z mod 3, offset z div 3, so a
    session moves z by 3) turned by z -> z + R. When 3 divides R this is not the level
    turn in disguise (Z_3 x Z_R is not cyclic then): the turn keeps each player's level,
    and it reaches fields the turn does not."""
    r, n = field.sessions, field.players
    moving = 3 * r

    def index(z: int) -> int:
        z %= moving
        return (z % 3) * r + z // 3

    alpha = list(range(n))
    for z in range(moving):
        alpha[index(z)] = index(z + r)
    cycled = tuple(range(moving, moving + field.cycled))
    if cycled:
        alpha[moving], alpha[moving + 1], alpha[moving + 2] = moving + 1, moving + 2, moving
    orbits = tuple((index(z), index(z + r), index(z + 2 * r)) for z in range(r))
    return _Symmetry(tuple(alpha), orbits, tuple(range(moving + field.cycled, n)), cycled)


def _class_orbits(classes: list[list[int]], class_count: int, alpha: tuple[int, ...]
                  ) -> list[int]:
    """Each pair orbit's representative under the symmetry; -1 where the symmetry fixes it.

    The symmetry commutes with the sessions, so it permutes pair orbits; two base pairs
    conflict exactly when their orbits fall in one cycle, and a pair orbit the symmetry fixes
    would be met by a table and its own image.
    """
    example: list[tuple[int, int] | None] = [None] * class_count
    for p, row in enumerate(classes):
        for q, c in enumerate(row):
            if c >= 0 and example[c] is None:
                example[c] = (p, q)
    image = [0] * class_count
    for c, pair in enumerate(example):
        assert pair is not None
        image[c] = classes[alpha[pair[0]]][alpha[pair[1]]]
    found = []
    for c in range(class_count):
        cycle = {c, image[c], image[image[c]]}
        found.append(min(cycle) if len(cycle) == 3 else -1)
    return found


def search_symmetric(field: BoundField, multiplier: int, *, seed: int, max_moves: int,
                     cyclic: bool = False, temperature: float = 0.3, focus: int = 3,
                     cancelled: Cancel = lambda: False,
                     improved: Callable[[int], None] | None = None
                     ) -> list[list[int]] | None:
    """Session 0 (tables of player indices) invariant under an order-3 symmetry, or None.

    The search is over base tables: each slot holds one orbit of three players (every orbit
    in exactly one slot, so session 0 seats everybody) and a phase (which of the three); a
    base table of four slots stands for itself and its two images. Annealing swaps the
    orbits of two slots or turns one slot's phase; the cost is the number of repeated pair
    orbits in session 0. Deterministic for a seed. `cyclic`: the turn of `_cyclic` instead
    (the multiplier is not used).
    """
    symmetry = _cyclic(field) if cyclic else _symmetry(field, multiplier)
    rng = random.Random(seed)
    alpha = symmetry.alpha
    classes, class_count = _pair_classes(field)
    orbit_count = len(symmetry.orbit_points)
    # Groups: one slot per invariant fixed player, three for the cycled ones, then fours.
    groups: list[list[int]] = [[i] for i in range(len(symmetry.invariant))]
    slot_total = len(symmetry.invariant)
    if symmetry.cycled:
        groups.append([slot_total, slot_total + 1, slot_total + 2])
        slot_total += 3
    while slot_total < orbit_count:
        groups.append(list(range(slot_total, slot_total + 4)))
        slot_total += 4
    if slot_total != orbit_count:
        return None
    orbit_of = list(range(orbit_count))
    rng.shuffle(orbit_of)
    phase = [0] * slot_total
    group_of = [0] * slot_total
    for g, members in enumerate(groups):
        for s in members:
            group_of[s] = g
        for s in members[1:]:
            phase[s] = rng.randrange(3)
    quotient = _class_orbits(classes, class_count, alpha)
    counts = [0] * class_count

    def base_pairs(g: int) -> list[tuple[int, int]]:
        """One pair per orbit of pairs the group's tables hold (the images add nothing new)."""
        members = groups[g]
        if len(members) == 1:
            point = symmetry.orbit_points[orbit_of[members[0]]][0]
            return [(symmetry.invariant[g], point), (point, alpha[point])]
        points = [symmetry.orbit_points[orbit_of[s]][phase[s]] for s in members]
        if len(members) == 3:
            points.append(symmetry.cycled[0])
        return [(points[i], points[j]) for i in range(4) for j in range(i + 1, 4)]

    def tables_of(g: int) -> list[list[int]]:
        members = groups[g]
        if len(members) == 1:
            return [[symmetry.invariant[g], *symmetry.orbit_points[orbit_of[members[0]]]]]
        points = [symmetry.orbit_points[orbit_of[s]][phase[s]] for s in members]
        found = []
        for turn in range(3):
            found.append(list(points) + ([symmetry.cycled[turn]] if len(members) == 3 else []))
            points = [alpha[p] for p in points]
        return found

    def account(g: int, step: int) -> int:
        change = 0
        for p, q in base_pairs(g):
            c = classes[p][q]
            c = quotient[c] if c >= 0 else -1
            if c < 0:
                change += 2 * step
                continue
            before = counts[c]
            counts[c] = before + step
            change += (before >= 1) if step > 0 else -(before >= 2)
        return change

    cost = sum(account(g, 1) for g in range(len(groups)))

    def swap(a: int, b: int) -> int:
        touched = {group_of[a], group_of[b]}
        change = sum(account(g, -1) for g in touched)
        orbit_of[a], orbit_of[b] = orbit_of[b], orbit_of[a]
        return change + sum(account(g, 1) for g in touched)

    def turn(a: int, value: int) -> int:
        change = account(group_of[a], -1)
        phase[a] = value
        return change + account(group_of[a], 1)

    def conflicted(g: int) -> bool:
        for p, q in base_pairs(g):
            c = classes[p][q]
            if c < 0 or quotient[c] < 0 or counts[quotient[c]] > 1:
                return True
        return False

    best = cost
    for step in range(max_moves):
        if cost < best:
            best = cost
            if improved is not None:
                improved(best)
        if cost == 0:
            return [sorted(t) for g in range(len(groups)) for t in tables_of(g)]
        if step % 4096 == 0 and cancelled():
            return None
        # Moves start from a slot whose table holds a repeat (a few tries, then any).
        a = rng.randrange(slot_total)
        for _ in range(focus):
            if conflicted(group_of[a]):
                break
            a = rng.randrange(slot_total)
        members = groups[group_of[a]]
        if len(members) > 1 and a != members[0] and rng.random() < 0.3:
            old = phase[a]
            delta = turn(a, (old + 1 + rng.randrange(2)) % 3)
            if delta > 0 and rng.random() >= math.exp(-delta / temperature):
                turn(a, old)
            else:
                cost += delta
        else:
            b = rng.randrange(slot_total)
            if a == b:
                continue
            delta = swap(a, b)
            if delta > 0 and rng.random() >= math.exp(-delta / temperature):
                swap(a, b)
            else:
                cost += delta
    return None


def _pair_classes(field: BoundField) -> tuple[list[list[int]], int]:
    """For every pair of players, the orbit it generates under the rotation (-1: it repeats).

    Base pairs of the same orbit meet the same two players in different sessions, so at most
    one of them may share a base table.
    """
    r, n = field.sessions, field.players
    moving = 3 * r
    keys: dict[tuple[int, int, int], int] = {}
    classes = [[-1] * n for _ in range(n)]
    for p in range(n):
        for q in range(p + 1, n):
            key: tuple[int, int, int] | None
            if q < moving:
                a, x = divmod(p, r)
                b, y = divmod(q, r)
                d = (y - x) % r
                if a == b:
                    d = min(d, r - d)
                    key = None if 2 * d == r else (a, a, d)
                else:
                    key = (a, b, d)
            elif p < moving:
                key = (3, q - moving, p // r)
            else:
                key = None
            if key is not None:
                classes[p][q] = classes[q][p] = keys.setdefault(key, len(keys))
    return classes, len(keys)

