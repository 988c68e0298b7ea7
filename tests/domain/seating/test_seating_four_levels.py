"""Resolvable designs on 4q players from four levels of GF(q) (`four_levels`), checked by
counting every pair's meetings in the expanded schedule."""

from __future__ import annotations

import pytest

from tests.domain.seating.test_seating_library import _meetings_at_most_once
from tournament_manager.domain.seating.four_levels import (
    four_level_field,
    four_level_sessions,
    multiplier_orders,
    search_four_levels,
    solve_four_levels_symmetric,
)


def test_the_fields_it_applies_to() -> None:
    assert [n for n in range(16, 173, 4) if four_level_field(n)] == [
        28, 52, 76, 100, 124, 148, 172]
    assert multiplier_orders(172) == [7, 1] and multiplier_orders(100) == [1]


@pytest.mark.parametrize(("players", "order"), [(76, 3), (172, 7)])
def test_an_odd_multiplier_group_finds_the_bound(players: int, order: int) -> None:
    q = players // 4
    found = search_four_levels(players, order, seed=0, max_moves=400_000)
    assert found is not None
    schedule = four_level_sessions(*found, q, q + (q - 1) // 3)
    assert len(schedule) == (players - 1) // 3
    assert _meetings_at_most_once(schedule, players)


def test_cp_sat_under_plus_minus_one_finds_the_bound() -> None:
    found = solve_four_levels_symmetric(52, seed=0, seconds=60)
    assert found is not None
    base, transversals = found
    assert len(transversals) == 4  # t = 4, in ± pairs
    schedule = four_level_sessions(base, transversals, 13, 17)
    assert _meetings_at_most_once(schedule, 52)
