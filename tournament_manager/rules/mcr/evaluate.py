"""The fans of one reading: hand facts computed once, then set fans per reading, then the
implication table.

A reading's fans are a plain list of `Fan` (a fan may repeat: Tile Hog, Dragon Pung...), not
a count per fan: a hand scores a handful of fans, so appending, filtering the implied ones
and summing their points stays proportional to what the hand has, not to the 82 fans.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Sequence
from collections.abc import Set as AbstractSet
from typing import Final, NamedTuple, TypeVar

from tournament_manager.rules.hand import Hand, MeldKind, WinFlag, WinType
from tournament_manager.rules.mcr.combos import chow_fans, pung_fans
from tournament_manager.rules.mcr.content import (
    CONTENT_BY_FEATURES,
    KIND_FEATURES,
    features_fans,
)
from tournament_manager.rules.mcr.fans import Fan
from tournament_manager.rules.mcr.implications import apply_implications
from tournament_manager.rules.mcr.kongs import kong_fans
from tournament_manager.rules.mcr.options import McrOptions
from tournament_manager.rules.mcr.readings import Declared, McrShape, Reading
from tournament_manager.rules.mcr.tables import Finished, OptionTables, book_order
from tournament_manager.rules.tiles import FIRST_DRAGON, FIRST_HONOR, TILE_KINDS, WINDS, TileId

_SHAPE_FANS: Final = {
    McrShape.SEVEN_PAIRS: Fan.SEVEN_PAIRS,
    McrShape.SEVEN_SHIFTED_PAIRS: Fan.SEVEN_SHIFTED_PAIRS,
    McrShape.THIRTEEN_ORPHANS: Fan.THIRTEEN_ORPHANS,
    McrShape.NINE_GATES: Fan.NINE_GATES,
}
_WINDS: Final = range(FIRST_HONOR, FIRST_DRAGON)
_WIND_SET_FANS: Final = (Fan.BIG_FOUR_WINDS, Fan.BIG_THREE_WINDS, Fan.LITTLE_FOUR_WINDS)


class HandFacts(NamedTuple):
    """Everything about a hand that no arrangement changes."""

    win: TileId
    self_drawn: bool
    seat: TileId
    prevalent: TileId
    exposed_melds: int
    held: bytes  # the held tiles by kind, winning tile included
    all_counts: list[int]  # every tile of the hand, kongs as four
    content: tuple[Fan, ...]
    tile_hogs: int  # kinds used four times without a kong
    situation: tuple[Fan, ...]  # from the circumstances of the win


_SELF_DRAW: Final = WinType.SELF_DRAW
_KONG: Final = MeldKind.KONG


def hand_facts(hand: Hand) -> HandFacts:
    """Runs for every hand, before validation: it reads no meld's structure."""
    counts = [0] * TILE_KINDS
    features = 0
    for tile in hand.concealed:
        counts[tile] += 1
        features |= KIND_FEATURES[tile]
    win = hand.winning_tile
    counts[win] += 1
    features |= KIND_FEATURES[win]
    held = bytes(counts)
    held_copies = counts[win]
    kongs = exposed = 0
    for meld in hand.melds:
        for tile in meld.tiles:
            counts[tile] += 1
            features |= KIND_FEATURES[tile]
        kongs += meld.kind is _KONG
        exposed += meld.exposed
    self_drawn = hand.win_type is _SELF_DRAW
    return HandFacts(  # positional: this runs for every hand
        win,
        self_drawn,
        FIRST_HONOR + WINDS.index(hand.seat_wind),
        FIRST_HONOR + WINDS.index(hand.prevalent_wind),
        exposed,
        held,
        counts,
        CONTENT_BY_FEATURES.get(features) or features_fans(features),
        counts.count(4) - kongs,
        situation_fans(hand, self_drawn, held_copies, counts[win] - held_copies)
        if hand.flags or self_drawn or counts[win] - held_copies == 3
        else (),
    )


