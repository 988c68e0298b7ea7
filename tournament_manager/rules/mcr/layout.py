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
from tournament_manager.rules.mcr.readings import McrShape, Reading, held_counts
from tournament_manager.rules.tiles import TILE_KINDS

_KINDS: Final = {
    MeldKind.CHOW: GroupKind.CHOW,
    MeldKind.PUNG: GroupKind.PUNG,
    MeldKind.KONG: GroupKind.KONG,
}
_PUBLIC_SHAPES: Final = {
    McrShape.SEVEN_PAIRS: Shape.SEVEN_PAIRS,
    McrShape.SEVEN_SHIFTED_PAIRS: Shape.SEVEN_PAIRS,
    McrShape.THIRTEEN_ORPHANS: Shape.THIRTEEN_TERMINALS,
    McrShape.HONORS_AND_KNITTED: Shape.THIRTEEN_TERMINALS,
    McrShape.NINE_GATES: Shape.REGULAR,
}


def build_arrangement(hand: Hand, reading: Reading) -> Arrangement:
    if reading.shape in _PUBLIC_SHAPES:
        return _by_kind(hand, reading)
    groups: list[Group] = []
    for kind, tile, concealed, declared in reading.sets:
        size = 4 if kind is MeldKind.KONG else 3
        tiles = (tile, tile + 1, tile + 2) if kind is MeldKind.CHOW else (tile,) * size
        groups.append(
            Group(
                _KINDS[kind], tiles, concealed or kind is MeldKind.CHOW and not declared, declared
            )
        )
    for start in range(0, len(reading.knitted), 3):
        groups.append(Group(GroupKind.SINGLE, reading.knitted[start : start + 3], True))
    if reading.pair != NO_PAIR:
        groups.append(Group(GroupKind.PAIR, (reading.pair,) * 2, True))
    win = hand.winning_tile
    winning = next(i for i, g in enumerate(groups) if win in g.tiles and not g.declared)
    if hand.win_type is WinType.DISCARD:
        groups[winning] = Group(groups[winning].kind, groups[winning].tiles, False)
    return Arrangement(Shape.REGULAR, tuple(groups), winning)


def _by_kind(hand: Hand, reading: Reading) -> Arrangement:
    counts = held_counts(hand)
    pairs = _PUBLIC_SHAPES[reading.shape] is Shape.SEVEN_PAIRS
    groups: list[Group] = []
    for tile in range(TILE_KINDS):
        sizes = (2,) * (counts[tile] // 2) if pairs else ((counts[tile],) if counts[tile] else ())
        for size in sizes:
            kind = GroupKind.PAIR if size == 2 else GroupKind.SINGLE
            groups.append(Group(kind, (tile,) * size, True))
    winning = next(i for i, g in enumerate(groups) if hand.winning_tile in g.tiles)
    return Arrangement(_PUBLIC_SHAPES[reading.shape], tuple(groups), winning)
