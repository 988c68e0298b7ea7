"""The few questions a new tournament needs before it can exist: a name and a format."""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLineEdit,
    QWidget,
)

from tournament_manager.domain.presets import Preset
from tournament_manager.gui.preset_names import preset_label
from tournament_manager.rules.registry import DEFAULT_RULE_SET, available_rule_sets, get_rule_set


@dataclass(frozen=True)
class NewTournament:
    name: str
    preset: Preset
    rule_set: str = DEFAULT_RULE_SET


class NewTournamentDialog(QDialog):
    """The rule set comes first because the format's customs follow it (MCR: table
    points, seat rotation); everything else is set later on the Setup page."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("New Tournament"))
        self.name_edit = QLineEdit(self)
        self.name_edit.setObjectName("new_tournament_name")
        self.name_edit.setPlaceholderText(self.tr("e.g. Open Mahjong Championship 2026"))
        self.preset_combo = QComboBox(self)
        self.preset_combo.setObjectName("new_tournament_preset")
        for preset in Preset:
            self.preset_combo.addItem(preset_label(preset), preset)
        self.rule_set_combo = QComboBox(self)
        self.rule_set_combo.setObjectName("new_tournament_rule_set")
        for rule_set_id in available_rule_sets():
            self.rule_set_combo.addItem(get_rule_set(rule_set_id).name, rule_set_id)
        self._buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, self)
        self._buttons.accepted.connect(self.accept)
        self._buttons.rejected.connect(self.reject)

        form = QFormLayout(self)
        form.addRow(self.tr("&Name:"), self.name_edit)
        form.addRow(self.tr("&Rules:"), self.rule_set_combo)
        form.addRow(self.tr("&Format:"), self.preset_combo)
        form.addRow(self._buttons)
        self.name_edit.textChanged.connect(self._update_ok)
        self._update_ok()

    def request(self) -> NewTournament:
        return NewTournament(self.name_edit.text().strip(), self.preset_combo.currentData(),
                             self.rule_set_combo.currentData())

    def _update_ok(self) -> None:
        ok = self._buttons.button(QDialogButtonBox.StandardButton.Ok)
        ok.setEnabled(bool(self.name_edit.text().strip()))
