"""The Non-Repeat principle as data: fan -> the fans it necessarily implies (spec §3.1, §5).

Applied once, from the fans present before any is removed, so implication is transitive
and acts fan by fan only: fans implied merely by a *combination* of fans stay (All Green +
Full Flush still score All Simples). Kong and concealed-pung fans, Pung of Terminals or
Honors absorbed by wind and dragon fans, and the set-combination fans are already emitted
per occurrence by their own modules; this table covers whole-hand implications.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Final

from tournament_manager.rules.mcr.fans import Fan
from tournament_manager.rules.mcr.options import McrOptions

F = Fan
_COMMON: Final[dict[Fan, tuple[Fan, ...]]] = {
    F.BIG_FOUR_WINDS: (
        F.BIG_THREE_WINDS,
        F.ALL_PUNGS,
        F.PREVALENT_WIND,
        F.SEAT_WIND,
        F.PUNG_OF_TERMINALS_OR_HONORS,
    ),
    F.BIG_THREE_DRAGONS: (F.TWO_DRAGON_PUNGS, F.DRAGON_PUNG),
    F.NINE_GATES: (F.FULL_FLUSH, F.CONCEALED_HAND, F.NO_HONORS),
    F.FOUR_KONGS: (F.ALL_PUNGS, F.SINGLE_WAIT),
    F.SEVEN_SHIFTED_PAIRS: (
        F.SEVEN_PAIRS,
        F.FULL_FLUSH,
        F.CONCEALED_HAND,
        F.NO_HONORS,
        F.SINGLE_WAIT,
    ),
    F.THIRTEEN_ORPHANS: (
        F.ALL_TERMINALS_AND_HONORS,
        F.ALL_TYPES,
        F.CONCEALED_HAND,
        F.SINGLE_WAIT,
    ),
    F.ALL_TERMINALS: (
        F.ALL_TERMINALS_AND_HONORS,
        F.ALL_PUNGS,
        F.OUTSIDE_HAND,
        F.PUNG_OF_TERMINALS_OR_HONORS,
        F.NO_HONORS,
    ),
    F.LITTLE_FOUR_WINDS: (F.BIG_THREE_WINDS, F.PUNG_OF_TERMINALS_OR_HONORS),
    F.LITTLE_THREE_DRAGONS: (F.TWO_DRAGON_PUNGS, F.DRAGON_PUNG),
    F.ALL_HONORS: (
        F.ALL_TERMINALS_AND_HONORS,
        F.ALL_PUNGS,
        F.OUTSIDE_HAND,
        F.PUNG_OF_TERMINALS_OR_HONORS,
        F.ONE_VOIDED_SUIT,
    ),
    F.FOUR_CONCEALED_PUNGS: (F.ALL_PUNGS, F.CONCEALED_HAND),
    F.PURE_TERMINAL_CHOWS: (
        F.SEVEN_PAIRS,
        F.FULL_FLUSH,
        F.ALL_CHOWS,
        F.PURE_DOUBLE_CHOW,
        F.TWO_TERMINAL_CHOWS,
        F.NO_HONORS,
    ),
    F.QUADRUPLE_CHOW: (
        F.PURE_TRIPLE_CHOW,
        F.PURE_SHIFTED_PUNGS,
        F.SEVEN_PAIRS,
        F.TILE_HOG,
        F.PURE_DOUBLE_CHOW,
    ),
    F.FOUR_PURE_SHIFTED_PUNGS: (F.PURE_SHIFTED_PUNGS, F.PURE_TRIPLE_CHOW, F.ALL_PUNGS),
    F.FOUR_PURE_SHIFTED_CHOWS: (
        F.PURE_SHIFTED_CHOWS,
        F.SHORT_STRAIGHT,
        F.TWO_TERMINAL_CHOWS,
    ),
    F.ALL_TERMINALS_AND_HONORS: (
        F.ALL_PUNGS,
        F.OUTSIDE_HAND,
        F.PUNG_OF_TERMINALS_OR_HONORS,
    ),
    F.SEVEN_PAIRS: (F.CONCEALED_HAND, F.SINGLE_WAIT),
    F.GREATER_HONORS_AND_KNITTED: (
        F.LESSER_HONORS_AND_KNITTED,
        F.ALL_TYPES,
        F.CONCEALED_HAND,
    ),
    F.ALL_EVEN_PUNGS: (F.ALL_PUNGS, F.ALL_SIMPLES, F.NO_HONORS),
    F.FULL_FLUSH: (F.NO_HONORS,),
    F.PURE_TRIPLE_CHOW: (F.PURE_SHIFTED_PUNGS, F.PURE_DOUBLE_CHOW),
    F.PURE_SHIFTED_PUNGS: (F.PURE_TRIPLE_CHOW,),
    F.UPPER_TILES: (F.UPPER_FOUR, F.NO_HONORS),
    F.MIDDLE_TILES: (F.ALL_SIMPLES, F.NO_HONORS),
    F.LOWER_TILES: (F.LOWER_FOUR, F.NO_HONORS),
    F.PURE_STRAIGHT: (F.SHORT_STRAIGHT, F.TWO_TERMINAL_CHOWS),
    F.THREE_SUITED_TERMINAL_CHOWS: (
        F.ALL_CHOWS,
        F.TWO_TERMINAL_CHOWS,
        F.MIXED_DOUBLE_CHOW,
        F.NO_HONORS,
    ),
    F.ALL_FIVES: (F.ALL_SIMPLES, F.NO_HONORS),
    F.TRIPLE_PUNG: (F.DOUBLE_PUNG,),
    F.THREE_CONCEALED_PUNGS: (F.TWO_CONCEALED_PUNGS,),
    F.LESSER_HONORS_AND_KNITTED: (F.CONCEALED_HAND,),
    F.UPPER_FOUR: (F.NO_HONORS,),
    F.LOWER_FOUR: (F.NO_HONORS,),
    F.REVERSIBLE_TILES: (F.ONE_VOIDED_SUIT,),
    F.MIXED_TRIPLE_CHOW: (F.MIXED_DOUBLE_CHOW,),
    F.LAST_TILE_DRAW: (F.SELF_DRAWN,),
    F.OUT_WITH_REPLACEMENT_TILE: (F.SELF_DRAWN,),
    F.ROBBING_THE_KONG: (F.LAST_TILE,),
    F.MELDED_HAND: (F.SINGLE_WAIT,),
    F.TWO_DRAGON_PUNGS: (F.DRAGON_PUNG,),
    F.FULLY_CONCEALED_HAND: (F.SELF_DRAWN, F.CONCEALED_HAND),
    F.TWO_MELDED_KONGS: (F.MELDED_KONG,),
    F.ALL_CHOWS: (F.NO_HONORS,),
    F.ALL_SIMPLES: (F.NO_HONORS,),
}


@lru_cache(maxsize=16)
def implication_table(options: McrOptions) -> dict[Fan, tuple[Fan, ...]]:
    """The common table plus the profile's contested entries (P4, seed rulings)."""
    table = dict(_COMMON)
    extra: list[tuple[Fan, Fan]] = []
    if not options.all_terminals_double_pung:
        extra.append((F.ALL_TERMINALS, F.DOUBLE_PUNG))
    if not options.all_green_half_flush:
        extra += [(F.ALL_GREEN, F.HALF_FLUSH), (F.ALL_GREEN, F.ONE_VOIDED_SUIT)]
    if not options.lesser_knitted_all_types:
        extra.append((F.LESSER_HONORS_AND_KNITTED, F.ALL_TYPES))
    for fan, implied in extra:
        table[fan] = (*table.get(fan, ()), implied)
    return table


def apply_implications(fans: list[Fan], implied: Mapping[Fan, frozenset[Fan]]) -> list[Fan]:
    """`fans` without every fan implied by one of them (a fan list may repeat a fan)."""
    removed: set[Fan] = set()
    for fan in fans:
        found = implied.get(fan)
        if found is not None:
            removed |= found
    return [fan for fan in fans if fan not in removed] if removed else fans
