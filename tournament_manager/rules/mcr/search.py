"""High-versus-Low for MCR: score every reading, keep the best.

The unique-wait test (a search over 34 candidate tiles) runs at most once per hand, and only
when some reading puts the winning tile where a wait fan could score.
"""

from __future__ import annotations

from typing import NamedTuple

from tournament_manager.rules.decompose import tile_counts
from tournament_manager.rules.hand import Hand
from tournament_manager.rules.mcr.evaluate import (
    HandFacts,
    hand_facts,
    reading_fans,
    total,
    wait_position,
)
from tournament_manager.rules.mcr.fans import Fan
from tournament_manager.rules.mcr.options import McrOptions, WaitRule
from tournament_manager.rules.mcr.readings import McrShape, Reading, readings
from tournament_manager.rules.mcr.waits import waiting_tiles

_SET_SHAPES = (McrShape.REGULAR, McrShape.KNITTED_STRAIGHT)


class ScoredReading(NamedTuple):
    reading: Reading
    counts: list[int]  # after implication, before Chicken Hand and flowers
    total: int


def scored_readings(hand: Hand, options: McrOptions) -> list[ScoredReading]:
    facts = hand_facts(hand)
    found = list(readings(hand))
    positions = [
        wait_position(r, facts.win, options) if r.shape in _SET_SHAPES else None for r in found
    ]
    if any(positions) and not _unique_wait(hand):
        positions = [None] * len(found)
    if options.wait_rule is WaitRule.EVERY_ARRANGEMENT:
        positions = _agreed(found, positions)
    return [_scored(r, facts, wait, options) for r, wait in zip(found, positions)]


def best_reading(hand: Hand, options: McrOptions) -> ScoredReading | None:
    """The highest total; ties go to a set-based reading over Seven Pairs, then to one with
    Pure Triple Chow or Triple Pung (the reference calculator's preference)."""
    best: ScoredReading | None = None
    best_key: tuple[int, bool, bool] | None = None
    for scored in scored_readings(hand, options):
        counts = scored.counts
        key = (
            scored.total,
            scored.reading.shape in _SET_SHAPES,
            bool(counts[Fan.PURE_TRIPLE_CHOW] or counts[Fan.TRIPLE_PUNG]),
        )
        if best_key is None or key > best_key:
            best, best_key = scored, key
    return best


def _scored(
    reading: Reading, facts: HandFacts, wait: Fan | None, options: McrOptions
) -> ScoredReading:
    counts = reading_fans(reading, facts, wait, options)
    return ScoredReading(reading, counts, total(counts, options))


def _unique_wait(hand: Hand) -> bool:
    return len(waiting_tiles(tile_counts(hand.concealed), len(hand.melds))) == 1


def _agreed(found: list[Reading], positions: list[Fan | None]) -> list[Fan | None]:
    """Seed ruling: a wait fan only if every set-based arrangement reads the winning tile
    the same way (and no Seven Pairs reading exists)."""
    shapes = [p for r, p in zip(found, positions) if r.shape in _SET_SHAPES]
    agreed = len(set(shapes)) == 1 and len(shapes) == len(
        [r for r in found if r.shape is not McrShape.NINE_GATES]
    )
    return positions if agreed else [None] * len(found)
