"""Between MCR readings and the public `Arrangement` the GUI shows and the JSON prints.

The shared `Shape` has no member for the knitted shapes, so a knitted straight is a regular
arrangement whose three knitted runs (147, 258, 369) are `SINGLE` groups of three tiles, and
Honors and Knitted Tiles, like Thirteen Orphans and Nine Gates, lists its tiles by kind.
"""

from __future__ import annotations

from typing import Final

from tournament_manager.rules.arrangement import Arrangement, Group, GroupKind, Shape
from tournament_manager.rules.decompose import NO_PAIR
from tournament_manager.rules.hand import Hand, Meld, MeldKind, WinType
from tournament_manager.rules.mcr.readings import SET_SHAPES, McrShape, Reading, held_counts
from tournament_manager.rules.tiles import TILE_KINDS

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


_HELD_CHOWS: Final = _groups(GroupKind.CHOW, 3, True, False)
_HELD_PUNGS: Final = _groups(GroupKind.PUNG, 3, True, False)
_PAIRS: Final = _groups(GroupKind.PAIR, 2, True, False)
# each held group by id -> the same completed by a discarded winning tile (which exposes it)
_CLAIMED: Final = {
    id(held): claimed
    for kind, size, held_groups in (
        (GroupKind.CHOW, 3, _HELD_CHOWS),
        (GroupKind.PUNG, 3, _HELD_PUNGS),
        (GroupKind.PAIR, 2, _PAIRS),
    )
    for held, claimed in zip(held_groups, _groups(kind, size, False, False))
}
_DISCARD: Final = WinType.DISCARD
_DECLARED_CHOWS: Final = _groups(GroupKind.CHOW, 3, False, True)
_DECLARED_PUNGS: Final = _groups(GroupKind.PUNG, 3, False, True)
_DECLARED_KONGS: Final = _groups(GroupKind.KONG, 4, False, True)
_CONCEALED_KONGS: Final = _groups(GroupKind.KONG, 4, True, True)


def build_arrangement(hand: Hand, reading: Reading) -> Arrangement:
    """Held chows, held pungs, declared melds, knitted runs, pair: the winning group is the
    first held one holding the winning tile."""
    if reading.shape not in SET_SHAPES:
        return _by_kind(hand, reading)
    win = hand.winning_tile
    groups = [_HELD_CHOWS[start] for start in reading.chows]
    groups += [_HELD_PUNGS[tile] for tile in reading.pungs]
    groups += [_meld_group(meld) for meld in hand.melds]
    for start in range(0, len(reading.knitted), 3):
        groups.append(Group(GroupKind.SINGLE, reading.knitted[start : start + 3], True))
    if reading.pair != NO_PAIR:
        groups.append(_PAIRS[reading.pair])
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
        return _DECLARED_CHOWS[min(meld.tiles)]
    if meld.kind is MeldKind.PUNG:
        return _DECLARED_PUNGS[meld.tiles[0]]
    return (_DECLARED_KONGS if meld.exposed else _CONCEALED_KONGS)[meld.tiles[0]]


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
