"""The time penalty is a rule set's custom: Zung Jung's scale, and none elsewhere."""

from __future__ import annotations

import pytest

from tournament_manager.rules.registry import available_rule_sets, get_rule_set
from tournament_manager.rules.time_rule import ZUNG_JUNG_TIME


@pytest.mark.parametrize(("seconds", "points"), [(0, 0), (-3, 0), (1, 5), (15, 5), (16, 10),
                                                 (40, 15), (250, 85)])
def test_five_points_per_fifteen_seconds_or_part_of_them(seconds: int, points: int) -> None:
    assert ZUNG_JUNG_TIME.points(seconds) == points


def test_over_eighty_points_in_a_hand_is_a_resignation() -> None:
    assert not ZUNG_JUNG_TIME.resigned(80)
    assert ZUNG_JUNG_TIME.resigned(85)


def test_only_zung_jung_sets_a_time_scale() -> None:
    scales = {rule_set: get_rule_set(rule_set).time_rule for rule_set in available_rule_sets()}
    assert scales.pop("zung-jung") is ZUNG_JUNG_TIME
    assert scales and all(scale is None for scale in scales.values())
