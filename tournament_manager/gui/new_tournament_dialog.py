"""The few questions a new tournament needs before it can exist: a name, the rules and a
format (for an open event, its number of sessions), and its head judge with the
passphrase that guards the signed record."""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGroupBox,
    QLineEdit,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from tournament_manager.domain.presets import OPEN_DEFAULT_SESSIONS, Preset
from tournament_manager.gui.head_judge_dialog import NewPassphraseFields
from tournament_manager.gui.item_data import add_choice, current_choice
from tournament_manager.gui.preset_names import preset_label
from tournament_manager.gui.setting_words import rule_set_label
from tournament_manager.rules.registry import DEFAULT_RULE_SET, available_rule_sets
from tournament_manager.services.head_judge import HeadJudgeSetup


@dataclass(frozen=True)
class NewTournament:
    name: str
    preset: Preset
    rule_set: str = DEFAULT_RULE_SET
    head_judge: HeadJudgeSetup | None = None
    sessions: int | None = None
    """The length of an open event (None: the preset's own)."""


MAX_SESSIONS = 30


class NewTournamentDialog(QDialog):
    """The rule set comes first because the format's customs follow it (MCR: table
    points, seat rotation); everything else is set later on the Setup page. OK stays
    disabled until the name is given and the passphrase is long enough and typed twice
    alike; the hint under it says which is missing."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("new_tournament_dialog")
        self.setWindowTitle(self.tr("New Tournament"))
        self.setMinimumWidth(520)
        self.name_edit = QLineEdit(self)
        self.name_edit.setObjectName("new_tournament_name")
        self.name_edit.setPlaceholderText(self.tr("e.g. Open Mahjong Championship 2026"))
        # Created in the order they are shown: Tab follows creation (rules, then format)
        self.rule_set_combo = QComboBox(self)
        self.rule_set_combo.setObjectName("new_tournament_rule_set")
        for rule_set_id in available_rule_sets():
            add_choice(self.rule_set_combo, rule_set_label(rule_set_id), rule_set_id)
        self.preset_combo = QComboBox(self)
        self.preset_combo.setObjectName("new_tournament_preset")
        for preset in Preset:
            add_choice(self.preset_combo, preset_label(preset), preset.value)
        self.sessions = QSpinBox(self)
        self.sessions.setObjectName("new_tournament_sessions")
        self.sessions.setRange(1, MAX_SESSIONS)
        self.sessions.setValue(OPEN_DEFAULT_SESSIONS)
        self.sessions.setToolTip(self.tr("An open event is sessions only, with no cut; "
                                         "the other formats fix their own sessions."))

        judge_box = QGroupBox(self.tr("Head judge"), self)
        self.judge_name = QLineEdit(judge_box)
        self.judge_name.setObjectName("new_tournament_head_judge")
        self.judge_name.setPlaceholderText(self.tr("who may correct signed sheets"))
        self.passphrase = NewPassphraseFields(judge_box, prefix="new_tournament_passphrase")
        judge_form = QFormLayout(judge_box)
        judge_form.addRow(self.tr("Na&me:"), self.judge_name)
        judge_form.addRow(self.passphrase)

        self._buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, self)
        self._buttons.button(QDialogButtonBox.StandardButton.Ok).setObjectName(
            "new_tournament_ok")
        self._buttons.accepted.connect(self.accept)
        self._buttons.rejected.connect(self.reject)

        form = QFormLayout()
        form.addRow(self.tr("&Name:"), self.name_edit)
        form.addRow(self.tr("R&ules:"), self.rule_set_combo)
        form.addRow(self.tr("&Format:"), self.preset_combo)
        form.addRow(self.tr("&Sessions:"), self.sessions)
        self._form = form
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(judge_box)
        layout.addWidget(self._buttons)
        self.name_edit.textChanged.connect(self._update_ok)
        self.judge_name.textChanged.connect(self._update_ok)
        self.passphrase.changed.connect(self._update_ok)
        self.preset_combo.currentIndexChanged.connect(self._preset_chosen)
        self._preset_chosen()
        self._update_ok()

    def is_complete(self) -> bool:
        return (bool(self.name_edit.text().strip()) and bool(self.judge_name.text().strip())
                and self.passphrase.problem() is None)

    def request(self) -> NewTournament:
        # Item data holds the preset's value: a member would come back as a plain str.
        preset = Preset(current_choice(self.preset_combo))
        return NewTournament(
            self.name_edit.text().strip(), preset,
            str(current_choice(self.rule_set_combo) or DEFAULT_RULE_SET),
            HeadJudgeSetup(self.judge_name.text().strip(), self.passphrase.value()),
            self.sessions.value() if preset is Preset.OPEN else None)

    def _preset_chosen(self) -> None:
        """The number of sessions is asked for an open event only."""
        is_open = current_choice(self.preset_combo) == Preset.OPEN.value
        self.sessions.setEnabled(is_open)
        self._form.setRowVisible(self.sessions, is_open)

    def accept(self) -> None:
        if self.is_complete():  # Enter in a field must not get round a disabled OK
            super().accept()

    def _update_ok(self) -> None:
        ok = self._buttons.button(QDialogButtonBox.StandardButton.Ok)
        ok.setEnabled(self.is_complete())
