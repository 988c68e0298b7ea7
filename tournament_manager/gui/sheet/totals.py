"""The sheet's footer: hand totals, raw scores after penalties, converted scores.

The four columns share the width equally and the names in their headers are elided
(whole in the tooltip), so a long name never widens the page past the window.
"""

from __future__ import annotations

from PySide6.QtCore import QT_TRANSLATE_NOOP, Qt
from PySide6.QtGui import QFont
from PySide6.QtWidgets import QGridLayout, QGroupBox, QLabel, QWidget

from tournament_manager.gui.models.wording import signed
from tournament_manager.gui.sheet.elide import ElidedLabel
from tournament_manager.services.views import SheetView

ROWS = (
    QT_TRANSLATE_NOOP("TotalsPanel", "Session total (hands)"),
    QT_TRANSLATE_NOOP("TotalsPanel", "Raw (with penalties)"),
    QT_TRANSLATE_NOOP("TotalsPanel", "Converted"),
)


class TotalsPanel(QGroupBox):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("totals_panel")
        self.setFlat(True)
        layout = QGridLayout(self)
        layout.setContentsMargins(4, 0, 4, 0)
        layout.setVerticalSpacing(0)
        self.headers = [ElidedLabel("", self) for _ in range(4)]
        self.cells = [[QLabel(self) for _ in range(4)] for _ in ROWS]
        for column, label in enumerate(self.headers, start=1):
            label.setObjectName(f"total_header_{column}")
            bold = QFont(label.font())
            bold.setBold(True)
            label.setFont(bold)
            label.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            layout.addWidget(label, 0, column)
            layout.setColumnStretch(column, 1)
        for row, title in enumerate(ROWS, start=1):
            layout.addWidget(QLabel(self.tr(title), self), row, 0)
            for column, cell in enumerate(self.cells[row - 1], start=1):
                cell.setObjectName(f"total_{row}_{column}")
                cell.setAlignment(Qt.AlignmentFlag.AlignRight)
                layout.addWidget(cell, row, column)

    def set_view(self, view: SheetView | None) -> None:
        for column in range(4):
            player = view.players[column] if view and column < len(view.players) else None
            self.headers[column].setText(f"{'ESWN'[column]} {player.name}" if player else "")
            values = ((signed(view.hand_totals[column]), signed(float(view.raw_totals[column])),
                       signed(view.converted[column], 2))
                      if view is not None and player is not None else ("", "", ""))
            for row, text in enumerate(values):
                self.cells[row][column].setText(text)
