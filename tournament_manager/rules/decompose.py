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
_NOTHING: Final[tuple[Decomposition, ...]] = (((), (), NO_PAIR),)  # an empty group's one reading
# One memo per suit (keyed by its nine counts, so no key tuple is built per lookup) and one
# for the honors (keyed by their seven counts).
_suit_caches: Final[tuple[dict[tuple[int, ...], tuple[Decomposition, ...]], ...]] = ({}, {}, {})
_honor_cache: dict[tuple[int, ...], tuple[Decomposition, ...]] = {}


def tile_counts(tiles: Sequence[TileId]) -> list[int]:
    counts = [0] * TILE_KINDS
    for tile in tiles:
        counts[tile] += 1
    return counts


def regular_decompositions(counts: Sequence[int]) -> list[Decomposition]:
    """Every distinct split of `counts` into sets and exactly one pair (empty if none).

    Every reading of a group has a pair exactly when the group's size is 2 mod 3, so the
    one-pair condition is checked once per hand, and each combination of the groups'
    readings is a split."""
    parts: list[tuple[Decomposition, ...]] = []
    pairs = 0
    for base, cache in zip(_SUIT_BASES, _suit_caches):
        suit = tuple(counts[base : base + 9])
        readings = cache.get(suit)
        if readings is None:
            readings = suit_decompositions(base, suit)
        if not readings:
            return []
        if readings is not _NOTHING:
            parts.append(readings)
            pairs += readings[0][2] != NO_PAIR
    honors = honor_decompositions(tuple(counts[FIRST_HONOR:TILE_KINDS]))
    if not honors:
        return []
    if honors is not _NOTHING:
        parts.append(honors)
        pairs += honors[0][2] != NO_PAIR
    if pairs != 1:
        return []
    return [joined(combination) for combination in product(*parts)]


def joined(combination: tuple[Decomposition, ...]) -> Decomposition:
    """One split of the hand from one reading of each non-empty group, in group order (so
    chow starts and pung tiles stay sorted)."""
    if len(combination) == 1:
        return combination[0]
    seqs: tuple[TileId, ...] = ()
    trips: tuple[TileId, ...] = ()
    pair = NO_PAIR
    for group_seqs, group_trips, group_pair in combination:
        seqs += group_seqs
        trips += group_trips
        if group_pair != NO_PAIR:
            pair = group_pair
    return (seqs, trips, pair)


def suit_decompositions(base: int, suit: tuple[int, ...]) -> tuple[Decomposition, ...]:
    """Every split of one suit's nine counts (tiles numbered from `base`) into sets, plus a
    pair when its size is 2 mod 3; empty if none. Memoised: MCR's wait tables and knitted
    shapes ask about the same few suit patterns as the full search."""
    cache = _suit_caches[_SUIT_BASES.index(base)]
    readings = cache.get(suit)
    if readings is None:
        readings = cache[suit] = _NOTHING if not any(suit) else _split_suit(base, list(suit))
    return readings


def honor_decompositions(honors: tuple[int, ...]) -> tuple[Decomposition, ...]:
    """The honors' split (pungs, plus a pair when their size is 2 mod 3) as a one-element
    tuple, empty if none; memoised like the suits'."""
    readings = _honor_cache.get(honors)
    if readings is None:
        split = _split_honors(honors)
        if split is None:
            readings = ()
        elif split == _NOTHING[0]:
            readings = _NOTHING
        else:
            readings = (split,)
        _honor_cache[honors] = readings
    return readings


def is_seven_pairs(counts: Sequence[int]) -> bool:
    """Seven pairs among 14 held tiles; four identical tiles make two pairs."""
    return sum(counts) == 14 and all(c % 2 == 0 for c in counts)


def is_thirteen_terminals(counts: Sequence[int]) -> bool:
    return (
        sum(counts) == 14
        and all(counts[t] for t in _TERMINALS_AND_HONORS)
        and sum(counts[t] for t in _TERMINALS_AND_HONORS) == 14
    )


def _split_honors(honors: tuple[int, ...]) -> Decomposition | None:
    trips: list[TileId] = []
    pair = NO_PAIR
    for tile, count in enumerate(honors, FIRST_HONOR):
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
