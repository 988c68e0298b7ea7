"""The calculator's fields (typed, or tiles tapped) as a hand object of hand-format.md.

Only assembly: tiles are read with the rules layer's parser and every judgement (is it a
set, does it win, what is it worth) is left to the rule set. The window's calculator panel
and the table page's calculator both build their hand here, so they cannot read one hand
two ways.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from tournament_manager.rules.errors import HandError
from tournament_manager.rules.tiles import parse_tiles, tile_code

FLAGS = ("seabed", "riverbed", "kong_replacement", "robbing_kong", "heaven", "earth",
         "last_tile")
"""Every flag of any rule set; one that a rule set does not know is refused in words."""
HAND_SIZE = 13
MELD_SIZE = 3


@dataclass(frozen=True)
class MeldText:
    tiles: str
    concealed: bool = False


@dataclass
class CalculatorInput:
    concealed: str = ""
    melds: str = ""
    """Groups separated by spaces; a group in parentheses is a concealed kong."""
    winning_tile: str = ""
    self_draw: bool = False
    seat: str = "E"
    discarder: str = ""
    flags: set[str] = field(default_factory=set)
    prevalent_wind: str | None = None
    """Only for rule sets that score the round wind and flowers (MCR, classical)."""
    flowers: int = 0


def meld_groups(text: str) -> list[MeldText]:
    groups = []
    for word in text.replace(",", " ").split():
        concealed = word.startswith("(") and word.endswith(")")
        groups.append(MeldText(word.strip("()"), concealed))
    return groups


def _kind(codes: list[str]) -> str:
    if len(codes) == 4:
        return "kong"
    if len(codes) == 3 and len(set(codes)) == 1:
        return "pung"
    return "chow"


def _codes(text: str) -> list[str]:
    try:
        return [tile_code(t) for t in parse_tiles(text)]
    except HandError:
        return []


def concealed_room(given: CalculatorInput) -> int:
    """How many concealed tiles (without the winning tile) the declared melds leave."""
    return HAND_SIZE - MELD_SIZE * len(meld_groups(given.melds))


def _meld_objects(given: CalculatorInput) -> list[dict[str, object]]:
    melds: list[dict[str, object]] = []
    for group in meld_groups(given.melds):
        codes = _codes(group.tiles)
        melds.append({"type": _kind(codes) if codes else "chow",
                      "tiles": codes if codes else group.tiles,
                      "exposed": not group.concealed})
    return melds


def hand_object(given: CalculatorInput) -> dict[str, object]:
    """The hand object; with no winning tile given, the last concealed tile beyond the
    room the melds leave is taken as the winning tile (the way a hand is read aloud)."""
    melds = _meld_objects(given)
    concealed: object = given.concealed
    winning: object = given.winning_tile.strip()
    if not winning:
        codes = _codes(given.concealed)
        if codes and len(codes) == concealed_room(given) + 1:
            concealed, winning = codes[:-1], codes[-1]
    data: dict[str, object] = {
        "concealed": concealed,
        "melds": melds,
        "winning_tile": winning or None,
        "win_type": "self_draw" if given.self_draw else "discard",
        "seat_wind": given.seat,
        "flags": sorted(given.flags),
    }
    if given.discarder and not given.self_draw:
        data["discarder"] = given.discarder
    if given.prevalent_wind is not None:
        data["prevalent_wind"] = given.prevalent_wind
        data["flowers"] = given.flowers
    return data


def shown_hand_object(given: CalculatorInput) -> dict[str, object]:
    """A loser's shown hand (rules that score every hand): the tiles held and the melds,
    every tile counted where it stands; no winning tile, win type or flags."""
    melds = _meld_objects(given)
    data: dict[str, object] = {"concealed": given.concealed, "melds": melds,
                               "seat_wind": given.seat, "flowers": given.flowers}
    if given.prevalent_wind is not None:
        data["prevalent_wind"] = given.prevalent_wind
    return data
