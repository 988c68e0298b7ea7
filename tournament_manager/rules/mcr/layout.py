"""Between MCR readings and the public `Arrangement` the GUI shows and the JSON prints.

The shared `Shape` has no member for the knitted shapes, so a knitted straight is a regular
arrangement whose three knitted runs (147, 258, 369) are `SINGLE` groups of three tiles, and
Honors and Knitted Tiles, like Thirteen Orphans and Nine Gates, lists its tiles by kind.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from tournament_manager.rules.arrangement import Arrangement, Group, GroupKind, Shape
from tournament_manager.rules.decompose import NO_PAIR
from tournament_manager.rules.hand import Hand, Meld, MeldKind, WinType
from tournament_manager.rules.mcr.readings import SET_SHAPES, McrShape, Reading, held_counts
from tournament_manager.rules.tiles import TILE_KINDS, TileId

_PUBLIC_SHAPES: Final = {
    McrShape.SEVEN_PAIRS: Shape.SEVEN_PAIRS,
    McrShape.SEVEN_SHIFTED_PAIRS: Shape.SEVEN_PAIRS,
    McrShape.THIRTEEN_ORPHANS: Shape.THIRTEEN_TERMINALS,
    McrShape.HONORS_AND_KNITTED: Shape.THIRTEEN_TERMINALS,
    McrShape.NINE_GATES: Shape.REGULAR,
}


def _groups(kind: GroupKind, size: int, concealed: bool, declared: bool) -> tuple[Group, ...]:
    """One prebuilt group per tile (groups are immutable, so every arrangement shares them)."""
    return tuple(
        Group(kind, (tile, tile + 1, tile + 2) if kind is GroupKind.CHOW else (tile,) * size,
              concealed, declared)
        for tile in range(TILE_KINDS)
    )


HELD_CHOWS: Final = _groups(GroupKind.CHOW, 3, True, False)
HELD_PUNGS: Final = _groups(GroupKind.PUNG, 3, True, False)
HELD_PAIRS: Final = _groups(GroupKind.PAIR, 2, True, False)
# the same completed by a discarded winning tile (which exposes them)
CLAIMED_CHOWS: Final = _groups(GroupKind.CHOW, 3, False, False)
CLAIMED_PUNGS: Final = _groups(GroupKind.PUNG, 3, False, False)
CLAIMED_PAIRS: Final = _groups(GroupKind.PAIR, 2, False, False)
_CLAIMED: Final = {  # each held group by id -> the same claimed
    id(held): claimed
    for held_groups, claimed_groups in (
        (HELD_CHOWS, CLAIMED_CHOWS),
        (HELD_PUNGS, CLAIMED_PUNGS),
        (HELD_PAIRS, CLAIMED_PAIRS),
    )
    for held, claimed in zip(held_groups, claimed_groups)
}
_DISCARD: Final = WinType.DISCARD
DECLARED_CHOWS: Final = _groups(GroupKind.CHOW, 3, False, True)
DECLARED_PUNGS: Final = _groups(GroupKind.PUNG, 3, False, True)
DECLARED_KONGS: Final = _groups(GroupKind.KONG, 4, False, True)
CONCEALED_KONGS: Final = _groups(GroupKind.KONG, 4, True, True)


def build_arrangement(hand: Hand, reading: Reading) -> Arrangement:
    """Held chows, held pungs, declared melds, knitted runs, pair: the winning group is the
    first held one holding the winning tile."""
    if reading.shape not in SET_SHAPES:
        return _by_kind(hand, reading)
    win = hand.winning_tile
    groups = [HELD_CHOWS[start] for start in reading.chows]
    groups += [HELD_PUNGS[tile] for tile in reading.pungs]
    groups += [_meld_group(meld) for meld in hand.melds]
    for start in range(0, len(reading.knitted), 3):
        groups.append(Group(GroupKind.SINGLE, reading.knitted[start : start + 3], True))
    if reading.pair != NO_PAIR:
        groups.append(HELD_PAIRS[reading.pair])
    winning = 0
    for group in groups:
        if win in group.tiles and not group.declared:
            break
        winning += 1
    if hand.win_type is _DISCARD:
        group = groups[winning]
        claimed = _CLAIMED.get(id(group))
        if claimed is not None:
            groups[winning] = claimed
        elif group.concealed:
            groups[winning] = Group(group.kind, group.tiles, False)
    return Arrangement(Shape.REGULAR, tuple(groups), winning)


def _meld_group(meld: Meld) -> Group:
    if meld.kind is MeldKind.CHOW:
        return DECLARED_CHOWS[min(meld.tiles)]
    if meld.kind is MeldKind.PUNG:
        return DECLARED_PUNGS[meld.tiles[0]]
    return (DECLARED_KONGS if meld.exposed else CONCEALED_KONGS)[meld.tiles[0]]


def _by_kind(hand: Hand, reading: Reading) -> Arrangement:
    return by_kind(hand, reading.shape, held_counts(hand))


def by_kind(hand: Hand, shape: McrShape, counts: Sequence[int]) -> Arrangement:
    """The held tiles kind by kind (in pairs for the pair shapes), from prebuilt groups.
    `counts`: the held tiles by kind, winning tile included."""
    public = _PUBLIC_SHAPES[shape]
    by_count = _IN_PAIRS if public is Shape.SEVEN_PAIRS else _AS_HELD
    win = hand.winning_tile
    groups: list[Group] = []
    winning = 0
    for tile in sorted({*hand.concealed, win}):
        if tile == win:
            winning = len(groups)
        count = counts[tile]
        groups += by_count[count][tile] if count < _COPIES else _kind_groups(
            tile, count, by_count is _IN_PAIRS
        )
    return Arrangement(public, tuple(groups), winning)


def _kind_groups(tile: TileId, count: int, pairs: bool) -> tuple[Group, ...]:
    """The groups `count` held copies of a kind show: pairs (for the pair shapes), else one
    group, a pair if two."""
    sizes = (2,) * (count // 2) if pairs else (count,)
    return tuple(
        Group(GroupKind.PAIR if size == 2 else GroupKind.SINGLE, (tile,) * size, True)
        for size in sizes
    )


_COPIES: Final = 5  # prebuilt for one to four copies of a kind (more: built when asked)
_IN_PAIRS: Final = tuple(
    tuple(_kind_groups(tile, count, True) for tile in range(TILE_KINDS))
    for count in range(_COPIES)
)
_AS_HELD: Final = tuple(
    tuple(_kind_groups(tile, count, False) for tile in range(TILE_KINDS))
    for count in range(_COPIES)
)
