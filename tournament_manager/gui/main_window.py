"""The main window: File menu, problem banner, the central page and the file in the status bar.

Every action commits at once, so the window has no Save and never shows a modified
marker; Save a Copy exists for taking the tournament elsewhere (USB stick, e-mail).
"""

from __future__ import annotations

import logging
import re
from collections.abc import Callable
from datetime import datetime
from pathlib import Path

from PySide6.QtCore import QStandardPaths
from PySide6.QtGui import QAction, QCloseEvent, QKeySequence
from PySide6.QtWidgets import QApplication, QLabel, QMainWindow, QMenu, QVBoxLayout, QWidget

from tournament_manager.gui.document_controller import DocumentController
from tournament_manager.gui.document_dialogs import DocumentDialogs
from tournament_manager.gui.formatting import local_date_time
from tournament_manager.gui.message_bar import MessageBar
from tournament_manager.gui.overview_page import OverviewPage
from tournament_manager.gui.settings import AppSettings
from tournament_manager.messages import services as service_messages
from tournament_manager.paths import DOCUMENT_SUFFIX
from tournament_manager.services.errors import ServiceError
from tournament_manager.services.tournaments import overview

log = logging.getLogger(__name__)

DEFAULT_SIZE = (960, 640)
# Characters Windows refuses in file names, plus control characters.
_UNSAFE_IN_FILE_NAME = re.compile(r'[<>:"/\\|?*\x00-\x1f]')


def file_name_for(tournament_name: str) -> str:
    """A file name suggested from the tournament's name, valid on every platform."""
    stem = _UNSAFE_IN_FILE_NAME.sub(" ", tournament_name).strip(" .")
    return f"{stem or 'Tournament'}{DOCUMENT_SUFFIX}"


def _documents_folder() -> Path:
    return Path(QStandardPaths.writableLocation(
        QStandardPaths.StandardLocation.DocumentsLocation) or Path.home())


