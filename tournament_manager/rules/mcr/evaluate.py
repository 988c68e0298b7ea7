"""The fans of one reading: hand facts computed once, then set fans per reading, then the
implication table. Counts live in a list indexed by `Fan` (several fans repeat)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from tournament_manager.rules.hand import Hand, MeldKind, WinFlag, WinType
from tournament_manager.rules.mcr.combos import chow_fans, pung_fans
from tournament_manager.rules.mcr.content import content_fans
from tournament_manager.rules.mcr.fans import FAN_SLOTS, Fan
from tournament_manager.rules.mcr.implications import apply_implications, implication_table
from tournament_manager.rules.mcr.kongs import kong_fans
from tournament_manager.rules.mcr.options import McrOptions
from tournament_manager.rules.mcr.readings import McrSet, McrShape, Reading, held_counts
from tournament_manager.rules.tiles import FIRST_DRAGON, FIRST_HONOR, TILE_KINDS, TileId

_SHAPE_FANS: Final = {
    McrShape.SEVEN_PAIRS: Fan.SEVEN_PAIRS,
    McrShape.SEVEN_SHIFTED_PAIRS: Fan.SEVEN_SHIFTED_PAIRS,
    McrShape.THIRTEEN_ORPHANS: Fan.THIRTEEN_ORPHANS,
    McrShape.NINE_GATES: Fan.NINE_GATES,
}
_WINDS: Final = range(FIRST_HONOR, FIRST_DRAGON)
_TRIPLETS: Final = (MeldKind.PUNG, MeldKind.KONG)
_WIND_SET_FANS: Final = (Fan.BIG_FOUR_WINDS, Fan.BIG_THREE_WINDS, Fan.LITTLE_FOUR_WINDS)


@dataclass(frozen=True, slots=True)
class HandFacts:
    """Everything about a hand that no arrangement changes."""

    win: TileId
    self_drawn: bool
    seat: TileId
    prevalent: TileId
    exposed_melds: int
    all_counts: tuple[int, ...]  # every tile of the hand, kongs as four
    content: tuple[Fan, ...]
    tile_hogs: int  # kinds used four times without a kong
    situation: tuple[Fan, ...]  # from the circumstances of the win


def hand_facts(hand: Hand) -> HandFacts:
    held = held_counts(hand)
    counts = list(held)
    melded = [0] * TILE_KINDS
    for meld in hand.melds:
        for tile in meld.tiles:
            counts[tile] += 1
            melded[tile] += 1
    kongs = sum(1 for meld in hand.melds if meld.kind is MeldKind.KONG)
    return HandFacts(
        win=hand.winning_tile,
        self_drawn=hand.win_type is WinType.SELF_DRAW,
        seat=hand.seat_wind.tile,
        prevalent=hand.prevalent_wind.tile,
        exposed_melds=sum(1 for meld in hand.melds if meld.exposed),
        all_counts=tuple(counts),
        content=content_fans(t for t in range(TILE_KINDS) if counts[t]),
        tile_hogs=counts.count(4) - kongs,
        situation=_situation(hand, held[hand.winning_tile], melded[hand.winning_tile]),
    )


def _situation(hand: Hand, held_copies: int, melded_copies: int) -> tuple[Fan, ...]:
    """Flags become fans; Last Tile is also automatic when the other three copies of the
    winning tile lie in the winner's own melds, and impossible when he holds a copy."""
    flags = hand.flags
    fans: list[Fan] = []
    if (WinFlag.LAST_TILE in flags or melded_copies == 3) and held_copies == 1:
        fans.append(Fan.LAST_TILE)
    if hand.win_type is WinType.SELF_DRAW:
        fans.append(Fan.SELF_DRAWN)
        if WinFlag.SEABED in flags:
            fans.append(Fan.LAST_TILE_DRAW)
        if WinFlag.KONG_REPLACEMENT in flags:
            fans.append(Fan.OUT_WITH_REPLACEMENT_TILE)
    else:
        if WinFlag.RIVERBED in flags:
            fans.append(Fan.LAST_TILE_CLAIM)
        if WinFlag.ROBBING_KONG in flags:
            fans.append(Fan.ROBBING_THE_KONG)
    return tuple(fans)


