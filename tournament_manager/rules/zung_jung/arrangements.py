"""Between the search's compact readings and the public `Arrangement` the GUI shows and the
JSON prints; reading an arrangement back yields exactly the patterns the search scored."""

from __future__ import annotations

from typing import Final

from tournament_manager.rules.arrangement import Arrangement, Group, GroupKind, Shape
from tournament_manager.rules.decompose import tile_counts
from tournament_manager.rules.hand import Hand, MeldKind, WinType
from tournament_manager.rules.tiles import TILE_KINDS
from tournament_manager.rules.zung_jung.evaluate import (
    HandTraits,
    regular_ids,
    seven_pairs_ids,
    thirteen_terminals_ids,
    with_concealed_triplets,
)
from tournament_manager.rules.zung_jung.search import Reading

_MELD_GROUPS: Final = {
    MeldKind.CHOW: GroupKind.CHOW,
    MeldKind.PUNG: GroupKind.PUNG,
    MeldKind.KONG: GroupKind.KONG,
}
_TRIPLET_KINDS: Final = (GroupKind.PUNG, GroupKind.KONG)


def build_arrangement(hand: Hand, reading: Reading) -> Arrangement:
    """Held sets in tile order, then the melds as declared, then the pair (or, for the
    irregular shapes, the held tiles grouped by kind)."""
    if reading.shape is not Shape.REGULAR:
        return _irregular(hand, reading.shape)
    sequences, triplets, pair = reading.decomposition
    win = hand.winning_tile
    held = sorted(
        [(start, GroupKind.CHOW, (start, start + 1, start + 2)) for start in sequences]
        + [(tile, GroupKind.PUNG, (tile,) * 3) for tile in triplets],
        key=lambda group: group[2],
    )
    held_tiles = [tiles for _, _, tiles in held] + [(pair, pair)]
    held_kinds = [kind for _, kind, _ in held] + [GroupKind.PAIR]
    if reading.win_in_triplet:
        winning = held_tiles.index((win,) * 3)
    else:
        winning = next(
            i for i, tiles in enumerate(held_tiles) if win in tiles and tiles != (win,) * 3
        )
    exposes_winner = hand.win_type is WinType.DISCARD
    groups = [
        Group(kind, tiles, concealed=not (exposes_winner and i == winning))
        for i, (kind, tiles) in enumerate(zip(held_kinds, held_tiles))
    ]
    melds = [
        Group(_MELD_GROUPS[meld.kind], tuple(sorted(meld.tiles)), not meld.exposed, True)
        for meld in hand.melds
    ]
    pair_group = groups.pop()
    return Arrangement(
        Shape.REGULAR,
        (*groups, *melds, pair_group),
        len(groups) + len(melds) if winning == len(groups) else winning,
    )


def read_arrangement(arrangement: Arrangement, traits: HandTraits) -> tuple[str, ...]:
    """The pattern ids of an arrangement, before the limit."""
    if arrangement.shape is Shape.SEVEN_PAIRS:
        return seven_pairs_ids(traits)
    if arrangement.shape is Shape.THIRTEEN_TERMINALS:
        return thirteen_terminals_ids(traits)
    groups = arrangement.groups
    sequences = tuple(g.tiles[0] for g in groups if g.kind is GroupKind.CHOW)
    triplets = tuple(g.tiles[0] for g in groups if g.kind in _TRIPLET_KINDS)
    pair = next(g.tiles[0] for g in groups if g.kind is GroupKind.PAIR)
    concealed = sum(1 for g in groups if g.kind in _TRIPLET_KINDS and g.concealed)
    return with_concealed_triplets(regular_ids(traits, sequences, triplets, pair), concealed)


def _irregular(hand: Hand, shape: Shape) -> Arrangement:
    counts = tile_counts((*hand.concealed, hand.winning_tile))
    tiles = [
        (tile,) * size for tile in range(TILE_KINDS) for size in _group_sizes(counts[tile], shape)
    ]
    winning = next(i for i, group in enumerate(tiles) if hand.winning_tile in group)
    exposes_winner = hand.win_type is WinType.DISCARD
    groups = tuple(
        Group(
            GroupKind.PAIR if len(group) == 2 else GroupKind.SINGLE,
            group,
            concealed=not (exposes_winner and i == winning),
        )
        for i, group in enumerate(tiles)
    )
    return Arrangement(shape, groups, winning)


def _group_sizes(count: int, shape: Shape) -> tuple[int, ...]:
    if shape is Shape.SEVEN_PAIRS:
        return (2,) * (count // 2)
    return (count,) if count else ()
