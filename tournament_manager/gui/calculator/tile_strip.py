"""A row of tile images in groups (the hand as built, or the arrangement found)."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QSize
from PySide6.QtWidgets import QHBoxLayout, QLabel, QWidget

from tournament_manager.gui.calculator.tile_icons import tile_icon
from tournament_manager.rules.tiles import TileId, tile_code

TILE_SIZE = QSize(27, 36)
GROUP_GAP = 10


class TileStrip(QWidget):
    def __init__(self, parent: QWidget | None = None, tile_size: QSize = TILE_SIZE) -> None:
        super().__init__(parent)
        self._size = tile_size
        self._layout = QHBoxLayout(self)
        self._layout.setContentsMargins(0, 0, 0, 0)
        self._layout.setSpacing(1)
        self._layout.addStretch(1)
        self._groups: list[list[str]] = []

    def groups(self) -> list[list[str]]:
        return [list(group) for group in self._groups]

    def set_groups(self, groups: Sequence[Sequence[TileId]]) -> None:
        while self._layout.count() > 1:
            item = self._layout.takeAt(0)
            widget = item.widget() if item is not None else None
            if widget is not None:
                widget.deleteLater()
            elif item is not None and item.spacerItem() is not None:
                pass
        self._groups = [[tile_code(t) for t in group] for group in groups]
        position = 0
        for number, group in enumerate(groups):
            if number:
                self._layout.insertSpacing(position, GROUP_GAP)
                position += 1
            for tile in group:
                label = QLabel(self)
                label.setPixmap(tile_icon(tile).pixmap(self._size))
                label.setToolTip(tile_code(tile))
                self._layout.insertWidget(position, label)
                position += 1