class MainWindow(QMainWindow):
    def __init__(self, settings: AppSettings, dialogs: DocumentDialogs | None = None,
                 controller: DocumentController | None = None) -> None:
        super().__init__()
        self.setObjectName("main_window")
        self._settings = settings
        self._dialogs = dialogs or DocumentDialogs()
        self._controller = controller or DocumentController(self)
        self._controller.setParent(self)

        self._message_bar = MessageBar(self)
        self._overview_page = OverviewPage(self)
        central = QWidget(self)
        layout = QVBoxLayout(central)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self._message_bar)
        layout.addWidget(self._overview_page, 1)
        self.setCentralWidget(central)
        self._path_label = QLabel(self)
        self._path_label.setObjectName("document_path")
        self.statusBar().addPermanentWidget(self._path_label, 1)

        self._create_actions()
        self._create_menus()
        self._controller.document_changed.connect(self._show_document)
        self._controller.problem_reported.connect(self._message_bar.show_problem)
        self._controller.restore_offered.connect(self._offer_restore)
        self._restore_layout()
        self._show_document()

    @property
    def controller(self) -> DocumentController:
        return self._controller

    @property
    def message_bar(self) -> MessageBar:
        return self._message_bar

    @property
    def overview_page(self) -> OverviewPage:
        return self._overview_page

    @property
    def recent_menu(self) -> QMenu:
        return self._recent_menu

    def _action(self, name: str, text: str, slot: Callable[[], object],
                shortcut: QKeySequence.StandardKey | None = None) -> QAction:
        # Stable object names: customised shortcuts will be stored under them.
        action = QAction(text, self)
        action.setObjectName(name)
        if shortcut is not None:
            action.setShortcuts(shortcut)
        action.triggered.connect(slot)
        return action

    def _create_actions(self) -> None:
        key = QKeySequence.StandardKey
        self.action_new = self._action("action_new", self.tr("&New…"), self.new_document,
                                       key.New)
        self.action_open = self._action("action_open", self.tr("&Open…"), self.open_document,
                                        key.Open)
        self.action_save_copy = self._action("action_save_copy", self.tr("Save a &Copy…"),
                                             self.save_copy, key.SaveAs)
        self.action_close = self._action("action_close", self.tr("&Close"),
                                         self.close_document, key.Close)
        self.action_quit = self._action("action_quit", self.tr("&Quit"),
                                        QApplication.closeAllWindows, key.Quit)
        self.action_quit.setMenuRole(QAction.MenuRole.QuitRole)
        self.action_clear_recent = self._action("action_clear_recent",
                                                self.tr("&Clear Menu"), self._clear_recent)

    def _create_menus(self) -> None:
        file_menu = self.menuBar().addMenu(self.tr("&File"))
        file_menu.setObjectName("file_menu")
        file_menu.addAction(self.action_new)
        file_menu.addAction(self.action_open)
        self._recent_menu = file_menu.addMenu(self.tr("Open &Recent"))
        self._recent_menu.setObjectName("recent_menu")
        self._recent_menu.setToolTipsVisible(True)
        self._recent_menu.aboutToShow.connect(self._fill_recent_menu)
        file_menu.addSeparator()
        file_menu.addAction(self.action_save_copy)
        file_menu.addSeparator()
        file_menu.addAction(self.action_close)
        file_menu.addAction(self.action_quit)

    def _fill_recent_menu(self) -> None:
        """Filled on every show: another instance may have added files, or some vanished."""
        menu = self._recent_menu
        menu.clear()
        recent = self._settings.recent_files()
        if not recent:
            menu.addAction(self.tr("No Recent Files")).setEnabled(False)
            return
        for number, path in enumerate(recent, start=1):
            mnemonic = f"&{number}" if number < 10 else "1&0"
            action = menu.addAction(
                f"{mnemonic}  " + f"{path.name} — {path.parent}".replace("&", "&&"))
            action.setToolTip(str(path))
            action.setData(str(path))
            action.triggered.connect(lambda _checked=False, chosen=path: self.open_path(chosen))
        menu.addSeparator()
        menu.addAction(self.action_clear_recent)

    def _clear_recent(self) -> None:
        self._settings.clear_recent_files()

    def new_document(self) -> None:
        request = self._dialogs.ask_new_tournament(self)
        if request is None:
            return
        path = self._dialogs.choose_new_path(self, self._folder() / file_name_for(request.name))
        if path is None:
            return
        self._message_bar.clear()
        self._controller.new(path, request.name, request.preset)

    def open_document(self) -> None:
        path = self._dialogs.choose_open_path(self, self._folder())
        if path is not None:
            self.open_path(path)

    def open_path(self, path: Path) -> None:
        self._message_bar.clear()
        self._controller.open(path)

    def save_copy(self) -> None:
        document = self._controller.document
        if document is None:
            return
        suggestion = document.path.with_name(
            self.tr("{name} copy").format(name=document.path.stem) + DOCUMENT_SUFFIX)
        destination = self._dialogs.choose_copy_path(self, suggestion)
        if destination is None:
            return
        self._message_bar.clear()
        if self._controller.save_copy(destination):
            self.statusBar().showMessage(self.tr("Copy saved to {path}").format(
                path=destination))

    def close_document(self) -> None:
        self._message_bar.clear()
        self._controller.close()

    def _folder(self) -> Path:
        document = self._controller.document
        return document.path.parent if document is not None else _documents_folder()

    def _offer_restore(self, path: Path, backup: Path, problem: str) -> None:
        when = local_date_time(datetime.fromtimestamp(backup.stat().st_mtime))
        text = problem + "\n" + self.tr(
            "The newest backup is from {when}. Restoring it keeps the damaged file aside."
        ).format(when=when)
        self._message_bar.show_problem(
            text, [(self.tr("Restore Newest Backup"),
                    lambda: self._controller.restore(path, backup))])

    def _show_document(self) -> None:
        document = self._controller.document
        has_document = document is not None
        self.action_save_copy.setEnabled(has_document)
        self.action_close.setEnabled(has_document)
        if document is None:
            self.setWindowTitle(self.tr("Tournament Manager"))
            self._path_label.clear()
            self._overview_page.show_nothing_open()
            return
        self._settings.add_recent_file(document.path)
        self._path_label.setText(str(document.path))
        name = document.path.stem
        try:
            summary = overview(document.unit_of_work())
        except ServiceError as error:
            self._overview_page.show_note(service_messages.describe(error))
        else:
            name = summary.tournament.name
            self._overview_page.show_overview(summary)
        # "[*]" is Qt's modified-marker placeholder; "[**]" shows it literally.
        self.setWindowTitle(self.tr("{name} — Tournament Manager").format(
            name=name.replace("[*]", "[**]")))

    def _restore_layout(self) -> None:
        geometry = self._settings.window_geometry()
        if geometry is None or not self.restoreGeometry(geometry):
            self.resize(*DEFAULT_SIZE)
        state = self._settings.window_state()
        if state is not None:
            self.restoreState(state)

    def closeEvent(self, event: QCloseEvent) -> None:
        self._settings.set_window_layout(self.saveGeometry(), self.saveState())
        self._controller.close()
        super().closeEvent(event)
