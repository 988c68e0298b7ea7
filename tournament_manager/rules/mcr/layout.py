"""Between MCR readings and the public `Arrangement` the GUI shows and the JSON prints.

The shared `Shape` has no member for the knitted shapes, so a knitted straight is a regular
arrangement whose three knitted runs (147, 258, 369) are `SINGLE` groups of three tiles, and
Honors and Knitted Tiles, like Thirteen Orphans and Nine Gates, lists its tiles by kind.
"""

from __future__ import annotations

from typing import Final

from tournament_manager.rules.arrangement import Arrangement, Group, GroupKind, Shape
from tournament_manager.rules.decompose import NO_PAIR
from tournament_manager.rules.hand import Hand, MeldKind, WinType
from tournament_manager.rules.mcr.readings import SET_SHAPES, McrShape, Reading, held_counts
from tournament_manager.rules.tiles import TILE_KINDS, TileId

_PUBLIC_SHAPES: Final = {
    McrShape.SEVEN_PAIRS: Shape.SEVEN_PAIRS,
    McrShape.SEVEN_SHIFTED_PAIRS: Shape.SEVEN_PAIRS,
    McrShape.THIRTEEN_ORPHANS: Shape.THIRTEEN_TERMINALS,
    McrShape.HONORS_AND_KNITTED: Shape.THIRTEEN_TERMINALS,
    McrShape.NINE_GATES: Shape.REGULAR,
}
_MELD_KINDS: Final = (MeldKind.CHOW, MeldKind.PUNG, MeldKind.KONG)
_GROUP_KINDS: Final = (GroupKind.CHOW, GroupKind.PUNG, GroupKind.KONG)


def _make_group(kind: int, tile: TileId, concealed: bool, declared: bool) -> Group:
    tiles = (tile, tile + 1, tile + 2) if kind == 0 else (tile,) * (4 if kind == 2 else 3)
    return Group(_GROUP_KINDS[kind], tiles, concealed, declared)


# Every group a set can show, built once (groups are immutable) and found by plain index:
# hashing an enum-keyed tuple per set would cost more than building the group.
_SET_GROUPS: Final = tuple(
    _make_group(kind, tile, concealed, declared)
    for kind in range(len(_MELD_KINDS))
    for tile in range(TILE_KINDS)
    for concealed in (False, True)
    for declared in (False, True)
)
_PAIR_GROUPS: Final = tuple(Group(GroupKind.PAIR, (tile, tile), True) for tile in range(TILE_KINDS))


def build_arrangement(hand: Hand, reading: Reading) -> Arrangement:
    if reading.shape not in SET_SHAPES:
        return _by_kind(hand, reading)
    groups = [_set_group(kind, tile, concealed, declared) for kind, tile, concealed, declared
              in reading.sets]
    for start in range(0, len(reading.knitted), 3):
        groups.append(Group(GroupKind.SINGLE, reading.knitted[start : start + 3], True))
    if reading.pair != NO_PAIR:
        groups.append(_PAIR_GROUPS[reading.pair])
    win = hand.winning_tile
    winning = next(i for i, g in enumerate(groups) if win in g.tiles and not g.declared)
    if hand.win_type is WinType.DISCARD and groups[winning].concealed:
        claimed = groups[winning]  # the discarded winning tile exposes its group
        groups[winning] = Group(claimed.kind, claimed.tiles, False)
    return Arrangement(Shape.REGULAR, tuple(groups), winning)


def _set_group(kind: MeldKind, tile: TileId, concealed: bool, declared: bool) -> Group:
    """A set's group; its concealment is the set's (a held chow is concealed, a declared
    one is not)."""
    index = _MELD_KINDS.index(kind)
    return _SET_GROUPS[((index * TILE_KINDS + tile) * 2 + concealed) * 2 + declared]


def _by_kind(hand: Hand, reading: Reading) -> Arrangement:
    counts = held_counts(hand)
    pairs = _PUBLIC_SHAPES[reading.shape] is Shape.SEVEN_PAIRS
    groups: list[Group] = []
    for tile in sorted(set(hand.concealed) | {hand.winning_tile}):
        sizes = (2,) * (counts[tile] // 2) if pairs else (counts[tile],)
        for size in sizes:
            kind = GroupKind.PAIR if size == 2 else GroupKind.SINGLE
            groups.append(Group(kind, (tile,) * size, True))
    winning = next(i for i, g in enumerate(groups) if hand.winning_tile in g.tiles)
    return Arrangement(_PUBLIC_SHAPES[reading.shape], tuple(groups), winning)
