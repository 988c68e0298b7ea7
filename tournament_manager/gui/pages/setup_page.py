"""Setup: the tournament at a glance and every setting, editable until the first draw."""

from __future__ import annotations

from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QScrollArea, QVBoxLayout, QWidget

from tournament_manager.gui.app_context import AppContext
from tournament_manager.gui.changes import Topic
from tournament_manager.gui.commands.setup import UpdateSettings
from tournament_manager.gui.errors import EXPECTED_ERRORS, describe_error
from tournament_manager.gui.overview_page import OverviewPage
from tournament_manager.gui.pages.settings_form import SettingsForm
from tournament_manager.services.setup import session_summaries
from tournament_manager.services.tournaments import overview


class SetupPage(QWidget):
    def __init__(self, context: AppContext, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("setup_page")
        self._context = context
        self.overview = OverviewPage(self)
        self.overview.setMaximumHeight(230)
        self.form = SettingsForm(self)
        self.note = QLabel(self)
        self.note.setObjectName("setup_note")
        self.note.setWordWrap(True)
        self.apply_button = QPushButton(self.tr("Apply settings"), self)
        self.apply_button.setObjectName("apply_settings")
        self.apply_button.clicked.connect(self.apply)
        self.revert_button = QPushButton(self.tr("Revert"), self)
        self.revert_button.clicked.connect(self.reload)
        scroll = QScrollArea(self)
        scroll.setWidgetResizable(True)
        scroll.setWidget(self.form)
        buttons = QHBoxLayout()
        buttons.addWidget(self.note, 1)
        buttons.addWidget(self.revert_button)
        buttons.addWidget(self.apply_button)
        layout = QVBoxLayout(self)
        layout.addWidget(self.overview)
        layout.addWidget(scroll, 1)
        layout.addLayout(buttons)
        context.hub.changed.connect(self._changed)

    def _changed(self, topic: str) -> None:
        if topic in (Topic.DOCUMENT, Topic.SETTINGS, Topic.ROUNDS):
            self.reload()
        else:
            self._show_overview()

    def _show_overview(self) -> bool:
        if not self._context.has_document:
            self.overview.show_nothing_open()
            return False
        try:
            summary = overview(self._context.unit_of_work())
        except EXPECTED_ERRORS as error:
            self.overview.show_note(describe_error(error))
            return False
        self.overview.show_overview(summary)
        return True

    def reload(self) -> None:
        if not self._show_overview():
            self.form.setEnabled(False)
            self.apply_button.setEnabled(False)
            return
        tournament = overview(self._context.unit_of_work()).tournament
        self.form.show_settings(tournament.name, tournament.venue, tournament.settings)
        started = any(s.tables or s.session.status.value != "planned"
                      for s in session_summaries(self._context.unit_of_work()))
        self.form.setEnabled(not started)
        self.apply_button.setEnabled(not started)
        self.revert_button.setEnabled(not started)
        self.note.setText(self.tr("The first session has been drawn: the settings are fixed.")
                          if started else
                          self.tr("Settings can change until the first session is drawn."))

    def apply(self) -> None:
        settings = self.form.settings()
        if isinstance(settings, str):
            self._context.messages.show_problem(settings)
            return
        if self._context.run(UpdateSettings(self._context.runner.context, settings,
                                            self.form.name.text(), self.form.venue.text())):
            self._context.messages.clear()
