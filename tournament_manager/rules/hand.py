"""A winning hand as the player shows it: held tiles, declared melds, the winning tile and
how it was won. Deliberately free of any rule set's judgement, so every rule set can read
the same hand and decide for itself whether (and how much) it wins.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from tournament_manager.rules.tiles import TileId, Wind


class MeldKind(Enum):
    CHOW = "chow"
    PUNG = "pung"
    KONG = "kong"


@dataclass(frozen=True, slots=True)
class Meld:
    """A declared set. Only a kong can be concealed (`exposed=False`)."""

    kind: MeldKind
    tiles: tuple[TileId, ...]
    exposed: bool = True


class WinType(Enum):
    """Robbing a kong is a discard win; winning on a kong supplement is a self-draw."""

    SELF_DRAW = "self_draw"
    DISCARD = "discard"


class WinFlag(Enum):
    """Circumstances of the win that tiles cannot show."""

    SEABED = "seabed"
    RIVERBED = "riverbed"
    KONG_REPLACEMENT = "kong_replacement"
    ROBBING_KONG = "robbing_kong"
    HEAVEN = "heaven"
    EARTH = "earth"
    LAST_TILE = "last_tile"  # MCR: the winning tile was the last of its kind still unseen


MAX_FLOWERS = 8


@dataclass(frozen=True, slots=True)
class Hand:
    """`concealed` excludes the winning tile: it is the hand held before winning.

    `prevalent_wind` and `flowers` matter to MCR and classical scoring only; their defaults
    (East round, no flowers) keep Zung Jung hands and their callers unchanged.
    """

    concealed: tuple[TileId, ...]
    melds: tuple[Meld, ...]
    winning_tile: TileId
    win_type: WinType
    seat_wind: Wind
    flags: frozenset[WinFlag] = frozenset()
    prevalent_wind: Wind = Wind.E
    flowers: int = 0


@dataclass(frozen=True, slots=True)
class PlayerHand:
    """A loser's hand as shown at the end: declared melds and the tiles still held (for rule
    sets that score every player's hand: classical)."""

    melds: tuple[Meld, ...]
    concealed: tuple[TileId, ...]
    seat_wind: Wind
    prevalent_wind: Wind = Wind.E
    flowers: int = 0