_LAST_TILE: Final = (Fan.LAST_TILE,)
_SELF_DRAWN: Final = (Fan.SELF_DRAWN,)
_LAST_TILE_SELF_DRAWN: Final = (Fan.LAST_TILE, Fan.SELF_DRAWN)


def situation_fans(
    hand: Hand, self_drawn: bool, held_copies: int, melded_copies: int
) -> tuple[Fan, ...]:
    """Flags become fans; Last Tile is also automatic when the other three copies of the
    winning tile lie in the winner's own melds, and impossible when he holds a copy."""
    flags = hand.flags
    if not flags:  # the common case, without building a list
        if melded_copies == 3 and held_copies == 1:
            return _LAST_TILE_SELF_DRAWN if self_drawn else _LAST_TILE
        return _SELF_DRAWN if self_drawn else ()
    if type(flags) is not frozenset:  # (unhashable: no memo)
        return _flag_situation(flags, self_drawn, held_copies, melded_copies)
    key = (flags, self_drawn, held_copies == 1, melded_copies == 3)
    found = _situations.get(key)
    if found is None:
        found = _situations[key] = _flag_situation(flags, self_drawn, held_copies, melded_copies)
    return found


_situations: dict[tuple[frozenset[WinFlag], bool, bool, bool], tuple[Fan, ...]] = {}
"""The memo of `_flag_situation` by the flags (a frozenset keeps its hash, so the key is
cheap where each flag looked up in the set would cost a Python-level enum hash); bounded
by the subsets of the seven flags."""


def _flag_situation(
    flags: AbstractSet[WinFlag], self_drawn: bool, held_copies: int, melded_copies: int
) -> tuple[Fan, ...]:
    fans: list[Fan] = []
    if (melded_copies == 3 or WinFlag.LAST_TILE in flags) and held_copies == 1:
        fans.append(Fan.LAST_TILE)
    if self_drawn:
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
    for start in reading.chows:
        if not start <= win <= start + 2:
            continue
        if win != start + 1:
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
    reading: Reading,
    facts: HandFacts,
    melds: Declared,
    wait: Fan | None,
    options: McrOptions,
    tables: OptionTables,
) -> Finished:
    """The reading's fans after implication, flowers and Chicken Hand aside, with their
    total and shown patterns. `wait`: the wait fan the unique-wait rule grants this
    reading, if any."""
    shape = reading.shape
    if shape is _REGULAR or shape is _KNITTED:
        fans = set_fans(
            reading.chows, reading.pungs, reading.pair, bool(reading.knitted),
            len(reading.pungs) - reading.claimed, melds, facts.seat, facts.prevalent,
            facts.exposed_melds, facts.self_drawn, options, tables,
        )
        return finished_set_fans(
            fans, facts.content, facts.tile_hogs, wait, facts.situation, tables
        )
    fans = _special_fans(reading, facts, options)
    fans += facts.situation
    key = tuple(fans)
    return tables.finished.get(key) or finish(key, tables)


def finished_set_fans(
    fans: list[Fan],
    content: tuple[Fan, ...],
    tile_hogs: int,
    wait: Fan | None,
    situation: tuple[Fan, ...],
    tables: OptionTables,
) -> Finished:
    """A set-based reading's `set_fans` with the hand's content, Tile Hog, wait and
    situation fans, finished (`finish`, memoised). Shared by the general and fused paths."""
    fans += content
    if tile_hogs:
        fans += [_TILE_HOG] * tile_hogs
    if wait is not None:
        fans.append(wait)
    fans += situation
    key = tuple(fans)
    return tables.finished.get(key) or finish(key, tables)


