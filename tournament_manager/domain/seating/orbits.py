"""Schedules that are the orbit of one base session under a permutation of the players.

This is the symmetry the best published social-golfer results exploit: players are split
into blocks of `cycle` points plus a few fixed points, and session h is the base session
with every block rotated by h times its speed. Only the base session (N points instead of
N x R) has to be searched, and whether a base works is a question about pair orbits that a
solver answers far faster than a search over whole schedules. Classic cyclic blocks are the
case speeds (0, 1, 2, 3) with base tables {t, T+t, 2T+t, 3T+t}.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from math import gcd

from tournament_manager.domain.seating.pairs import IntSessions, repeat_free


@dataclass(frozen=True)
class OrbitStructure:
    """Blocks of `cycle` consecutive points, block i rotating by `speeds[i]` per session."""

    cycle: int
    speeds: tuple[int, ...]

    @property
    def moving_points(self) -> int:
        return self.cycle * len(self.speeds)

    def image(self, point: int, shift: int) -> int:
        if point >= self.moving_points:
            return point
        block, offset = divmod(point, self.cycle)
        return block * self.cycle + (offset + self.speeds[block] * shift) % self.cycle


def expand(structure: OrbitStructure, base: Sequence[Sequence[int]], sessions: int) -> IntSessions:
    return [[[structure.image(p, h) for p in table] for table in base] for h in range(sessions)]


def group_sessions(factors: Sequence[int], levels: int, base: Sequence[Sequence[int]],
                   sessions: int) -> IntSessions:
    """The orbit of a base session under an abelian group G = Z_n1 x ... x Z_nk.

    Players l*|G| + i for l < `levels` are the element of G with mixed-radix index i (the
    first factor most significant) on level l; the others are fixed. Session h moves every
    level by the element of index h, so at most |G| sessions. `OrbitStructure(c, (1,) * L)`
    is the case of one factor; more factors reach the groups with an automorphism of order
    3 that Z_c lacks (Z_2 x Z_5 x Z_5 for 50 sessions, see tools/seating_search).
    """
    order = 1
    for factor in factors:
        if factor < 1:
            raise ValueError(f"bad group factor {factor}")
        order *= factor
    if not 0 <= sessions <= order:
        raise ValueError(f"{sessions} sessions from a group of {order} elements")

    def digits(index: int) -> list[int]:
        found = []
        for factor in reversed(factors):
            index, digit = divmod(index, factor)
            found.append(digit)
        return found[::-1]

    def index_of(values: Sequence[int]) -> int:
        index = 0
        for factor, value in zip(factors, values, strict=True):
            index = index * factor + value % factor
        return index

    moving = levels * order
    translate = [[index_of([a + b for a, b in zip(digits(x), digits(g), strict=True)])
                  for x in range(order)] for g in range(sessions)]
    return [[[p if p >= moving else p - p % order + translate[h][p % order] for p in table]
             for table in base] for h in range(sessions)]


def cyclic_blocks(players: int) -> tuple[OrbitStructure, list[list[int]]]:
    """Four blocks, table t = the t-th player of each block, block k moving k places a session."""
    tables = players // 4
    base = [[t + k * tables for k in range(4)] for t in range(tables)]
    return OrbitStructure(tables, (0, 1, 2, 3)), base


def cyclic_blocks_sessions(players: int) -> int:
    """How many sessions cyclic blocks stay repeat-free: the first h where k*h = 0 mod T, k<=3."""
    tables = players // 4
    return min(tables // gcd(tables, k) for k in (1, 2, 3))


def _units(modulus: int, count: int) -> tuple[int, ...] | None:
    units = [u for u in range(1, modulus) if gcd(u, modulus) == 1]
    return tuple(units[:count]) if len(units) >= count else None


def candidate_structures(players: int, sessions: int) -> list[OrbitStructure]:
    """Structures worth a solver's time, most promising first (from measurements on 24..48).

    Four blocks of T rotating together, then three blocks of about N/3 with up to four fixed
    points (the shape of 1-rotational resolvable designs), then four blocks with distinct unit
    speeds, which broke 48 x 12 when equal speeds did not.
    """
    found: list[OrbitStructure] = []
    tables = players // 4
    if tables >= sessions:
        found.append(OrbitStructure(tables, (1, 1, 1, 1)))
    for fixed in (1, 3, 0, 2, 4):
        cycle, rest = divmod(players - fixed, 3)
        if rest == 0 and cycle >= sessions and fixed <= tables:
            found.append(OrbitStructure(cycle, (1, 1, 1)))
    if tables >= sessions:
        speeds = _units(tables, 4)
        if speeds is not None:
            found.append(OrbitStructure(tables, speeds))
    return found


def verified(structure: OrbitStructure, base: Sequence[Sequence[int]], players: int,
             sessions: int) -> IntSessions | None:
    """The expanded schedule if it really is repeat-free (cheap insurance for stored bases)."""
    schedule = expand(structure, base, sessions)
    return schedule if repeat_free(schedule, players) else None
