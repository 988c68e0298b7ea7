"""The fans of one reading: hand facts computed once, then set fans per reading, then the
implication table.

A reading's fans are a plain list of `Fan` (a fan may repeat: Tile Hog, Dragon Pung...), not
a count per fan: a hand scores a handful of fans, so appending, filtering the implied ones
and summing their points stays proportional to what the hand has, not to the 82 fans.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Final, NamedTuple

from tournament_manager.rules.hand import Hand, MeldKind, WinFlag, WinType
from tournament_manager.rules.mcr.combos import chow_fans, pung_fans
from tournament_manager.rules.mcr.content import content_fans
from tournament_manager.rules.mcr.fans import Fan
from tournament_manager.rules.mcr.implications import apply_implications
from tournament_manager.rules.mcr.kongs import kong_fans
from tournament_manager.rules.mcr.options import McrOptions
from tournament_manager.rules.mcr.readings import McrSet, McrShape, Reading, held_counts
from tournament_manager.rules.mcr.tables import option_tables
from tournament_manager.rules.tiles import FIRST_DRAGON, FIRST_HONOR, TILE_KINDS, WINDS, TileId

_SHAPE_FANS: Final = {
    McrShape.SEVEN_PAIRS: Fan.SEVEN_PAIRS,
    McrShape.SEVEN_SHIFTED_PAIRS: Fan.SEVEN_SHIFTED_PAIRS,
    McrShape.THIRTEEN_ORPHANS: Fan.THIRTEEN_ORPHANS,
    McrShape.NINE_GATES: Fan.NINE_GATES,
}
_WINDS: Final = range(FIRST_HONOR, FIRST_DRAGON)
_WIND_SET_FANS: Final = (Fan.BIG_FOUR_WINDS, Fan.BIG_THREE_WINDS, Fan.LITTLE_FOUR_WINDS)
_PRESENT: Final = bytes([0] + [1] * 255)  # bytes.translate table: any count -> 1


class HandFacts(NamedTuple):
    """Everything about a hand that no arrangement changes."""

    win: TileId
    self_drawn: bool
    seat: TileId
    prevalent: TileId
    exposed_melds: int
    held: list[int]  # the held tiles by kind, winning tile included
    all_counts: list[int]  # every tile of the hand, kongs as four
    content: tuple[Fan, ...]
    tile_hogs: int  # kinds used four times without a kong
    situation: tuple[Fan, ...]  # from the circumstances of the win


def hand_facts(hand: Hand) -> HandFacts:
    held = held_counts(hand)
    counts = list(held)
    kongs = exposed = 0
    win = hand.winning_tile
    for meld in hand.melds:
        for tile in meld.tiles:
            counts[tile] += 1
        kongs += meld.kind is MeldKind.KONG
        exposed += meld.exposed
    self_drawn = hand.win_type is WinType.SELF_DRAW
    return HandFacts(  # positional: this runs for every hand
        win,
        self_drawn,
        FIRST_HONOR + WINDS.index(hand.seat_wind),
        FIRST_HONOR + WINDS.index(hand.prevalent_wind),
        exposed,
        held,
        counts,
        _content(bytes(counts).translate(_PRESENT)),
        counts.count(4) - kongs,
        _situation(hand, self_drawn, held[win], counts[win] - held[win]),
    )


@lru_cache(maxsize=8192)
def _content(kinds: bytes) -> tuple[Fan, ...]:
    """Content fans by the set of kinds present (one byte per kind, 0 or 1): hands share
    kind sets far more often than whole hands."""
    return content_fans(tile for tile in range(TILE_KINDS) if kinds[tile])


def _situation(
    hand: Hand, self_drawn: bool, held_copies: int, melded_copies: int
) -> tuple[Fan, ...]:
    """Flags become fans; Last Tile is also automatic when the other three copies of the
    winning tile lie in the winner's own melds, and impossible when he holds a copy."""
    flags = hand.flags
    fans: list[Fan] = []
    if (melded_copies == 3 or WinFlag.LAST_TILE in flags) and held_copies == 1:
        fans.append(Fan.LAST_TILE)
    if self_drawn:
        fans.append(Fan.SELF_DRAWN)
    if not flags:
        return tuple(fans)
    if self_drawn:
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
) -> list[Fan]:
    """The reading's fans after implication, flowers and Chicken Hand aside. `wait`: the
    wait fan the unique-wait rule grants this reading, if any."""
    if reading.shape is McrShape.REGULAR or reading.shape is McrShape.KNITTED_STRAIGHT:
        fans = _set_fans(reading, facts, options)
        fans += facts.content
        fans += [Fan.TILE_HOG] * facts.tile_hogs
        if wait is not None:
            fans.append(wait)
    else:
        fans = _special_fans(reading, facts, options)
    fans += facts.situation
    return apply_implications(fans, option_tables(options).implied)


