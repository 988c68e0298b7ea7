"""The registered players; a QSortFilterProxyModel on top gives search and filters."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QSortFilterProxyModel, Qt

from tournament_manager.domain.model import Player, PlayerKind
from tournament_manager.gui.models.row_list import Index, RowListModel
from tournament_manager.gui.models.wording import status_label

COLUMNS = ("Name", "Native name", "ID", "Country", "Club", "Team", "Kind", "Status")
STATUS_COLUMN = 7
PLAYER_ROLE = Qt.ItemDataRole.UserRole
STATUS_ROLE = Qt.ItemDataRole.UserRole + 1


class PlayersModel(RowListModel[Player]):
    columns = COLUMNS

    def set_players(self, players: tuple[Player, ...]) -> None:
        self._set_rows(players)

    def player_at(self, row: int) -> Player:
        return self.row_at(row)

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        player = self._rows[index.row()]
        if role == Qt.ItemDataRole.DisplayRole:
            kind = self.tr("Substitute") if player.kind is PlayerKind.SUBSTITUTE else ""
            return (player.name, player.native_name, player.registration_id, player.country,
                    player.club, player.team, kind, status_label(player.status))[index.column()]
        if role == PLAYER_ROLE:
            return player.id
        if role == STATUS_ROLE:
            return player.status.value
        return None


class PlayerFilter(QSortFilterProxyModel):
    """Text search over every column, plus an optional status."""

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self.setFilterCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        self.setFilterKeyColumn(-1)
        self.setSortCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        self._status: str | None = None

    def set_status(self, status: str | None) -> None:
        if hasattr(self, "beginFilterChange"):  # Qt 6.9+
            self.beginFilterChange()
            self._status = status
            self.endFilterChange()
        else:
            self._status = status
            self.invalidateRowsFilter()

    def filterAcceptsRow(self, source_row: int, source_parent: Index) -> bool:
        if self._status is not None:
            index = self.sourceModel().index(source_row, 0, source_parent)
            if index.data(STATUS_ROLE) != self._status:
                return False
        return super().filterAcceptsRow(source_row, source_parent)
