"""Which tiles the 13 tiles held before the win were waiting for (unique-wait rule, §5).

A wait whose every copy is already in the player's own hand still counts (MIL rule), so the
four-copies limit is deliberately not applied here.

The regular waits come from the per-group tables of `groups` instead of trying all 34
tiles: the hand waits on a tile when adding it to one group leaves every group complete
with exactly one pair among them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from tournament_manager.rules.mcr.groups import (
    GroupEntry,
    group_entries,
    regular_splits,
    regular_waits,
)
from tournament_manager.rules.mcr.shapes import KNITTED_MASKS, suited_present
from tournament_manager.rules.tiles import FIRST_HONOR, TILE_KINDS, TileId

_KNITTED_TILES: Final = 9


def waiting_tiles(
    held: Sequence[int], melds: int, entries: Sequence[GroupEntry] | None = None
) -> tuple[TileId, ...]:
    """Tiles completing `held` (counts, winning tile excluded) into four sets and a pair,
    seven pairs, or a knitted straight with a set and a pair. `entries`: the group entries
    of `held`, when the caller already has them."""
    waits = regular_waits(entries if entries is not None else group_entries(bytes(held)))
    if melds == 0:
        waits += _seven_pairs_wait(held)
    if melds <= 1 and FIRST_HONOR - held[:FIRST_HONOR].count(0) >= _KNITTED_TILES - 1:
        waits += _knitted_waits(held)
    return tuple(sorted(set(waits)))


def _seven_pairs_wait(held: Sequence[int]) -> list[TileId]:
    """Thirteen tiles wait for seven pairs on their only odd count (four alike are two)."""
    if held.count(1) + held.count(3) > 1 or sum(held) != 13:
        return []
    odd = [tile for tile in range(TILE_KINDS) if held[tile] % 2]
    return odd if len(odd) == 1 else []


def _knitted_waits(held: Sequence[int]) -> list[TileId]:
    """Waits through a knitted straight: its one missing tile when the rest of the hand is
    already complete, or the regular waits of what is left beside a full knitted straight
    (only asked when at least eight kinds of suited tiles are held)."""
    waits: list[TileId] = []
    present = suited_present(held)
    for straight, mask in KNITTED_MASKS:
        absent = mask & ~present
        if absent & (absent - 1):  # two or more of its tiles missing (most hands)
            continue
        missing = [tile for tile in straight if not held[tile]]
        rest = list(held)
        for tile in straight:
            if rest[tile]:
                rest[tile] -= 1
        entries = group_entries(bytes(rest))
        if not missing:
            waits.extend(regular_waits(entries))
        elif regular_splits(entries):
            waits.append(missing[0])
    return waits


def near_knitted(held: Sequence[int]) -> bool:
    """Whether `held` lacks at most one tile of some knitted straight: else neither it nor
    any hand with fewer tiles has a knitted-straight wait."""
    present = suited_present(held)
    for _, mask in KNITTED_MASKS:
        absent = mask & ~present
        if not absent & (absent - 1):
            return True
    return False
