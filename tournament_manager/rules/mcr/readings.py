"""Every reading of an MCR hand (High-versus-Low: all are scored, the best is kept).

A reading names the shape and, for the set-based shapes, the held sets as sorted tuples
(the declared melds are the hand's, shared by every reading): a held pung completed by a
discarded winning tile counts as melded for the concealed-pung fans, unless the winning tile
can be read as part of a held chow.

Readings are built on every scored hand, so they stay plain tuples straight from the
per-group tables, and the special shapes are tested only when cheap count facts (no odd
count, 13 or 14 kinds, one suit) leave them possible.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import Enum
from typing import Final, NamedTuple

from tournament_manager.rules.decompose import (
    NO_PAIR,
    is_thirteen_terminals,
    tile_counts,
)
from tournament_manager.rules.hand import Hand, MeldKind, WinType
from tournament_manager.rules.mcr.groups import GroupEntry, group_entries, regular_splits
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


class Reading(NamedTuple):
    """One way to read the held tiles. `chows` (starts) and `pungs` are the held sets,
    sorted; the declared melds are the hand's (see `Declared`). `claimed`: the discarded
    winning tile completes the held pung of its kind, which then counts as melded."""

    shape: McrShape
    chows: tuple[TileId, ...] = ()
    pungs: tuple[TileId, ...] = ()
    pair: TileId = NO_PAIR
    knitted: tuple[TileId, ...] = ()
    claimed: bool = False


class Declared(NamedTuple):
    """The declared melds as scoring reads them: chow starts, pung and kong tiles (sorted),
    and the kongs by concealment."""

    chows: tuple[TileId, ...]
    pungs: tuple[TileId, ...]
    melded_kongs: int
    concealed_kongs: int


NO_MELDS: Final = Declared((), (), 0, 0)
_ORPHAN_KINDS: Final = 13
_HONORS_AND_KNITTED_KINDS: Final = 14
_MAX_FLUSH_KINDS: Final = 9
_KNITTED_KINDS: Final = 9  # a knitted straight alone holds nine kinds of suited tiles


def held_counts(hand: Hand) -> list[int]:
    counts = tile_counts(hand.concealed)
    counts[hand.winning_tile] += 1
    return counts


def declared(hand: Hand) -> Declared:
    """The hand's melds once per hand (every reading shares them)."""
    if not hand.melds:
        return NO_MELDS
    chows: list[TileId] = []
    pungs: list[TileId] = []
    melded_kongs = concealed_kongs = 0
    for meld in hand.melds:
        if meld.kind is MeldKind.CHOW:
            chows.append(min(meld.tiles))
            continue
        pungs.append(meld.tiles[0])
        if meld.kind is MeldKind.KONG:
            if meld.exposed:
                melded_kongs += 1
            else:
                concealed_kongs += 1
    return Declared(tuple(sorted(chows)), tuple(sorted(pungs)), melded_kongs, concealed_kongs)


def readings(
    hand: Hand, held: Sequence[int] | None = None, entries: Sequence[GroupEntry] | None = None
) -> list[Reading]:
    """Special shapes first, then the set-based readings in the splitter's order. `held`:
    the hand's `held_counts`, and `entries` their group entries, when the caller has them."""
    if held is None:
        held = held_counts(hand)
    if entries is None:
        entries = group_entries(bytes(held))
    melds = hand.melds
    win = hand.winning_tile
    discard = hand.win_type is WinType.DISCARD
    found = _special(held, win) if not melds else []
    regular = McrShape.REGULAR
    for chows, pungs, pair in regular_splits(entries):
        claimed = discard and win in pungs and not _in_chow(win, chows)
        found.append(Reading(regular, chows, pungs, pair, (), claimed))
    if len(melds) <= 1 and FIRST_HONOR - held[:FIRST_HONOR].count(0) >= _KNITTED_KINDS:
        found += knitted_readings(held, win, discard)
    return found


def _in_chow(tile: TileId, chows: tuple[TileId, ...]) -> bool:
    return any(start <= tile <= start + 2 for start in chows)


def _special(held: Sequence[int], win: TileId) -> list[Reading]:
    found: list[Reading] = []
    kinds = TILE_KINDS - held.count(0)
    if kinds <= _MAX_FLUSH_KINDS and not any(held[FIRST_HONOR:]):
        before_win = list(held)
        before_win[win] -= 1
        if nine_gates_suit(before_win) == win // 9:  # the winning tile must be of the suit
            found.append(Reading(McrShape.NINE_GATES))
    if 1 not in held and 3 not in held and _seven_pairs(bytes(held)):
        shifted = is_seven_shifted_pairs(held)
        found.append(Reading(McrShape.SEVEN_SHIFTED_PAIRS if shifted else McrShape.SEVEN_PAIRS))
    if kinds == _ORPHAN_KINDS and is_thirteen_terminals(held):
        found.append(Reading(McrShape.THIRTEEN_ORPHANS))
    if kinds == _HONORS_AND_KNITTED_KINDS:
        knitted = honors_and_knitted(held)
        if knitted is not None:
            found.append(Reading(McrShape.HONORS_AND_KNITTED, knitted=knitted))
    return found


def _seven_pairs(held: bytes) -> bool:
    """`decompose.is_seven_pairs` on count bytes, at C speed (an odd count leaves a 1)."""
    return sum(held) == 14 and 1 not in held.translate(_PARITY)


_PARITY: Final = bytes(count % 2 for count in range(256))


def knitted_readings(held: Sequence[int], win: TileId, discard: bool) -> list[Reading]:
    """The readings as a knitted straight with a set and a pair (`held`: the held tiles
    with the winning tile, by kind)."""
    found: list[Reading] = []
    for knitted in knitted_straights_in(held):
        rest = list(held)
        for tile in knitted:
            rest[tile] -= 1
        for chows, pungs, pair in regular_splits(group_entries(bytes(rest))):
            claimed = discard and win in pungs and not _in_chow(win, chows)
            found.append(
                Reading(McrShape.KNITTED_STRAIGHT, chows, pungs, pair, knitted, claimed)
            )
    return found
