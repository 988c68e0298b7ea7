"""MCR hands written compactly, so the fan tests read like the spec's examples."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from tournament_manager.rules import get_rule_set
from tournament_manager.rules.hand import Hand, Meld, MeldKind, WinFlag, WinType
from tournament_manager.rules.mcr import McrOptions, McrRuleSet
from tournament_manager.rules.result import ScoreResult
from tournament_manager.rules.tiles import Wind, parse_tile, parse_tiles

RULES = get_rule_set("mcr")
assert isinstance(RULES, McrRuleSet)
MAHJONGGB = RULES.profile_options("mahjonggb")
GREEN_BOOK = RULES.profile_options("green_book")


def mcr_hand(
    concealed: str,
    win: str,
    *melds: str,
    self_draw: bool = False,
    seat: str = "N",
    prevalent: str = "N",
    flags: Sequence[str] = (),
    flowers: int = 0,
) -> Hand:
    """`melds`: `kind:tiles` with kind chow, pung, kong or ckong (a concealed kong)."""
    return Hand(
        concealed=parse_tiles(concealed),
        melds=tuple(_meld(text) for text in melds),
        winning_tile=parse_tile(win),
        win_type=WinType.SELF_DRAW if self_draw else WinType.DISCARD,
        seat_wind=Wind(seat),
        flags=frozenset(WinFlag(flag) for flag in flags),
        prevalent_wind=Wind(prevalent),
        flowers=flowers,
    )


def _meld(text: str) -> Meld:
    kind, tiles = text.split(":")
    if kind == "ckong":
        return Meld(MeldKind.KONG, parse_tiles(tiles), exposed=False)
    return Meld(MeldKind(kind), parse_tiles(tiles))


def score(hand: Hand, options: McrOptions = MAHJONGGB, minimum: int | None = None) -> ScoreResult:
    chosen = options if minimum is None else replace(options, minimum_points=minimum)
    return RULES.score(hand, chosen)


def fan_ids(hand: Hand, options: McrOptions = MAHJONGGB) -> list[str]:
    """Fans of the best reading, the 8-point minimum set aside."""
    result = score(hand, options, minimum=0)
    assert result.valid, result.problem
    return [pattern.id for pattern in result.patterns]
