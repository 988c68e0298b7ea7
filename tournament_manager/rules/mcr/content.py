"""Fans decided by which tiles the hand contains, whatever its arrangement: suits, honours,
terminals, number ranges, green and reversible tiles (spec §5). Computed once per hand."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from tournament_manager.rules.mcr.fans import Fan
from tournament_manager.rules.tiles import FIRST_DRAGON, FIRST_HONOR, TileId, parse_tiles

_GREEN: Final = frozenset(parse_tiles("23468sGd"))
_REVERSIBLE: Final = frozenset(parse_tiles("1234589p245689sWd"))
# (allowed ranks, fan if a rank from `marker` is present, fan otherwise), 0-based ranks
_RANGES: Final = (
    (frozenset({0, 1, 2, 3}), frozenset({3}), Fan.LOWER_FOUR, Fan.LOWER_TILES),
    (frozenset({5, 6, 7, 8}), frozenset({5}), Fan.UPPER_FOUR, Fan.UPPER_TILES),
    (frozenset({3, 4, 5}), frozenset({3, 4, 5}), Fan.MIDDLE_TILES, Fan.MIDDLE_TILES),
)


def content_fans(tiles: Iterable[TileId]) -> tuple[Fan, ...]:
    """`tiles`: every distinct tile of the hand, melds and winning tile included."""
    kinds = frozenset(tiles)
    suited = [t for t in kinds if t < FIRST_HONOR]
    honors = [t for t in kinds if t >= FIRST_HONOR]
    fans: list[Fan] = []
    absent = 3 - len({t // 9 for t in suited})
    if not honors:
        fans.append(Fan.NO_HONORS)
    if absent == 1:
        fans.append(Fan.ONE_VOIDED_SUIT)
    elif absent == 2:
        fans.append(Fan.HALF_FLUSH if honors else Fan.FULL_FLUSH)
    if (
        absent == 0
        and any(t < FIRST_DRAGON for t in honors)
        and any(t >= FIRST_DRAGON for t in honors)
    ):
        fans.append(Fan.ALL_TYPES)
    terminal_or_honor = [t for t in kinds if t >= FIRST_HONOR or t % 9 in (0, 8)]
    if not terminal_or_honor:
        fans.append(Fan.ALL_SIMPLES)
    if kinds <= _REVERSIBLE:
        fans.append(Fan.REVERSIBLE_TILES)
    if kinds <= _GREEN:
        fans.append(Fan.ALL_GREEN)
    if len(terminal_or_honor) == len(kinds):
        if not suited:
            fans.append(Fan.ALL_HONORS)
        elif not honors:
            fans.append(Fan.ALL_TERMINALS)
        else:
            fans.append(Fan.ALL_TERMINALS_AND_HONORS)
    if not honors:
        ranks = {t % 9 for t in suited}
        for allowed, marker, with_marker, without in _RANGES:
            if ranks <= allowed:
                fans.append(with_marker if ranks & marker else without)
                break
    return tuple(fans)
