"""Hands written as compact tile strings, so rule tests read like the spec."""

from __future__ import annotations

from collections.abc import Sequence

from tournament_manager.rules.hand import Hand, Meld, MeldKind, WinFlag, WinType
from tournament_manager.rules.result import ScoreResult
from tournament_manager.rules.tiles import Wind, parse_tile, parse_tiles


def build_hand(
    concealed: str,
    win: str,
    *,
    melds: Sequence[str] = (),
    win_type: str = "discard",
    seat: str = "S",
    flags: Sequence[str] = (),
) -> Hand:
    """`melds` items are `kind:tiles`, kind one of chow, pung, kong, ckong (concealed kong)."""
    return Hand(
        concealed=parse_tiles(concealed),
        melds=tuple(_meld(text) for text in melds),
        winning_tile=parse_tile(win),
        win_type=WinType(win_type),
        seat_wind=Wind(seat),
        flags=frozenset(WinFlag(flag) for flag in flags),
    )


def _meld(text: str) -> Meld:
    kind, tiles = text.split(":")
    if kind == "ckong":
        return Meld(MeldKind.KONG, parse_tiles(tiles), exposed=False)
    return Meld(MeldKind(kind), parse_tiles(tiles))


def pattern_ids(result: ScoreResult) -> list[str]:
    assert result.valid, result.problem
    return sorted(pattern.id for pattern in result.patterns)
