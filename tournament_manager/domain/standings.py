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
    """False for substitutes and withdrawn players: scored and shown, never placed."""


@dataclass(frozen=True)
class Placing:
    rank: int | None
    competitor: Competitor


def quantised(total: float) -> int:
    """A total rounded to nine decimals, as an int (round(x, 9) on floats is slow)."""
    return math.floor(total * COMPARISON_SCALE + 0.5)


def _chain(competitor: Competitor) -> tuple[int, int, int]:
    """The tie-break chain: converted total, raw total, then the recorded draw."""
    return (-quantised(competitor.converted_total), -quantised(competitor.raw_total),
            competitor.tiebreak_draw)


def rank(competitors: Iterable[Competitor]) -> list[Placing]:
    """Ranked players first (1, 2, ...), then the unranked ones in score order.

    Players the whole chain cannot separate (equal draws too) share a rank, and the next
    rank skips as many places (1, 2, 2, 4); the player id only keeps their order stable.
    """
    ordered = sorted(competitors,
                     key=lambda c: (not c.ranks, _chain(c), c.player_id))
    placings: list[Placing] = []
    for position, competitor in enumerate(ordered, start=1):
        if not competitor.ranks:
            placings.append(Placing(None, competitor))
            continue
        previous = placings[-1] if placings else None
        if (previous is not None and previous.rank is not None
                and _chain(previous.competitor) == _chain(competitor)):
            placings.append(Placing(previous.rank, competitor))
        else:
            placings.append(Placing(position, competitor))
    return placings


def tie_broken_by(placings: Sequence[Placing], index: int) -> TieBreak | None:
    """Which link of the chain separated place `index` from the place after it (None when
    their converted totals already differ, or when nothing separates them)."""
    if index + 1 >= len(placings):
        return None
    a, b = placings[index].competitor, placings[index + 1].competitor
    if quantised(a.converted_total) != quantised(b.converted_total):
        return None
    if quantised(a.raw_total) != quantised(b.raw_total):
        return TieBreak.RAW_TOTAL
    if a.tiebreak_draw != b.tiebreak_draw:
        return TieBreak.DRAW
    return None


@dataclass(frozen=True)
class CutLine:
    """Who goes through a cut to the top `advance`, and who is tied across the line."""

    qualifiers: tuple[int, ...]
    tied_across: tuple[int, ...]
    """Players sharing the rank at the line: the chain cannot say which of them go on.
    Empty when the cut is decided."""


def cut_line(placings: Sequence[Placing], advance: int) -> CutLine:
    """The ids of the top `advance` ranked players, and any tie the line falls inside."""
    ranked = [p for p in placings if p.rank is not None]
    qualifiers = tuple(p.competitor.player_id for p in ranked[:advance])
    if len(ranked) <= advance or ranked[advance - 1].rank != ranked[advance].rank:
        return CutLine(qualifiers, ())
    line_rank = ranked[advance].rank
    return CutLine(qualifiers, tuple(p.competitor.player_id for p in ranked
                                     if p.rank == line_rank))
