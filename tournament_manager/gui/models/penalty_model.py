"""A sheet's penalties and incidents, kept apart from the hands (outside the zero sum)."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from PySide6.QtCore import QT_TRANSLATE_NOOP, Qt

from tournament_manager.domain.model import Penalty, Player
from tournament_manager.domain.settings import PenaltyMode
from tournament_manager.exports.text import plain
from tournament_manager.gui.models.row_list import Index, RowListModel
from tournament_manager.gui.models.wording import reason_label, signed

COLUMNS = (
    QT_TRANSLATE_NOOP("PenaltyModel", "Player"),
    QT_TRANSLATE_NOOP("PenaltyModel", "Reason"),
    QT_TRANSLATE_NOOP("PenaltyModel", "Points"),
    QT_TRANSLATE_NOOP("PenaltyModel", "Hand"),
    QT_TRANSLATE_NOOP("PenaltyModel", "Note"),
)


class PenaltyModel(RowListModel[Penalty]):
    columns = COLUMNS

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self._names: dict[int, str] = {}

    def set_penalties(self, penalties: tuple[Penalty, ...], players: tuple[Player, ...]) -> None:
        self._names = {p.id: p.name for p in players}
        self._set_rows(penalties)

    def _points(self, penalty: Penalty) -> str:
        """−30, and where the points go to the other three (an MCR false win), "+10 to
        each other player": the sheet's totals add up only with both."""
        if not penalty.points:
            return self.tr("incident")
        lost = signed(-penalty.points)
        if penalty.mode is not PenaltyMode.DISTRIBUTE:
            return lost
        return self.tr("{lost} (+{share} to each other player)").format(
            lost=lost, share=plain(Fraction(penalty.points, 3)))

    def penalty_at(self, row: int) -> Penalty:
        return self.row_at(row)

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        """Points as the offender's loss, with its minus sign, like the sheet's deltas."""
        if index.isValid() and role == Qt.ItemDataRole.TextAlignmentRole and index.column() == 2:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        if not index.isValid() or role != Qt.ItemDataRole.DisplayRole:
            return None
        penalty = self._rows[index.row()]
        return (self._names.get(penalty.player_id, str(penalty.player_id)),
                reason_label(penalty.reason),
                self._points(penalty),
                "" if penalty.hand_number is None else str(penalty.hand_number),
                penalty.note)[index.column()]
