"""Freedom of Count for Zung Jung: every reading of the hand, scored, and the best one.

A reading is a decomposition of the held tiles (winning tile included) plus which kind of
group the winning tile completed. Only a discard win makes that choice matter: completing a
concealed triplet exposes it, completing a sequence or the pair leaves triplets concealed.
Readings come in a fixed order (regular decompositions as the splitter lists them, the
sequence-or-pair choice before the triplet choice, then Seven Pairs, then Thirteen
Terminals); ties on value and raw sum keep the earliest.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import NamedTuple

from tournament_manager.rules.arrangement import Shape
from tournament_manager.rules.decompose import (
    NO_PAIR,
    Decomposition,
    is_seven_pairs,
    is_thirteen_terminals,
    regular_decompositions,
    tile_counts,
)
from tournament_manager.rules.hand import Hand, WinType
from tournament_manager.rules.tiles import TILE_KINDS, TileId
from tournament_manager.rules.zung_jung.evaluate import (
    HandTraits,
    regular_ids,
    seven_pairs_ids,
    thirteen_terminals_ids,
    with_concealed_triplets,
)
from tournament_manager.rules.zung_jung.limits import limit_of
from tournament_manager.rules.zung_jung.patterns import CHICKEN_POINTS

_NO_DECOMPOSITION: Decomposition = ((), (), NO_PAIR)


class Reading(NamedTuple):
    shape: Shape
    decomposition: Decomposition  # held tiles only; empty for the irregular shapes
    win_in_triplet: bool  # the winning tile completed a held triplet
    pattern_ids: tuple[str, ...]  # before the limit; Value Honor once per set


class ScoredReading(NamedTuple):
    reading: Reading
    value: int  # after the limit
    raw_total: int


def readings(hand: Hand, traits: HandTraits) -> Iterator[Reading]:
    held = tile_counts(hand.concealed)
    held[hand.winning_tile] += 1
    win = hand.winning_tile
    on_discard = hand.win_type is WinType.DISCARD
    for decomposition in regular_decompositions(held):
        sequences, triplets, pair = decomposition
        shared = regular_ids(
            traits, sequences + traits.meld_sequences, triplets + traits.meld_triplets, pair
        )
        concealed = len(triplets) + traits.concealed_kongs
        in_other = pair == win or any(start <= win <= start + 2 for start in sequences)
        if in_other or not on_discard:
            yield Reading(
                Shape.REGULAR,
                decomposition,
                not in_other,
                with_concealed_triplets(shared, concealed),
            )
        if on_discard and win in triplets:
            yield Reading(
                Shape.REGULAR, decomposition, True, with_concealed_triplets(shared, concealed - 1)
            )
    if hand.melds:
        return
    if is_seven_pairs(held):
        yield Reading(Shape.SEVEN_PAIRS, _NO_DECOMPOSITION, False, seven_pairs_ids(traits))
    if is_thirteen_terminals(held):
        yield Reading(
            Shape.THIRTEEN_TERMINALS, _NO_DECOMPOSITION, False, thirteen_terminals_ids(traits)
        )


def best_reading(hand: Hand, traits: HandTraits, values: Mapping[str, int]) -> ScoredReading | None:
    """Highest value after the limit, then highest raw sum, then the earliest reading."""
    best: ScoredReading | None = None
    for reading in readings(hand, traits):
        scored = score_ids(reading, values)
        if best is None or (scored.value, scored.raw_total) > (best.value, best.raw_total):
            best = scored
    return best


def score_ids(reading: Reading, values: Mapping[str, int]) -> ScoredReading:
    if not reading.pattern_ids:
        return ScoredReading(reading, CHICKEN_POINTS, CHICKEN_POINTS)
    _, raw, value, _ = limit_of([values[pattern_id] for pattern_id in reading.pattern_ids])
    return ScoredReading(reading, value, raw)


def completing_tiles(hand: Hand) -> tuple[TileId, ...]:
    """Tiles that would make the held tiles a winning shape: what a hand that cannot use its
    winning tile was waiting for."""
    held = tile_counts(hand.concealed)
    in_play = list(held)
    for meld in hand.melds:
        for tile in meld.tiles:
            in_play[tile] += 1
    waits: list[TileId] = []
    for tile in range(TILE_KINDS):
        if in_play[tile] < 4:
            held[tile] += 1
            if _has_winning_shape(held, bool(hand.melds)):
                waits.append(tile)
            held[tile] -= 1
    return tuple(waits)


def _has_winning_shape(held: list[int], has_melds: bool) -> bool:
    if regular_decompositions(held):
        return True
    return not has_melds and (is_seven_pairs(held) or is_thirteen_terminals(held))
