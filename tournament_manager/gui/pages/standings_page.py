"""Standings, live: recomputed by the service after every change to a sheet anywhere, or
as they stood after any session (historical standings).

The page follows every change that moves the standings (`changes.VIEW_TOPICS`): hands,
penalties and signatures, players, draws, starts and finishes, cuts, settings."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from tournament_manager.exports.text import standings_notice
from tournament_manager.gui.app_context import AppContext
from tournament_manager.gui.changes import Topic
from tournament_manager.gui.errors import EXPECTED_ERRORS, describe_error
from tournament_manager.gui.formatting import compact_rows, mark_negative
from tournament_manager.gui.item_data import add_choice, choose, current_choice
from tournament_manager.gui.models.standings_model import PLAYER, StandingsModel
from tournament_manager.services.setup import session_summaries

EVERY_SESSION = 0
"""The "every session played" choice (sessions are numbered from 1)."""


class StandingsPage(QWidget):
    def __init__(self, context: AppContext, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("standings_page")
        self._context = context
        self.model = StandingsModel(self)
        self.through = QComboBox(self)
        self.through.setObjectName("standings_through")
        self.through.currentIndexChanged.connect(self.refresh)
        self.projector_button = QPushButton(self.tr("Show on projector"), self)
        self.projector_button.setObjectName("standings_projector")
        self.table = QTableView(self)
        self.table.setObjectName("standings_table")
        self.table.setModel(self.model)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setAlternatingRowColors(True)
        self.table.verticalHeader().hide()
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.table.horizontalHeader().setSectionResizeMode(PLAYER, QHeaderView.ResizeMode.Stretch)
        compact_rows(self.table)  # a screenful of players on a laptop
        self.updated = QLabel(self)
        self.updated.setObjectName("standings_updated")
        self.provisional = QLabel(self)
        self.provisional.setObjectName("standings_provisional")
        self.provisional.setWordWrap(True)
        mark_negative(self.provisional)
        self.provisional.hide()
        bar = QHBoxLayout()
        bar.addWidget(QLabel(self.tr("Standings after:"), self))
        bar.addWidget(self.through)
        bar.addStretch(1)
        bar.addWidget(self.updated)
        bar.addWidget(self.projector_button)
        layout = QVBoxLayout(self)
        layout.addLayout(bar)
        layout.addWidget(self.provisional)
        layout.addWidget(self.table, 1)
        context.hub.follow(self, self._changed)

    def _changed(self, topic: str) -> None:
        if topic == Topic.DOCUMENT:
            self.through.setCurrentIndex(0)  # another event: its standings as they stand
        if topic in (Topic.DOCUMENT, Topic.SETTINGS, Topic.ROUNDS, Topic.SESSIONS):
            self._fill_sessions()
        self.refresh()

    def _fill_sessions(self) -> None:
        chosen = current_choice(self.through)
        self.through.blockSignals(True)
        self.through.clear()
        add_choice(self.through, self.tr("every session played"), EVERY_SESSION)
        if self._context.has_document:
            try:
                for summary in session_summaries(self._context.unit_of_work()):
                    add_choice(self.through, self.tr("session {n}").format(
                        n=summary.session.number), summary.session.number)
            except EXPECTED_ERRORS:
                pass
        choose(self.through, chosen)
        self.through.blockSignals(False)

    def through_session(self) -> int | None:
        """The session the standings shown are after (None: every session played): what
        the printed standings and Show on projector show too."""
        through = current_choice(self.through)
        return through if isinstance(through, int) and through else None

    def refresh(self) -> None:
        result = None
        if self._context.has_document:
            try:
                result = self._context.standings(self.through_session())
            except EXPECTED_ERRORS as error:
                self.updated.setText(describe_error(error))
        self.model.set_standings(result)
        if result is not None:
            counts = self.tr("{ranked} ranked · {withdrawn} withdrawn").format(
                ranked=result.ranked, withdrawn=result.withdrawn)
            if result.drawn_places:
                counts = self.tr("{counts} · “†” after a rank: equal score and raw total, "
                                 "placed by the recorded draw").format(counts=counts)
            self.updated.setText(counts)
        # In the printed standings' words (`exports.text`), said in the window's language.
        notice = standings_notice(result) if result is not None else ""
        self.provisional.setText(notice)
        self.provisional.setVisible(bool(notice))
