"""Cuts: the rounds of the format and the button that ends a round with its cut."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from tournament_manager.domain.model import StageStatus
from tournament_manager.gui.app_context import AppContext
from tournament_manager.gui.changes import Topic
from tournament_manager.gui.commands.rounds import MakeCut
from tournament_manager.gui.errors import EXPECTED_ERRORS
from tournament_manager.services.setup import RoundSummary, round_summaries

COLUMNS = ("Round", "Kind", "Sessions", "Keeps", "Carry", "Status", "Entrants")


class CutsPage(QWidget):
    def __init__(self, context: AppContext, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("cuts_page")
        self._context = context
        self._rounds: tuple[RoundSummary, ...] = ()
        self.table = QTableWidget(0, len(COLUMNS), self)
        self.table.setObjectName("rounds_table")
        self.table.setHorizontalHeaderLabels([self.tr(c) for c in COLUMNS])
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.verticalHeader().hide()
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        self.cut_button = QPushButton(self.tr("Make cut after the selected round"), self)
        self.cut_button.setObjectName("make_cut")
        self.cut_button.clicked.connect(self.make_cut)
        self.result = QLabel(self)
        self.result.setObjectName("cut_result")
        self.result.setWordWrap(True)
        note = QLabel(self.tr("A cut takes the top players of a finished round into the next "
                              "round, carrying the next round's fraction of their totals. "
                              "Undo takes it back while the next round has no draw."), self)
        note.setWordWrap(True)
        bar = QHBoxLayout()
        bar.addWidget(self.cut_button)
        bar.addWidget(self.result, 1)
        layout = QVBoxLayout(self)
        layout.addWidget(note)
        layout.addWidget(self.table, 1)
        layout.addLayout(bar)
        context.hub.changed.connect(self._changed)

    def _changed(self, topic: str) -> None:
        if topic in (Topic.DOCUMENT, Topic.SETTINGS, Topic.ROUNDS, Topic.SHEET):
            self.reload()

    def reload(self) -> None:
        chosen = self.table.currentRow()
        self._rounds = ()
        if self._context.has_document:
            try:
                self._rounds = round_summaries(self._context.unit_of_work())
            except EXPECTED_ERRORS:
                pass
        self.table.setRowCount(len(self._rounds))
        for row, summary in enumerate(self._rounds):
            plan = summary.round
            sessions = summary.session_numbers
            values = (str(plan.number), plan.kind.value.capitalize(),
                      f"{sessions[0]}–{sessions[-1]}" if len(sessions) > 1
                      else "".join(map(str, sessions)),
                      "—" if plan.advance is None else str(plan.advance),
                      f"{plan.carry:g}", plan.status.value.capitalize(),
                      str(summary.entrants) if summary.entrants else "")
            for column, text in enumerate(values):
                item = QTableWidgetItem(text)
                item.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
                self.table.setItem(row, column, item)
        first_open = next((i for i, s in enumerate(self._rounds)
                           if s.round.advance is not None
                           and s.round.status is not StageStatus.FINISHED), 0)
        self.table.selectRow(chosen if 0 <= chosen < len(self._rounds) else first_open)

    def make_cut(self) -> None:
        row = self.table.currentRow()
        if not 0 <= row < len(self._rounds):
            return
        number = self._rounds[row].round.number
        command = MakeCut(self._context.runner.context, number)
        if self._context.run(command):
            self.result.setText(self.tr("{n} players go on to round {next}.").format(
                n=len(command.advancing), next=number + 1))
