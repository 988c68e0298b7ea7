"""Which tiles the 13 tiles held before the win were waiting for (unique-wait rule, §5).

A wait whose every copy is already in the player's own hand still counts (MIL rule), so the
four-copies limit is deliberately not applied here.
"""

from __future__ import annotations

from collections.abc import Sequence

from tournament_manager.rules.decompose import is_seven_pairs, regular_decompositions
from tournament_manager.rules.mcr.shapes import knitted_straights_in
from tournament_manager.rules.tiles import TILE_KINDS, TileId


def waiting_tiles(held: Sequence[int], melds: int) -> tuple[TileId, ...]:
    """Tiles completing `held` (counts, winning tile excluded) into four sets and a pair,
    seven pairs, or a knitted straight with a set and a pair."""
    counts = list(held)
    waits: list[TileId] = []
    for tile in _candidates(counts):
        counts[tile] += 1
        if _completes(counts, melds):
            waits.append(tile)
        counts[tile] -= 1
    return tuple(waits)


def _candidates(counts: Sequence[int]) -> list[TileId]:
    """Only a tile held or next to a held suited tile can complete anything."""
    found: set[TileId] = set()
    for tile in range(TILE_KINDS):
        if counts[tile]:
            found.add(tile)
            if tile < 27:
                base = tile - tile % 9
                found.update(t for t in range(tile - 2, tile + 3) if base <= t < base + 9)
    return sorted(found)


def _completes(counts: list[int], melds: int) -> bool:
    if regular_decompositions(counts):
        return True
    if melds == 0 and is_seven_pairs(counts):
        return True
    if melds > 1:
        return False
    for knitted in knitted_straights_in(counts):
        for tile in knitted:
            counts[tile] -= 1
        rest = regular_decompositions(counts)
        for tile in knitted:
            counts[tile] += 1
        if rest:
            return True
    return False
