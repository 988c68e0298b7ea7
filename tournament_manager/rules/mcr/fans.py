"""The 81 MCR fans (Green Book numbering) and their values per profile (spec §5).

A fan is an `IntEnum` member whose value is its Green Book number, so a fan count can live in
a plain list indexed by fan and the output id is the number. The one fan outside the book,
MahjongGB's "Concealed Kong and Melded Kong", is numbered after the 81 and has the id `ck+mk`.
"""

from __future__ import annotations

from enum import IntEnum
from typing import Final


class Fan(IntEnum):
    BIG_FOUR_WINDS = 1
    BIG_THREE_DRAGONS = 2
    ALL_GREEN = 3
    NINE_GATES = 4
    FOUR_KONGS = 5
    SEVEN_SHIFTED_PAIRS = 6
    THIRTEEN_ORPHANS = 7
    ALL_TERMINALS = 8
    LITTLE_FOUR_WINDS = 9
    LITTLE_THREE_DRAGONS = 10
    ALL_HONORS = 11
    FOUR_CONCEALED_PUNGS = 12
    PURE_TERMINAL_CHOWS = 13
    QUADRUPLE_CHOW = 14
    FOUR_PURE_SHIFTED_PUNGS = 15
    FOUR_PURE_SHIFTED_CHOWS = 16
    THREE_KONGS = 17
    ALL_TERMINALS_AND_HONORS = 18
    SEVEN_PAIRS = 19
    GREATER_HONORS_AND_KNITTED = 20
    ALL_EVEN_PUNGS = 21
    FULL_FLUSH = 22
    PURE_TRIPLE_CHOW = 23
    PURE_SHIFTED_PUNGS = 24
    UPPER_TILES = 25
    MIDDLE_TILES = 26
    LOWER_TILES = 27
    PURE_STRAIGHT = 28
    THREE_SUITED_TERMINAL_CHOWS = 29
    PURE_SHIFTED_CHOWS = 30
    ALL_FIVES = 31
    TRIPLE_PUNG = 32
    THREE_CONCEALED_PUNGS = 33
    LESSER_HONORS_AND_KNITTED = 34
    KNITTED_STRAIGHT = 35
    UPPER_FOUR = 36
    LOWER_FOUR = 37
    BIG_THREE_WINDS = 38
    MIXED_STRAIGHT = 39
    REVERSIBLE_TILES = 40
    MIXED_TRIPLE_CHOW = 41
    MIXED_SHIFTED_PUNGS = 42
    CHICKEN_HAND = 43
    LAST_TILE_DRAW = 44
    LAST_TILE_CLAIM = 45
    OUT_WITH_REPLACEMENT_TILE = 46
    ROBBING_THE_KONG = 47
    TWO_CONCEALED_KONGS = 48
    ALL_PUNGS = 49
    HALF_FLUSH = 50
    MIXED_SHIFTED_CHOWS = 51
    ALL_TYPES = 52
    MELDED_HAND = 53
    TWO_DRAGON_PUNGS = 54
    OUTSIDE_HAND = 55
    FULLY_CONCEALED_HAND = 56
    TWO_MELDED_KONGS = 57
    LAST_TILE = 58
    DRAGON_PUNG = 59
    PREVALENT_WIND = 60
    SEAT_WIND = 61
    CONCEALED_HAND = 62
    ALL_CHOWS = 63
    TILE_HOG = 64
    DOUBLE_PUNG = 65
    TWO_CONCEALED_PUNGS = 66
    CONCEALED_KONG = 67
    ALL_SIMPLES = 68
    PURE_DOUBLE_CHOW = 69
    MIXED_DOUBLE_CHOW = 70
    SHORT_STRAIGHT = 71
    TWO_TERMINAL_CHOWS = 72
    PUNG_OF_TERMINALS_OR_HONORS = 73
    MELDED_KONG = 74
    ONE_VOIDED_SUIT = 75
    NO_HONORS = 76
    EDGE_WAIT = 77
    CLOSED_WAIT = 78
    SINGLE_WAIT = 79
    SELF_DRAWN = 80
    FLOWER_TILES = 81
    CONCEALED_KONG_AND_MELDED_KONG = 82  # MahjongGB only

    @property
    def id(self) -> str:
        return "ck+mk" if self is Fan.CONCEALED_KONG_AND_MELDED_KONG else str(self.value)

    @property
    def fan_name(self) -> str:
        return FAN_NAMES[self]


