"""A session's tables as a grid (one row per table, players in E, S, W, N order), and the
same seating by player name for the projector.

The grid shows either a stored seating or a computed draw not yet published, so the head
judge reads the proposal in the same grid the published tables will have.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PySide6.QtCore import QModelIndex, Qt

from tournament_manager.gui.models.row_list import Index, RowListModel

PlayerRole = Qt.ItemDataRole.UserRole
TableRow = tuple[int, tuple[int, ...]]


class SeatingModel(RowListModel[TableRow]):
    columns = ("Table", "East", "South", "West", "North")

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self._names: Mapping[int, str] = {}

    def set_tables(self, tables: Sequence[tuple[int, Sequence[int]]],
                   names: Mapping[int, str]) -> None:
        """(table number, player ids in E, S, W, N order) for each table."""
        self._names = dict(names)
        self._set_rows((number, tuple(players)) for number, players in tables)

    def player_at(self, index: QModelIndex) -> int | None:
        if not index.isValid() or index.column() == 0:
            return None
        return self._rows[index.row()][1][index.column() - 1]

    def table_number(self, row: int) -> int:
        return self._rows[row][0]

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        number, players = self._rows[index.row()]
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


class PlayerSeatsModel(RowListModel[tuple[str, int, str]]):
    """Where each player sits, by name: what a room of players looks for on the projector."""

    columns = ("Player", "Table", "Seat")

    def set_seats(self, rows: Sequence[tuple[str, int, str]]) -> None:
        """(player name, table number, seat wind) rows; shown sorted by name."""
        self._set_rows(sorted(rows, key=lambda row: (row[0].casefold(), row[1])))

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or role != Qt.ItemDataRole.DisplayRole:
            return None
        return str(self._rows[index.row()][index.column()])
