"""Time penalties (seed rule): 5 points per 15 seconds or part thereof.

The two time limits (3 minutes per player per hand, 15 s per turn, the first 15 s after
the deal free) are timed by the judge; the software turns the seconds over into points
and flags a player whose time penalties in one hand pass the resignation threshold.
"""

from __future__ import annotations

import math

POINTS_PER_STEP = 5
SECONDS_PER_STEP = 15
RESIGNATION_THRESHOLD = 80


def time_penalty_points(seconds_over: float) -> int:
    """Points for `seconds_over` the limit: 1 s over already costs a full step."""
    if seconds_over <= 0:
        return 0
    return POINTS_PER_STEP * math.ceil(seconds_over / SECONDS_PER_STEP)


def time_penalty_scale(examples: tuple[int, ...] = (10, 15, 16, 40)) -> tuple[tuple[int, int], ...]:
    """(seconds over, points) for a few seconds, to show the rule beside the field."""
    return tuple((seconds, time_penalty_points(seconds)) for seconds in examples)


def treated_as_resigned(time_points_in_hand: int) -> bool:
    """Over 80 points of time penalty in one hand: resigned, unless the judge excuses him."""
    return time_points_in_hand > RESIGNATION_THRESHOLD
