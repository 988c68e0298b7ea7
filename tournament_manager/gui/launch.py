"""Starting the desktop application: the QApplication, the main window, the first document.

The first document is the one named on the command line, else the most recent one, else
the default document (created with a tournament on first start), so a judge who just
double-clicks the application always lands in a usable tournament.
"""

from __future__ import annotations

import argparse
import logging
import sys
from pathlib import Path

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QApplication

from tournament_manager import __version__, crash, paths
from tournament_manager.domain.presets import Preset
from tournament_manager.gui.document_controller import DocumentController
from tournament_manager.gui.document_dialogs import DocumentDialogs
from tournament_manager.gui.main_window import MainWindow
from tournament_manager.gui.settings import AppSettings
from tournament_manager.gui.theme import apply_theme

log = logging.getLogger(__name__)

DEFAULT_PRESET = Preset.WSOM_2015


def _parse(args: list[str]) -> Path | None:
    parser = argparse.ArgumentParser(prog="tournament-manager",
                                     description="Tournament manager for mahjong events.")
    parser.add_argument("document", nargs="?", type=Path, help="a tournament file (.tmt)")
    known, unknown = parser.parse_known_args(args)
    if unknown:
        log.warning("ignoring unknown arguments: %s", " ".join(unknown))
    document: Path | None = known.document
    return document


def open_first_document(controller: DocumentController, settings: AppSettings,
                        requested: Path | None) -> None:
    if requested is not None:
        controller.open(requested)
        return
    recent = settings.recent_files()
    if recent:
        controller.open(recent[0])
        return
    default = paths.default_document()
    if default.exists():
        controller.open(default)
    else:
        name = QCoreApplication.translate("launch", "New tournament")
        controller.new(default, name, DEFAULT_PRESET)


def start_main_window(requested: Path | None, settings: AppSettings,
                      dialogs: DocumentDialogs | None = None) -> MainWindow:
    """The shown main window with its first document; separate from `launch` for tests."""
    window = MainWindow(settings, dialogs)
    window.show()
    open_first_document(window.controller, settings, requested)
    return window


def launch(args: list[str]) -> int:
    existing = QApplication.instance()
    if isinstance(existing, QApplication):
        app = existing
    else:
        app = QApplication([sys.argv[0], *args])
        args = app.arguments()[1:]  # Qt has taken its own options (-platform, -style…)
    app.setOrganizationName(paths.APP_AUTHOR)
    app.setApplicationName(paths.APP_NAME)
    app.setApplicationVersion(__version__)
    apply_theme(app)
    window = start_main_window(_parse(args), AppSettings())  # referenced while the loop runs
    log.info("started, version %s", __version__)
    crash.set_gui_reporter(window.message_bar.show_problem)  # non-modal: the round goes on
    try:
        return app.exec()
    finally:
        crash.set_gui_reporter(None)
