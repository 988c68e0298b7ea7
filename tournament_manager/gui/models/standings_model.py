"""The standings as a table: rank, player, totals and each session's converted score."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt

from tournament_manager.services.standings import Standings, StandingsRow

Index = QModelIndex | QPersistentModelIndex
ROOT = QModelIndex()
FIXED = ("Rank", "Player", "Country", "Round", "Total", "Raw")
RANK, PLAYER, COUNTRY, ROUND, TOTAL, RAW = range(6)


class StandingsModel(QAbstractTableModel):
    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self._rows: tuple[StandingsRow, ...] = ()
        self._sessions: tuple[int, ...] = ()

    def set_standings(self, standings: Standings | None) -> None:
        self.beginResetModel()
        self._rows = standings.rows if standings is not None else ()
        self._sessions = tuple(sorted({s.session_number for row in self._rows
                                       for s in row.sessions}))
        self.endResetModel()

    def row_at(self, row: int) -> StandingsRow:
        return self._rows[row]

    def rowCount(self, parent: Index = ROOT) -> int:
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: Index = ROOT) -> int:
        return 0 if parent.isValid() else len(FIXED) + len(self._sessions)

    def headerData(self, section: int, orientation: Qt.Orientation,
                   role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if role != Qt.ItemDataRole.DisplayRole or orientation != Qt.Orientation.Horizontal:
            return None
        if section < len(FIXED):
            return self.tr(FIXED[section])
        return self.tr("S{n}").format(n=self._sessions[section - len(FIXED)])

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        row, column = self._rows[index.row()], index.column()
        if role == Qt.ItemDataRole.DisplayRole:
            return self._text(row, column)
        if role == Qt.ItemDataRole.TextAlignmentRole and column not in (PLAYER, COUNTRY):
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        if role == Qt.ItemDataRole.UserRole:
            return row.player.id
        return None

    def _text(self, row: StandingsRow, column: int) -> str:
        if column == RANK:
            return "" if row.rank is None else str(row.rank)
        if column == PLAYER:
            return row.player.name
        if column == COUNTRY:
            return row.player.country
        if column == ROUND:
            return str(row.round_number)
        if column == TOTAL:
            return f"{row.converted_total:.2f}".replace("-", "−")
        if column == RAW:
            return f"{row.raw_total:g}".replace("-", "−")
        number = self._sessions[column - len(FIXED)]
        score = next((s for s in row.sessions if s.session_number == number), None)
        if score is None:
            return ""
        return f"{score.converted:.2f}".replace("-", "−") + ("" if score.table_number else self.tr(" (bye)"))
