"""Setup: the tournament at a glance, its head judge, and every setting (editable until
the first draw; the event's name and venue stay editable after it).

The head judge's group names him, says when his passphrase was set, and changes it (the
current passphrase first) or sets it for a file that has none: without one, no signed
sheet can be corrected and no finished session reopened. "Rename…" puts another name on
him, with his passphrase.
"""

from __future__ import annotations

from PySide6.QtWidgets import (
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from tournament_manager.domain.settings import TournamentSettings
from tournament_manager.gui.app_context import AppContext
from tournament_manager.gui.changes import Topic
from tournament_manager.gui.commands.event_name import RenameEvent
from tournament_manager.gui.commands.setup import UpdateSettings
from tournament_manager.gui.errors import EXPECTED_ERRORS, describe_error
from tournament_manager.gui.formatting import local_date_time, mark_negative
from tournament_manager.gui.head_judge_dialog import PassphraseDialog
from tournament_manager.gui.overview_page import OverviewPage
from tournament_manager.gui.pages.settings_form import SettingsForm
from tournament_manager.gui.rename_head_judge_dialog import RenameHeadJudgeDialog
from tournament_manager.rules.errors import OptionError
from tournament_manager.services.head_judge import head_judge
from tournament_manager.services.setup import event_started, spelt_out
from tournament_manager.services.tournaments import overview


class SetupPage(QWidget):
    def __init__(self, context: AppContext, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("setup_page")
        self._context = context
        self.overview = OverviewPage(self)
        self.overview.setMaximumHeight(170)
        self.judge_box = QGroupBox(self.tr("Head judge"), self)
        self.judge_box.setObjectName("head_judge_group")
        self.judge_name = QLabel(self.judge_box)
        self.judge_name.setObjectName("head_judge_name_label")
        self.judge_set_at = QLabel(self.judge_box)
        self.judge_set_at.setObjectName("head_judge_set_at")
        self.judge_button = QPushButton(self.judge_box)
        self.judge_button.setObjectName("head_judge_passphrase_button")
        self.judge_button.clicked.connect(self.change_passphrase)
        self.rename_judge_button = QPushButton(self.tr("Rename…"), self.judge_box)
        self.rename_judge_button.setObjectName("head_judge_rename_button")
        self.rename_judge_button.setToolTip(self.tr(
            "Put another name on the head judge, with his passphrase"))
        self.rename_judge_button.clicked.connect(self.rename_head_judge)
        judge_form = QFormLayout()
        judge_form.addRow(self.tr("Name:"), self.judge_name)
        judge_form.addRow(self.tr("Passphrase:"), self.judge_set_at)
        judge_layout = QHBoxLayout(self.judge_box)
        judge_layout.addLayout(judge_form, 1)
        judge_layout.addWidget(self.rename_judge_button)
        judge_layout.addWidget(self.judge_button)
        self.form = SettingsForm(self)
        self.note = QLabel(self)
        self.note.setObjectName("setup_note")
        self.note.setWordWrap(True)
        self.apply_button = QPushButton(self.tr("Apply settings"), self)
        self.apply_button.setObjectName("apply_settings")
        self.apply_button.clicked.connect(self.apply)
        self.revert_button = QPushButton(self.tr("Revert"), self)
        self.revert_button.setObjectName("revert_settings")
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
        layout.addWidget(self.judge_box)
        layout.addWidget(scroll, 1)
        layout.addLayout(buttons)
        self._started = False
        context.hub.follow(self, self._changed)

    def _changed(self, topic: str) -> None:
        if topic in (Topic.DOCUMENT, Topic.SETTINGS, Topic.ROUNDS):
            self.reload()
        elif topic == Topic.SESSIONS:  # the first draw fixes the settings
            if self._show_overview():
                self._show_started()
        else:
            self._show_overview()
        if topic in (Topic.DOCUMENT, Topic.HEAD_JUDGE):
            self.show_head_judge()

    def show_head_judge(self) -> None:
        judge = None
        available = self._context.has_document
        if available:
            try:
                judge = head_judge(self._context.unit_of_work())
            except EXPECTED_ERRORS:
                available = False
        self.judge_box.setEnabled(available and not self._context.read_only)
        self.judge_set_at.setPalette(self.palette())
        self.judge_set_at.setFont(self.font())
        self.rename_judge_button.setEnabled(judge is not None and bool(judge.key))
        if judge is not None and judge.key:
            self.judge_name.setText(judge.name)
            self.judge_set_at.setText(self.tr("set on {when}").format(
                when=local_date_time(judge.set_at)))
            self.judge_button.setText(self.tr("Change passphrase…"))
        else:
            self.judge_name.setText(judge.name if judge is not None else self.tr("(not named)"))
            self.judge_set_at.setText(self.tr(
                "none: signed sheets cannot be corrected nor finished sessions reopened "
                "until one is set") if available else "")
            if available:
                mark_negative(self.judge_set_at)
            self.judge_button.setText(self.tr("Set passphrase…"))

    def change_passphrase(self) -> None:
        """Set or change the head judge's passphrase in its own dialog."""
        if not self._context.has_document:
            return
        try:
            current = head_judge(self._context.unit_of_work())
        except EXPECTED_ERRORS as error:
            self._context.messages.show_problem(describe_error(error))
            return
        dialog = PassphraseDialog(self._context.unit_of_work, current, self)
        try:
            if dialog.exec() == PassphraseDialog.DialogCode.Accepted:
                self._context.hub.notify(Topic.HEAD_JUDGE)
        finally:
            dialog.deleteLater()

    def rename_head_judge(self) -> None:
        """Another name on the head judge, in its own dialog, with his passphrase."""
        if not self._context.has_document:
            return
        try:
            current = head_judge(self._context.unit_of_work())
        except EXPECTED_ERRORS as error:
            self._context.messages.show_problem(describe_error(error))
            return
        if current is None or not current.key:
            return
        dialog = RenameHeadJudgeDialog(self._context.unit_of_work, current, self)
        try:
            if dialog.exec() == RenameHeadJudgeDialog.DialogCode.Accepted:
                self._context.hub.notify(Topic.HEAD_JUDGE)
        finally:
            dialog.deleteLater()

    def unfinished(self) -> str:
        """What closing the event would lose here: the name, the venue or (before the first
        draw) the settings typed and not applied."""
        if not self._context.has_document or self._context.read_only:
            return ""
        try:
            tournament = overview(self._context.unit_of_work()).tournament
        except EXPECTED_ERRORS:
            return ""
        form = self.form
        changed = (form.name.text().strip() != tournament.name
                   or form.venue.text().strip() != tournament.venue
                   or not self._started and _in_full(form.settings()) != _in_full(
                       tournament.settings))
        return self.tr("Changes on the Setup page are not applied.") if changed else ""

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
            self.revert_button.setEnabled(False)
            self.note.clear()
            return
        tournament = overview(self._context.unit_of_work()).tournament
        self.form.show_settings(tournament.name, tournament.venue, tournament.settings)
        self._show_started()

    def _show_started(self) -> None:
        """Before the first draw everything can change; after it, the name and venue."""
        with self._context.unit_of_work() as uow:
            self._started = event_started(uow)
        if self._context.read_only:
            self.form.setEnabled(False)
            self.apply_button.setEnabled(False)
            self.revert_button.setEnabled(False)
            self.note.setText(self.tr("This event is open to read only: nothing here can "
                                      "change."))
            return
        self.form.setEnabled(True)
        self.form.set_settings_editable(not self._started)
        self.apply_button.setEnabled(True)
        self.revert_button.setEnabled(True)
        self.apply_button.setText(self.tr("Apply name and venue") if self._started
                                  else self.tr("Apply settings"))
        self.note.setText(self.tr("The first session has been drawn: the settings are fixed; "
                                  "the event's name and venue can still change.")
                          if self._started else
                          self.tr("Settings can change until the first session is drawn."))

    def apply(self) -> None:
        if self._started:
            self._rename()
            return
        settings = self.form.settings()
        if isinstance(settings, str):
            self._context.messages.show_problem(settings)
            return
        if self._context.run(UpdateSettings(self._context.runner.context, settings,
                                            self.form.name.text(), self.form.venue.text())):
            self._context.messages.clear()

    def _rename(self) -> None:
        name, venue = self.form.name.text().strip(), self.form.venue.text().strip()
        tournament = overview(self._context.unit_of_work()).tournament
        if (name, venue) == (tournament.name, tournament.venue):
            return
        if self._context.run(RenameEvent(self._context.runner.context, name, venue)):
            self._context.messages.clear()



def _in_full(settings: TournamentSettings | str) -> TournamentSettings | str:
    """Settings as the service stores them (`spelt_out`): a new event stores no rule
    option, the form gives back each."""
    if isinstance(settings, str):
        return settings  # the form's refusal: something typed that is not a setting
    try:
        return spelt_out(settings)
    except (KeyError, OptionError):
        return settings
