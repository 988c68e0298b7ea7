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
from itertools import permutations, product
from typing import Final

from tournament_manager.rules.decompose import (
    NO_PAIR,
    Decomposition,
    honor_decompositions,
    joined,
    suit_decompositions,
)
from tournament_manager.rules.mcr.content import KIND_FEATURES
from tournament_manager.rules.tiles import FIRST_HONOR, TILE_KINDS, TileId

GROUP_BOUNDS: Final = ((0, 9), (9, 18), (18, 27), (FIRST_HONOR, TILE_KINDS))
_SUIT_BASES: Final = (0, 9, 18)


class GroupEntry:
    """`splits`: every split into sets, plus a pair exactly when `size` is 2 mod 3 (empty:
    none; an empty group has one empty split). `completing`: the tiles that, added to the
    group, would let it split, computed on first use (only the wait test asks, mostly of
    the groups `fewer_entry` gives: most entries never need them). `fewer`: the entries of
    the group with one tile less, as the wait test asks for them. `features`: the group's
    share of the hand's content features (`content.KIND_FEATURES` of its kinds, OR-ed).
    `counts`: the group's share of the hand's count facts, fields that add up over the four
    entries (see `COUNT_FIELDS`). `knitted`: which of 147, 258 and 369 the group (a suit)
    holds whole, as bits 3 * group + 0, 1, 2 (see `KNITTED_HELD`). `one_wait`: the fast
    path's wait test by winning tile (`fast_path._waits_on_one_tile`)."""

    __slots__ = (
        "_completing", "_group", "_key", "counts", "features", "fewer", "knitted",
        "one_wait", "size", "splits",
    )

    def __init__(self, group: int, key: bytes, splits: tuple[Decomposition, ...]) -> None:
        self.splits = splits
        self.size = sum(key) % 3  # number of tiles mod 3
        self.fewer: dict[TileId, GroupEntry] = {}  # memo of `fewer_entry`
        self.one_wait: dict[TileId, int] = {}  # memo of the fast path's wait test
        self._group = group
        self._key = key
        self._completing: tuple[TileId, ...] | None = None
        start = GROUP_BOUNDS[group][0]
        features = 0
        for rank, count in enumerate(key):
            if count:
                features |= KIND_FEATURES[start + rank]
        self.features = features
        kinds = len(key) - key.count(0)
        self.counts = (
            (self.size == 2) * PAIR_GROUP
            + (kinds > 0) * (HONORS_HELD if group == 3 else SUIT_HELD)
            + (kinds * SUITED_KIND if group < 3 else 0)
            + (key.count(1) + key.count(3)) * ODD_KIND
            + (ONE_SPLIT if len(splits) == 1 else 0 if splits else NO_SPLIT)
        )
        self.knitted = 0
        if group < 3:
            for offset in range(3):
                if key[offset] and key[offset + 3] and key[offset + 6]:
                    self.knitted |= 1 << (3 * group + offset)

    @property
    def completing(self) -> tuple[TileId, ...]:
        found = self._completing
        if found is None:
            found = self._completing = _completing(self._group, self._key)
        return found


# The count facts of a hand as one integer: each entry's `counts`, added up, gives in each
# field the number over the four groups (no field can overflow into the next).
COUNT_FIELD: Final = 0xF  # the width of the four-bit fields
PAIR_GROUP: Final = 1  # groups of 2 mod 3 tiles (bits 0-3)
SUIT_HELD: Final = 1 << 4  # suits with a tile (bits 4-7)
HONORS_HELD: Final = 1 << 8  # the honors, if any is held (bits 8-11)
SUITED_KIND: Final = 1 << 12  # suited kinds held (bits 12-19)
ODD_KIND: Final = 1 << 20  # kinds held once or three times (bits 20-27)
ONE_SPLIT: Final = 1 << 28  # groups that split exactly one way (bits 28-31)
NO_SPLIT: Final = 1 << 32  # groups that split no way (bits 32-35)
ODD_KINDS: Final = 0xFF * ODD_KIND  # the field of ODD_KIND
SPLIT_FIELDS: Final = COUNT_FIELD * (ONE_SPLIT | NO_SPLIT)  # the fields of both
SUITED_KINDS_SHIFT: Final = 12
SUITED_KINDS_FIELD: Final = 0xFF

_STRAIGHT_BITS: Final = tuple(
    sum(1 << (3 * suit + offset) for suit, offset in enumerate(order))
    for order in permutations(range(3))
)  # each knitted straight as `knitted` bits: 147, 258, 369 in three different suits
KNITTED_HELD: Final = tuple(
    any(bits & straight == straight for straight in _STRAIGHT_BITS) for bits in range(1 << 9)
)
"""By the three suits' `knitted` bits OR-ed: whether some knitted straight is held whole
(147, 258 and 369 each in a different suit)."""