def wait_position(reading: Reading, win: TileId, options: McrOptions) -> Fan | None:
    """Where the winning tile sits among the held sets and pair (Edge before Closed before
    Single, as only one wait fan scores); meaningful only for a unique wait."""
    found: Fan | None = None
    for kind, tile, _, declared in reading.sets:
        if declared or kind is not MeldKind.CHOW or not tile <= win <= tile + 2:
            continue
        if win != tile + 1:
            return Fan.EDGE_WAIT
        found = Fan.CLOSED_WAIT
    if found is None and reading.pair == win:
        found = Fan.SINGLE_WAIT
    if (
        reading.shape is McrShape.KNITTED_STRAIGHT
        and found is not Fan.SINGLE_WAIT
        and not options.knitted_straight_edge_closed
    ):
        return None
    return found


def reading_fans(
    reading: Reading, facts: HandFacts, wait: Fan | None, options: McrOptions
) -> list[int]:
    """Fan counts after implication, flowers and Chicken Hand aside. `wait`: the wait fan
    the unique-wait rule grants this reading, if any."""
    counts = [0] * FAN_SLOTS
    for fan in facts.situation:
        counts[fan] += 1
    if reading.shape in (McrShape.REGULAR, McrShape.KNITTED_STRAIGHT):
        _set_fans(reading, facts, options, counts)
        _add(counts, facts.content)
        counts[Fan.TILE_HOG] += facts.tile_hogs
        if wait is not None:
            counts[wait] += 1
    else:
        _special_fans(reading, facts, options, counts)
    apply_implications(counts, implication_table(options))
    return counts


def _add(counts: list[int], fans: tuple[Fan, ...]) -> None:
    for fan in fans:
        counts[fan] += 1


def _set_fans(reading: Reading, facts: HandFacts, options: McrOptions, counts: list[int]) -> None:
    sets, pair = reading.sets, reading.pair
    chows = tuple(sorted(s.tile for s in sets if s.kind is MeldKind.CHOW))
    triplets = tuple(sorted(s.tile for s in sets if s.kind in _TRIPLETS))
    knitted = bool(reading.knitted)
    if knitted:
        counts[Fan.KNITTED_STRAIGHT] += 1
    else:
        _add(counts, _terminal_chow_fan(chows, pair) or chow_fans(chows))
    _add(counts, pung_fans(triplets))
    if (len(chows) == 4 or (knitted and len(chows) == 1)) and pair < FIRST_HONOR:
        counts[Fan.ALL_CHOWS] += 1
    if counts[Fan.TWO_DRAGON_PUNGS] and pair >= FIRST_DRAGON:
        counts[Fan.TWO_DRAGON_PUNGS] = 0
        counts[Fan.LITTLE_THREE_DRAGONS] = 1
    if counts[Fan.BIG_THREE_WINDS] and pair in _WINDS:
        counts[Fan.BIG_THREE_WINDS] = 0
        counts[Fan.LITTLE_FOUR_WINDS] = 1
    _triplet_fans(triplets, facts, counts)
    _concealment_fans(sets, facts, options, counts)
    if len(triplets) == 4:
        counts[Fan.ALL_PUNGS] += 1
    if not knitted:
        trait = _group_trait(sets, pair)
        if trait is not None:
            counts[trait] += 1


