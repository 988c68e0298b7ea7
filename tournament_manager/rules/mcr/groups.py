"""One memoised table entry per group of tiles (a suit, or the honors), shared by the
readings and the wait test of every hand.

A hand's held tiles fall into four independent groups, and both questions scoring asks about
them are per-group questions: how does the group split into sets (plus a pair), and which
tiles would make it split. One dictionary lookup per group answers both, and the wait test
needs a new lookup only for the winning tile's group (the other three are unchanged by
taking the winning tile out). Entries are keyed by the group's counts as `bytes`, the
cheapest hashable slice of a hand's count bytes; a long-running application computes each
pattern once.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import product
from typing import Final, NamedTuple

from tournament_manager.rules.decompose import (
    NO_PAIR,
    Decomposition,
    honor_decompositions,
    suit_decompositions,
)
from tournament_manager.rules.tiles import FIRST_HONOR, TILE_KINDS, TileId

GROUP_BOUNDS: Final = ((0, 9), (9, 18), (18, 27), (FIRST_HONOR, TILE_KINDS))
_SUIT_BASES: Final = (0, 9, 18)


class GroupEntry(NamedTuple):
    """`splits`: every split into sets, plus a pair exactly when `size` is 2 mod 3 (empty:
    none; an empty group has one empty split). `completing`: the tiles that, added to the
    group, would let it split."""

    splits: tuple[Decomposition, ...]
    size: int  # number of tiles mod 3
    completing: tuple[TileId, ...]


_tables: Final[tuple[dict[bytes, GroupEntry], ...]] = ({}, {}, {}, {})


def group_entries(counts: bytes) -> tuple[GroupEntry, GroupEntry, GroupEntry, GroupEntry]:
    """The four groups' entries of a hand given as 34 count bytes."""
    t0, t1, t2, t3 = _tables
    k0, k1, k2, k3 = counts[0:9], counts[9:18], counts[18:27], counts[27:34]
    return (
        t0.get(k0) or _build(0, k0),
        t1.get(k1) or _build(1, k1),
        t2.get(k2) or _build(2, k2),
        t3.get(k3) or _build(3, k3),
    )


def group_entry(group: int, key: bytes) -> GroupEntry:
    """The entry of one group (0-2 the suits, 3 the honors) by its counts."""
    return _tables[group].get(key) or _build(group, key)


def _build(group: int, key: bytes) -> GroupEntry:
    start = GROUP_BOUNDS[group][0]
    counts = tuple(key)
    entry = GroupEntry(
        _splits(group, counts),
        sum(counts) % 3,
        tuple(
            start + rank
            for rank in range(len(counts))
            if _splits(group, (*counts[:rank], counts[rank] + 1, *counts[rank + 1 :]))
        ),
    )
    _tables[group][key] = entry
    return entry


def _splits(group: int, counts: tuple[int, ...]) -> tuple[Decomposition, ...]:
    if group == 3:
        return honor_decompositions(counts)
    return suit_decompositions(_SUIT_BASES[group], counts)


def regular_splits(entries: Sequence[GroupEntry]) -> list[Decomposition]:
    """Every split of the hand into sets and exactly one pair (empty if none): one split of
    each group, combined, when every group splits and exactly one has a pair."""
    parts: list[tuple[Decomposition, ...]] = []
    pairs = 0
    for entry in entries:
        splits = entry.splits
        if not splits:
            return []
        if splits[0] != _EMPTY:
            parts.append(splits)
            pairs += entry.size == 2
    if pairs != 1:
        return []
    if len(parts) == 1:
        return list(parts[0])
    return [_joined(combination) for combination in product(*parts)]


_EMPTY: Final[Decomposition] = ((), (), NO_PAIR)


def _joined(combination: tuple[Decomposition, ...]) -> Decomposition:
    """One split of the hand from one split of each non-empty group, in group order (so
    chow starts and pung tiles stay sorted)."""
    seqs: tuple[TileId, ...] = ()
    trips: tuple[TileId, ...] = ()
    pair = NO_PAIR
    for group_seqs, group_trips, group_pair in combination:
        seqs += group_seqs
        trips += group_trips
        if group_pair != NO_PAIR:
            pair = group_pair
    return (seqs, trips, pair)


def regular_waits(entries: Sequence[GroupEntry]) -> list[TileId]:
    """Tiles that make the groups split into sets and exactly one pair: a tile added to one
    group must leave every group complete, with one pair among them (the groups of size
    2 mod 3, counting the receiver once it grows)."""
    incomplete = -1
    pairs = 0
    for index, entry in enumerate(entries):
        if not entry.splits:
            if incomplete >= 0:
                return []
            incomplete = index
        elif entry.size == 2:
            pairs += 1
    waits: list[TileId] = []
    for index, entry in enumerate(entries):
        if not entry.completing or (incomplete >= 0 and incomplete != index):
            continue
        size = entry.size
        others_pairs = pairs - 1 if size == 2 and entry.splits else pairs
        if others_pairs + (size == 1) == 1:
            waits += entry.completing
    return waits
