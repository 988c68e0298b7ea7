"""A rule set's time penalty: points for the seconds a player is over his time limit.

Zung Jung's seed rule (the Asia Pacific rules' §4, as the WSOM plays it): 3 minutes per
player per hand in total and 15 s per turn, the first 15 s after the deal free; 5 points per
15 s over or part of it, the two limits adding up, and a player over 80 points of time
penalty in one hand treated as resigned unless the judge excuses him. The judge times the
limits; the software turns seconds over into points and flags the resignation. MCR and
classical scoring set no such scale (their events give time penalties at the judge's
word), so their rule sets have none and the score sheet offers no seconds helper.
"""

from __future__ import annotations

import math
from dataclasses import dataclass


@dataclass(frozen=True)
class TimeRule:
    points_per_step: int
    seconds_per_step: int
    resignation_over: int
    """Time-penalty points in one hand beyond which a player is treated as resigned."""

    def points(self, seconds_over: float) -> int:
        """Points for `seconds_over` the limit: 1 s over already costs a full step."""
        if seconds_over <= 0:
            return 0
        return self.points_per_step * math.ceil(seconds_over / self.seconds_per_step)

    def scale(self, examples: tuple[int, ...] = (10, 15, 16, 40)) -> tuple[tuple[int, int], ...]:
        """(seconds over, points) for a few seconds, to show the rule beside the field."""
        return tuple((seconds, self.points(seconds)) for seconds in examples)

    def resigned(self, time_points_in_hand: int) -> bool:
        """Over the threshold in one hand: resigned, unless the judge excuses him."""
        return time_points_in_hand > self.resignation_over


ZUNG_JUNG_TIME = TimeRule(points_per_step=5, seconds_per_step=15, resignation_over=80)