_REGULAR: Final = McrShape.REGULAR
_KNITTED: Final = McrShape.KNITTED_STRAIGHT
_TILE_HOG: Final = Fan.TILE_HOG
_PREVALENT_WIND: Final = Fan.PREVALENT_WIND
_SEAT_WIND: Final = Fan.SEAT_WIND
_PUNG_OF_TERMINALS_OR_HONORS: Final = Fan.PUNG_OF_TERMINALS_OR_HONORS
_FOUR_CONCEALED_PUNGS: Final = Fan.FOUR_CONCEALED_PUNGS
_FULLY_CONCEALED_HAND: Final = Fan.FULLY_CONCEALED_HAND
_CONCEALED_HAND: Final = Fan.CONCEALED_HAND
_MELDED_HAND: Final = Fan.MELDED_HAND


class ChowPart(NamedTuple):
    """What a reading's chows make on their own: their combination fans and the traits
    (bits below) they all share."""

    fans: tuple[Fan, ...]
    traits: int


class PungPart(NamedTuple):
    """What a reading's pungs and kongs make whatever the pair, seat and prevalent wind:
    combination fans, dragon and terminal pungs, shared traits; the wind pungs wait for the
    winds. `absorbed`: a wind-set fan already counts the wind pungs, so none scores Pung of
    Terminals or Honors. `honor_sets`: a fan a pair could turn into a Little one."""

    fans: tuple[Fan, ...]
    wind_pungs: tuple[TileId, ...]
    absorbed: bool
    traits: int
    honor_sets: bool


# Memoised by the sorted chow starts and the sorted pung tiles: far fewer patterns than
# whole readings, so the memos keep hitting on hands never seen before.
_MAX_PARTS: Final = 1 << 15
_chow_parts: dict[tuple[TileId, ...], ChowPart] = {}
_pung_parts: dict[tuple[TileId, ...], PungPart] = {}
_Part = TypeVar("_Part", ChowPart, PungPart)


def set_fans(
    chows: tuple[TileId, ...],
    pungs: tuple[TileId, ...],
    pair: TileId,
    knitted: bool,
    concealed_pungs: int,
    melds: Declared,
    seat: TileId,
    prevalent: TileId,
    exposed: int,
    self_drawn: bool,
    options: McrOptions,
    tables: OptionTables,
) -> list[Fan]:
    """One pass over a set-based reading: the memoised parts of its chows and pungs, then
    what the pair, winds, kongs and concealment add. `chows` and `pungs`: the held sets,
    sorted; `concealed_pungs`: the held pungs not completed by a discard. Plain arguments,
    not a `Reading` and `HandFacts`: the fused path has them loose and calls this per hand."""
    if melds.chows:
        chows = tuple(sorted(chows + melds.chows))
    if melds.pungs:
        pungs = tuple(sorted(pungs + melds.pungs))
    chow_part = _chow_parts.get(chows) or _chow_part(chows)
    pung_part = _pung_parts.get(pungs) or _pung_part(pungs)
    if knitted:
        fans = [_KNITTED_STRAIGHT]
        if len(chows) == 1 and pair < FIRST_HONOR:
            fans.append(_ALL_CHOWS)
    else:
        fans = list(chow_part.fans)
        if len(chows) == 4 and pair < FIRST_HONOR:
            if pair % 9 == 4:
                fans = list(_terminal_chow_fan(chows, pair) or fans)
            fans.append(_ALL_CHOWS)
        trait = _TRAIT_FANS[chow_part.traits & pung_part.traits & _PUNG_TRAITS[pair]]
        if trait is not None:
            fans.append(trait)
    if pungs:
        if pung_part.honor_sets and pair >= FIRST_HONOR:
            fans += _honor_set_fans(pung_part.fans, pair)
        else:
            fans += pung_part.fans
        for tile in pung_part.wind_pungs:
            special = False
            if tile == prevalent:
                fans.append(_PREVALENT_WIND)
                special = True
            if tile == seat:
                fans.append(_SEAT_WIND)
                special = True
            if not (special or pung_part.absorbed):
                fans.append(_PUNG_OF_TERMINALS_OR_HONORS)
        if len(pungs) == 4:
            fans.append(_ALL_PUNGS)
    melded_kongs, concealed_kongs = melds.melded_kongs, melds.concealed_kongs
    if melded_kongs or concealed_kongs or concealed_pungs > 1:
        key = (melded_kongs, concealed_kongs, concealed_pungs)
        kongs = tables.kongs.get(key)
        if kongs is None:
            kongs = tables.kongs[key] = kong_fans(*key, options)
        fans += kongs
    if exposed == 0:
        if not self_drawn:
            fans.append(_CONCEALED_HAND)
        elif options.fully_concealed_special or _FOUR_CONCEALED_PUNGS not in fans:
            fans.append(_FULLY_CONCEALED_HAND)
    elif exposed == 4 and not self_drawn:
        fans.append(_MELDED_HAND)
    return fans


