"""Window geometry survives a restart; the New Tournament dialog only accepts a name."""

from __future__ import annotations

from PySide6.QtWidgets import QDialogButtonBox

from tournament_manager.domain.presets import Preset
from tournament_manager.gui.main_window import MainWindow
from tournament_manager.gui.new_tournament_dialog import NewTournament, NewTournamentDialog
from tournament_manager.gui.settings import AppSettings


def test_geometry_is_restored_in_the_next_window(qtbot, app_settings: AppSettings):
    first = MainWindow(app_settings)
    qtbot.addWidget(first)
    first.show()
    first.resize(700, 500)
    first.close()

    second = MainWindow(app_settings)
    qtbot.addWidget(second)

    assert (second.width(), second.height()) == (700, 500)


def test_new_tournament_dialog_needs_a_name(qtbot):
    dialog = NewTournamentDialog()
    qtbot.addWidget(dialog)
    ok = dialog.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Ok)
    assert not ok.isEnabled()

    dialog.name_edit.setText("  Summer Cup ")
    dialog.preset_combo.setCurrentIndex(dialog.preset_combo.findData(Preset.OPEN))

    assert ok.isEnabled()
    assert dialog.request() == NewTournament("Summer Cup", Preset.OPEN)
