"""Exhaustive splitting of held tiles into sets and one pair, shared by every rule set.

The search is the hot path of scoring, so it works on count arrays and plain tuples, and
memoises each suit's readings by the suit's count tuple: random hands reuse suit patterns
constantly, and honors (triplets and pairs only) need no search at all.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import product
from typing import Final

from tournament_manager.rules.tiles import FIRST_HONOR, TILE_KINDS, TileId, is_honor, is_terminal

# (sequence starts, triplet tiles, pair tile or NO_PAIR); tuples keep each reading hashable.
Decomposition = tuple[tuple[TileId, ...], tuple[TileId, ...], TileId]

NO_PAIR: Final = -1
_SUIT_BASES: Final = (0, 9, 18)
_TERMINALS_AND_HONORS: Final = tuple(t for t in range(TILE_KINDS) if is_terminal(t) or is_honor(t))
_suit_cache: dict[tuple[int, tuple[int, ...]], tuple[Decomposition, ...]] = {}


def tile_counts(tiles: Sequence[TileId]) -> list[int]:
    counts = [0] * TILE_KINDS
    for tile in tiles:
        counts[tile] += 1
    return counts


def regular_decompositions(counts: Sequence[int]) -> list[Decomposition]:
    """Every distinct split of `counts` into sets and exactly one pair (empty if none)."""
    parts: list[tuple[Decomposition, ...]] = []
    for base in _SUIT_BASES:
        key = (base, tuple(counts[base : base + 9]))
        readings = _suit_cache.get(key)
        if readings is None:
            readings = _suit_cache[key] = _split_suit(base, list(key[1]))
        if not readings:
            return []
        if readings[0] != ((), (), NO_PAIR):
            parts.append(readings)
    honors = _split_honors(counts)
    if honors is None:
        return []
    parts.append((honors,))
    result: list[Decomposition] = []
    for combination in product(*parts):
        pairs = [pair for _, _, pair in combination if pair != NO_PAIR]
        if len(pairs) == 1:
            seqs = tuple(s for part in combination for s in part[0])
            trips = tuple(t for part in combination for t in part[1])
            result.append((seqs, trips, pairs[0]))
    return result


def is_seven_pairs(counts: Sequence[int]) -> bool:
    """Seven pairs among 14 held tiles; four identical tiles make two pairs."""
    return sum(counts) == 14 and all(c % 2 == 0 for c in counts)


def is_thirteen_terminals(counts: Sequence[int]) -> bool:
    return (
        sum(counts) == 14
        and all(counts[t] for t in _TERMINALS_AND_HONORS)
        and sum(counts[t] for t in _TERMINALS_AND_HONORS) == 14
    )


def _split_honors(counts: Sequence[int]) -> Decomposition | None:
    trips: list[TileId] = []
    pair = NO_PAIR
    for tile in range(FIRST_HONOR, TILE_KINDS):
        count = counts[tile]
        if count == 3:
            trips.append(tile)
        elif count == 2 and pair == NO_PAIR:
            pair = tile
        elif count:
            return None
    return ((), tuple(trips), pair)


def _split_suit(base: int, counts: list[int]) -> tuple[Decomposition, ...]:
    total = sum(counts)
    if total % 3 == 1:
        return ()
    found: set[Decomposition] = set()
    _search(base, counts, [], [], NO_PAIR, total % 3 == 2, found)
    return tuple(sorted(found))


def _search(
    base: int,
    counts: list[int],
    seqs: list[TileId],
    trips: list[TileId],
    pair: TileId,
    needs_pair: bool,
    found: set[Decomposition],
) -> None:
    first = next((i for i, c in enumerate(counts) if c), None)
    if first is None:
        if not needs_pair or pair != NO_PAIR:
            found.add((tuple(sorted(seqs)), tuple(sorted(trips)), pair))
        return
    tile = base + first
    if counts[first] >= 3:
        counts[first] -= 3
        _search(base, counts, seqs, [*trips, tile], pair, needs_pair, found)
        counts[first] += 3
    if needs_pair and pair == NO_PAIR and counts[first] >= 2:
        counts[first] -= 2
        _search(base, counts, seqs, trips, tile, needs_pair, found)
        counts[first] += 2
    if first <= 6 and counts[first + 1] and counts[first + 2]:
        for offset in range(3):
            counts[first + offset] -= 1
        _search(base, counts, [*seqs, tile], trips, pair, needs_pair, found)
        for offset in range(3):
            counts[first + offset] += 1
