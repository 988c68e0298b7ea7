"""Which Zung Jung patterns a reading of the tiles earns, as pattern ids.

Patterns that depend only on the tiles or on the circumstances (one suit, terminals, kongs,
category 9) are found once per hand in `HandTraits`; only the set-dependent patterns are
evaluated per arrangement. Every series is decided by naming its highest satisfied member.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import pairwise
from typing import Final

from tournament_manager.rules.hand import Hand, MeldKind, WinFlag
from tournament_manager.rules.tiles import FIRST_DRAGON, FIRST_HONOR, TILE_KINDS, TileId

_FLAG_PATTERNS: Final = (
    (WinFlag.SEABED, "9.1.1"),
    (WinFlag.RIVERBED, "9.1.2"),
    (WinFlag.KONG_REPLACEMENT, "9.2"),
    (WinFlag.ROBBING_KONG, "9.3"),
    (WinFlag.HEAVEN, "9.4.1"),
    (WinFlag.EARTH, "9.4.2"),
)
_KONG_PATTERNS: Final = ("", "4.3.1", "4.3.2", "4.3.3", "4.3.4")
_CONCEALED_TRIPLET_PATTERNS: Final = ("", "", "4.2.1", "4.2.2", "4.2.3")
_IDENTICAL_SEQUENCE_PATTERNS: Final = ("", "", "5.1.1", "5.1.3", "5.1.4")
_NINE_GATES_COUNTS: Final = (3, 1, 1, 1, 1, 1, 1, 1, 3)

# Per-tile trait bits, so a hand's tile-only patterns come from one pass of AND/OR.
_MIDDLE: Final = 1  # 2..8 of a suit
_EDGE: Final = 2  # terminal or honor
_HONOR: Final = 4
_SUIT_BITS: Final = 8 | 16 | 32
_ALL_BITS: Final = _MIDDLE | _EDGE | _HONOR | _SUIT_BITS
_TILE_BITS: Final = tuple(
    (_HONOR | _EDGE)
    if tile >= FIRST_HONOR
    else (8 << tile // 9) | (_MIDDLE if 0 < tile % 9 < 8 else _EDGE)
    for tile in range(TILE_KINDS)
)


@dataclass(frozen=True, slots=True)
class HandTraits:
    """What a hand earns whatever its arrangement, plus its melds in the search's form.

    `tile_patterns` (1.3, 2.1.x, 3.4, 8.1.3, 8.1.4) are exactly those Seven Pairs may combine
    with; `regular_patterns` (1.2, 2.2, 4.3.x) need a regular hand; `situation_patterns` are
    category 9, which combines with every shape.
    """

    tile_patterns: tuple[str, ...]
    greater_terminals: bool
    regular_patterns: tuple[str, ...]
    situation_patterns: tuple[str, ...]
    meld_sequences: tuple[TileId, ...]
    meld_triplets: tuple[TileId, ...]
    concealed_kongs: int
    seat_tile: TileId


def hand_traits(hand: Hand) -> HandTraits:
    melds = hand.melds
    common, seen = _tile_bits(hand.concealed, _ALL_BITS, 0)
    common, seen = _tile_bits((hand.winning_tile,), common, seen)
    regular: list[str] = []
    meld_sequences: list[TileId] = []
    meld_triplets: list[TileId] = []
    kongs = concealed_kongs = 0
    for meld in melds:
        common, seen = _tile_bits(meld.tiles, common, seen)
        if meld.kind is MeldKind.CHOW:
            meld_sequences.append(min(meld.tiles))
        else:
            meld_triplets.append(meld.tiles[0])
        if meld.kind is MeldKind.KONG:
            kongs += 1
            concealed_kongs += not meld.exposed
    tile_patterns = _tile_patterns(common, seen)
    if not any(meld.exposed for meld in melds):
        regular.append("1.2")
    if not melds and _is_nine_gates(hand):
        regular.append("2.2")
    if kongs:
        regular.append(_KONG_PATTERNS[kongs])
    return HandTraits(
        tile_patterns=tile_patterns,
        greater_terminals=bool(common & _EDGE),
        regular_patterns=tuple(regular),
        situation_patterns=tuple(pid for flag, pid in _FLAG_PATTERNS if flag in hand.flags)
        if hand.flags
        else (),
        meld_sequences=tuple(meld_sequences),
        meld_triplets=tuple(meld_triplets),
        concealed_kongs=concealed_kongs,
        seat_tile=hand.seat_wind.tile,
    )


def regular_ids(
    traits: HandTraits, sequences: Sequence[TileId], triplets: Sequence[TileId], pair: TileId
) -> tuple[str, ...]:
    """A regular reading's patterns, except 4.2.x (see `with_concealed_triplets`).
    `sequences` and `triplets` include the melds."""
    return (
        *traits.tile_patterns,
        *traits.regular_patterns,
        *traits.situation_patterns,
        *set_patterns(sequences, triplets, pair, traits),
    )


def with_concealed_triplets(ids: tuple[str, ...], count: int) -> tuple[str, ...]:
    """`ids` plus 4.2.x for `count` concealed triplets (concealed kongs included). Kept apart
    because which group the winning tile completed changes only this count."""
    pattern = _CONCEALED_TRIPLET_PATTERNS[count]
    return (*ids, pattern) if pattern else ids


def seven_pairs_ids(traits: HandTraits) -> tuple[str, ...]:
    return ("10.2", *traits.tile_patterns, *traits.situation_patterns)


def thirteen_terminals_ids(traits: HandTraits) -> tuple[str, ...]:
    return ("10.1", *traits.situation_patterns)


def set_patterns(
    sequences: Sequence[TileId], triplets: Sequence[TileId], pair: TileId, traits: HandTraits
) -> list[str]:
    """Patterns of a regular reading that depend on its sets and pair, except 4.2.x (which
    depends on the winning-tile choice as well). Sets include the melds."""
    ids: list[str] = []
    if len(sequences) == 4:
        ids.append("1.1")
    elif not sequences:
        ids.append("4.1")
    ids.extend(_honor_patterns(triplets, pair, traits.seat_tile))
    if len(sequences) >= 2:
        ids.extend(_sequence_patterns(sequences))
    if len(triplets) >= 2:
        ids.extend(_triplet_patterns(triplets, pair))
    if not traits.greater_terminals:
        ids.extend(_lesser_terminals(sequences, triplets, pair))
    return ids


def _tile_bits(tiles: Sequence[TileId], common: int, seen: int) -> tuple[int, int]:
    """Fold tiles' trait bits: `common` keeps what every tile has, `seen` what any tile has."""
    for tile in tiles:
        bits = _TILE_BITS[tile]
        common &= bits
        seen |= bits
    return common, seen


