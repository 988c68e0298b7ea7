"""Fans made by combining sets (chow and pung families), under Non-Separation,
Non-Identical and Account-Once (spec §3).

The blueprint is the reference calculator's: a four-set fan takes all four sets and stops;
otherwise a three-set fan may add at most one pair fan for the remaining set; otherwise pair
fans are counted with the Account-Once cap (two for three chows, three for four chows, one
less per chow related to no other). Inputs are sorted tuples of chow starts or pung tiles,
so results are memoised: a hand has few distinct set patterns.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations, pairwise
from typing import Final

from tournament_manager.rules.mcr.fans import Fan
from tournament_manager.rules.tiles import FIRST_DRAGON, FIRST_HONOR, TileId

_PAIR_CHOW_FANS: Final = (
    Fan.PURE_DOUBLE_CHOW,
    Fan.MIXED_DOUBLE_CHOW,
    Fan.SHORT_STRAIGHT,
    Fan.TWO_TERMINAL_CHOWS,
)
_WINDS: Final = frozenset(range(FIRST_HONOR, FIRST_DRAGON))


def _suit(tile: TileId) -> int:
    return tile // 9


def _rank(tile: TileId) -> int:
    return tile % 9


def _shifted(values: tuple[int, ...], step: int) -> bool:
    return all(b - a == step for a, b in pairwise(values))


def four_chow_fan(starts: tuple[TileId, ...]) -> Fan | None:
    if len({_suit(t) for t in starts}) != 1:
        return None
    if _shifted(starts, 1) or _shifted(starts, 2):
        return Fan.FOUR_PURE_SHIFTED_CHOWS
    if _shifted(starts, 0):
        return Fan.QUADRUPLE_CHOW
    return None


def three_chow_fan(starts: tuple[TileId, ...]) -> Fan | None:
    suits = {_suit(t) for t in starts}
    ranks = sorted(_rank(t) for t in starts)
    if len(suits) == 3:
        if _shifted(tuple(ranks), 1):
            return Fan.MIXED_SHIFTED_CHOWS
        if _shifted(tuple(ranks), 0):
            return Fan.MIXED_TRIPLE_CHOW
        if ranks == [0, 3, 6]:
            return Fan.MIXED_STRAIGHT
        return None
    if len(suits) != 1:
        return None
    if ranks == [0, 3, 6]:
        return Fan.PURE_STRAIGHT
    if _shifted(tuple(ranks), 1) or _shifted(tuple(ranks), 2):
        return Fan.PURE_SHIFTED_CHOWS
    if _shifted(tuple(ranks), 0):
        return Fan.PURE_TRIPLE_CHOW
    return None


def two_chow_fan(first: TileId, second: TileId) -> Fan | None:
    if _suit(first) != _suit(second):
        return Fan.MIXED_DOUBLE_CHOW if _rank(first) == _rank(second) else None
    if abs(first - second) == 3:
        return Fan.SHORT_STRAIGHT
    if {_rank(first), _rank(second)} == {0, 6}:
        return Fan.TWO_TERMINAL_CHOWS
    if first == second:
        return Fan.PURE_DOUBLE_CHOW
    return None


@lru_cache(maxsize=4096)
def chow_fans(starts: tuple[TileId, ...]) -> tuple[Fan, ...]:
    """Combination fans of the hand's chows (sorted starts, knitted straight excluded)."""
    if len(starts) == 4:
        fan = four_chow_fan(starts)
        if fan is not None:
            return (fan,)
    if len(starts) >= 3:
        best: tuple[Fan, ...] | None = None
        for trio in combinations(range(len(starts)), 3):
            fan = three_chow_fan(tuple(starts[i] for i in trio))
            if fan is None:
                continue
            found = (fan, *_extra_chow_fan(starts, trio))
            if best is None or len(found) > len(best):
                best = found
        if best is not None:
            return best
    pair_fans = [two_chow_fan(a, b) for a, b in combinations(starts, 2)]
    if len(starts) <= 2:
        return tuple(f for f in pair_fans if f is not None)
    cap = 2 if len(starts) == 3 else 3 - _unrelated_chows(starts)
    return _account_once(pair_fans, cap)


