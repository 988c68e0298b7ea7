"""Checks every rule set makes before looking for a winning shape: real tiles, real sets,
the right number of tiles. They report the first problem found, as a code with details.
"""

from __future__ import annotations

from collections.abc import Sequence

from tournament_manager.rules.errors import HandErrorCode, HandProblem
from tournament_manager.rules.hand import Hand, Meld, MeldKind, PlayerHand
from tournament_manager.rules.tiles import TILE_KINDS, is_honor, suit_of, tile_code

_MELD_SIZE = {MeldKind.CHOW: 3, MeldKind.PUNG: 3, MeldKind.KONG: 4}


def structural_problem(hand: Hand) -> HandProblem | None:
    """The first structural fault of `hand`, or None when its tiles and melds are sound."""
    for meld in hand.melds:
        problem = _meld_problem(meld)
        if problem is not None:
            return problem
    return _count_problem(hand)


def shown_hand_problem(hand: PlayerHand) -> HandProblem | None:
    """A loser's shown hand (any 13 tiles, sets counted where they stand): its melds must be
    sets and no tile may be there five times; no winning shape is needed."""
    for meld in hand.melds:
        problem = _meld_problem(meld)
        if problem is not None:
            return problem
    if len(hand.melds) > 4:
        return HandProblem(HandErrorCode.TOO_MANY_MELDS, count=len(hand.melds), expected=4)
    return _copies_problem((*hand.concealed, *(t for meld in hand.melds for t in meld.tiles)))


def _copies_problem(tiles: Sequence[int]) -> HandProblem | None:
    """A tile there more than four times (a set has four of each)."""
    counts = [0] * TILE_KINDS
    for tile in tiles:
        counts[tile] += 1
    for tile, count in enumerate(counts):
        if count > 4:
            return HandProblem(
                HandErrorCode.TOO_MANY_COPIES, tile=tile_code(tile), count=count, expected=4
            )
    return None


def _meld_problem(meld: Meld) -> HandProblem | None:
    code = _meld_fault(meld)
    if code is None:
        return None
    tiles = tuple(tile_code(t) for t in sorted(meld.tiles))
    size = _MELD_SIZE[meld.kind]
    if code is HandErrorCode.MELD_WRONG_SIZE:
        return HandProblem(
            code, tiles=tiles, value=meld.kind.value, count=len(meld.tiles), expected=size
        )
    return HandProblem(code, tiles=tiles, value=meld.kind.value)


def _meld_fault(meld: Meld) -> HandErrorCode | None:
    tiles = meld.tiles
    kind = meld.kind
    if len(tiles) != (4 if kind is MeldKind.KONG else 3):
        return HandErrorCode.MELD_WRONG_SIZE
    if not meld.exposed and kind is not MeldKind.KONG:
        return HandErrorCode.CONCEALED_PUNG_OR_CHOW
    if kind is not MeldKind.CHOW:
        return None if tiles.count(tiles[0]) == len(tiles) else HandErrorCode.MELD_NOT_IDENTICAL
    low = min(tiles)
    if any(is_honor(t) for t in tiles):
        return HandErrorCode.CHOW_OF_HONORS
    if any(suit_of(t) != suit_of(low) for t in tiles):
        return HandErrorCode.CHOW_ACROSS_SUITS
    if sorted(tiles) != [low, low + 1, low + 2]:
        return HandErrorCode.CHOW_NOT_CONSECUTIVE
    return None


def _count_problem(hand: Hand) -> HandProblem | None:
    if len(hand.melds) > 4:
        return HandProblem(HandErrorCode.TOO_MANY_MELDS, count=len(hand.melds), expected=4)
    expected = 13 - 3 * len(hand.melds)
    if len(hand.concealed) != expected:
        return HandProblem(
            HandErrorCode.WRONG_TILE_COUNT, count=len(hand.concealed), expected=expected
        )
    return _copies_problem((*hand.concealed, hand.winning_tile,
                            *(t for meld in hand.melds for t in meld.tiles)))


def false_win_problem(hand: Hand, waits: Sequence[int]) -> HandProblem:
    """Why a hand that is sound does not win: it waits on other tiles (named), or on none."""
    if not waits:
        return HandProblem(HandErrorCode.NOT_WINNING_HAND)
    return HandProblem(
        HandErrorCode.WINNING_TILE_UNUSABLE,
        tile=tile_code(hand.winning_tile),
        tiles=tuple(tile_code(tile) for tile in waits),
    )