def _terminal_chow_fan(chows: tuple[TileId, ...], pair: TileId) -> tuple[Fan, ...]:
    """Pure / Three-Suited Terminal Chows: 123 and 789 twice around a pair of fives."""
    if len(chows) != 4 or pair >= FIRST_HONOR or pair % 9 != 4:
        return ()
    if any(c % 9 not in (0, 6) for c in chows):
        return ()
    suits = sorted(c // 9 for c in chows)
    pair_suit = pair // 9
    if suits == [pair_suit] * 4 and sorted(c % 9 for c in chows) == [0, 0, 6, 6]:
        return (Fan.PURE_TERMINAL_CHOWS,)
    if pair_suit not in suits and len(set(chows)) == 4:
        return (Fan.THREE_SUITED_TERMINAL_CHOWS,)
    return ()


def _triplet_fans(triplets: tuple[TileId, ...], facts: HandFacts, counts: list[int]) -> None:
    """Dragon, wind and terminal pungs; a pung absorbed into a wind fan scores no Pung of
    Terminals or Honors (nor does a prevalent or seat wind pung)."""
    winds_absorbed = any(counts[fan] for fan in _WIND_SET_FANS)
    for tile in triplets:
        if tile >= FIRST_DRAGON:
            counts[Fan.DRAGON_PUNG] += 1
        elif tile >= FIRST_HONOR:
            special = tile in (facts.prevalent, facts.seat)
            if tile == facts.prevalent:
                counts[Fan.PREVALENT_WIND] += 1
            if tile == facts.seat:
                counts[Fan.SEAT_WIND] += 1
            if not (special or winds_absorbed):
                counts[Fan.PUNG_OF_TERMINALS_OR_HONORS] += 1
        elif tile % 9 in (0, 8):
            counts[Fan.PUNG_OF_TERMINALS_OR_HONORS] += 1


def _concealment_fans(
    sets: tuple[McrSet, ...], facts: HandFacts, options: McrOptions, counts: list[int]
) -> None:
    melded_kongs = concealed_kongs = concealed_pungs = 0
    for kind, _, concealed, declared in sets:
        if kind is MeldKind.KONG:
            if concealed:
                concealed_kongs += 1
            else:
                melded_kongs += 1
        elif kind is MeldKind.PUNG and concealed and not declared:
            concealed_pungs += 1
    _add(counts, kong_fans(melded_kongs, concealed_kongs, concealed_pungs, options))
    if facts.exposed_melds == 0:
        inherent = counts[Fan.FOUR_CONCEALED_PUNGS] and not options.fully_concealed_special
        if facts.self_drawn and not inherent:
            counts[Fan.FULLY_CONCEALED_HAND] += 1
        elif not facts.self_drawn:
            counts[Fan.CONCEALED_HAND] += 1
    elif facts.exposed_melds == 4 and not facts.self_drawn:
        counts[Fan.MELDED_HAND] += 1


def _group_trait(sets: tuple[McrSet, ...], pair: TileId) -> Fan | None:
    """Outside Hand, All Fives or All Even Pungs: a property every set and the pair share."""
    groups = [(s.kind is MeldKind.CHOW, s.tile) for s in sets] + [(False, pair)]
    if all(
        t >= FIRST_HONOR or (t % 9 in (0, 6) if chow else t % 9 in (0, 8)) for chow, t in groups
    ):
        return Fan.OUTSIDE_HAND
    if all(t < FIRST_HONOR and (t % 9 in (2, 3, 4) if chow else t % 9 == 4) for chow, t in groups):
        return Fan.ALL_FIVES
    if all(not chow and t < FIRST_HONOR and t % 9 % 2 == 1 for chow, t in groups):
        return Fan.ALL_EVEN_PUNGS
    return None


def _special_fans(
    reading: Reading, facts: HandFacts, options: McrOptions, counts: list[int]
) -> None:
    """Seven Pairs, Thirteen Orphans, Honors and Knitted Tiles, Nine Gates: the shape fan,
    the tile-content fans, and Fully Concealed Hand on a self-draw where the profile allows
    it for inherently concealed hands (P3)."""
    shape = reading.shape
    _add(counts, facts.content)
    if shape is McrShape.HONORS_AND_KNITTED:
        greater = sum(facts.all_counts[FIRST_HONOR:]) == 7
        counts[Fan.GREATER_HONORS_AND_KNITTED if greater else Fan.LESSER_HONORS_AND_KNITTED] += 1
        if sum(facts.all_counts[:FIRST_HONOR]) == 9:
            counts[Fan.KNITTED_STRAIGHT] += 1
    else:
        counts[_SHAPE_FANS[shape]] += 1
    if shape is McrShape.SEVEN_PAIRS:
        exception = options.seven_pairs_tile_hog_exceptions and (
            Fan.ALL_GREEN in facts.content or Fan.ALL_TERMINALS in facts.content
        )
        if not exception:
            counts[Fan.TILE_HOG] += facts.tile_hogs
    if shape is McrShape.NINE_GATES:
        _add(counts, _nine_gates_extras(facts.win % 9, options))
    if facts.self_drawn and options.fully_concealed_special:
        counts[Fan.FULLY_CONCEALED_HAND] += 1


def _nine_gates_extras(rank: int, options: McrOptions) -> tuple[Fan, ...]:
    """What the winning tile adds to Nine Gates (§11; P5: the terminal pung on 2/5/8)."""
    fans: list[Fan] = []
    if rank in (0, 8):
        fans += [Fan.PURE_STRAIGHT, Fan.TILE_HOG]
    if rank in (1, 2, 3, 5, 6, 7):
        fans.append(Fan.SHORT_STRAIGHT)
    if rank in (1, 4, 7):
        fans.append(Fan.TWO_CONCEALED_PUNGS)
        if options.nine_gates_terminal_pung:
            fans.append(Fan.PUNG_OF_TERMINALS_OR_HONORS)
    return tuple(fans)


def total(counts: list[int], options: McrOptions) -> int:
    return sum(options.points(Fan(i)) * n for i, n in enumerate(counts) if n)