FAN_SLOTS: Final = max(Fan) + 1  # length of a count list indexed by fan

_GROUPS: Final = (
    (88, range(1, 8)),
    (64, range(8, 14)),
    (48, range(14, 16)),
    (32, range(16, 19)),
    (24, range(19, 28)),
    (16, range(28, 34)),
    (12, range(34, 39)),
    (8, range(39, 49)),
    (6, range(49, 55)),
    (4, range(55, 59)),
    (2, range(59, 69)),
    (1, range(69, 82)),
)

#: Green Book values; profiles override a few (see `options.McrOptions.values`).
BOOK_VALUES: Final[dict[Fan, int]] = {
    **{Fan(number): points for points, numbers in _GROUPS for number in numbers},
    Fan.CONCEALED_KONG_AND_MELDED_KONG: 5,
}

#: Fans whose group membership the oracle lists differently: two concealed kongs 6 (P1).
MAHJONGGB_VALUES: Final[dict[Fan, int]] = {**BOOK_VALUES, Fan.TWO_CONCEALED_KONGS: 6}

FAN_NAMES: Final[dict[Fan, str]] = {
    Fan.BIG_FOUR_WINDS: "Big Four Winds",
    Fan.BIG_THREE_DRAGONS: "Big Three Dragons",
    Fan.ALL_GREEN: "All Green",
    Fan.NINE_GATES: "Nine Gates",
    Fan.FOUR_KONGS: "Four Kongs",
    Fan.SEVEN_SHIFTED_PAIRS: "Seven Shifted Pairs",
    Fan.THIRTEEN_ORPHANS: "Thirteen Orphans",
    Fan.ALL_TERMINALS: "All Terminals",
    Fan.LITTLE_FOUR_WINDS: "Little Four Winds",
    Fan.LITTLE_THREE_DRAGONS: "Little Three Dragons",
    Fan.ALL_HONORS: "All Honors",
    Fan.FOUR_CONCEALED_PUNGS: "Four Concealed Pungs",
    Fan.PURE_TERMINAL_CHOWS: "Pure Terminal Chows",
    Fan.QUADRUPLE_CHOW: "Quadruple Chow",
    Fan.FOUR_PURE_SHIFTED_PUNGS: "Four Pure Shifted Pungs",
    Fan.FOUR_PURE_SHIFTED_CHOWS: "Four Pure Shifted Chows",
    Fan.THREE_KONGS: "Three Kongs",
    Fan.ALL_TERMINALS_AND_HONORS: "All Terminals and Honors",
    Fan.SEVEN_PAIRS: "Seven Pairs",
    Fan.GREATER_HONORS_AND_KNITTED: "Greater Honors and Knitted Tiles",
    Fan.ALL_EVEN_PUNGS: "All Even Pungs",
    Fan.FULL_FLUSH: "Full Flush",
    Fan.PURE_TRIPLE_CHOW: "Pure Triple Chow",
    Fan.PURE_SHIFTED_PUNGS: "Pure Shifted Pungs",
    Fan.UPPER_TILES: "Upper Tiles",
    Fan.MIDDLE_TILES: "Middle Tiles",
    Fan.LOWER_TILES: "Lower Tiles",
    Fan.PURE_STRAIGHT: "Pure Straight",
    Fan.THREE_SUITED_TERMINAL_CHOWS: "Three-Suited Terminal Chows",
    Fan.PURE_SHIFTED_CHOWS: "Pure Shifted Chows",
    Fan.ALL_FIVES: "All Fives",
    Fan.TRIPLE_PUNG: "Triple Pung",
    Fan.THREE_CONCEALED_PUNGS: "Three Concealed Pungs",
    Fan.LESSER_HONORS_AND_KNITTED: "Lesser Honors and Knitted Tiles",
    Fan.KNITTED_STRAIGHT: "Knitted Straight",
    Fan.UPPER_FOUR: "Upper Four",
    Fan.LOWER_FOUR: "Lower Four",
    Fan.BIG_THREE_WINDS: "Big Three Winds",
    Fan.MIXED_STRAIGHT: "Mixed Straight",
    Fan.REVERSIBLE_TILES: "Reversible Tiles",
    Fan.MIXED_TRIPLE_CHOW: "Mixed Triple Chow",
    Fan.MIXED_SHIFTED_PUNGS: "Mixed Shifted Pungs",
    Fan.CHICKEN_HAND: "Chicken Hand",
    Fan.LAST_TILE_DRAW: "Last Tile Draw",
    Fan.LAST_TILE_CLAIM: "Last Tile Claim",
    Fan.OUT_WITH_REPLACEMENT_TILE: "Out with Replacement Tile",
    Fan.ROBBING_THE_KONG: "Robbing the Kong",
    Fan.TWO_CONCEALED_KONGS: "Two Concealed Kongs",
    Fan.ALL_PUNGS: "All Pungs",
    Fan.HALF_FLUSH: "Half Flush",
    Fan.MIXED_SHIFTED_CHOWS: "Mixed Shifted Chows",
    Fan.ALL_TYPES: "All Types",
    Fan.MELDED_HAND: "Melded Hand",
    Fan.TWO_DRAGON_PUNGS: "Two Dragon Pungs",
    Fan.OUTSIDE_HAND: "Outside Hand",
    Fan.FULLY_CONCEALED_HAND: "Fully Concealed Hand",
    Fan.TWO_MELDED_KONGS: "Two Melded Kongs",
    Fan.LAST_TILE: "Last Tile",
    Fan.DRAGON_PUNG: "Dragon Pung",
    Fan.PREVALENT_WIND: "Prevalent Wind",
    Fan.SEAT_WIND: "Seat Wind",
    Fan.CONCEALED_HAND: "Concealed Hand",
    Fan.ALL_CHOWS: "All Chows",
    Fan.TILE_HOG: "Tile Hog",
    Fan.DOUBLE_PUNG: "Double Pung",
    Fan.TWO_CONCEALED_PUNGS: "Two Concealed Pungs",
    Fan.CONCEALED_KONG: "Concealed Kong",
    Fan.ALL_SIMPLES: "All Simples",
    Fan.PURE_DOUBLE_CHOW: "Pure Double Chow",
    Fan.MIXED_DOUBLE_CHOW: "Mixed Double Chow",
    Fan.SHORT_STRAIGHT: "Short Straight",
    Fan.TWO_TERMINAL_CHOWS: "Two Terminal Chows",
    Fan.PUNG_OF_TERMINALS_OR_HONORS: "Pung of Terminals or Honors",
    Fan.MELDED_KONG: "Melded Kong",
    Fan.ONE_VOIDED_SUIT: "One Voided Suit",
    Fan.NO_HONORS: "No Honors",
    Fan.EDGE_WAIT: "Edge Wait",
    Fan.CLOSED_WAIT: "Closed Wait",
    Fan.SINGLE_WAIT: "Single Wait",
    Fan.SELF_DRAWN: "Self-Drawn",
    Fan.FLOWER_TILES: "Flower Tiles",
    Fan.CONCEALED_KONG_AND_MELDED_KONG: "Concealed Kong and Melded Kong",
}

FANS_BY_ID: Final[dict[str, Fan]] = {fan.id: fan for fan in Fan}