def _set_fans(reading: Reading, facts: HandFacts, options: McrOptions) -> list[Fan]:
    sets, pair = reading.sets, reading.pair
    chow_list: list[TileId] = []
    triplet_list: list[TileId] = []
    for kind, tile, _, _ in sets:
        (chow_list if kind is MeldKind.CHOW else triplet_list).append(tile)
    chow_list.sort()
    triplet_list.sort()
    chows, triplets = tuple(chow_list), tuple(triplet_list)
    knitted = bool(reading.knitted)
    fans: list[Fan] = []
    if knitted:
        fans.append(Fan.KNITTED_STRAIGHT)
    else:
        fans += _terminal_chow_fan(chows, pair) or chow_fans(chows)
    if triplets:
        fans += _honor_set_fans(pung_fans(triplets), pair)
        _triplet_fans(triplets, facts, fans)
    if (len(chows) == 4 or (knitted and len(chows) == 1)) and pair < FIRST_HONOR:
        fans.append(Fan.ALL_CHOWS)
    _concealment_fans(sets, facts, options, fans)
    if len(triplets) == 4:
        fans.append(Fan.ALL_PUNGS)
    if not knitted:
        trait = _group_trait(chows, triplets, pair)
        if trait is not None:
            fans.append(trait)
    return fans


def _honor_set_fans(fans: tuple[Fan, ...], pair: TileId) -> tuple[Fan, ...]:
    """Two Dragon Pungs with a dragon pair is Little Three Dragons; Big Three Winds with a
    wind pair is Little Four Winds."""
    if pair >= FIRST_DRAGON and Fan.TWO_DRAGON_PUNGS in fans:
        return _replaced(fans, Fan.TWO_DRAGON_PUNGS, Fan.LITTLE_THREE_DRAGONS)
    if pair in _WINDS and Fan.BIG_THREE_WINDS in fans:
        return _replaced(fans, Fan.BIG_THREE_WINDS, Fan.LITTLE_FOUR_WINDS)
    return fans


def _replaced(fans: tuple[Fan, ...], old: Fan, new: Fan) -> tuple[Fan, ...]:
    """Every `old` dropped and one `new` added."""
    return (*(fan for fan in fans if fan is not old), new)


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


def _triplet_fans(triplets: tuple[TileId, ...], facts: HandFacts, fans: list[Fan]) -> None:
    """Dragon, wind and terminal pungs; a pung absorbed into a wind fan scores no Pung of
    Terminals or Honors (nor does a prevalent or seat wind pung)."""
    winds_absorbed = any(fan in fans for fan in _WIND_SET_FANS)
    for tile in triplets:
        if tile >= FIRST_DRAGON:
            fans.append(Fan.DRAGON_PUNG)
        elif tile >= FIRST_HONOR:
            special = tile in (facts.prevalent, facts.seat)
            if tile == facts.prevalent:
                fans.append(Fan.PREVALENT_WIND)
            if tile == facts.seat:
                fans.append(Fan.SEAT_WIND)
            if not (special or winds_absorbed):
                fans.append(Fan.PUNG_OF_TERMINALS_OR_HONORS)
        elif tile % 9 in (0, 8):
            fans.append(Fan.PUNG_OF_TERMINALS_OR_HONORS)


