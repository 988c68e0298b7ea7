"""The standings as a table: rank, registration number, player, totals and each session's
converted score.

The ranked field comes first, in the service's order; players who take no place follow:
substitutes, then withdrawn players, greyed and marked "withdrawn" instead of a rank.
Players the tie-break chain cannot separate show the same rank.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import (
    QT_TRANSLATE_NOOP,
    QAbstractTableModel,
    QCoreApplication,
    QModelIndex,
    QPersistentModelIndex,
    Qt,
)
from PySide6.QtGui import QFont, QGuiApplication, QPalette

from tournament_manager.exports.text import DRAW_MARK, late_entry_text
from tournament_manager.gui.models.row_list import row_in
from tournament_manager.services.standings import Standings, StandingsRow

Index = QModelIndex | QPersistentModelIndex
ROOT = QModelIndex()
FIXED = (
    QT_TRANSLATE_NOOP("StandingsModel", "Rank"),
    QT_TRANSLATE_NOOP("StandingsModel", "No."),
    QT_TRANSLATE_NOOP("StandingsModel", "Player"),
    QT_TRANSLATE_NOOP("StandingsModel", "Country"),
    QT_TRANSLATE_NOOP("StandingsModel", "Round"),
    QT_TRANSLATE_NOOP("StandingsModel", "Total"),
    QT_TRANSLATE_NOOP("StandingsModel", "Raw"),
)
RANK, REGISTRATION, PLAYER, COUNTRY, ROUND, TOTAL, RAW = range(7)
CARRIED = len(FIXED)
"""After a cut: what each player carried into his round (the column is there only then,
before the sessions, as on the printed standings and in the workbook)."""
TEXT_COLUMNS = (PLAYER, COUNTRY)


def shared_places(rows: tuple[StandingsRow, ...]) -> frozenset[int]:
    """Ranks held by more than one player: the tie-breaks could not separate them."""
    ranks = [row.rank for row in rows if row.rank is not None]
    return frozenset(rank for rank in ranks if ranks.count(rank) > 1)


def rank_cell(row: StandingsRow) -> str:
    """A rank as the window shows it, wherever it does (Standings and Cuts): "5", "5†" when
    the recorded draw placed him, "withdrawn", or nothing for a substitute. The Cuts page
    showed a bare "5" where Standings showed "5†" for the same player."""
    if row.withdrawn:
        return QCoreApplication.translate("StandingsModel", "withdrawn")
    if row.rank is None:
        return ""
    return f"{row.rank}{DRAW_MARK}" if row.placed_by_draw else str(row.rank)


def rank_tip(row: StandingsRow, shared: frozenset[int]) -> str | None:
    """What a rank cell's tooltip says of how the place was taken (None: by the scores)."""
    if row.withdrawn:
        return QCoreApplication.translate("StandingsModel",
                                          "Withdrawn: results shown, no place taken")
    if row.rank is None:
        return QCoreApplication.translate("StandingsModel",
                                          "Substitute: results shown, no place taken")
    if row.rank in shared:
        return QCoreApplication.translate(
            "StandingsModel", "Shared place: the tie-breaks cannot separate these players")
    if row.placed_by_draw:
        return QCoreApplication.translate(
            "StandingsModel", "Level on score and raw total with a player next to him in "
            "his round: the recorded draw placed him")
    return None


def _placing_group(row: StandingsRow) -> int:
    """0: ranked; 1: takes no place (a substitute); 2: withdrawn."""
    if row.rank is not None:
        return 0
    return 2 if row.withdrawn else 1


class StandingsModel(QAbstractTableModel):
    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self._rows: tuple[StandingsRow, ...] = ()
        self._sessions: tuple[int, ...] = ()
        self._shared: frozenset[int] = frozenset()
        self._carried = False

    def set_standings(self, standings: Standings | None) -> None:
        self.beginResetModel()
        rows = standings.rows if standings is not None else ()
        self._rows = tuple(sorted(rows, key=_placing_group))  # stable: keeps the order
        self._sessions = tuple(sorted({s.session_number for row in self._rows
                                       for s in row.sessions}))
        self._carried = any(row.carried for row in self._rows)
        self._shared = shared_places(self._rows)
        self.endResetModel()

    def row_at(self, row: int) -> StandingsRow:
        return row_in(self._rows, row)

    def rowCount(self, parent: Index = ROOT) -> int:
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: Index = ROOT) -> int:
        return 0 if parent.isValid() else self._first_session() + len(self._sessions)

    def _first_session(self) -> int:
        return len(FIXED) + (1 if self._carried else 0)

    def headerData(self, section: int, orientation: Qt.Orientation,
                   role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if role != Qt.ItemDataRole.DisplayRole or orientation != Qt.Orientation.Horizontal:
            return None
        if section < len(FIXED):
            return self.tr(FIXED[section])
        if self._carried and section == CARRIED:
            return self.tr("Carried")
        return self.tr("S{n}").format(n=self._sessions[section - self._first_session()])

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        row, column = self._rows[index.row()], index.column()
        if role == Qt.ItemDataRole.DisplayRole:
            return self._text(row, column)
        if role == Qt.ItemDataRole.TextAlignmentRole and column not in TEXT_COLUMNS:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        if role == Qt.ItemDataRole.ForegroundRole and row.withdrawn:
            return QGuiApplication.palette().color(QPalette.ColorGroup.Disabled,
                                                   QPalette.ColorRole.Text)
        if role == Qt.ItemDataRole.FontRole and row.withdrawn:
            font = QFont()
            font.setItalic(True)
            return font
        if role == Qt.ItemDataRole.ToolTipRole and column == RANK:
            return rank_tip(row, self._shared)
        if role == Qt.ItemDataRole.ToolTipRole and column == PLAYER:
            return late_entry_text(row.player) or None
        if role == Qt.ItemDataRole.UserRole:
            return row.player.id
        return None

    def _text(self, row: StandingsRow, column: int) -> str:
        if column == RANK:
            return rank_cell(row)
        if column == REGISTRATION:
            return row.player.registration_id
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
        if self._carried and column == CARRIED:
            return f"{row.carried:.2f}".replace("-", "−") if row.round_number > 1 else ""
        number = self._sessions[column - self._first_session()]
        score = next((s for s in row.sessions if s.session_number == number), None)
        if score is None:
            # Before a late entry registered: not a session he sat out or lost.
            late = row.player.entered_after
            return self.tr("late") if late is not None and number <= late else ""
        return (f"{score.converted:.2f}".replace("-", "−")
                + ("" if score.table_number else self.tr(" (bye)")))
