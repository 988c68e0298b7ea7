"""High-versus-Low for MCR: score every reading, keep the best.

The hand's counts, facts, group entries and declared melds are computed once and shared by
every reading. The unique-wait test runs at most once per hand, and only when some reading
puts the winning tile where a wait fan could score.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from tournament_manager.rules.hand import Hand
from tournament_manager.rules.mcr.evaluate import (
    HandFacts,
    hand_facts,
    reading_fans,
    wait_position,
)
from tournament_manager.rules.mcr.fans import Fan
from tournament_manager.rules.mcr.groups import GROUP_BOUNDS, GroupEntry, fewer_entry, group_entries
from tournament_manager.rules.mcr.options import McrOptions, WaitRule
from tournament_manager.rules.mcr.readings import SET_SHAPES, McrShape, Reading, declared, readings
from tournament_manager.rules.mcr.tables import option_tables
from tournament_manager.rules.mcr.waits import waiting_tiles
from tournament_manager.rules.result import ScoredPattern
from tournament_manager.rules.tiles import TileId


class ScoredReading(NamedTuple):
    reading: Reading
    fans: tuple[Fan, ...]  # after implication, before Chicken Hand and flowers
    total: int
    patterns: tuple[ScoredPattern, ...]  # as shown, Chicken Hand included, flowers not


def scored_readings(
    hand: Hand, options: McrOptions, facts: HandFacts | None = None
) -> list[ScoredReading]:
    """`facts`: the hand's `hand_facts`, when the caller already has them."""
    if facts is None:
        facts = hand_facts(hand)
    held = facts.held
    entries = group_entries(held)
    found = readings(hand, held, entries)
    win = facts.win
    positions = [
        wait_position(r, win, options) if r.shape in SET_SHAPES else None for r in found
    ]
    if any(positions) and not unique_wait(held, entries, win, len(hand.melds)):
        positions = [None] * len(found)
    if options.wait_rule is WaitRule.EVERY_ARRANGEMENT:
        positions = _agreed(found, positions)
    melds = declared(hand)
    tables = option_tables(options)
    return [
        ScoredReading(r, *reading_fans(r, facts, melds, wait, options, tables))
        for r, wait in zip(found, positions)
    ]


def best_reading(
    hand: Hand, options: McrOptions, facts: HandFacts | None = None
) -> ScoredReading | None:
    """The highest total; ties go to a set-based reading over Seven Pairs, then to one with
    Pure Triple Chow or Triple Pung (the reference calculator's preference)."""
    found = scored_readings(hand, options, facts)
    if len(found) <= 1:
        return found[0] if found else None
    best: ScoredReading | None = None
    best_key: tuple[int, bool, bool] | None = None
    for scored in found:
        fans = scored.fans
        key = (
            scored.total,
            scored.reading.shape in SET_SHAPES,
            Fan.PURE_TRIPLE_CHOW in fans or Fan.TRIPLE_PUNG in fans,
        )
        if best_key is None or key > best_key:
            best, best_key = scored, key
    return best


def unique_wait(held: bytes, entries: Sequence[GroupEntry], win: TileId, melds: int) -> bool:
    """Whether the 13 tiles before the win waited on one kind only. Taking the winning tile
    out changes only its own group's entry."""
    before = bytearray(held)
    before[win] -= 1
    group = win // 9  # 3 for every honor
    start, end = GROUP_BOUNDS[group]
    before_entries = list(entries)
    before_entries[group] = fewer_entry(entries[group], group, held[start:end], win)
    return len(waiting_tiles(before, melds, before_entries)) == 1


def _agreed(found: list[Reading], positions: list[Fan | None]) -> list[Fan | None]:
    """Seed ruling: a wait fan only if every set-based arrangement reads the winning tile
    the same way (and no Seven Pairs reading exists)."""
    shapes = [p for r, p in zip(found, positions) if r.shape in SET_SHAPES]
    agreed = len(set(shapes)) == 1 and len(shapes) == len(
        [r for r in found if r.shape is not McrShape.NINE_GATES]
    )
    return positions if agreed else [None] * len(found)
