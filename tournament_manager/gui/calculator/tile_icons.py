"""Tile images from resources/icons/tiles (written by resources/icons/make_tiles.py)."""

from __future__ import annotations

from functools import cache

from PySide6.QtGui import QIcon

from tournament_manager.paths import resources_dir
from tournament_manager.rules.tiles import TileId, tile_code


@cache
def tile_icon(tile: TileId) -> QIcon:
    return QIcon(str(resources_dir() / "icons" / "tiles" / f"{tile_code(tile)}.svg"))
