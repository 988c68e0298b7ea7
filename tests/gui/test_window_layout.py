"""Window geometry survives a restart; the New Tournament dialog only accepts a name and
a head judge with his passphrase."""

from __future__ import annotations

from PySide6.QtWidgets import QDialogButtonBox

from tournament_manager.domain.presets import Preset
from tournament_manager.gui.main_window import MainWindow
from tournament_manager.gui.new_tournament_dialog import NewTournament, NewTournamentDialog
from tournament_manager.gui.settings import AppSettings
from tournament_manager.services.head_judge import HeadJudgeSetup


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
    dialog.preset_combo.setCurrentIndex(dialog.preset_combo.findData(Preset.OPEN.value))
    assert not ok.isEnabled(), "the head judge and his passphrase are still missing"
    dialog.judge_name.setText(" Ada Judge ")
    dialog.passphrase.passphrase.setText("eight chars")
    dialog.passphrase.repeat.setText("eight chars")

    assert ok.isEnabled()
    request = dialog.request()
    assert request == NewTournament("Summer Cup", Preset.OPEN, "zung-jung",
                                    HeadJudgeSetup("Ada Judge", "eight chars"), sessions=8)
    assert type(request.preset) is Preset  # not the plain str Qt hands back
