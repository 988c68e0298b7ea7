"""Every reading of an MCR hand (High-versus-Low: all are scored, the best is kept).

A reading names the shape and, for the set-based shapes, each set with its concealment as
MCR counts it: a held pung completed by a discarded winning tile counts as melded for the
concealed-pung fans, unless the winning tile can be read as part of a held chow.

Readings are built on every scored hand, so sets are shared prebuilt `McrSet`s and the
special shapes are tested only when cheap count facts (no odd count, 13 or 14 kinds, one
suit) leave them possible.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import Enum
from typing import Final, NamedTuple

from tournament_manager.rules.decompose import (
    NO_PAIR,
    is_seven_pairs,
    is_thirteen_terminals,
    regular_decompositions,
    tile_counts,
)
from tournament_manager.rules.hand import Hand, Meld, MeldKind, WinType
from tournament_manager.rules.mcr.shapes import (
    honors_and_knitted,
    is_seven_shifted_pairs,
    knitted_straights_in,
    nine_gates_suit,
)
from tournament_manager.rules.tiles import FIRST_HONOR, TILE_KINDS, TileId


class McrShape(Enum):
    REGULAR = "regular"
    KNITTED_STRAIGHT = "knitted_straight"  # knitted straight + a set + a pair
    SEVEN_PAIRS = "seven_pairs"
    SEVEN_SHIFTED_PAIRS = "seven_shifted_pairs"
    THIRTEEN_ORPHANS = "thirteen_orphans"
    HONORS_AND_KNITTED = "honors_and_knitted"
    NINE_GATES = "nine_gates"


SET_SHAPES: Final = (McrShape.REGULAR, McrShape.KNITTED_STRAIGHT)


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


_HELD_CHOWS: Final = tuple(McrSet(MeldKind.CHOW, tile, True, False) for tile in range(TILE_KINDS))
_HELD_PUNGS: Final = tuple(McrSet(MeldKind.PUNG, tile, True, False) for tile in range(TILE_KINDS))
_CLAIMED_PUNGS: Final = tuple(
    McrSet(MeldKind.PUNG, tile, False, False) for tile in range(TILE_KINDS)
)
_DECLARED_CHOWS: Final = tuple(
    McrSet(MeldKind.CHOW, tile, False, True) for tile in range(TILE_KINDS)
)
_DECLARED_PUNGS: Final = tuple(
    McrSet(MeldKind.PUNG, tile, False, True) for tile in range(TILE_KINDS)
)
_DECLARED_KONGS: Final = tuple(
    McrSet(MeldKind.KONG, tile, False, True) for tile in range(TILE_KINDS)
)
_CONCEALED_KONGS: Final = tuple(
    McrSet(MeldKind.KONG, tile, True, True) for tile in range(TILE_KINDS)
)
_ORPHAN_KINDS: Final = 13
_HONORS_AND_KNITTED_KINDS: Final = 14
_MAX_FLUSH_KINDS: Final = 9
_KNITTED_KINDS: Final = 9  # a knitted straight alone holds nine kinds of suited tiles


def held_counts(hand: Hand) -> list[int]:
    counts = tile_counts(hand.concealed)
    counts[hand.winning_tile] += 1
    return counts


def declared_sets(hand: Hand) -> tuple[McrSet, ...]:
    return tuple(_declared_set(meld) for meld in hand.melds)


def _declared_set(meld: Meld) -> McrSet:
    if meld.kind is MeldKind.CHOW:
        return _DECLARED_CHOWS[min(meld.tiles)]
    if meld.kind is MeldKind.PUNG:
        return _DECLARED_PUNGS[meld.tiles[0]]
    return (_DECLARED_KONGS if meld.exposed else _CONCEALED_KONGS)[meld.tiles[0]]


def readings(hand: Hand, held: Sequence[int] | None = None) -> list[Reading]:
    """Special shapes first, then the set-based readings in the splitter's order. `held`:
    the hand's `held_counts`, when the caller already has them."""
    if held is None:
        held = held_counts(hand)
    melds = hand.melds
    declared = declared_sets(hand) if melds else ()
    win = hand.winning_tile
    discard = hand.win_type is WinType.DISCARD
    found = _special(held, win) if not melds else []
    for sequences, triplets, pair in regular_decompositions(held):
        sets = _held_sets(win, discard, sequences, triplets) + declared
        found.append(Reading(McrShape.REGULAR, sets, pair))
    if len(melds) <= 1 and FIRST_HONOR - held[:FIRST_HONOR].count(0) >= _KNITTED_KINDS:
        found += _knitted(held, win, discard, declared)
    return found


def _held_sets(
    win: TileId, discard: bool, sequences: tuple[TileId, ...], triplets: tuple[TileId, ...]
) -> tuple[McrSet, ...]:
    chows = tuple(map(_HELD_CHOWS.__getitem__, sequences))
    if discard and win in triplets and not any(start <= win <= start + 2 for start in sequences):
        return chows + tuple(
            _CLAIMED_PUNGS[tile] if tile == win else _HELD_PUNGS[tile] for tile in triplets
        )
    return chows + tuple(map(_HELD_PUNGS.__getitem__, triplets))


def _special(held: Sequence[int], win: TileId) -> list[Reading]:
    found: list[Reading] = []
    kinds = TILE_KINDS - held.count(0)
    if kinds <= _MAX_FLUSH_KINDS and not any(held[FIRST_HONOR:]):
        before_win = list(held)
        before_win[win] -= 1
        if nine_gates_suit(before_win) == win // 9:  # the winning tile must be of the suit
            found.append(Reading(McrShape.NINE_GATES))
    if 1 not in held and 3 not in held and is_seven_pairs(held):
        shifted = is_seven_shifted_pairs(held)
        found.append(Reading(McrShape.SEVEN_SHIFTED_PAIRS if shifted else McrShape.SEVEN_PAIRS))
    if kinds == _ORPHAN_KINDS and is_thirteen_terminals(held):
        found.append(Reading(McrShape.THIRTEEN_ORPHANS))
    if kinds == _HONORS_AND_KNITTED_KINDS:
        knitted = honors_and_knitted(held)
        if knitted is not None:
            found.append(Reading(McrShape.HONORS_AND_KNITTED, knitted=knitted))
    return found


def _knitted(
    held: Sequence[int], win: TileId, discard: bool, declared: tuple[McrSet, ...]
) -> list[Reading]:
    found: list[Reading] = []
    for knitted in knitted_straights_in(held):
        rest = list(held)
        for tile in knitted:
            rest[tile] -= 1
        for sequences, triplets, pair in regular_decompositions(rest):
            sets = _held_sets(win, discard, sequences, triplets) + declared
            found.append(Reading(McrShape.KNITTED_STRAIGHT, sets, pair, knitted))
    return found
