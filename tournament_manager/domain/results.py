"""A table's session result: raw scores from hands and penalties, then the conversion.

Penalties stay apart from hand payments (the per-hand zero-sum check never sees them):
in `deduct` mode the points leave the offender and go to nobody; in `distribute` mode the
other three players share them equally.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from fractions import Fraction

from tournament_manager.domain.model import Hand, Penalty
from tournament_manager.domain.settings import PenaltyMode, SessionConversion

TABLE_POINTS = (4, 2, 1, 0)


def hand_totals(players: Sequence[int], hands: Iterable[Hand]) -> dict[int, int]:
    totals = dict.fromkeys(players, 0)
    for hand in hands:
        for player_id, delta in hand.deltas:
            totals[player_id] += delta
    return totals


def penalty_effects(players: Sequence[int], penalties: Iterable[Penalty]) -> dict[int, Fraction]:
    """What penalties do to each player's raw score (negative for the offender).

    Fractions, because a distributed 5-point penalty gives each of the three others 5/3;
    rounding would make the table total drift from −Σ(deducted penalties).
    """
    effects = dict.fromkeys(players, Fraction(0))
    for penalty in penalties:
        effects[penalty.player_id] -= penalty.points
        if penalty.mode is PenaltyMode.DISTRIBUTE:
            share = Fraction(penalty.points, len(players) - 1)
            for other in players:
                if other != penalty.player_id:
                    effects[other] += share
    return effects


Points = int | Fraction
"""Whole points, or a fraction where a distributed penalty was shared three ways."""


def raw_scores(players: Sequence[int], totals: Mapping[int, int],
               penalties: Sequence[Penalty]) -> dict[int, Points]:
    """Each player's raw score at one table in one session, from his hand totals there."""
    if not penalties:
        return {player: totals.get(player, 0) for player in players}
    effects = penalty_effects(players, penalties)
    return {player: totals.get(player, 0) + effects[player] for player in players}


def match_points(raw: Points | float) -> float:
    """sign(raw) · √|raw|, kept at full precision (shown with two decimals)."""
    value = float(raw)
    return math.copysign(math.sqrt(abs(value)), value)


def table_points(raw_by_player: Mapping[int, Points | float]) -> dict[int, float]:
    """4/2/1/0 by rank at the table; tied players share the points of the places they span."""
    ordered = sorted(raw_by_player.values(), reverse=True)
    points = {}
    for player, raw in raw_by_player.items():
        places = [index for index, value in enumerate(ordered) if value == raw]
        points[player] = sum(TABLE_POINTS[place] for place in places) / len(places)
    return points


def converted_scores(raw_by_player: Mapping[int, Points],
                     conversion: SessionConversion) -> dict[int, float]:
    """The session score that ranks, by the tournament's conversion setting."""
    if conversion is SessionConversion.TABLE_POINTS:
        return table_points(raw_by_player)
    if conversion is SessionConversion.MATCH_POINTS:
        return {player: match_points(raw) for player, raw in raw_by_player.items()}
    return {player: float(raw) for player, raw in raw_by_player.items()}
