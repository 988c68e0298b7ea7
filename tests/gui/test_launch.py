"""Which document the application opens on start, and the whole `launch` path once."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication

from tournament_manager import paths
from tournament_manager.gui.launch import launch, start_main_window
from tournament_manager.gui.main_window import MainWindow
from tournament_manager.gui.settings import AppSettings
from tournament_manager.storage.document import open_document
from tournament_manager.storage.lock import lock_path


def test_first_start_creates_the_default_document_and_shows_its_name(qtbot, app_settings):
    window = start_main_window(None, app_settings)
    qtbot.addWidget(window)

    default = paths.default_document()
    assert default.is_file()
    assert window.windowTitle() == "New tournament — Tournament Manager"
    assert window.findChild(object, "document_path").text() == str(default)
    assert app_settings.recent_files() == [default.resolve()]
    window.close()
    assert not lock_path(default).exists()
    with open_document(default, read_only=True) as document:
        assert document.path == default


def test_a_file_on_the_command_line_wins_over_recent_ones(
        qtbot, app_settings: AppSettings, tmp_path: Path,
        make_tournament_file: Callable[[Path, str], Path]):
    recent = make_tournament_file(tmp_path / "recent.tmt", "Recent Open")
    asked = make_tournament_file(tmp_path / "asked.tmt", "Asked For")
    app_settings.add_recent_file(recent)

    window = start_main_window(asked, app_settings)
    qtbot.addWidget(window)

    assert window.windowTitle() == "Asked For — Tournament Manager"
    assert not paths.default_document().exists()
    window.close()


def test_without_a_file_the_most_recent_one_opens(
        qtbot, app_settings: AppSettings, tmp_path: Path,
        make_tournament_file: Callable[[Path, str], Path]):
    older = make_tournament_file(tmp_path / "older.tmt", "Older")
    newer = make_tournament_file(tmp_path / "newer.tmt", "Newer")
    app_settings.add_recent_file(older)
    app_settings.add_recent_file(newer)

    window = start_main_window(None, app_settings)
    qtbot.addWidget(window)

    assert window.windowTitle() == "Newer — Tournament Manager"
    window.close()


def test_a_refused_command_line_file_leaves_an_empty_window_with_the_reason(
        qtbot, app_settings: AppSettings, tmp_path: Path):
    missing = tmp_path / "gone.tmt"

    window = start_main_window(missing, app_settings)
    qtbot.addWidget(window)

    assert window.controller.document is None
    assert window.windowTitle() == "Tournament Manager"
    assert "no such file" in window.message_bar.text()
    window.close()


def test_launch_runs_the_application_until_its_window_closes(qapp, data_dir: Path):
    seen: list[str] = []

    def close_main_window() -> None:
        for widget in QApplication.topLevelWidgets():
            if isinstance(widget, MainWindow):
                seen.append(widget.windowTitle())
                widget.close()

    QTimer.singleShot(0, close_main_window)
    assert launch(["--gui-unknown-option"]) == 0

    assert seen == ["New tournament — Tournament Manager"]
    assert not lock_path(paths.default_document()).exists()
    assert (data_dir / "settings.ini").is_file(), "preferences follow the data directory"