def _concealment_fans(
    sets: tuple[McrSet, ...], facts: HandFacts, options: McrOptions, fans: list[Fan]
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
    if melded_kongs or concealed_kongs or concealed_pungs > 1:
        fans += kong_fans(melded_kongs, concealed_kongs, concealed_pungs, options)
    if facts.exposed_melds == 0:
        inherent = Fan.FOUR_CONCEALED_PUNGS in fans and not options.fully_concealed_special
        if facts.self_drawn and not inherent:
            fans.append(Fan.FULLY_CONCEALED_HAND)
        elif not facts.self_drawn:
            fans.append(Fan.CONCEALED_HAND)
    elif facts.exposed_melds == 4 and not facts.self_drawn:
        fans.append(Fan.MELDED_HAND)


# Each set's share of the whole-hand traits, as bits: every set and the pair must share a
# trait for the hand to score it (a chow is never an even pung).
_OUTSIDE: Final = 1
_FIVES: Final = 2
_EVEN: Final = 4


def _chow_traits(start: TileId) -> int:
    rank = start % 9
    return (_OUTSIDE if rank in (0, 6) else 0) | (_FIVES if rank in (2, 3, 4) else 0)


def _pung_traits(tile: TileId) -> int:
    if tile >= FIRST_HONOR:
        return _OUTSIDE
    rank = tile % 9
    return (
        (_OUTSIDE if rank in (0, 8) else 0)
        | (_FIVES if rank == 4 else 0)
        | (_EVEN if rank % 2 == 1 else 0)
    )


_CHOW_TRAITS: Final = tuple(_chow_traits(tile) for tile in range(FIRST_HONOR))
_PUNG_TRAITS: Final = tuple(_pung_traits(tile) for tile in range(TILE_KINDS))


def _group_trait(
    chows: tuple[TileId, ...], triplets: tuple[TileId, ...], pair: TileId
) -> Fan | None:
    """Outside Hand, All Fives or All Even Pungs: a property every set and the pair share."""
    traits = _PUNG_TRAITS[pair]
    for start in chows:
        traits &= _CHOW_TRAITS[start]
    for tile in triplets:
        traits &= _PUNG_TRAITS[tile]
    if traits & _OUTSIDE:
        return Fan.OUTSIDE_HAND
    if traits & _FIVES:
        return Fan.ALL_FIVES
    if traits & _EVEN:
        return Fan.ALL_EVEN_PUNGS
    return None


def _special_fans(reading: Reading, facts: HandFacts, options: McrOptions) -> list[Fan]:
    """Seven Pairs, Thirteen Orphans, Honors and Knitted Tiles, Nine Gates: the shape fan,
    the tile-content fans, and Fully Concealed Hand on a self-draw where the profile allows
    it for inherently concealed hands (P3)."""
    shape = reading.shape
    fans = list(facts.content)
    if shape is McrShape.HONORS_AND_KNITTED:
        greater = sum(facts.all_counts[FIRST_HONOR:]) == 7
        fans.append(Fan.GREATER_HONORS_AND_KNITTED if greater else Fan.LESSER_HONORS_AND_KNITTED)
        if sum(facts.all_counts[:FIRST_HONOR]) == 9:
            fans.append(Fan.KNITTED_STRAIGHT)
    else:
        fans.append(_SHAPE_FANS[shape])
    if shape is McrShape.SEVEN_PAIRS:
        exception = options.seven_pairs_tile_hog_exceptions and (
            Fan.ALL_GREEN in facts.content or Fan.ALL_TERMINALS in facts.content
        )
        if not exception:
            fans += [Fan.TILE_HOG] * facts.tile_hogs
    if shape is McrShape.NINE_GATES:
        fans += _nine_gates_extras(facts.win % 9, options)
    if facts.self_drawn and options.fully_concealed_special:
        fans.append(Fan.FULLY_CONCEALED_HAND)
    return fans


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


def total(fans: list[Fan], options: McrOptions) -> int:
    return sum(map(option_tables(options).points.__getitem__, fans))