TABLES: Final[tuple[dict[bytes, GroupEntry], ...]] = ({}, {}, {}, {})
"""The memo of each group (0-2 the suits, 3 the honors): counts as bytes -> entry."""


def group_entries(counts: bytes) -> tuple[GroupEntry, GroupEntry, GroupEntry, GroupEntry]:
    """The four groups' entries of a hand given as 34 count bytes."""
    t0, t1, t2, t3 = TABLES
    k0, k1, k2, k3 = counts[0:9], counts[9:18], counts[18:27], counts[27:34]
    return (
        t0.get(k0) or build_entry(0, k0),
        t1.get(k1) or build_entry(1, k1),
        t2.get(k2) or build_entry(2, k2),
        t3.get(k3) or build_entry(3, k3),
    )


def group_entry(group: int, key: bytes) -> GroupEntry:
    """The entry of one group (0-2 the suits, 3 the honors) by its counts."""
    return TABLES[group].get(key) or build_entry(group, key)


def fewer_entry(entry: GroupEntry, group: int, key: bytes, tile: TileId) -> GroupEntry:
    """The entry of the group `key` (whose entry is `entry`) with one `tile` taken out,
    memoised on `entry`: the wait test asks it of every hand with a possible wait fan."""
    found = entry.fewer.get(tile)
    if found is None:
        counts = bytearray(key)
        counts[tile - GROUP_BOUNDS[group][0]] -= 1
        found = entry.fewer[tile] = group_entry(group, bytes(counts))
    return found


def build_entry(group: int, key: bytes) -> GroupEntry:
    """Computes and memoises the entry of a group not seen before."""
    entry = TABLES[group][key] = GroupEntry(group, key, _splits(group, tuple(key)))
    return entry


def _splits(group: int, counts: tuple[int, ...]) -> tuple[Decomposition, ...]:
    """The group's splits; a suit's from the first suit's memo of the same counts, moved to
    its own tiles (a suit's pattern has often been met in another suit; moving every tile
    by one amount keeps the splits' order)."""
    if group == 3:
        return honor_decompositions(counts)
    splits = suit_decompositions(0, counts)
    base = _SUIT_BASES[group]
    if not base:
        return splits
    return tuple(
        (
            tuple([start + base for start in chows]),
            tuple([tile + base for tile in pungs]),
            pair if pair == NO_PAIR else pair + base,
        )
        for chows, pungs, pair in splits
    )


def _completing(group: int, key: bytes) -> tuple[TileId, ...]:
    """The tiles whose addition lets the group split: a yes/no test per tile, cheaper than
    listing the splits (which `_splits` memoises for groups actually held). The ranks are
    memoised by the counts alone, for the three suits together (a suit's pattern has often
    been met in another suit)."""
    honors = group == 3
    ranks = _completing_ranks.get((honors, key))
    if ranks is None:
        ranks = _completing_ranks[honors, key] = _ranks_completing(honors, key)
    start = GROUP_BOUNDS[group][0]
    return tuple([start + rank for rank in ranks])


_completing_ranks: dict[tuple[bool, bytes], tuple[int, ...]] = {}


def _ranks_completing(honors: bool, key: bytes) -> tuple[int, ...]:
    counts = list(key)
    size = sum(counts) % 3
    if size == 0:
        return ()  # 1 mod 3 with one more tile: never splits
    needs_pair = size == 1  # 2 mod 3 with one more tile
    complete = _honors_complete if honors else _suit_complete
    found: list[int] = []
    for rank in range(len(counts)):
        counts[rank] += 1
        if complete(counts, needs_pair):
            found.append(rank)
        counts[rank] -= 1
    return tuple(found)


def _suit_complete(counts: list[int], needs_pair: bool) -> bool:
    """Whether a suit's counts split into sets (plus one pair if `needs_pair`)."""
    if not needs_pair:
        return _sets_only(counts)
    for rank, count in enumerate(counts):
        if count >= 2:
            counts[rank] -= 2
            found = _sets_only(counts)
            counts[rank] += 2
            if found:
                return True
    return False


def _sets_only(counts: list[int]) -> bool:
    """Whether a suit's counts split into sets alone. From the lowest rank up, what the
    chows started one and two ranks below leave must be pungs plus chows starting here;
    three identical chows are as good as three pungs, so fewer than three start here."""
    one_below = two_below = 0
    for count in counts:
        left = count - one_below - two_below
        if left < 0:
            return False
        two_below, one_below = one_below, left % 3
    return one_below == two_below == 0


def _honors_complete(counts: list[int], needs_pair: bool) -> bool:
    """Whether the honors split into pungs (plus one pair if `needs_pair`)."""
    pairs = 0
    for count in counts:
        if count == 2:
            pairs += 1
        elif count and count != 3:
            return False
    return pairs == needs_pair


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
    return [joined(combination) for combination in product(*parts)]


_EMPTY: Final[Decomposition] = ((), (), NO_PAIR)


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
