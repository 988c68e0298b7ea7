"""Which tiles the 13 tiles held before the win were waiting for (unique-wait rule, §5).

A wait whose every copy is already in the player's own hand still counts (MIL rule), so the
four-copies limit is deliberately not applied here.

The regular waits come from per-group tables instead of trying all 34 tiles: a suit (or the
honors) either already splits into sets (plus a pair when its size is 2 mod 3), or lists the
ranks that would make it split. The hand waits on a tile when adding it to one group leaves
every group complete with exactly one pair among them. The tables are keyed by the group's
count tuple, so a long-running application computes each pattern once.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from tournament_manager.rules.decompose import regular_decompositions, suit_decompositions
from tournament_manager.rules.mcr.shapes import KNITTED_STRAIGHTS
from tournament_manager.rules.tiles import FIRST_HONOR, TILE_KINDS, TileId

# (size mod 3, complete as it is, ranks that would complete it); complete means sets only
# for a size of 0 mod 3 and sets plus one pair for 2 mod 3, and a group of 1 mod 3 never is.
GroupWaits = tuple[int, bool, tuple[int, ...]]

_GROUPS: Final = ((0, 9), (9, 18), (18, 27), (FIRST_HONOR, TILE_KINDS))
_KNITTED_TILES: Final = 9
_suit_table: dict[tuple[int, ...], GroupWaits] = {}
_honor_table: dict[tuple[int, ...], GroupWaits] = {}


def waiting_tiles(held: Sequence[int], melds: int) -> tuple[TileId, ...]:
    """Tiles completing `held` (counts, winning tile excluded) into four sets and a pair,
    seven pairs, or a knitted straight with a set and a pair."""
    waits = regular_waits(held)
    if melds == 0:
        waits += _seven_pairs_wait(held)
    if melds <= 1 and FIRST_HONOR - held[:FIRST_HONOR].count(0) >= _KNITTED_TILES - 1:
        waits += _knitted_waits(held)
    return tuple(sorted(set(waits)))


def regular_waits(held: Sequence[int]) -> list[TileId]:
    """Tiles that make `held` split into sets and exactly one pair: a tile added to one
    group must leave every group complete, with one pair among them (the groups of size
    2 mod 3, counting the receiver once it grows)."""
    groups = [_group_waits(held, start, end) for start, end in _GROUPS]
    incomplete = [index for index, (_, complete, _) in enumerate(groups) if not complete]
    if len(incomplete) > 1:
        return []
    pairs = sum(1 for size, complete, _ in groups if complete and size == 2)
    waits: list[TileId] = []
    for index, (size, complete, ranks) in enumerate(groups):
        if not ranks or (incomplete and incomplete[0] != index):
            continue
        others_pairs = pairs - 1 if complete and size == 2 else pairs
        if others_pairs + (size == 1) == 1:
            start = _GROUPS[index][0]
            waits.extend(start + rank for rank in ranks)
    return waits


def _group_waits(held: Sequence[int], start: int, end: int) -> GroupWaits:
    key = tuple(held[start:end])
    honors = start == FIRST_HONOR
    table = _honor_table if honors else _suit_table
    found = table.get(key)
    if found is None:
        complete = _honors_complete if honors else _suit_complete
        ranks = tuple(
            rank
            for rank in range(len(key))
            if complete((*key[:rank], key[rank] + 1, *key[rank + 1 :]))
        )
        found = table[key] = (sum(key) % 3, complete(key), ranks)
    return found


def _suit_complete(suit: tuple[int, ...]) -> bool:
    return bool(suit_decompositions(0, suit))


def _honors_complete(honors: tuple[int, ...]) -> bool:
    """Honors form only pungs and at most one pair (as the shared splitter reads them)."""
    pairs = honors.count(2)
    expected_pairs = 1 if sum(honors) % 3 == 2 else 0
    return pairs == expected_pairs and pairs + honors.count(3) + honors.count(0) == len(honors)


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
    for straight in KNITTED_STRAIGHTS:
        missing = [tile for tile in straight if not held[tile]]
        if len(missing) > 1:
            continue
        rest = list(held)
        for tile in straight:
            if rest[tile]:
                rest[tile] -= 1
        if not missing:
            waits.extend(regular_waits(rest))
        elif regular_decompositions(rest):
            waits.append(missing[0])
    return waits
