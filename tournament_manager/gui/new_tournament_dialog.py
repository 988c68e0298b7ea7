"""The few questions a new tournament needs before it can exist: a name, the rules and a
format, and its head judge with the passphrase that guards the signed record."""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGroupBox,
    QLineEdit,
    QVBoxLayout,
    QWidget,
)

from tournament_manager.domain.presets import Preset
from tournament_manager.gui.head_judge_dialog import NewPassphraseFields
from tournament_manager.gui.item_data import add_choice, current_choice
from tournament_manager.gui.preset_names import preset_label
from tournament_manager.rules.registry import DEFAULT_RULE_SET, available_rule_sets, get_rule_set
from tournament_manager.services.head_judge import HeadJudgeSetup


@dataclass(frozen=True)
class NewTournament:
    name: str
    preset: Preset
    rule_set: str = DEFAULT_RULE_SET
    head_judge: HeadJudgeSetup | None = None


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
        self.preset_combo = QComboBox(self)
        self.preset_combo.setObjectName("new_tournament_preset")
        for preset in Preset:
            add_choice(self.preset_combo, preset_label(preset), preset.value)
        self.rule_set_combo = QComboBox(self)
        self.rule_set_combo.setObjectName("new_tournament_rule_set")
        for rule_set_id in available_rule_sets():
            add_choice(self.rule_set_combo, get_rule_set(rule_set_id).name, rule_set_id)

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
        form.addRow(self.tr("&Rules:"), self.rule_set_combo)
        form.addRow(self.tr("&Format:"), self.preset_combo)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(judge_box)
        layout.addWidget(self._buttons)
        self.name_edit.textChanged.connect(self._update_ok)
        self.judge_name.textChanged.connect(self._update_ok)
        self.passphrase.changed.connect(self._update_ok)
        self._update_ok()

    def is_complete(self) -> bool:
        return (bool(self.name_edit.text().strip()) and bool(self.judge_name.text().strip())
                and self.passphrase.problem() is None)

    def request(self) -> NewTournament:
        # Item data holds the preset's value: a member would come back as a plain str.
        return NewTournament(
            self.name_edit.text().strip(), Preset(current_choice(self.preset_combo)),
            str(current_choice(self.rule_set_combo) or DEFAULT_RULE_SET),
            HeadJudgeSetup(self.judge_name.text().strip(), self.passphrase.value()))

    def accept(self) -> None:
        if self.is_complete():  # Enter in a field must not get round a disabled OK
            super().accept()

    def _update_ok(self) -> None:
        ok = self._buttons.button(QDialogButtonBox.StandardButton.Ok)
        ok.setEnabled(self.is_complete())
