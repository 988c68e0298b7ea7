"""How values read on paper and in cells: names, points, winds, times, safe text.

Only formatting lives here: every number comes from a read model as it stands.
"""

from __future__ import annotations

import re
import unicodedata
from datetime import datetime
from fractions import Fraction

from tournament_manager.domain.model import (
    HandResult,
    PenaltyReason,
    Player,
    WinType,
)
from tournament_manager.domain.settings import RoundKind
from tournament_manager.rules.tiles import Wind

_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]")

_FOLDS = str.maketrans({"ø": "o", "æ": "ae", "œ": "oe", "ß": "ss", "đ": "d", "ł": "l",
                       "þ": "th"})

WIND_NAMES = {Wind.E: "East", Wind.S: "South", Wind.W: "West", Wind.N: "North"}
WIND_HANZI = {Wind.E: "東", Wind.S: "南", Wind.W: "西", Wind.N: "北"}

WIN_TYPE_TEXT = {
    WinType.SELF_DRAW: "Self-draw",
    WinType.DISCARD: "Discard",
    WinType.ROBBING_KONG: "Robbing kong",
    WinType.WIN_ON_KONG: "Win on kong",
}
RESULT_TEXT = {HandResult.WIN: "Win", HandResult.DRAW: "Draw", HandResult.VOID: "Void"}
REASON_TEXT = {
    PenaltyReason.TIME: "Time",
    PenaltyReason.TIME_WARNING: "Time warning",
    PenaltyReason.FALSE_WIN: "False win",
    PenaltyReason.WRONG_CLAIM: "Wrong claim",
    PenaltyReason.DEAD_HAND: "Dead hand",
    PenaltyReason.PENALTY_TILES: "Penalty tiles",
    PenaltyReason.BEHAVIOUR: "Behaviour",
    PenaltyReason.OTHER: "Other",
}
ROUND_KIND_TEXT = {
    RoundKind.PRELIMINARY: "preliminary",
    RoundKind.ELIMINATION: "elimination",
    RoundKind.FINAL: "final",
}


def clean(text: object) -> str:
    """`text` without control characters (Excel refuses them; PDFs show them as boxes)."""
    return _CONTROL.sub("", str(text))


def display_name(player: Player) -> str:
    """The name, followed by the native-script name when there is a different one."""
    name, native = clean(player.name).strip(), clean(player.native_name).strip()
    return f"{name} {native}" if native and native != name else name


def sort_key(text: str) -> tuple[str, str]:
    """Alphabetical order that files "Ørjan" and "Åsa" with the plain letters."""
    folded = unicodedata.normalize("NFKD", text.casefold())
    base = "".join(ch for ch in folded if not unicodedata.combining(ch))
    base = base.translate(_FOLDS)
    return base, text


def signed(points: float | Fraction) -> str:
    """A hand delta: "+90", "-40", "0"."""
    if points == 0:
        return "0"
    return f"+{plain(points)}" if points > 0 else f"-{plain(-points)}"


def plain(points: float | Fraction) -> str:
    """Whole points as such; a share of a distributed penalty with two decimals."""
    value = float(points)
    return f"{value:.0f}" if value.is_integer() else f"{value:.2f}"


def converted(value: float) -> str:
    """A converted score at the spec's two decimals."""
    text = f"{value:.2f}"
    return "0.00" if text == "-0.00" else text


def local_time(moment: datetime | None, with_date: bool = False) -> str:
    if moment is None:
        return ""
    local = moment.astimezone() if moment.tzinfo is not None else moment
    return local.strftime("%Y-%m-%d %H:%M" if with_date else "%H:%M")


def local_date(moment: datetime | None) -> str:
    if moment is None:
        return ""
    local = moment.astimezone() if moment.tzinfo is not None else moment
    return local.strftime("%Y-%m-%d")


def display_width(text: str) -> int:
    """Columns a string takes in a spreadsheet: East Asian wide characters count two."""
    return sum(2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1 for ch in text)
