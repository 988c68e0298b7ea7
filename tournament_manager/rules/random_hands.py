"""Random winning hands, for the demo event, benchmarks and property tests.

Generated from four sets and a pair, so every hand is a regular winning shape that
respects the four-copies limit; some sets are declared as melds (kongs included).
"""

from __future__ import annotations

import random

from tournament_manager.rules.hand import Hand, Meld, MeldKind, WinType
from tournament_manager.rules.tiles import WINDS, TileId, Wind


def random_hand(rng: random.Random, seat_wind: Wind | None = None,
                win_type: WinType | None = None) -> Hand:
    """Four sets and a pair that respect the four-copies limit; some sets become melds.

    Every hand is a winning shape by construction (its value may still be anything).
    """
    counts = [0] * 34
    sets: list[tuple[MeldKind, TileId]] = []
    while len(sets) < 4:
        if rng.random() < 0.55:
            start = rng.randrange(3) * 9 + rng.randrange(7)
            if all(counts[start + i] < 4 for i in range(3)):
                sets.append((MeldKind.CHOW, start))
                for i in range(3):
                    counts[start + i] += 1
        else:
            tile = rng.randrange(34)
            if counts[tile] == 0:
                sets.append((MeldKind.PUNG, tile))
                counts[tile] += 3
    pair = rng.choice([t for t in range(34) if counts[t] <= 2])
    counts[pair] += 2
    melds: list[Meld] = []
    held: list[TileId] = [pair, pair]
    for kind, tile in sets:
        if rng.random() < 0.35:
            if kind is MeldKind.PUNG and counts[tile] == 3 and rng.random() < 0.3:
                melds.append(Meld(MeldKind.KONG, (tile,) * 4, exposed=rng.random() < 0.5))
            else:
                tiles = (tile, tile + 1, tile + 2) if kind is MeldKind.CHOW else (tile,) * 3
                melds.append(Meld(kind, tiles))
        else:
            held.extend((tile, tile + 1, tile + 2) if kind is MeldKind.CHOW else (tile,) * 3)
    winning = held.pop(rng.randrange(len(held)))
    if win_type is None:
        win_type = rng.choice((WinType.SELF_DRAW, WinType.DISCARD))
    seat = seat_wind if seat_wind is not None else rng.choice(WINDS)
    return Hand(tuple(sorted(held)), tuple(melds), winning, win_type, seat)