_KNITTED_STRAIGHT: Final = Fan.KNITTED_STRAIGHT
_ALL_CHOWS: Final = Fan.ALL_CHOWS
_ALL_PUNGS: Final = Fan.ALL_PUNGS


def _chow_part(chows: tuple[TileId, ...]) -> ChowPart:
    """A miss of `_chow_parts`: the part of the same chows with the suits renamed
    (`suits_renamed`: the chow fans and traits never depend on which suit is which, and
    a renamed pattern repeats across hands several times as often)."""
    canonical = suits_renamed(chows)
    part = _chow_parts.get(canonical)
    if part is None:
        traits = _ALL_TRAITS
        for start in canonical:
            traits &= _CHOW_TRAITS[start]
        part = ChowPart(chow_fans(canonical), traits)
        _remember(_chow_parts, canonical, part)
    _remember(_chow_parts, chows, part)
    return part


def _remember(memo: dict[tuple[TileId, ...], _Part], key: tuple[TileId, ...], part: _Part) -> None:
    if len(memo) >= _MAX_PARTS:
        memo.clear()
    memo[key] = part


def suits_renamed(tiles: tuple[TileId, ...]) -> tuple[TileId, ...]:
    """Sorted `tiles` with the suits renamed by what each holds: the suit with the lowest
    sorted ranks becomes characters, the next dots, the last bamboo (honors unchanged), so
    that every renaming of one pattern gives the same tuple."""
    by_suit: tuple[list[int], list[int], list[int]] = ([], [], [])
    honors: list[TileId] = []
    for tile in tiles:
        if tile < FIRST_HONOR:
            by_suit[tile // 9].append(tile % 9)
        else:
            honors.append(tile)
    renamed = [
        9 * suit + rank for suit, ranks in enumerate(sorted(by_suit)) for rank in ranks
    ]
    return (*renamed, *honors)


def _pung_part(pungs: tuple[TileId, ...]) -> PungPart:
    """A miss of `_pung_parts`: the parts of the suited pungs (by the suits renamed, as in
    `_chow_part`) and of the honor pungs, joined. No pung fan mixes suited and honor pungs
    (tests/rules/mcr/test_mcr_memo_keys.py), and the two halves repeat far more often
    than their combinations."""
    first_honor = bisect_left(pungs, FIRST_HONOR)
    suited = suits_renamed(pungs[:first_honor])
    honors = pungs[first_honor:]
    if not honors:
        part = _pung_parts.get(suited)
        if part is None:
            part = _new_pung_part(suited)
            _remember(_pung_parts, suited, part)
    elif not suited:
        part = _new_pung_part(honors)
    else:
        suited_part = _pung_parts.get(suited) or _pung_part(suited)
        honor_part = _pung_parts.get(honors) or _pung_part(honors)
        part = PungPart(
            suited_part.fans + honor_part.fans,
            honor_part.wind_pungs,
            honor_part.absorbed,
            suited_part.traits & honor_part.traits,
            honor_part.honor_sets,
        )
    _remember(_pung_parts, pungs, part)
    return part


def _new_pung_part(pungs: tuple[TileId, ...]) -> PungPart:
    fans = list(pung_fans(pungs)) if pungs else []
    honor_sets = Fan.TWO_DRAGON_PUNGS in fans or Fan.BIG_THREE_WINDS in fans
    wind_pungs: list[TileId] = []
    traits = _ALL_TRAITS
    for tile in pungs:
        traits &= _PUNG_TRAITS[tile]
        if tile >= FIRST_DRAGON:
            fans.append(Fan.DRAGON_PUNG)
        elif tile >= FIRST_HONOR:
            wind_pungs.append(tile)
        elif tile % 9 in (0, 8):
            fans.append(Fan.PUNG_OF_TERMINALS_OR_HONORS)
    absorbed = any(fan in fans for fan in _WIND_SET_FANS)
    return PungPart(tuple(fans), tuple(wind_pungs), absorbed, traits, honor_sets)


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


_ALL_TRAITS: Final = _OUTSIDE | _FIVES | _EVEN
_TRAIT_FANS: Final = tuple(
    Fan.OUTSIDE_HAND if bits & _OUTSIDE else Fan.ALL_FIVES if bits & _FIVES
    else Fan.ALL_EVEN_PUNGS if bits & _EVEN else None
    for bits in range(_ALL_TRAITS + 1)
)
"""Outside Hand, All Fives or All Even Pungs by the traits every set and the pair share."""


def _special_fans(reading: Reading, facts: HandFacts, options: McrOptions) -> list[Fan]:
    return special_fans(
        reading.shape, facts.content, facts.all_counts, facts.tile_hogs, facts.win,
        facts.self_drawn, options,
    )


def special_fans(
    shape: McrShape,
    content: tuple[Fan, ...],
    counts: Sequence[int],
    tile_hogs: int,
    win: TileId,
    self_drawn: bool,
    options: McrOptions,
) -> list[Fan]:
    """Seven Pairs, Thirteen Orphans, Honors and Knitted Tiles, Nine Gates: the shape fan,
    the tile-content fans, and Fully Concealed Hand on a self-draw where the profile allows
    it for inherently concealed hands (P3). `counts`: every tile by kind (these shapes
    have no melds); plain arguments, as the fast path has them loose."""
    fans = list(content)
    if shape is McrShape.HONORS_AND_KNITTED:
        greater = sum(counts[FIRST_HONOR:]) == 7
        fans.append(Fan.GREATER_HONORS_AND_KNITTED if greater else Fan.LESSER_HONORS_AND_KNITTED)
        if sum(counts[:FIRST_HONOR]) == 9:
            fans.append(Fan.KNITTED_STRAIGHT)
    else:
        fans.append(_SHAPE_FANS[shape])
    if shape is McrShape.SEVEN_PAIRS:
        exception = options.seven_pairs_tile_hog_exceptions and (
            Fan.ALL_GREEN in content or Fan.ALL_TERMINALS in content
        )
        if not exception:
            fans += [Fan.TILE_HOG] * tile_hogs
    if shape is McrShape.NINE_GATES:
        fans += _nine_gates_extras(win % 9, options)
    if self_drawn and options.fully_concealed_special:
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


def finish(fans: tuple[Fan, ...], tables: OptionTables) -> Finished:
    """A reading's fans after implication, their total, and the patterns shown for them
    (Chicken Hand when none), memoised per options: hands share fan lists far more often
    than readings."""
    kept = tuple(apply_implications(list(fans), tables.implied))
    points = tables.points
    shown = sorted(kept, key=book_order) if kept else [Fan.CHICKEN_HAND]
    found = Finished(
        kept,
        sum(map(points.__getitem__, kept)),
        tuple(map(tables.patterns.__getitem__, shown)),
    )
    memo = tables.finished
    if len(memo) >= _MAX_FINISHED:
        memo.clear()
    memo[fans] = found
    return found


_MAX_FINISHED: Final = 1 << 16
