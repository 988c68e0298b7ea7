"""One table's score sheet as a grid: a row per hand, a delta and a running total per player.

Names are elided in the narrow columns the grid gives them (`gui.sheet.grid_columns`),
so every cell and header with a name also says it whole in its tooltip.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import (
    QT_TRANSLATE_NOOP,
    QAbstractTableModel,
    QModelIndex,
    QPersistentModelIndex,
    Qt,
)

from tournament_manager.gui.models.row_list import row_in
from tournament_manager.gui.models.wording import number, result_label, signed, win_type_label
from tournament_manager.messages.patterns import wins_pattern_marks
from tournament_manager.rules.registry import get_rule_set
from tournament_manager.services.views import SheetRow, SheetView

Index = QModelIndex | QPersistentModelIndex
ROOT = QModelIndex()
FIXED_COLUMNS = (
    QT_TRANSLATE_NOOP("SheetModel", "#"),
    QT_TRANSLATE_NOOP("SheetModel", "Dealer"),
    QT_TRANSLATE_NOOP("SheetModel", "Result"),
    QT_TRANSLATE_NOOP("SheetModel", "Winner"),
    QT_TRANSLATE_NOOP("SheetModel", "Win type"),
    QT_TRANSLATE_NOOP("SheetModel", "Discarder"),
    QT_TRANSLATE_NOOP("SheetModel", "Responsible"),
    QT_TRANSLATE_NOOP("SheetModel", "Value"),
    QT_TRANSLATE_NOOP("SheetModel", "Patterns"),
)
NUMBER, DEALER, RESULT, WINNER, WIN_TYPE, DISCARDER, RESPONSIBLE, VALUE, PATTERNS = range(9)
NAME_COLUMNS = (DEALER, WINNER, DISCARDER, RESPONSIBLE)


def player_columns(players: int) -> tuple[int, ...]:
    """The columns headed by a player's name (his delta per hand); Σ follows each."""
    return tuple(len(FIXED_COLUMNS) + 2 * index for index in range(players))


class SheetModel(QAbstractTableModel):
    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self._view: SheetView | None = None
        self._rows: tuple[SheetRow, ...] = ()
        self._names: dict[int, str] = {}

    @property
    def view(self) -> SheetView | None:
        return self._view

    def set_view(self, view: SheetView | None) -> None:
        self.beginResetModel()
        self._view = view
        self._rows = view.rows if view is not None else ()
        self._names = {p.id: p.name for p in view.players} if view is not None else {}
        self.endResetModel()

    def row_at(self, row: int) -> SheetRow:
        return row_in(self._rows, row)

    def rowCount(self, parent: Index = ROOT) -> int:
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: Index = ROOT) -> int:
        if parent.isValid():
            return 0
        return len(FIXED_COLUMNS) + 2 * len(self._names)

    def headerData(self, section: int, orientation: Qt.Orientation,
                   role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if role not in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole):
            return None
        if orientation == Qt.Orientation.Vertical:
            return None
        if section < len(FIXED_COLUMNS):
            return (self.tr(FIXED_COLUMNS[section]) if role == Qt.ItemDataRole.DisplayRole
                    else None)
        if self._view is None:
            return None
        player_index, running = divmod(section - len(FIXED_COLUMNS), 2)
        if player_index >= len(self._view.players):
            return None
        wind = "ESWN"[player_index]
        name = f"{wind} {self._view.players[player_index].name}"
        if role == Qt.ItemDataRole.ToolTipRole:
            return (self.tr("{player}: running total") if running
                    else self.tr("{player}: this hand")).format(player=name)
        return "Σ" if running else name

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or index.row() >= len(self._rows):
            return None
        row, column = self._rows[index.row()], index.column()
        if role == Qt.ItemDataRole.DisplayRole:
            return self._text(row, column)
        if role == Qt.ItemDataRole.TextAlignmentRole:
            if column == NUMBER or column == VALUE or column >= len(FIXED_COLUMNS):
                return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            return None
        if role == Qt.ItemDataRole.ToolTipRole and column in (PATTERNS, *NAME_COLUMNS):
            return self._text(row, column) or None
        return None

    def _name(self, player_id: int | None) -> str:
        return "" if player_id is None else self._names.get(player_id, str(player_id))

    def _text(self, row: SheetRow, column: int) -> str:
        hand = row.hand
        wins = hand.wins
        if column == NUMBER:
            return str(hand.number)
        if column == DEALER:
            return self._name(hand.dealer_id)
        if column == RESULT:
            return result_label(hand.result)
        if column == WINNER:
            return ", ".join(self._name(w.winner_id) for w in wins)
        if column == WIN_TYPE:
            return win_type_label(hand.win_type)
        if column == DISCARDER:
            return self._name(hand.discarder_id)
        if column == RESPONSIBLE:
            differs = [w for w in wins if w.responsible_id != hand.discarder_id]
            return ", ".join(self._name(w.responsible_id) or "—" for w in differs)
        if column == VALUE:
            return ", ".join(str(w.value) for w in wins)
        if column == PATTERNS:
            rule_set = self._view.tournament.settings.rule_set if self._view else ""
            return wins_pattern_marks(rule_set, (w.pattern_ids for w in wins))
        player_index, running = divmod(column - len(FIXED_COLUMNS), 2)
        if player_index >= len(row.deltas):
            return ""
        if running:
            return number(row.running[player_index])
        delta = signed(row.deltas[player_index])
        shown = self._shown_points(row, player_index)
        return delta if shown is None else self.tr("{delta}  ({points} pts)").format(
            delta=delta, points=shown)

    def _shown_points(self, row: SheetRow, player_index: int) -> int | None:
        """The hand points a player showed, where every hand is scored (classical): the
        payment comes from them, so the sheet shows both."""
        view = self._view
        if view is None or not get_rule_set(view.tournament.settings.rule_set).settles_every_hand:
            return None
        return dict(row.hand.player_points).get(view.players[player_index].id)
