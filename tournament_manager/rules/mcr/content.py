"""Fans decided by which tiles the hand contains, whatever its arrangement: suits, honours,
terminals, number ranges, green and reversible tiles (spec §5). Computed once per hand.

A hand's content is the OR of its kinds' features (`KIND_FEATURES`), a key that repeats
across hands where the set of kinds present does not, so `features_fans` is memoised by it.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from tournament_manager.rules.mcr.fans import Fan
from tournament_manager.rules.tiles import (
    FIRST_DRAGON,
    FIRST_HONOR,
    TILE_KINDS,
    TileId,
    parse_tiles,
)


def _mask(tiles: Iterable[TileId]) -> int:
    return sum(1 << (8 * tile) for tile in set(tiles))


_HONORS: Final = _mask(range(FIRST_HONOR, TILE_KINDS))
_TERMINALS_AND_HONORS: Final = _HONORS | _mask(t for t in range(FIRST_HONOR) if t % 9 in (0, 8))
_GREEN: Final = _mask(parse_tiles("23468sGd"))
_REVERSIBLE: Final = _mask(parse_tiles("1234589p245689sWd"))

# Hand features: one int of bits that OR together over the kinds present, so a group of
# tiles (a suit's counts, a meld) can carry its share, computed once, and a hand's content
# is the OR of a handful of shares and one lookup by a key that repeats across hands (the
# set of kinds present does not: a memo keyed by it misses on most fresh hands).
_SUIT_PRESENT: Final = (1, 2, 4)
_WIND_PRESENT: Final = 8
_DRAGON_PRESENT: Final = 16
_TERMINAL_OR_HONOR_PRESENT: Final = 32
_NOT_REVERSIBLE_PRESENT: Final = 64
_NOT_GREEN_PRESENT: Final = 128
_SIMPLE_PRESENT: Final = 256
_RANK_SHIFT: Final = 9  # then one bit per rank of the suited kinds present, any suit
_HONOR_PRESENT: Final = _WIND_PRESENT | _DRAGON_PRESENT
_RANK_RANGES: Final = (  # (ranks allowed, marker ranks, fan with a marker, fan without)
    (0b1111, 0b1000, Fan.LOWER_FOUR, Fan.LOWER_TILES),
    (0b111100000, 0b100000, Fan.UPPER_FOUR, Fan.UPPER_TILES),
    (0b111000, 0b111000, Fan.MIDDLE_TILES, Fan.MIDDLE_TILES),
)


def _kind_features(tile: TileId) -> int:
    bit = 1 << (8 * tile)
    if tile >= FIRST_HONOR:
        found = _WIND_PRESENT if tile < FIRST_DRAGON else _DRAGON_PRESENT
    else:
        found = _SUIT_PRESENT[tile // 9] | 1 << (_RANK_SHIFT + tile % 9)
    if bit & _TERMINALS_AND_HONORS:
        found |= _TERMINAL_OR_HONOR_PRESENT
    else:
        found |= _SIMPLE_PRESENT
    if not bit & _REVERSIBLE:
        found |= _NOT_REVERSIBLE_PRESENT
    if not bit & _GREEN:
        found |= _NOT_GREEN_PRESENT
    return found


KIND_FEATURES: Final = tuple(_kind_features(tile) for tile in range(TILE_KINDS))
"""Each kind's features; a hand's are the OR over the kinds it holds (`features_fans`)."""


def features_fans(features: int) -> tuple[Fan, ...]:
    """The content fans of the kinds whose `KIND_FEATURES` OR to `features` (memoised)."""
    found = CONTENT_BY_FEATURES.get(features)
    if found is None:
        found = CONTENT_BY_FEATURES[features] = _features_fans(features)
    return found


CONTENT_BY_FEATURES: Final[dict[int, tuple[Fan, ...]]] = {}
"""The memo of `features_fans` (bounded: nine bits and a set of ranks)."""


def _features_fans(features: int) -> tuple[Fan, ...]:
    honors = features & _HONOR_PRESENT
    suits = sum(1 for bit in _SUIT_PRESENT if features & bit)
    absent = 3 - suits
    fans: list[Fan] = []
    if not honors:
        fans.append(Fan.NO_HONORS)
    if absent == 1:
        fans.append(Fan.ONE_VOIDED_SUIT)
    elif absent == 2:
        fans.append(Fan.HALF_FLUSH if honors else Fan.FULL_FLUSH)
    if absent == 0 and features & _WIND_PRESENT and features & _DRAGON_PRESENT:
        fans.append(Fan.ALL_TYPES)
    if not features & _TERMINAL_OR_HONOR_PRESENT:
        fans.append(Fan.ALL_SIMPLES)
    if not features & _NOT_REVERSIBLE_PRESENT:
        fans.append(Fan.REVERSIBLE_TILES)
    if not features & _NOT_GREEN_PRESENT:
        fans.append(Fan.ALL_GREEN)
    if not features & _SIMPLE_PRESENT:
        if not suits:
            fans.append(Fan.ALL_HONORS)
        elif not honors:
            fans.append(Fan.ALL_TERMINALS)
        else:
            fans.append(Fan.ALL_TERMINALS_AND_HONORS)
    if not honors:
        ranks = features >> _RANK_SHIFT
        for allowed, marker, with_marker, without in _RANK_RANGES:
            if not ranks & ~allowed:
                fans.append(with_marker if ranks & marker else without)
                break
    return tuple(fans)