def _tile_patterns(common: int, seen: int) -> tuple[str, ...]:
    """Patterns fixed by which tiles the hand holds, whatever their arrangement."""
    ids: list[str] = []
    if common & _MIDDLE:
        ids.append("1.3")
    suits = (seen & _SUIT_BITS).bit_count()
    if suits == 1:
        ids.append("2.1.1" if seen & _HONOR else "2.1.2")
    elif not suits:
        ids.append("3.4")
    if common & _EDGE:
        ids.append("8.1.3" if seen & _HONOR else "8.1.4")
    return tuple(ids)


def _is_nine_gates(hand: Hand) -> bool:
    """The 13 tiles held before a non-Heaven win (no melds) are 1112345678999 of the winning
    tile's suit."""
    if WinFlag.HEAVEN in hand.flags or hand.winning_tile >= FIRST_HONOR:
        return False
    base = hand.winning_tile - hand.winning_tile % 9
    counts = [0] * 9
    for tile in hand.concealed:
        if not base <= tile < base + 9:
            return False
        counts[tile - base] += 1
    return tuple(counts) == _NINE_GATES_COUNTS


def _honor_patterns(triplets: Sequence[TileId], pair: TileId, seat_tile: TileId) -> list[str]:
    ids: list[str] = []
    dragons = winds = 0
    for tile in triplets:
        if tile >= FIRST_DRAGON:
            dragons += 1
            ids.append("3.1")
        elif tile >= FIRST_HONOR:
            winds += 1
            if tile == seat_tile:
                ids.append("3.1")
    if dragons == 3:
        ids.append("3.2.2")
    elif dragons == 2 and pair >= FIRST_DRAGON:
        ids.append("3.2.1")
    wind_pair = FIRST_HONOR <= pair < FIRST_DRAGON
    if winds == 4:
        ids.append("3.3.4")
    elif winds == 3:
        ids.append("3.3.3" if wind_pair else "3.3.2")
    elif winds == 2 and wind_pair:
        ids.append("3.3.1")
    return ids


def _sequence_patterns(sequences: Sequence[TileId]) -> list[str]:
    ids: list[str] = []
    multiplicity: dict[TileId, int] = {}
    for start in sequences:
        multiplicity[start] = multiplicity.get(start, 0) + 1
    highest = max(multiplicity.values())
    repeated = sum(1 for count in multiplicity.values() if count >= 2)
    if highest == 2 and repeated == 2:
        ids.append("5.1.2")
    elif highest >= 2:
        ids.append(_IDENTICAL_SEQUENCE_PATTERNS[highest])
    if len(multiplicity) >= 3:
        starts = multiplicity.keys()
        if any(s < 9 and s + 9 in starts and s + 18 in starts for s in starts):
            ids.append("6.1")
        if any(s % 9 == 0 and s + 3 in starts and s + 6 in starts for s in starts):
            ids.append("7.1")
    return ids


def _triplet_patterns(triplets: Sequence[TileId], pair: TileId) -> list[str]:
    ids: list[str] = []
    numbered = sorted(tile for tile in triplets if tile < FIRST_HONOR)
    if len(numbered) < 2:
        return ids
    by_number: dict[int, int] = {}
    for tile in numbered:
        by_number[tile % 9] = by_number.get(tile % 9, 0) + 1
    for number, suits in by_number.items():
        if suits == 3:
            ids.append("6.2.2")
        elif suits == 2 and pair < FIRST_HONOR and pair % 9 == number:
            ids.append("6.2.1")
    run = longest = 1
    for previous, tile in pairwise(numbered):
        run = run + 1 if tile == previous + 1 and tile // 9 == previous // 9 else 1
        longest = max(longest, run)
    if longest >= 4:
        ids.append("7.2.2")
    elif longest == 3:
        ids.append("7.2.1")
    return ids


def _lesser_terminals(
    sequences: Sequence[TileId], triplets: Sequence[TileId], pair: TileId
) -> list[str]:
    """8.1.1 / 8.1.2 per set; 8.1.3 and 8.1.4 come from the tiles alone (see HandTraits)."""
    if any(0 < start % 9 < 6 for start in sequences):
        return []
    groups = [*triplets, pair]
    if any(tile < FIRST_HONOR and 0 < tile % 9 < 8 for tile in groups):
        return []
    if any(tile >= FIRST_HONOR for tile in groups):
        return ["8.1.1"]
    return ["8.1.2"]
