"""Starting the desktop application: the QApplication, the main window, the first document.

The first document is the one named on the command line, else the event opened last (a
server event when that was the last; else the most recent file, else the default document
of an earlier version, if there is one). With none, the window
opens on its welcome page (new, open, the demo event, recent files):
no file is ever created that the judge did not ask for. Without a display, one line says
so and the process ends with status 1 (`display_check`).
"""

from __future__ import annotations

import argparse
import logging
import sys
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QEvent, QObject, QTimer
from PySide6.QtWidgets import QApplication, QWidget

from tournament_manager import __version__, crash, paths
from tournament_manager.application.events import parse_address
from tournament_manager.application.stations import station_from_environment
from tournament_manager.gui import display_check, keyboard_return, undo_keys, user_text, wheel_guard
from tournament_manager.gui.document_controller import DocumentController
from tournament_manager.gui.document_dialogs import DocumentDialogs
from tournament_manager.gui.main_window import MainWindow
from tournament_manager.gui.settings import AppSettings
from tournament_manager.gui.termination import close_on_stop_signals
from tournament_manager.gui.theme import apply_theme
from tournament_manager.gui.translation import install_translations, window_language
from tournament_manager.messages import documents as document_messages
from tournament_manager.storage.errors import DocumentError
from tournament_manager.storage.server import ServerAddress

log = logging.getLogger(__name__)


def _parse(args: list[str]) -> str | None:
    parser = argparse.ArgumentParser(prog="tournament-manager",
                                     description="Tournament manager for mahjong events.")
    parser.add_argument("document", nargs="?",
                        help="a tournament file (.tmt), or an event's address on a server "
                             "(postgresql://user@host/event)")
    known, unknown = parser.parse_known_args(args)
    if unknown:
        log.warning("ignoring unknown arguments: %s", " ".join(unknown))
    document: str | None = known.document
    return document


def open_first_document(controller: DocumentController, settings: AppSettings,
                        requested: str | Path | None,
                        last_missing: Callable[[Path], None] | None = None) -> None:
    """The file or server event asked for, else the event opened last (a server event when that
    was the last; when the file opened last is not there, the reason and no other file in
    its place), else the default document an earlier version made on its first start (if it
    is there); else nothing: the welcome page. An event on a server opens for the station
    this computer last opened one as (its name and role, File > Open on a Server remembers
    them); should it not open, the welcome page stays with the reason, and no other event
    takes its place."""
    if requested is None:
        requested = settings.last_opened_server() or None
        if requested is not None and _password_left_out(requested):
            # Remembered without its password: connecting would only be turned away.
            controller.news_reported.emit(QCoreApplication.translate(
                "Launch", "This station last worked on the event at {address}. File ▸ Open "
                "on a Server… opens it again, with the server's password.").format(
                    address=requested))
            return
    if requested is not None:
        try:
            address = parse_address(requested)
        except DocumentError as error:
            controller.problem_reported.emit(document_messages.describe(error))
            return
        if isinstance(address, ServerAddress):
            station = station_from_environment(settings.station_name(),
                                               settings.station_role())
            if controller.open(address, station=station):
                settings.set_last_server(str(address), station.name, station.role.value)
            return
        controller.open(address)
        return
    last = settings.last_file()
    if last is not None and not last.is_file():
        # Never the file opened before it in its place: a judge back from another laptop
        # took that older copy of the same event for this one and played on in it.
        if last_missing is not None:
            last_missing(last)  # said by the window, with the way to forget it
        else:
            controller.problem_reported.emit(last_file_missing_text(last))
    elif last is not None:
        controller.open(last)
    elif paths.default_document().is_file():
        controller.open(paths.default_document())


def last_file_missing_text(path: Path) -> str:
    return QCoreApplication.translate(
        "Launch", "The event opened last is no longer at {path}: moved, renamed, or on a USB "
        "stick that is not plugged in. File ▸ Open finds it where it is now; no other event "
        "has been opened in its place.").format(path=path)


def _password_left_out(address: str) -> bool:
    """An address remembered as shown: its password was left out."""
    try:
        parsed = parse_address(address)
    except DocumentError:
        return False
    return isinstance(parsed, ServerAddress) and parsed.password_left_out


def start_main_window(requested: str | Path | None, settings: AppSettings,
                      dialogs: DocumentDialogs | None = None, *,
                      open_when_painted: bool = False) -> MainWindow:
    """The shown main window with its first document; separate from `launch` for tests.

    With `open_when_painted` (the application's own start) the document is opened once
    the window is on screen: the judge sees the window at once, and a 256-player event
    fills it a few hundred milliseconds later, instead of nothing until both are ready.

    The window asks for the keyboard as it appears: a window manager gives a new window
    the keyboard, but a kiosk session or a bare X server has none to do it, and there the
    judge's first Ctrl+3 or Ctrl+Q went nowhere until he clicked into the window."""
    window = MainWindow(settings, dialogs)
    window.show()
    window.activateWindow()

    def missing(path: Path) -> None:
        window.offer_to_forget(path, last_file_missing_text(path))

    if open_when_painted:
        window.show_opening()

        def open_first() -> None:
            open_first_document(window.controller, settings, requested, missing)
            window.opening_done()

        _OnFirstPaint(window, open_first)
    else:
        open_first_document(window.controller, settings, requested, missing)
    return window


class _OnFirstPaint(QObject):
    """Runs `action` once, from the event loop, after `widget` is first painted (or after
    a short wait, should no paint come: a minimised start)."""

    def __init__(self, widget: QWidget, action: Callable[[], object]) -> None:
        super().__init__(widget)
        self._action: Callable[[], object] | None = action
        widget.installEventFilter(self)
        QTimer.singleShot(_LONGEST_WAIT_MS, self._run)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() is QEvent.Type.Paint and self._action is not None:
            QTimer.singleShot(0, self._run)  # after this paint has reached the screen
        return False

    def _run(self) -> None:
        action, self._action = self._action, None
        if action is not None:
            self.parent().removeEventFilter(self)
            action()


_LONGEST_WAIT_MS = 500


def _application(args: list[str]) -> tuple[QApplication, list[str]]:
    existing = QApplication.instance()
    if isinstance(existing, QApplication):
        return existing, args
    with display_check.exit_on_fatal_start(args):
        app = QApplication([sys.argv[0], *args])
    return app, app.arguments()[1:]  # Qt has taken its own options (-platform, -style…)


def launch(args: list[str]) -> int:
    if QApplication.instance() is None:
        problem = display_check.display_problem(args=args)
        if problem is not None:
            log.error("no display: %s", problem)
            display_check.say(problem)
            return display_check.EXIT_NO_DISPLAY
    app, args = _application(args)
    app.setOrganizationName(paths.APP_AUTHOR)
    app.setApplicationName(paths.APP_NAME)
    app.setApplicationVersion(__version__)
    settings = AppSettings()
    install_translations(app, window_language(settings.language()))
    apply_theme(app)
    wheel_guard.install(app)
    keyboard_return.install(app)
    undo_keys.install(app)
    user_text.install(app)
    window = start_main_window(_parse(args), settings,  # referenced while the loop runs
                               open_when_painted=True)
    log.info("started, version %s", __version__)
    crash.set_gui_reporter(window.message_bar.show_problem)  # non-modal: the round goes on
    stop_signals = close_on_stop_signals(window)  # SIGTERM closes as Quit does
    try:
        return app.exec()
    finally:
        crash.set_gui_reporter(None)
        if stop_signals is not None:
            stop_signals.release()
