"""The registered players; a QSortFilterProxyModel on top gives search, filters and order.

Names come from everywhere: "agnes" must find Ágnes and "lukasz" Łukasz (the domain's
`names.matches`, accents and case aside), and sorting by name files Ágnes with the A's,
Élodie with the E's and Łukasz with the L's, in the reader's own alphabet (Qt's
`QCollator` for the locale). Registration numbers sort as numbers (2 before 10).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCollator, QLocale, QSortFilterProxyModel, Qt

from tournament_manager.domain.model import Player, PlayerKind, PlayerStatus
from tournament_manager.domain.names import matches
from tournament_manager.gui.models.row_list import Index, RowListModel
from tournament_manager.gui.models.wording import status_label

COLUMNS = (
    QT_TRANSLATE_NOOP("PlayersModel", "Name"),
    QT_TRANSLATE_NOOP("PlayersModel", "Native name"),
    QT_TRANSLATE_NOOP("PlayersModel", "Reg. no."),
    QT_TRANSLATE_NOOP("PlayersModel", "Country"),
    QT_TRANSLATE_NOOP("PlayersModel", "Club"),
    QT_TRANSLATE_NOOP("PlayersModel", "Team"),
    QT_TRANSLATE_NOOP("PlayersModel", "Kind"),
    QT_TRANSLATE_NOOP("PlayersModel", "Status"),
)
REGISTRATION_COLUMN = 2
STATUS_COLUMN = 7
PLAYER_ROLE = Qt.ItemDataRole.UserRole
STATUS_ROLE = Qt.ItemDataRole.UserRole + 1
CUT = "cut"
"""The STATUS_ROLE of an active player whom a cut did not take on."""


LONG_TEXT = 30
"""Characters past which a cell may be cut in its column: its tooltip holds it whole."""


class PlayersModel(RowListModel[Player]):
    columns = COLUMNS

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self._cut_after: Mapping[int, int] = {}

    def set_players(self, players: tuple[Player, ...],
                    cut_after: Mapping[int, int] | None = None) -> None:
        """`cut_after`: the round each player who has been cut was cut after."""
        self._cut_after = dict(cut_after or {})
        self._set_rows(players)

    def player_at(self, row: int) -> Player:
        return self.row_at(row)

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        player = self._rows[index.row()]
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole):
            kind = self.tr("Substitute") if player.kind is PlayerKind.SUBSTITUTE else ""
            text = (player.name, player.native_name, player.registration_id, player.country,
                    player.club, player.team, kind,
                    status_label(player.status, self._cut_after.get(player.id)))[index.column()]
            if role == Qt.ItemDataRole.ToolTipRole:  # the whole of a long name, cut in view
                return text if len(text) > LONG_TEXT else None
            return text
        if role == PLAYER_ROLE:
            return player.id
        if role == STATUS_ROLE:
            if player.status is PlayerStatus.ACTIVE and player.id in self._cut_after:
                return CUT
            return player.status.value
        if role == Qt.ItemDataRole.TextAlignmentRole and index.column() == REGISTRATION_COLUMN:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        return None


def name_collator(locale: QLocale | None = None) -> QCollator:
    """Case-insensitive, numbers as numbers, for `locale` (the user's by default). Under
    the C locale (a bare server, a CI machine) Qt compares code points and puts Ágnes
    after Zoë, so that one takes English order, which files accented letters with their
    base letters."""
    locale = QLocale() if locale is None else locale
    if locale.language() in (QLocale.Language.C, QLocale.Language.AnyLanguage):
        locale = QLocale(QLocale.Language.English)
    collator = QCollator(locale)
    collator.setCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
    collator.setNumericMode(True)
    return collator


class PlayerFilter(QSortFilterProxyModel):
    """Search (every word of it in one column, accents and case aside), plus an optional
    status; sorted with the locale's collation."""

    def __init__(self, parent: Any = None, collator: QCollator | None = None) -> None:
        super().__init__(parent)
        self._status: str | None = None
        self._query = ""
        self._collator = collator or name_collator()

    def _changing(self) -> None:
        if hasattr(self, "beginFilterChange"):  # Qt 6.9+
            self.beginFilterChange()

    def _changed(self) -> None:
        if hasattr(self, "endFilterChange"):
            self.endFilterChange()
        else:
            self.invalidateRowsFilter()

    def set_status(self, status: str | None) -> None:
        self._changing()
        self._status = status
        self._changed()

    def set_query(self, text: str) -> None:
        self._changing()
        self._query = text
        self._changed()

    @property
    def narrowed(self) -> bool:
        """Whether a search or a status leaves some players out."""
        return bool(self._query.strip()) or self._status is not None

    def filterAcceptsRow(self, source_row: int, source_parent: Index) -> bool:
        model = self.sourceModel()
        if self._status is not None:
            index = model.index(source_row, 0, source_parent)
            if index.data(STATUS_ROLE) != self._status:
                return False
        if not self._query.strip():
            return True
        return any(matches(self._query, str(model.index(source_row, column, source_parent)
                                            .data() or ""))
                   for column in range(model.columnCount(source_parent)))

    def lessThan(self, left: Index, right: Index) -> bool:
        a, b = str(left.data() or ""), str(right.data() or "")
        order = self._collator.compare(a, b)
        if order == 0:  # equal to the collation (case aside): keep a stable, total order
            return left.row() < right.row()
        return order < 0
