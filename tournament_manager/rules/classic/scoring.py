"""Classical hand scores (spec §2, §4): basic points of every set (and, for the winner, going
out and the winning bonuses), doubled per double, capped at the limit.

Every player scores his own hand, winner and losers alike, so scoring works on a list of
sets rather than on a winning shape; the winner's sets come from the best reading of his
hand. A pattern with an id starting `x2:` is a double: its `points` are the number of
doublings (1, or 3 for a pure one-suit hand); the others are basic points.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, NamedTuple

from tournament_manager.rules.classic.options import ClassicOptions
from tournament_manager.rules.decompose import regular_decompositions, tile_counts
from tournament_manager.rules.hand import Hand, Meld, MeldKind, PlayerHand, WinType
from tournament_manager.rules.result import Limit, LimitedScore, ScoredPattern
from tournament_manager.rules.tiles import FIRST_DRAGON, FIRST_HONOR, TileId, Wind, tile_code

DOUBLE_PREFIX: Final = "x2:"

NAMES: Final[dict[str, str]] = {
    "going_out": "going out",
    "self_draw": "winning tile from the wall",
    "only_place": "only possible place",
    "concealed_hand": "concealed hand",
    "exposed_pung": "exposed pung of {tile}",
    "concealed_pung": "concealed pung of {tile}",
    "exposed_kong": "exposed kong of {tile}",
    "concealed_kong": "concealed kong of {tile}",
    "pair": "pair of {tile}",
    "flowers": "flowers",
    f"{DOUBLE_PREFIX}dragon": "dragon set of {tile}",
    f"{DOUBLE_PREFIX}own_wind": "own wind set of {tile}",
    f"{DOUBLE_PREFIX}prevailing_wind": "prevailing wind set {tile}",
    f"{DOUBLE_PREFIX}one_suit_honors": "one suit and honours",
    f"{DOUBLE_PREFIX}pure_one_suit": "pure one suit",
}
"""Every item's id and its name as the JSON output prints it; `{tile}` is the set's tile code."""

MARKS: Final[dict[str, str]] = {
    "going_out": "going out",
    "self_draw": "from the wall",
    "only_place": "only place",
    "concealed_hand": "concealed hand",
    "exposed_pung": "exposed pung",
    "concealed_pung": "concealed pung",
    "exposed_kong": "exposed kong",
    "concealed_kong": "concealed kong",
    "pair": "pair",
    "flowers": "flowers",
    f"{DOUBLE_PREFIX}dragon": "dragon set",
    f"{DOUBLE_PREFIX}own_wind": "own wind set",
    f"{DOUBLE_PREFIX}prevailing_wind": "prevailing wind set",
    f"{DOUBLE_PREFIX}one_suit_honors": "one suit and honours",
    f"{DOUBLE_PREFIX}pure_one_suit": "pure one suit",
}
"""Every item as a score sheet writes it: its name without the set's tile, which a recorded
win does not keep (`RuleSet.pattern_marks`)."""


def _item(pattern_id: str, points: int, tile: TileId | None = None) -> ScoredPattern:
    name = NAMES[pattern_id]
    return ScoredPattern(pattern_id, name if tile is None else name.format(tile=tile_code(tile)),
                         points)


class ClassicSet(NamedTuple):
    kind: MeldKind  # a chow scores nothing but decides nothing either
    tile: TileId
    concealed: bool


def set_points(group: ClassicSet) -> int:
    """Pung 2, doubled for terminals/honours, for concealment, and four times for a kong."""
    if group.kind is MeldKind.CHOW:
        return 0
    points = 2
    if group.tile >= FIRST_HONOR or group.tile % 9 in (0, 8):
        points *= 2
    if group.kind is MeldKind.KONG:
        points *= 4
    return points * 2 if group.concealed else points


def items(
    sets: Sequence[ClassicSet],
    pair: TileId | None,
    tiles: Sequence[TileId],
    seat: Wind,
    prevalent: Wind,
    flowers: int,
    winner: bool,
    options: ClassicOptions,
) -> list[ScoredPattern]:
    """Basic-point and double items of one player's sets (winner bonuses added elsewhere)."""
    found: list[ScoredPattern] = []
    for group in sets:
        points = set_points(group)
        if points:
            state = "concealed" if group.concealed else "exposed"
            found.append(_item(f"{state}_{group.kind.value}", points, group.tile))
    if pair is not None and (winner or options.pairs_for_losers):
        points = _pair_points(pair, seat, prevalent, options)
        if points:
            found.append(_item("pair", points, pair))
    if flowers and options.flower_points:
        found.append(_item("flowers", flowers * options.flower_points))
    found += _doubles(sets, tiles, seat, prevalent, winner, options)
    return found


def _pair_points(pair: TileId, seat: Wind, prevalent: Wind, options: ClassicOptions) -> int:
    points = 2 if pair >= FIRST_DRAGON or pair == seat.tile else 0
    if pair == prevalent.tile:
        points += options.prevailing_pair_points
    return points


