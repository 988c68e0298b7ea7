"""A fast acceptance test for the shared structural checks, run on every scored hand.

`hand_checks.structural_problem` words each fault precisely, which makes it slow on the
common case of a sound hand (several generator passes per meld). Here every sound meld is a
member of a precomputed set, and the copies limit reads the counts scoring needs anyway.
A sound answer is final; anything else goes to `structural_problem`, which names the fault.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import permutations
from typing import Final

from tournament_manager.rules.hand import Hand, MeldKind
from tournament_manager.rules.tiles import FIRST_HONOR, TILE_KINDS, TileId

SOUND_CHOWS: Final[frozenset[tuple[TileId, ...]]] = frozenset(
    order
    for start in range(FIRST_HONOR)
    if start % 9 <= 6
    for order in permutations((start, start + 1, start + 2))
)
SOUND_PUNGS: Final = frozenset((tile,) * 3 for tile in range(TILE_KINDS))
SOUND_KONGS: Final = frozenset((tile,) * 4 for tile in range(TILE_KINDS))
_MAX_MELDS: Final = 4
_MAX_COPIES: Final = 4


def plainly_sound(hand: Hand, all_counts: Sequence[int]) -> bool:
    """True only if `structural_problem(hand)` is None. `all_counts`: every tile of the
    hand by kind (held, winning and melded)."""
    melds = hand.melds
    if len(melds) > _MAX_MELDS or len(hand.concealed) != 13 - 3 * len(melds):
        return False
    for meld in melds:
        if meld.kind is MeldKind.KONG:
            sound = meld.tiles in SOUND_KONGS
        elif not meld.exposed:
            return False
        else:
            sound = meld.tiles in (SOUND_CHOWS if meld.kind is MeldKind.CHOW else SOUND_PUNGS)
        if not sound:
            return False
    return max(all_counts) <= _MAX_COPIES
