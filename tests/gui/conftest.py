"""Headless GUI tests: offscreen Qt, and every path and preference redirected to tmp_path."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings

from tournament_manager import paths
from tournament_manager.domain.presets import Preset, preset_settings
from tournament_manager.gui.main_window import MainWindow
from tournament_manager.gui.settings import AppSettings
from tournament_manager.services.tournaments import create_tournament
from tournament_manager.storage.document import create_document

from .canned import CannedDialogs
from .modal import stray_dialogs

# Importing Qt modules is harmless; the platform must be chosen before pytest-qt's qapp exists.
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Documents, backups and logs of the code under test land here."""
    folder = tmp_path / "data"
    monkeypatch.setenv(paths.DATA_DIR_ENV, str(folder))
    return folder


@pytest.fixture(autouse=True)
def user_config_dir(tmp_path: Path) -> Path:
    """Where a default-constructed QSettings (IniFormat, user scope) writes: never the
    real user configuration, even for code that does not take an injected one."""
    folder = tmp_path / "config"
    QSettings.setPath(QSettings.Format.IniFormat, QSettings.Scope.UserScope, str(folder))
    return folder


@pytest.fixture(autouse=True)
def no_stray_dialogs(qapp) -> Iterator[None]:
    """Every GUI test fails, rather than hangs, on a modal dialog it did not answer."""
    with stray_dialogs() as strays:
        yield
    assert not strays, f"dialogs nobody answered: {strays}"


@pytest.fixture
def app_settings(tmp_path: Path) -> AppSettings:
    return AppSettings(QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat))


@pytest.fixture
def canned() -> CannedDialogs:
    return CannedDialogs()


@pytest.fixture
def window(qtbot, app_settings: AppSettings, canned: CannedDialogs) -> Iterator[MainWindow]:
    main_window = MainWindow(app_settings, canned.dialogs())
    qtbot.addWidget(main_window)
    main_window.show()
    yield main_window
    main_window.close()  # releases the document's lock before tmp_path goes


@pytest.fixture
def make_tournament_file() -> Callable[[Path, str], Path]:
    """Writes a closed document holding a tournament, as the CLI's `new` leaves one."""
    def make(path: Path, name: str) -> Path:
        with create_document(path) as document:
            create_tournament(document.unit_of_work(), name, preset_settings(Preset.OPEN))
        return path
    return make


@pytest.fixture
def event_window(window: MainWindow, tmp_path: Path):
    """The main window with a running session 1: 8 players at two tables, 4-hand sessions."""
    from .event_files import seated_event_file

    path, seated = seated_event_file(tmp_path / "spring.tmt")
    assert window.controller.open(path)
    window.seated = seated  # type: ignore[attr-defined]
    return window
