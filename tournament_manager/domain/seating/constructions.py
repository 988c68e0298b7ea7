"""Closed-form repeat-free schedules: the affine geometry AG(k, 4).

For N = 4^k the lines of AG(k, 4) in one direction partition the points into tables, and
two points lie on exactly one line, so the (4^k - 1) / 3 directions give a schedule that
reaches the bound 3R = N - 1 (16 x 5 is the affine plane of order 4; 64 x 21, 256 x 85).
"""

from __future__ import annotations

from tournament_manager.domain.seating.pairs import IntSessions

# GF(4) = {0, 1, a, a + 1} coded 0..3: addition is XOR, multiplication by this table.
_GF4_TIMES = (
    (0, 0, 0, 0),
    (0, 1, 2, 3),
    (0, 2, 3, 1),
    (0, 3, 1, 2),
)


def affine_dimension(players: int) -> int | None:
    """k when players = 4^k (k >= 1), else None."""
    dimension, size = 1, 4
    while size < players:
        size *= 4
        dimension += 1
    return dimension if size == players else None


def _scale(scalar: int, vector: tuple[int, ...]) -> int:
    """scalar * vector as a point code (two bits per coordinate)."""
    code = 0
    for i, coordinate in enumerate(vector):
        code |= _GF4_TIMES[scalar][coordinate] << (2 * i)
    return code


def _directions(dimension: int) -> list[tuple[int, ...]]:
    """One vector per line direction: those whose last non-zero coordinate is 1."""
    found = []
    for code in range(1, 4 ** dimension):
        vector = tuple((code >> (2 * i)) & 3 for i in range(dimension))
        if [c for c in vector if c][-1] == 1:
            found.append(vector)
    return found


def affine_schedule(players: int, sessions: int) -> IntSessions | None:
    """The first `sessions` parallel classes of AG(k, 4), or None if N is not a power of 4."""
    dimension = affine_dimension(players)
    if dimension is None:
        return None
    directions = _directions(dimension)
    if sessions > len(directions):
        return None
    schedule: IntSessions = []
    for vector in directions[:sessions]:
        steps = [_scale(t, vector) for t in range(4)]
        seen: set[int] = set()
        session = []
        for point in range(players):
            if point not in seen:
                line = [point ^ step for step in steps]
                seen.update(line)
                session.append(line)
        schedule.append(session)
    return schedule
