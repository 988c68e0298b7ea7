"""The MCR winning shapes beyond four sets and a pair: knitted straights, Honors and
Knitted Tiles, Thirteen Orphans, Nine Gates and Seven Shifted Pairs, as count checks."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import permutations
from typing import Final

from tournament_manager.rules.tiles import FIRST_HONOR, TILE_KINDS, TileId

#: The six knitted straights: 147, 258, 369 each in a different suit.
KNITTED_STRAIGHTS: Final[tuple[tuple[TileId, ...], ...]] = tuple(
    tuple(
        sorted(suit * 9 + offset + step for offset, suit in enumerate(order) for step in (0, 3, 6))
    )
    for order in permutations(range(3))
)
_NINE_GATES: Final = (3, 1, 1, 1, 1, 1, 1, 1, 3)


_PRESENT: Final = bytes([0] + [1] * 255)  # bytes.translate table: any count -> 1
KNITTED_MASKS: Final = tuple(
    (straight, sum(1 << (8 * tile) for tile in straight)) for straight in KNITTED_STRAIGHTS
)
"""Each knitted straight with its tiles as bits 8 * tile, as `suited_present` gives them."""


def suited_present(counts: Sequence[int]) -> int:
    """The suited kinds of `counts` as bits 8 * tile (one presence byte per kind, read as
    one integer: the knitted straights are then tested by masks, at C speed)."""
    return int.from_bytes(bytes(counts[:FIRST_HONOR]).translate(_PRESENT), "little")


def knitted_straights_in(counts: Sequence[int]) -> tuple[tuple[TileId, ...], ...]:
    """The knitted straights all of whose tiles `counts` holds (this runs for most hands,
    and almost always fails)."""
    present = suited_present(counts)
    return tuple(straight for straight, mask in KNITTED_MASKS if not mask & ~present)


def honors_and_knitted(counts: Sequence[int]) -> tuple[TileId, ...] | None:
    """The knitted straight whose tiles the 14 single tiles draw on, or None."""
    if sum(counts) != 14 or any(c > 1 for c in counts):
        return None
    suited = {t for t in range(FIRST_HONOR) if counts[t]}
    return next((ks for ks in KNITTED_STRAIGHTS if suited <= set(ks)), None)


def nine_gates_suit(held_before_win: Sequence[int]) -> int | None:
    """The suit of a concealed 1112345678999 (the 13 tiles before the win), or None."""
    if sum(held_before_win[FIRST_HONOR:]):
        return None
    for suit in range(3):
        if tuple(held_before_win[suit * 9 : suit * 9 + 9]) == _NINE_GATES:
            return suit
    return None


def is_seven_shifted_pairs(counts: Sequence[int]) -> bool:
    pairs = [t for t in range(TILE_KINDS) if counts[t]]
    return (
        len(pairs) == 7
        and all(counts[t] == 2 for t in pairs)
        and pairs[-1] - pairs[0] == 6
        and pairs[0] // 9 == pairs[-1] // 9
        and pairs[-1] < FIRST_HONOR
    )
