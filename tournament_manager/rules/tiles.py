"""Tiles as small integers, seat winds, and the tile-code notation of hand-format.md.

Scoring searches many arrangements per hand, so a tile is an index 0..33 into a count array
(1m..9m, 1p..9p, 1s..9s, E S W N, Wd Gd Rd) rather than an object: counting, offsetting a
sequence and hashing a suit's count tuple stay cheap. Codes are the boundary format only.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import Enum
from typing import Final

from tournament_manager.rules.errors import HandError, HandErrorCode, HandProblem

TileId = int

TILE_KINDS: Final = 34
SUIT_LETTERS: Final = "mps"
FIRST_HONOR: Final = 27
FIRST_DRAGON: Final = 31
_HONOR_CODES: Final = ("E", "S", "W", "N", "Wd", "Gd", "Rd")


class Wind(Enum):
    """A seat. The seat also names the winner's own wind, a value honor in Zung Jung."""

    E = "E"
    S = "S"
    W = "W"
    N = "N"

    @property
    def tile(self) -> TileId:
        return FIRST_HONOR + _WIND_ORDER.index(self)


_WIND_ORDER: Final = (Wind.E, Wind.S, Wind.W, Wind.N)
WINDS: Final = _WIND_ORDER


def tile_code(tile: TileId) -> str:
    if tile >= FIRST_HONOR:
        return _HONOR_CODES[tile - FIRST_HONOR]
    return f"{tile % 9 + 1}{SUIT_LETTERS[tile // 9]}"


def suit_of(tile: TileId) -> int:
    """0, 1, 2 for the number suits, 3 for honors."""
    return tile // 9 if tile < FIRST_HONOR else 3


def is_honor(tile: TileId) -> bool:
    return tile >= FIRST_HONOR


def is_terminal(tile: TileId) -> bool:
    return tile < FIRST_HONOR and tile % 9 in (0, 8)


_CODE_TO_TILE: Final[dict[str, TileId]] = {tile_code(t): t for t in range(TILE_KINDS)}
_CODE_TO_TILE.update({f"{i + 1}z": FIRST_HONOR + i for i in range(7)})


def parse_tile(code: str) -> TileId:
    """One tile code, canonical (`5p`, `Wd`) or honor-number form (`5z`)."""
    tile = _CODE_TO_TILE.get(code.strip())
    if tile is None:
        raise HandError(HandProblem(HandErrorCode.UNKNOWN_TILE, tile=code))
    return tile


def parse_tiles(value: str | Sequence[str]) -> tuple[TileId, ...]:
    """A list of codes, each possibly compact, or one compact string such as `123m456pEEWdWd`."""
    if isinstance(value, str):
        return _parse_compact(value)
    tiles: list[TileId] = []
    for item in value:
        tiles.extend(_parse_compact(item))
    return tuple(tiles)


def _parse_compact(text: str) -> tuple[TileId, ...]:
    tiles: list[TileId] = []
    digits = ""
    i = 0
    while i < len(text):
        char = text[i]
        if char.isdigit():
            digits += char
        elif char in "mpsz" and digits:
            tiles.extend(parse_tile(f"{digit}{char}") for digit in digits)
            digits = ""
        elif not digits and text.startswith(("Wd", "Gd", "Rd"), i):
            tiles.append(_CODE_TO_TILE[text[i : i + 2]])
            i += 1
        elif not digits and char in "ESWN":
            tiles.append(_CODE_TO_TILE[char])
        elif not (char.isspace() or char == ","):
            raise HandError(HandProblem(HandErrorCode.UNKNOWN_TILE, tile=text))
        i += 1
    if digits:
        raise HandError(HandProblem(HandErrorCode.UNKNOWN_TILE, tile=text))
    return tuple(tiles)
