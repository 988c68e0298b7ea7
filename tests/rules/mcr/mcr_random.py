"""Random MCR winning hands of every shape, for cross-checks against the reference
calculator: the shared regular generator plus Seven (Shifted) Pairs, Thirteen Orphans,
Honors and Knitted Tiles, knitted-straight hands and Nine Gates, each with circumstances
(flags, prevalent wind, flowers) drawn consistently with the win."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import replace

from tournament_manager.rules.hand import Hand, Meld, MeldKind, WinFlag, WinType
from tournament_manager.rules.mcr.shapes import KNITTED_STRAIGHTS
from tournament_manager.rules.random_hands import random_hand
from tournament_manager.rules.tiles import FIRST_HONOR, TILE_KINDS, WINDS, TileId

_ORPHANS = (0, 8, 9, 17, 18, 26, *range(FIRST_HONOR, TILE_KINDS))


def _finish(rng: random.Random, tiles: Sequence[TileId], melds: tuple[Meld, ...] = ()) -> Hand:
    """Any one of the 14 held tiles is the winning tile."""
    held = list(tiles)
    win = held.pop(rng.randrange(len(held)))
    win_type = rng.choice((WinType.SELF_DRAW, WinType.DISCARD))
    return Hand(tuple(sorted(held)), melds, win, win_type, rng.choice(WINDS))


def _seven_pairs(rng: random.Random) -> Hand:
    if rng.random() < 0.2:  # Seven Shifted Pairs
        start = rng.randrange(3) * 9 + rng.randrange(3)
        kinds = list(range(start, start + 7))
    else:
        kinds = []
        while len(kinds) < 7:
            tile = rng.randrange(TILE_KINDS)
            if tile not in kinds or (kinds.count(tile) == 1 and rng.random() < 0.1):
                kinds.append(tile)
    return _finish(rng, [tile for tile in kinds for _ in range(2)])


def _thirteen_orphans(rng: random.Random) -> Hand:
    return _finish(rng, [*_ORPHANS, rng.choice(_ORPHANS)])


def _honors_and_knitted(rng: random.Random) -> Hand:
    honors = rng.choice((5, 6, 7))
    suited = rng.sample(rng.choice(KNITTED_STRAIGHTS), 14 - honors)
    return _finish(rng, [*suited, *rng.sample(range(FIRST_HONOR, TILE_KINDS), honors)])


def _knitted_straight(rng: random.Random) -> Hand:
    """A knitted straight, a set and a pair; the set is sometimes a declared meld."""
    straight = list(rng.choice(KNITTED_STRAIGHTS))
    while True:
        if rng.random() < 0.5:
            start = rng.randrange(3) * 9 + rng.randrange(7)
            group = [start, start + 1, start + 2]
        else:
            group = [rng.randrange(TILE_KINDS)] * 3
        pair = rng.randrange(TILE_KINDS)
        tiles = [*straight, *group, pair, pair]
        if all(tiles.count(tile) <= 4 for tile in tiles):
            break
    if rng.random() < 0.3:
        kind = MeldKind.PUNG if group[0] == group[1] else MeldKind.CHOW
        return _finish(rng, [*straight, pair, pair], (Meld(kind, tuple(group)),))
    return _finish(rng, tiles)


def _nine_gates(rng: random.Random) -> Hand:
    base = rng.randrange(3) * 9
    tiles = [base] * 3 + list(range(base + 1, base + 8)) + [base + 8] * 3
    return _finish(rng, [*tiles, base + rng.randrange(9)])


_SHAPES: tuple[Callable[[random.Random], Hand], ...] = (
    _seven_pairs,
    _thirteen_orphans,
    _honors_and_knitted,
    _knitted_straight,
    _nine_gates,
)


def _flags(rng: random.Random, hand: Hand) -> frozenset[WinFlag]:
    """At most one circumstance, only where the win allows it."""
    if rng.random() > 0.3:
        return frozenset()
    if hand.win_type is WinType.SELF_DRAW:
        if rng.random() < 0.5:
            return frozenset({WinFlag.SEABED})
        if any(meld.kind is MeldKind.KONG for meld in hand.melds):
            return frozenset({WinFlag.KONG_REPLACEMENT})
        return frozenset()
    if rng.random() < 0.5:
        return frozenset({WinFlag.RIVERBED})
    win = hand.winning_tile
    if win not in hand.concealed and all(win not in meld.tiles for meld in hand.melds):
        return frozenset({WinFlag.ROBBING_KONG})
    return frozenset()


def random_mcr_hand(rng: random.Random) -> Hand:
    """Mostly regular hands (as in play), one in five of a special shape."""
    hand = random_hand(rng) if rng.random() < 0.8 else rng.choice(_SHAPES)(rng)
    return replace(
        hand,
        flags=_flags(rng, hand),
        prevalent_wind=rng.choice(WINDS),
        flowers=rng.choice((0, 0, 0, 1, 2)),
    )
