"""Every reading of an MCR hand (High-versus-Low: all are scored, the best is kept).

A reading names the shape and, for the set-based shapes, each set with its concealment as
MCR counts it: a held pung completed by a discarded winning tile counts as melded for the
concealed-pung fans, unless the winning tile can be read as part of a held chow.
"""

from __future__ import annotations

from collections.abc import Iterator
from enum import Enum
from typing import NamedTuple

from tournament_manager.rules.decompose import (
    NO_PAIR,
    is_seven_pairs,
    is_thirteen_terminals,
    regular_decompositions,
    tile_counts,
)
from tournament_manager.rules.hand import Hand, MeldKind, WinType
from tournament_manager.rules.mcr.shapes import (
    honors_and_knitted,
    is_seven_shifted_pairs,
    knitted_straights_in,
    nine_gates_suit,
)
from tournament_manager.rules.tiles import TileId


class McrShape(Enum):
    REGULAR = "regular"
    KNITTED_STRAIGHT = "knitted_straight"  # knitted straight + a set + a pair
    SEVEN_PAIRS = "seven_pairs"
    SEVEN_SHIFTED_PAIRS = "seven_shifted_pairs"
    THIRTEEN_ORPHANS = "thirteen_orphans"
    HONORS_AND_KNITTED = "honors_and_knitted"
    NINE_GATES = "nine_gates"


class McrSet(NamedTuple):
    """`tile` is a chow's lowest tile. `concealed` in the concealed-pung sense (a concealed
    kong is concealed, a declared pung or chow is not); `declared` marks a meld."""

    kind: MeldKind
    tile: TileId
    concealed: bool
    declared: bool


class Reading(NamedTuple):
    shape: McrShape
    sets: tuple[McrSet, ...] = ()
    pair: TileId = NO_PAIR
    knitted: tuple[TileId, ...] = ()


def held_counts(hand: Hand) -> list[int]:
    counts = tile_counts(hand.concealed)
    counts[hand.winning_tile] += 1
    return counts


def declared_sets(hand: Hand) -> tuple[McrSet, ...]:
    return tuple(McrSet(meld.kind, min(meld.tiles), not meld.exposed, True) for meld in hand.melds)


def readings(hand: Hand) -> Iterator[Reading]:
    """Special shapes first, then the set-based readings in the splitter's order."""
    held = held_counts(hand)
    declared = declared_sets(hand)
    if not hand.melds:
        yield from _special(hand, held)
    for sequences, triplets, pair in regular_decompositions(held):
        yield Reading(McrShape.REGULAR, (*_held_sets(hand, sequences, triplets), *declared), pair)
    if len(hand.melds) <= 1:
        yield from _knitted(hand, held, declared)


def _held_sets(
    hand: Hand, sequences: tuple[TileId, ...], triplets: tuple[TileId, ...]
) -> list[McrSet]:
    win = hand.winning_tile
    exposes_pung = hand.win_type is WinType.DISCARD and not any(
        start <= win <= start + 2 for start in sequences
    )
    sets = [McrSet(MeldKind.CHOW, start, True, False) for start in sequences]
    sets += [
        McrSet(MeldKind.PUNG, tile, not (exposes_pung and tile == win), False) for tile in triplets
    ]
    return sets


def _special(hand: Hand, held: list[int]) -> Iterator[Reading]:
    before_win = tile_counts(hand.concealed)
    if nine_gates_suit(before_win) is not None:
        yield Reading(McrShape.NINE_GATES)
    if is_seven_pairs(held):
        shifted = is_seven_shifted_pairs(held)
        yield Reading(McrShape.SEVEN_SHIFTED_PAIRS if shifted else McrShape.SEVEN_PAIRS)
    if is_thirteen_terminals(held):
        yield Reading(McrShape.THIRTEEN_ORPHANS)
    knitted = honors_and_knitted(held)
    if knitted is not None:
        yield Reading(McrShape.HONORS_AND_KNITTED, knitted=knitted)


def _knitted(hand: Hand, held: list[int], declared: tuple[McrSet, ...]) -> Iterator[Reading]:
    for knitted in knitted_straights_in(held):
        rest = list(held)
        for tile in knitted:
            rest[tile] -= 1
        for sequences, triplets, pair in regular_decompositions(rest):
            sets = (*_held_sets(hand, sequences, triplets), *declared)
            yield Reading(McrShape.KNITTED_STRAIGHT, sets, pair, knitted)
