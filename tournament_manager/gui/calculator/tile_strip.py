"""A row of tile images in groups (the hand as built, or the arrangement found).

Painted, not laid out: the strip is as wide as its place gives it and never asks for more,
shrinking the tiles when a hand of eighteen (four kongs) would not fit. A strip of labels
grew with every tile and pushed the tile picker beside it, so a judge's next click landed
on the wrong tile.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QRect, QSize
from PySide6.QtGui import QPainter, QPaintEvent
from PySide6.QtWidgets import QSizePolicy, QWidget

from tournament_manager.gui.calculator.tile_icons import tile_icon
from tournament_manager.rules.tiles import TileId, parse_tiles, tile_code

TILE_SIZE = QSize(27, 36)
GROUP_GAP = 10
TILE_GAP = 1


class TileStrip(QWidget):
    def __init__(self, parent: QWidget | None = None, tile_size: QSize = TILE_SIZE) -> None:
        super().__init__(parent)
        self._size = tile_size
        self._groups: list[list[str]] = []
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)
        self.setFixedHeight(tile_size.height())

    def groups(self) -> list[list[str]]:
        return [list(group) for group in self._groups]

    def set_groups(self, groups: Sequence[Sequence[TileId]]) -> None:
        self._groups = [[tile_code(t) for t in group] for group in groups]
        self.setToolTip(" ".join("".join(group) for group in self._groups))
        self.update()

    def sizeHint(self) -> QSize:
        return QSize(self._size.width() * 8, self._size.height())

    def tile_rects(self) -> list[QRect]:
        """Where each tile is drawn at the strip's present width, in order."""
        count = sum(len(group) for group in self._groups)
        if not count:
            return []
        gaps = GROUP_GAP * (len(self._groups) - 1) + TILE_GAP * (count - len(self._groups))
        natural = self._size.width()
        width = max(4, min(natural, (self.width() - gaps) // count))
        height = min(self._size.height(), round(width * self._size.height() / natural))
        rects, x = [], 0
        for number, group in enumerate(self._groups):
            if number:
                x += GROUP_GAP - TILE_GAP
            for _tile in group:
                rects.append(QRect(x, (self.height() - height) // 2, width, height))
                x += width + TILE_GAP
        return rects

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        tiles = [parse_tiles(code)[0] for group in self._groups for code in group]
        for tile, rect in zip(tiles, self.tile_rects()):
            painter.drawPixmap(rect, tile_icon(tile).pixmap(self._size))
        painter.end()
