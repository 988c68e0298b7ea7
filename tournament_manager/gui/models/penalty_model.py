"""A sheet's penalties and incidents, kept apart from the hands (outside the zero sum)."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt

from tournament_manager.domain.model import Penalty, Player
from tournament_manager.gui.models.wording import reason_label

Index = QModelIndex | QPersistentModelIndex
ROOT = QModelIndex()
COLUMNS = ("Player", "Reason", "Points", "Hand", "Note")


class PenaltyModel(QAbstractTableModel):
    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self._penalties: tuple[Penalty, ...] = ()
        self._names: dict[int, str] = {}

    def set_penalties(self, penalties: tuple[Penalty, ...], players: tuple[Player, ...]) -> None:
        self.beginResetModel()
        self._penalties = penalties
        self._names = {p.id: p.name for p in players}
        self.endResetModel()

    def penalty_at(self, row: int) -> Penalty:
        return self._penalties[row]

    def rowCount(self, parent: Index = ROOT) -> int:
        return 0 if parent.isValid() else len(self._penalties)

    def columnCount(self, parent: Index = ROOT) -> int:
        return 0 if parent.isValid() else len(COLUMNS)

    def headerData(self, section: int, orientation: Qt.Orientation,
                   role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if role == Qt.ItemDataRole.DisplayRole and orientation == Qt.Orientation.Horizontal:
            return self.tr(COLUMNS[section])
        return None

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or role != Qt.ItemDataRole.DisplayRole:
            return None
        penalty = self._penalties[index.row()]
        return (self._names.get(penalty.player_id, str(penalty.player_id)),
                reason_label(penalty.reason),
                str(penalty.points) if penalty.points else self.tr("incident"),
                "" if penalty.hand_number is None else str(penalty.hand_number),
                penalty.note)[index.column()]
