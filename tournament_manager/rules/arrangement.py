"""One reading of a winning hand's tiles: which sets and pair they form, and which of them the
winning tile completed. Rule sets score an arrangement; Freedom of Count picks the best one.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from tournament_manager.rules.tiles import TileId


class Shape(Enum):
    REGULAR = "regular"
    SEVEN_PAIRS = "seven_pairs"
    THIRTEEN_TERMINALS = "thirteen_terminals"


class GroupKind(Enum):
    CHOW = "chow"
    PUNG = "pung"
    KONG = "kong"
    PAIR = "pair"
    SINGLE = "single"


@dataclass(frozen=True, slots=True)
class Group:
    """`concealed`: every tile came from the wall (a discard completing it exposes it);
    `declared`: it was a meld on the table before the win."""

    kind: GroupKind
    tiles: tuple[TileId, ...]
    concealed: bool
    declared: bool = False


@dataclass(frozen=True, slots=True)
class Arrangement:
    """`winning_group` indexes the group the winning tile completed."""

    shape: Shape
    groups: tuple[Group, ...]
    winning_group: int