def _doubles(
    sets: Sequence[ClassicSet],
    tiles: Sequence[TileId],
    seat: Wind,
    prevalent: Wind,
    winner: bool,
    options: ClassicOptions,
) -> list[ScoredPattern]:
    found: list[ScoredPattern] = []
    for group in sets:
        if group.kind is MeldKind.CHOW:
            continue
        if group.tile >= FIRST_DRAGON:
            found.append(_item(f"{DOUBLE_PREFIX}dragon", 1, group.tile))
        if group.tile == seat.tile:
            found.append(_item(f"{DOUBLE_PREFIX}own_wind", 1, group.tile))
        if group.tile == prevalent.tile and options.prevailing_pung_double:
            found.append(_item(f"{DOUBLE_PREFIX}prevailing_wind", 1, group.tile))
    if winner or options.one_suit_doubles_for_losers:
        suits = {t // 9 for t in tiles if t < FIRST_HONOR}
        if len(suits) == 1 and tiles:
            if any(t >= FIRST_HONOR for t in tiles):
                found.append(_item(f"{DOUBLE_PREFIX}one_suit_honors", 1))
            else:
                found.append(_item(f"{DOUBLE_PREFIX}pure_one_suit", 3))
    return found


def limited(patterns: Sequence[ScoredPattern], options: ClassicOptions) -> LimitedScore:
    """Basic points times two per double, capped at the limit (before any East doubling)."""
    basic = sum(p.points for p in patterns if not p.id.startswith(DOUBLE_PREFIX))
    doubles = sum(p.points for p in patterns if p.id.startswith(DOUBLE_PREFIX))
    raw = basic << doubles
    if options.limit is not None and raw > options.limit:
        return LimitedScore(tuple(patterns), raw, Limit.COMPOUND, options.limit)
    return LimitedScore(tuple(patterns), raw, Limit.NONE, raw)


def player_hand_patterns(hand: PlayerHand, options: ClassicOptions) -> list[ScoredPattern]:
    """A loser's items: melds as declared; held triples are concealed pungs, a held pair
    counts if it scores (a chow never does, so held runs need not be found)."""
    counts = tile_counts(hand.concealed)
    sets = [_meld_set(meld) for meld in hand.melds]
    sets += [ClassicSet(MeldKind.PUNG, t, True) for t, n in enumerate(counts) if n >= 3]
    pairs = [t for t, n in enumerate(counts) if n == 2]
    scoring = [p for p in pairs if _pair_points(p, hand.seat_wind, hand.prevalent_wind, options)]
    tiles = [*hand.concealed, *(t for meld in hand.melds for t in meld.tiles)]
    found = items(
        sets, None, tiles, hand.seat_wind, hand.prevalent_wind, hand.flowers, False, options
    )
    if options.pairs_for_losers:
        for pair in scoring:
            points = _pair_points(pair, hand.seat_wind, hand.prevalent_wind, options)
            found.append(_item("pair", points, pair))
    return found


def _meld_set(meld: Meld) -> ClassicSet:
    return ClassicSet(meld.kind, min(meld.tiles), not meld.exposed)


class WinnerReading(NamedTuple):
    sets: tuple[ClassicSet, ...]
    pair: TileId
    patterns: tuple[ScoredPattern, ...]
    score: LimitedScore


def winner_readings(hand: Hand, options: ClassicOptions) -> list[WinnerReading]:
    """Every reading of the winner's hand with its items; a pung completed by a discarded
    winning tile is exposed unless the tile can complete a run or the pair instead."""
    held = tile_counts(hand.concealed)
    held[hand.winning_tile] += 1
    win = hand.winning_tile
    tiles = [*hand.concealed, win, *(t for meld in hand.melds for t in meld.tiles)]
    declared = [_meld_set(meld) for meld in hand.melds]
    bonuses = _winner_bonuses(hand, options)
    found: list[WinnerReading] = []
    for sequences, triplets, pair in regular_decompositions(held):
        elsewhere = pair == win or any(s <= win <= s + 2 for s in sequences)
        exposes = hand.win_type is WinType.DISCARD and not elsewhere
        sets = (
            *(ClassicSet(MeldKind.CHOW, s, True) for s in sequences),
            *(ClassicSet(MeldKind.PUNG, t, not (exposes and t == win)) for t in triplets),
            *declared,
        )
        patterns = (
            *bonuses,
            *items(
                sets, pair, tiles, hand.seat_wind, hand.prevalent_wind, hand.flowers, True, options
            ),
        )
        found.append(WinnerReading(sets, pair, patterns, limited(patterns, options)))
    return found


def _winner_bonuses(hand: Hand, options: ClassicOptions) -> list[ScoredPattern]:
    found = [_item("going_out", options.win_bonus)]
    if hand.win_type is WinType.SELF_DRAW and options.self_draw_points:
        found.append(_item("self_draw", options.self_draw_points))
    if options.only_place_points and len(_waits(hand)) == 1:
        found.append(_item("only_place", options.only_place_points))
    if options.concealed_hand_points and all(not meld.exposed for meld in hand.melds):
        found.append(_item("concealed_hand", options.concealed_hand_points))
    return found


def _waits(hand: Hand) -> list[TileId]:
    counts = tile_counts(hand.concealed)
    waits = []
    for tile in range(len(counts)):
        counts[tile] += 1
        if regular_decompositions(counts):
            waits.append(tile)
        counts[tile] -= 1
    return waits
