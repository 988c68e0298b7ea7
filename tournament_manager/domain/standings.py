"""Ranking players and cutting the field.

The chain is the spec's: the sum of converted scores, then the total raw score, then the
random draw recorded for each player at registration. Totals are compared rounded to nine
decimals: match points are square roots, and two players with the same session scores
summed in a different order must still tie (and go on to the raw total).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum

COMPARISON_SCALE = 10**9


class TieBreak(StrEnum):
    """The link of the chain that separated two players with equal converted totals."""

    RAW_TOTAL = "raw_total"
    DRAW = "draw"


@dataclass(frozen=True)
class Competitor:
    player_id: int
    converted_total: float
    raw_total: float
    tiebreak_draw: int
    ranks: bool = True
    """False for substitutes: they are scored and shown, but never take a place."""


@dataclass(frozen=True)
class Placing:
    rank: int | None
    competitor: Competitor


def quantised(total: float) -> int:
    """A total rounded to nine decimals, as an int (round(x, 9) on floats is slow)."""
    return math.floor(total * COMPARISON_SCALE + 0.5)


def _key(competitor: Competitor) -> tuple[int, int, int, int]:
    return (-quantised(competitor.converted_total), -quantised(competitor.raw_total),
            competitor.tiebreak_draw, competitor.player_id)


def rank(competitors: Iterable[Competitor]) -> list[Placing]:
    """Ranked players first (1, 2, ...), then the unranked ones in score order.

    The draw settles every tie, so no two players share a rank; the player id only
    orders two players whose draws happen to be equal, to stay deterministic.
    """
    ordered = sorted(competitors, key=lambda c: (not c.ranks, _key(c)))
    placings = []
    next_rank = 1
    for competitor in ordered:
        if competitor.ranks:
            placings.append(Placing(next_rank, competitor))
            next_rank += 1
        else:
            placings.append(Placing(None, competitor))
    return placings


def tie_broken_by(placings: Sequence[Placing], index: int) -> TieBreak | None:
    """Which link of the chain separated place `index` from the place after it."""
    if index + 1 >= len(placings):
        return None
    a, b = placings[index].competitor, placings[index + 1].competitor
    if quantised(a.converted_total) != quantised(b.converted_total):
        return None
    if quantised(a.raw_total) != quantised(b.raw_total):
        return TieBreak.RAW_TOTAL
    return TieBreak.DRAW


def cut(placings: Sequence[Placing], advance: int) -> list[int]:
    """The ids of the top `advance` ranked players: exactly that many when enough rank."""
    return [p.competitor.player_id for p in placings if p.rank is not None][:advance]
