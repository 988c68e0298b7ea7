"""A session's tables as a grid: one row per table, the players in E, S, W, N order.

It shows either a stored seating or a computed draw not yet published, so the head judge
reads the proposal in the same grid the published tables will have.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt

Index = QModelIndex | QPersistentModelIndex
ROOT = QModelIndex()
HEADERS = ("Table", "East", "South", "West", "North")
PlayerRole = Qt.ItemDataRole.UserRole


class SeatingModel(QAbstractTableModel):
    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self._tables: tuple[tuple[int, tuple[int, ...]], ...] = ()
        self._names: Mapping[int, str] = {}

    def set_tables(self, tables: Sequence[tuple[int, Sequence[int]]],
                   names: Mapping[int, str]) -> None:
        """(table number, player ids in E, S, W, N order) for each table."""
        self.beginResetModel()
        self._tables = tuple((number, tuple(players)) for number, players in tables)
        self._names = dict(names)
        self.endResetModel()

    def player_at(self, index: QModelIndex) -> int | None:
        if not index.isValid() or index.column() == 0:
            return None
        return self._tables[index.row()][1][index.column() - 1]

    def table_number(self, row: int) -> int:
        return self._tables[row][0]

    def rowCount(self, parent: Index = ROOT) -> int:
        return 0 if parent.isValid() else len(self._tables)

    def columnCount(self, parent: Index = ROOT) -> int:
        return 0 if parent.isValid() else len(HEADERS)

    def headerData(self, section: int, orientation: Qt.Orientation,
                   role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if role != Qt.ItemDataRole.DisplayRole or orientation != Qt.Orientation.Horizontal:
            return None
        return HEADERS[section] if 0 <= section < len(HEADERS) else None

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        number, players = self._tables[index.row()]
        column = index.column()
        if role == Qt.ItemDataRole.DisplayRole:
            if column == 0:
                return str(number)
            player = players[column - 1]
            return self._names.get(player, str(player))
        if role == PlayerRole and column > 0:
            return players[column - 1]
        if role == Qt.ItemDataRole.TextAlignmentRole and column == 0:
            return int(Qt.AlignmentFlag.AlignCenter)
        return None


class PlayerSeatsModel(QAbstractTableModel):
    """Where each player sits, by name: what a room of players looks for on the projector."""

    HEADERS = ("Player", "Table", "Seat")

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self._rows: tuple[tuple[str, int, str], ...] = ()

    def set_seats(self, rows: Sequence[tuple[str, int, str]]) -> None:
        """(player name, table number, seat wind) rows; shown sorted by name."""
        self.beginResetModel()
        self._rows = tuple(sorted(rows, key=lambda row: (row[0].casefold(), row[1])))
        self.endResetModel()

    def rowCount(self, parent: Index = ROOT) -> int:
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: Index = ROOT) -> int:
        return 0 if parent.isValid() else len(self.HEADERS)

    def headerData(self, section: int, orientation: Qt.Orientation,
                   role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if role != Qt.ItemDataRole.DisplayRole or orientation != Qt.Orientation.Horizontal:
            return None
        return self.HEADERS[section] if 0 <= section < len(self.HEADERS) else None

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or role != Qt.ItemDataRole.DisplayRole:
            return None
        return str(self._rows[index.row()][index.column()])
