"""The shape most of our tables share: a tuple of rows under fixed, translated headers.

Subclasses say what a cell shows (`data`); counting rows and columns, the header and the
reset on new data are the same for the players, penalties and seating tables.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, Generic, TypeVar

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt

R = TypeVar("R")
Index = QModelIndex | QPersistentModelIndex
ROOT = QModelIndex()


def row_in(rows: Sequence[R], row: int) -> R:
    """`rows[row]`, a negative row being an error, not Python's count from the end: a row
    looked up as -1, "not found", edited the last player in the list. Every list model's
    `row_at` goes through here."""
    if row < 0:
        raise IndexError(row)
    return rows[row]


class RowListModel(QAbstractTableModel, Generic[R]):
    columns: tuple[str, ...] = ()

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self._rows: tuple[R, ...] = ()

    def _set_rows(self, rows: Iterable[R]) -> None:
        self.beginResetModel()
        self._rows = tuple(rows)
        self.endResetModel()

    def row_at(self, row: int) -> R:
        return row_in(self._rows, row)

    def rowCount(self, parent: Index = ROOT) -> int:
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: Index = ROOT) -> int:
        return 0 if parent.isValid() else len(self.columns)

    def headerData(self, section: int, orientation: Qt.Orientation,
                   role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if (role == Qt.ItemDataRole.DisplayRole and orientation == Qt.Orientation.Horizontal
                and 0 <= section < len(self.columns)):
            return self.tr(self.columns[section])
        return None