def _extra_chow_fan(starts: tuple[TileId, ...], trio: tuple[int, ...]) -> tuple[Fan, ...]:
    """With a three-chow fan the fourth chow adds one pair fan, the best-ranked available."""
    rest = [i for i in range(len(starts)) if i not in trio]
    if not rest:
        return ()
    found = {two_chow_fan(starts[i], starts[rest[0]]) for i in trio}
    return next(((fan,) for fan in _PAIR_CHOW_FANS if fan in found), ())


def _unrelated_chows(starts: tuple[TileId, ...]) -> int:
    return sum(
        all(two_chow_fan(chow, other) is None for j, other in enumerate(starts) if j != i)
        for i, chow in enumerate(starts)
    )


def _account_once(pair_fans: list[Fan | None], cap: int) -> tuple[Fan, ...]:
    """Keep at most `cap` pair fans, dropping repeats first (Non-Identical), Two Terminal
    Chows before Short Straight before Mixed before Pure Double Chow."""
    if cap <= 0:
        return ()
    table = [sum(1 for f in pair_fans if f is fan) for fan in _PAIR_CHOW_FANS]
    count = sum(table)
    for keep in (1, 0):
        for index in reversed(range(4)):
            while table[index] > keep and count > cap:
                table[index] -= 1
                count -= 1
    return tuple(fan for fan, n in zip(_PAIR_CHOW_FANS, table) for _ in range(n))


def four_pung_fan(tiles: tuple[TileId, ...]) -> Fan | None:
    if tiles[3] < FIRST_HONOR and _suit(tiles[0]) == _suit(tiles[3]) and _shifted(tiles, 1):
        return Fan.FOUR_PURE_SHIFTED_PUNGS
    if set(tiles) == _WINDS:
        return Fan.BIG_FOUR_WINDS
    return None


def three_pung_fan(tiles: tuple[TileId, ...]) -> Fan | None:
    if all(t < FIRST_HONOR for t in tiles):
        suits = {_suit(t) for t in tiles}
        ranks = tuple(sorted(_rank(t) for t in tiles))
        if len(suits) == 3:
            if _shifted(ranks, 1):
                return Fan.MIXED_SHIFTED_PUNGS
            if _shifted(ranks, 0):
                return Fan.TRIPLE_PUNG
        elif len(suits) == 1 and _shifted(tiles, 1):
            return Fan.PURE_SHIFTED_PUNGS
        return None
    if all(t in _WINDS for t in tiles):
        return Fan.BIG_THREE_WINDS
    if all(t >= FIRST_DRAGON for t in tiles):
        return Fan.BIG_THREE_DRAGONS
    return None


def two_pung_fan(first: TileId, second: TileId) -> Fan | None:
    if first < FIRST_HONOR and second < FIRST_HONOR:
        return Fan.DOUBLE_PUNG if _rank(first) == _rank(second) else None
    if first >= FIRST_DRAGON and second >= FIRST_DRAGON:
        return Fan.TWO_DRAGON_PUNGS
    return None


@lru_cache(maxsize=4096)
def pung_fans(tiles: tuple[TileId, ...]) -> tuple[Fan, ...]:
    """Combination fans of the hand's pungs and kongs (sorted tiles)."""
    if len(tiles) == 4:
        fan = four_pung_fan(tiles)
        if fan is not None:
            return (fan,)
    if len(tiles) >= 3:
        for trio in combinations(range(len(tiles)), 3):
            fan = three_pung_fan(tuple(tiles[i] for i in trio))
            if fan is None:
                continue
            rest = [i for i in range(len(tiles)) if i not in trio]
            extra = next(
                (
                    found
                    for i in trio
                    if rest and (found := two_pung_fan(tiles[i], tiles[rest[0]])) is not None
                ),
                None,
            )
            return (fan,) if extra is None else (fan, extra)
    return tuple(fan for a, b in combinations(tiles, 2) if (fan := two_pung_fan(a, b)) is not None)
