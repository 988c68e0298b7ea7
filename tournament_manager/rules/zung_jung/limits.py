"""The 320 limit (spec §1.4): listed limits show only their highest pattern, compound sums
are capped. A pattern is listed when the tournament's table values it at 320 or more."""

from __future__ import annotations

from collections.abc import Sequence

from tournament_manager.rules.result import Limit
from tournament_manager.rules.zung_jung.patterns import LIMIT


def limit_of(points: Sequence[int]) -> tuple[Limit, int, int, int | None]:
    """(limit, raw total, value, index of the listed pattern kept or None) for the points of
    a non-empty breakdown."""
    listed = max(range(len(points)), key=points.__getitem__)
    if points[listed] >= LIMIT:
        return Limit.LISTED, points[listed], points[listed], listed
    raw = sum(points)
    if raw >= LIMIT:
        return Limit.COMPOUND, raw, LIMIT, None
    return Limit.NONE, raw, raw, None
