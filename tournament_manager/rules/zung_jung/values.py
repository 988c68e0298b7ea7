"""Which values a Zung Jung hand can score (spec §1.3, §1.4), for a value typed without tiles.

A hand scores 1 (Chicken Hand, when no `minimum_points` above 1 applies), the sum of its
patterns below 320, 320 (the compound limit), or exactly one listed limit (a pattern the
table values at 320 or more). Sums of patterns are multiples of the greatest common divisor
of the table's pattern values (5 in the printed table), so a value off that step (26), over
320 but not a listed limit (321, 325) or over the highest listed limit (999) is no hand's
value. The check reads the tournament's own table, so custom values and overrides count.
"""

from __future__ import annotations

from math import gcd

from tournament_manager.rules.errors import ValueErrorCode, ValueProblem
from tournament_manager.rules.values import sign_problem
from tournament_manager.rules.zung_jung.options import ZungJungOptions
from tournament_manager.rules.zung_jung.patterns import CHICKEN_POINTS, LIMIT


def value_problem(value: int, options: ZungJungOptions) -> ValueProblem | None:
    sign = sign_problem(value, winner=True)
    if sign is not None:
        return sign
    minimum = options.minimum_points
    if minimum is not None and value < minimum:
        return ValueProblem(ValueErrorCode.BELOW_MINIMUM, value, minimum=minimum)
    chicken = minimum is None or minimum <= CHICKEN_POINTS
    if value == CHICKEN_POINTS and chicken:
        return None
    points = options.values.values()
    # Listed limits stand alone (only the highest is kept), so they take no part in the step.
    step = gcd(*(p for p in points if 0 < p < LIMIT))
    listed = tuple(sorted({p for p in points if p > LIMIT}))
    highest = max((LIMIT, *listed))
    if value > highest:
        return ValueProblem(ValueErrorCode.ABOVE_LIMIT, value, limit=highest)
    if value == LIMIT or value in listed or (step and value < LIMIT and value % step == 0):
        return None
    lowest = max(step, minimum or 0)
    first = -(-lowest // step) * step if step else None
    return ValueProblem(
        ValueErrorCode.NOT_REACHABLE,
        value,
        minimum=first,
        limit=LIMIT,
        step=step or None,
        allowed=((CHICKEN_POINTS,) if chicken else ()) + listed,
    )
