"""The main window: menus, the message and time-up banners, the pages of a tournament's
life as tabs (Setup, Players, Seating, Score sheets, Standings, Cuts) or the welcome page
when no file is open, the session clock and the file in the status bar, and the projector
window.

Every action commits at once, so the window has no Save and never shows a modified
marker; Save a Copy exists for taking the tournament elsewhere (USB stick, e-mail).
Undo and Redo walk the window's one QUndoStack of service commands.

The tabs have no mnemonics: Alt+letter belongs to the buttons of the page in view (Alt+P
is Publish on the Seating page, not the Players tab). Ctrl+1 … Ctrl+6 go to the pages,
Ctrl+PgUp and Ctrl+PgDown to the previous and next one.
"""

from __future__ import annotations

import dataclasses
import logging
import re
from collections.abc import Callable
from datetime import datetime
from pathlib import Path

from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import (
    QAction,
    QActionGroup,
    QCloseEvent,
    QKeySequence,
    QScreen,
    QUndoCommand,
    QUndoStack,
)
from PySide6.QtWidgets import (
    QApplication,
    QLabel,
    QMainWindow,
    QMenu,
    QMessageBox,
    QScrollArea,
    QStackedWidget,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from tournament_manager.application.stations import station_from_environment
from tournament_manager.domain.model import StageStatus
from tournament_manager.domain.presets import Preset, preset_rounds
from tournament_manager.domain.settings import OnTimeOut
from tournament_manager.gui import keyboard_return, undo_keys, user_text, wheel_guard
from tournament_manager.gui.app_context import AppContext
from tournament_manager.gui.changes import ALL_TOPICS, Topic
from tournament_manager.gui.clock_banner import ClockBanner
from tournament_manager.gui.commands.base import Question, ServiceCommand
from tournament_manager.gui.confirm import choose, confirm
from tournament_manager.gui.countdown import SessionCountdown, format_left
from tournament_manager.gui.demo_builder import DEMO_PASSPHRASE, DemoBuilder, DemoSpec
from tournament_manager.gui.document_controller import DocumentController
from tournament_manager.gui.document_dialogs import DocumentDialogs, start_folder
from tournament_manager.gui.errors import EXPECTED_ERRORS
from tournament_manager.gui.export_menu import ExportMenu
from tournament_manager.gui.formatting import local_date_time
from tournament_manager.gui.help_menu import HelpMenu
from tournament_manager.gui.message_bar import MessageBar
from tournament_manager.gui.models.standings_model import PLAYER as STANDINGS_PLAYER
from tournament_manager.gui.new_tournament_dialog import NewTournament
from tournament_manager.gui.open_server_dialog import ask_server
from tournament_manager.gui.overview_page import OverviewPage
from tournament_manager.gui.pages.cuts_page import CutsPage
from tournament_manager.gui.pages.players_page import PlayersPage
from tournament_manager.gui.pages.seating_page import SeatingPage
from tournament_manager.gui.pages.setup_page import SetupPage
from tournament_manager.gui.pages.sheets_page import SheetsPage
from tournament_manager.gui.pages.standings_page import StandingsPage
from tournament_manager.gui.projector import ProjectorWindow, TableSlide
from tournament_manager.gui.projector_feed import ProjectorFeed
from tournament_manager.gui.projector_screens import ProjectorScreenMenu, projector_screen
from tournament_manager.gui.room_clock import RoomClock
from tournament_manager.gui.settings import AppSettings, recent_label
from tournament_manager.gui.table_server import TableCodesDialog, TableServer
from tournament_manager.gui.translation import window_language
from tournament_manager.gui.user_text import no_mnemonic
from tournament_manager.gui.welcome_page import WelcomePage
from tournament_manager.languages import LANGUAGE_ENV, Language, forced_language
from tournament_manager.messages.sentence import sentence
from tournament_manager.messages.verification import describe_report, summary
from tournament_manager.paths import DOCUMENT_SUFFIX
from tournament_manager.services.clock import session_clock
from tournament_manager.services.errors import ServiceError
from tournament_manager.services.setup import session_summaries, update_settings
from tournament_manager.services.tournaments import overview
from tournament_manager.services.verification import VerificationReport

log = logging.getLogger(__name__)

DEFAULT_SIZE = (1280, 800)
TAB_NAMES = ("setup", "players", "seating", "sheets", "standings", "cuts")
# Characters Windows refuses in file names, plus control characters.
_UNSAFE_IN_FILE_NAME = re.compile(r'[<>:"/\\|?*\x00-\x1f]')


def file_name_for(tournament_name: str) -> str:
    """A file name suggested from the tournament's name, valid on every platform."""
    stem = _UNSAFE_IN_FILE_NAME.sub(" ", tournament_name).strip(" .")
    return f"{stem or 'Tournament'}{DOCUMENT_SUFFIX}"


def _scrolling(page: QWidget) -> QScrollArea:
    """A page in a scroll area: a small laptop screen scrolls instead of clipping."""
    area = QScrollArea()
    area.setObjectName(f"{page.objectName()}_scroll")
    area.setWidgetResizable(True)
    area.setFrameShape(QScrollArea.Shape.NoFrame)
    area.setWidget(page)
    return area


class MainWindow(QMainWindow):
    def __init__(self, settings: AppSettings, dialogs: DocumentDialogs | None = None,
                 controller: DocumentController | None = None) -> None:
        super().__init__()
        wheel_guard.install()  # before any field exists: they get StrongFocus when polished
        keyboard_return.install()
        undo_keys.install()
        user_text.install()  # every label plain text, as wheel_guard: when polished
        self.setObjectName("main_window")
        self._settings = settings
        self._dialogs = dialogs or DocumentDialogs()
        self._controller = controller or DocumentController(self)
        self._controller.setParent(self)

        self._message_bar = MessageBar(self)
        self.context = AppContext(self._controller, self._message_bar, self)
        self.countdown = SessionCountdown(self)
        self.table_server = TableServer(self)
        self.clock_banner = ClockBanner(self.countdown, self)
        self.setup_page = SetupPage(self.context, self)
        self.players_page = PlayersPage(self.context, self)
        self.seating_page = SeatingPage(self.context, self)
        self.sheets_page = SheetsPage(self.context, self)
        self.standings_page = StandingsPage(self.context, self)
        self.cuts_page = CutsPage(self.context, self)
        self.tabs = QTabWidget(self)
        self.tabs.setObjectName("main_tabs")
        self.tabs.setDocumentMode(True)
        for page, label in self._pages():
            self.tabs.addTab(_scrolling(page), label)
        # A page's answer goes with the page: a refused name stayed over Setup, the
        # import dialog and every page after it.
        self.tabs.currentChanged.connect(lambda _index: self.context.messages.forget())
        self.context.runner.moved.connect(self._command_moved)
        self.welcome = WelcomePage(settings, self)
        self.central_pages = QStackedWidget(self)
        self.central_pages.setObjectName("central_pages")
        self.central_pages.addWidget(self.welcome)
        self.central_pages.addWidget(self.tabs)
        central = QWidget(self)
        layout = QVBoxLayout(central)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(0)
        layout.addWidget(self._message_bar)
        layout.addWidget(self.clock_banner)
        layout.addWidget(self.central_pages, 1)
        self.setCentralWidget(central)

        self._clock_label = QLabel(self)
        self._clock_label.setObjectName("session_clock")
        self.countdown.ticked.connect(self._show_clock)
        self.countdown.warned.connect(self._clock_warning)
        self.countdown.stopped.connect(self._clock_label.clear)
        self.statusBar().addPermanentWidget(self._clock_label)
        self._path_label = QLabel(self)
        self._path_label.setObjectName("document_path")
        self.statusBar().addPermanentWidget(self._path_label, 1)
        # While the tables are served, always in sight: the message bar that said so gave
        # way to the next message, and then nothing showed it.
        self._serving_label = QLabel(self)
        self._serving_label.setObjectName("serving_tables")
        self._serving_label.hide()
        self.statusBar().addPermanentWidget(self._serving_label)
        self.table_server.running_changed.connect(self._serving_changed)
        self.projector_feed = ProjectorFeed(self.context, self)
        self.projector = self._make_projector()
        self.demo_spec = DemoSpec()
        """What "Open the Demo Event" builds (tests build a smaller one)."""
        self.demo_builder: DemoBuilder | None = None

        self._create_actions()
        self._create_menus()
        self.standings_page.projector_button.clicked.connect(self._show_standings_on_projector)
        self.welcome.new_requested.connect(self.new_document)
        self.welcome.open_requested.connect(self.open_document)
        self.welcome.demo_requested.connect(self.open_demo)
        self.welcome.server_requested.connect(self.open_server)
        self.welcome.recent_chosen.connect(self.open_path)
        self._missing_last: Path | None = None
        """The file opened last, found missing at the start (`offer_to_forget`)."""
        self.welcome.recent_changed.connect(self._recent_files_changed)
        self._controller.document_changed.connect(self._show_document)
        self._controller.problem_reported.connect(self._message_bar.show_problem)
        self._controller.restore_offered.connect(self._offer_restore)
        self._controller.notice_reported.connect(self._message_bar.show_problem)
        self._controller.news_reported.connect(self._message_bar.show_info)
        self._controller.lock_takeover_offered.connect(self._offer_lock_takeover)
        self._doubt_shown = False
        self._controller.record_in_doubt.connect(self.show_record_in_doubt)
        self._controller.changed_elsewhere.connect(self._show_changes_elsewhere)
        self._controller.closing.connect(self._stop_serving)
        self.sheets_page.sheet.set_clock(self.countdown)
        self.context.hub.follow(self._clock_label, self._follow_running_session)
        self.context.hub.changed.connect(self._data_changed)
        self._restore_layout()
        self._show_document()

    def _pages(self) -> tuple[tuple[QWidget, str], ...]:
        """The tabs in order; their labels have no mnemonic (see the module's note)."""
        return ((self.setup_page, self.tr("Setup")),
                (self.players_page, self.tr("Players")),
                (self.seating_page, self.tr("Seating")),
                (self.sheets_page, self.tr("Score sheets")),
                (self.standings_page, self.tr("Standings")),
                (self.cuts_page, self.tr("Cuts")))

    @property
    def controller(self) -> DocumentController:
        return self._controller

    @property
    def message_bar(self) -> MessageBar:
        return self._message_bar

    @property
    def overview_page(self) -> OverviewPage:
        return self.setup_page.overview

    @property
    def undo_stack(self) -> QUndoStack:
        return self.context.runner.stack

    @property
    def recent_menu(self) -> QMenu:
        return self._recent_menu

    def pages(self) -> list[QWidget]:
        return [page for page, _label in self._pages()]

    def _action(self, name: str, text: str, slot: Callable[[], object],
                shortcut: QKeySequence.StandardKey | QKeySequence | None = None) -> QAction:
        # Stable object names: customised shortcuts will be stored under them.
        action = QAction(text, self)
        action.setObjectName(name)
        if isinstance(shortcut, QKeySequence):
            action.setShortcut(shortcut)
        elif shortcut is not None:
            action.setShortcuts(shortcut)
        action.triggered.connect(slot)
        return action

    def _ask(self, question: Question) -> bool:
        """The runner's question (a weighty undo, a change to a sheet being signed)."""
        return confirm(self, question.title, question.question, question.details,
                       question.act, object_name="command_confirm")

    def _action_recorded(self, _index: int) -> None:
        QTimer.singleShot(0, self, lambda: undo_keys.forget_typing(self))

    def _create_actions(self) -> None:
        key = QKeySequence.StandardKey
        self.action_new = self._action("action_new", self.tr("&New…"), self.new_document,
                                       key.New)
        self.action_open = self._action("action_open", self.tr("&Open…"), self.open_document,
                                        key.Open)
        self.action_open_server = self._action("action_open_server",
                                               self.tr("Open on a Ser&ver…"), self.open_server)
        self.action_open_demo = self._action("action_open_demo",
                                             self.tr("Open the &Demo Event"), self.open_demo)
        self.action_save_copy = self._action("action_save_copy", self.tr("Save a Cop&y…"),
                                             self.save_copy, key.SaveAs)
        self.action_close = self._action("action_close", self.tr("&Close"),
                                         self.close_document, key.Close)
        self.action_quit = self._action("action_quit", self.tr("&Quit"), self.quit, key.Quit)
        self.action_quit.setMenuRole(QAction.MenuRole.QuitRole)
        self.action_clear_recent = self._action("action_clear_recent",
                                                self.tr("&Clear Menu"), self._clear_recent)
        stack = self.context.runner.stack
        self.action_undo = stack.createUndoAction(self, self.tr("&Undo"))
        self.action_undo.setObjectName("action_undo")
        self.action_undo.setShortcuts(key.Undo)
        self.action_redo = stack.createRedoAction(self, self.tr("&Redo"))
        self.action_redo.setObjectName("action_redo")
        self.action_redo.setShortcuts(undo_keys.redo_keys())
        # The stack's actions keep their text and state; their triggering goes through the
        # runner, which asks first where a command's undo or redo weighs (a cut, a draw).
        runner = self.context.runner
        self.action_undo.triggered.disconnect()
        self.action_undo.triggered.connect(runner.undo)
        self.action_redo.triggered.disconnect()
        self.action_redo.triggered.connect(runner.redo)
        runner.ask = self._ask
        # After an action, Ctrl+Z is for the action, not for the typing that led to it;
        # later, once the fields have settled (a recorded hand's Value box is emptied).
        stack.indexChanged.connect(self._action_recorded)
        self.action_projector = self._action("action_projector", self.tr("&Projector Window"),
                                             self.show_projector)
        self.action_refresh = self._action("action_refresh", self.tr("&Refresh"),
                                           self._refresh_all, key.Refresh)
        self.action_full_screen = self._action("action_full_screen", self.tr("&Full Screen"),
                                               self._toggle_full_screen, key.FullScreen)
        if self.action_full_screen.shortcut().isEmpty():  # some desktops bind none
            self.action_full_screen.setShortcut(QKeySequence("F11"))
        self.action_serve_tables = self._action("action_serve_tables",
                                                self.tr("Serve Ta&bles"), self.serve_tables)
        self.action_serve_tables.setCheckable(True)
        self.action_table_codes = self._action("action_table_codes",
                                               self.tr("Table Co&des…"), self.show_table_codes)
        self.action_table_codes.setEnabled(False)  # while the tables are served
        self.action_verify = self._action("action_verify", self.tr("&Verify Record…"),
                                          self.verify_record)
        self.action_verify.setToolTip(self.tr(
            "Check every signed sheet against its signatures, every hand against the rules "
            "and the audit log against the file"))
        self.page_actions: list[QAction] = []
        for index, (_page, label) in enumerate(self._pages()):
            action = self._action(f"action_page_{TAB_NAMES[index]}", label,
                                  lambda _checked=False, i=index: self.go_to_page(i),
                                  QKeySequence(f"Ctrl+{index + 1}"))
            self.page_actions.append(action)
        self.action_next_page = self._action("action_next_page", self.tr("&Next Page"),
                                             lambda: self._step_page(1),
                                             QKeySequence("Ctrl+PgDown"))
        self.action_previous_page = self._action("action_previous_page",
                                                 self.tr("P&revious Page"),
                                                 lambda: self._step_page(-1),
                                                 QKeySequence("Ctrl+PgUp"))

    def _create_menus(self) -> None:
        file_menu = self.menuBar().addMenu(self.tr("&File"))
        file_menu.setObjectName("file_menu")
        file_menu.addAction(self.action_new)
        file_menu.addAction(self.action_open)
        self._recent_menu = file_menu.addMenu(self.tr("Open &Recent"))
        self._recent_menu.setObjectName("recent_menu")
        self._recent_menu.setToolTipsVisible(True)
        self._recent_menu.aboutToShow.connect(self._fill_recent_menu)
        file_menu.addAction(self.action_open_server)
        file_menu.addAction(self.action_open_demo)
        file_menu.addSeparator()
        file_menu.addAction(self.action_save_copy)
        self.export_menu = ExportMenu(
            self.context, self._dialogs, self._session_to_print, self, self._settings,
            standings_through=self._standings_to_print)
        file_menu.addMenu(self.export_menu)
        file_menu.addSeparator()
        file_menu.addAction(self.action_close)
        file_menu.addAction(self.action_quit)
        edit_menu = self.menuBar().addMenu(self.tr("&Edit"))
        edit_menu.setObjectName("edit_menu")
        edit_menu.addAction(self.action_undo)
        edit_menu.addAction(self.action_redo)
        view_menu = self.menuBar().addMenu(self.tr("&View"))
        view_menu.setObjectName("view_menu")
        view_menu.addAction(self.action_projector)
        self.projector_screen_menu = ProjectorScreenMenu(self._settings, self._place_projector,
                                                         self)
        view_menu.addMenu(self.projector_screen_menu)
        self.projector_standings_menu = QMenu(self.tr("Projector S&tandings"), self)
        self.projector_standings_menu.setObjectName("projector_standings_menu")
        self.projector_standings_menu.aboutToShow.connect(self._fill_projector_standings)
        self._fill_projector_standings()
        view_menu.addMenu(self.projector_standings_menu)
        view_menu.addSeparator()
        self.room_clock = RoomClock(self.context, self.countdown, self)
        view_menu.addMenu(self.room_clock)
        view_menu.addSeparator()
        pages_menu = view_menu.addMenu(self.tr("&Go to Page"))
        pages_menu.setObjectName("pages_menu")
        for action in self.page_actions:
            pages_menu.addAction(action)
        pages_menu.addSeparator()
        pages_menu.addAction(self.action_next_page)
        pages_menu.addAction(self.action_previous_page)
        view_menu.addAction(self.action_refresh)
        view_menu.addAction(self.action_full_screen)
        view_menu.addSeparator()
        view_menu.addAction(self.action_serve_tables)
        view_menu.addAction(self.action_table_codes)
        view_menu.addAction(self.action_verify)
        view_menu.addSeparator()
        view_menu.addMenu(self._language_menu())
        self.help_menu = HelpMenu(self, [file_menu, edit_menu, view_menu],
                                  self._actions_outside_the_menus)
        self.menuBar().addMenu(self.help_menu)

    def _language_menu(self) -> QMenu:
        """View ▸ Language: each language under its own name, the one spoken ticked; a
        choice is remembered and spoken from the next start (`gui.translation`)."""
        menu = QMenu(self.tr("&Language"), self)
        menu.setObjectName("language_menu")
        group = QActionGroup(menu)
        spoken = window_language(self._settings.language())
        for language in Language:
            action = menu.addAction(language.native_name)
            action.setObjectName(f"action_language_{language.value}")
            action.setCheckable(True)
            action.setChecked(language is spoken)
            group.addAction(action)
            action.triggered.connect(lambda _checked=False, chosen=language:
                                     self._choose_language(chosen))
        return menu

    def _choose_language(self, language: Language) -> None:
        self._settings.set_language(language.value)
        if forced_language() is not None:
            self.message_bar.show_info(self.tr(
                "{language} is remembered, but the environment variable {variable} "
                "decides the language here: remove it to use the choice.").format(
                    language=language.native_name, variable=LANGUAGE_ENV))
            return
        self.message_bar.show_info(self.tr(
            "The window speaks {language} from the next start.").format(
                language=language.native_name))

    def _actions_outside_the_menus(self) -> list[tuple[str, list[QAction]]]:
        """For the shortcuts list: the projector's keys, and each page's own actions."""
        groups = [(self.tr("Projector window"), list(self.projector.actions()))]
        for page, label in self._pages():
            actions = [a for a in page.findChildren(QAction) if not a.shortcut().isEmpty()]
            if actions:
                groups.append((label, actions))
        return groups

    def menus(self) -> list[QMenu]:
        """The menu bar's menus, in order."""
        menus = [action.menu() for action in self.menuBar().actions()]
        return [menu for menu in menus if isinstance(menu, QMenu)]

    # -- pages -----------------------------------------------------------------------------
    def go_to_page(self, index: int) -> None:
        if self.central_pages.currentWidget() is self.tabs and self.tabs.isTabEnabled(index):
            self.tabs.setCurrentIndex(index)

    def _step_page(self, step: int) -> None:
        if self.central_pages.currentWidget() is not self.tabs:
            return
        count = self.tabs.count()
        index = self.tabs.currentIndex()
        for _ in range(count):
            index = (index + step) % count
            if self.tabs.isTabEnabled(index):
                self.tabs.setCurrentIndex(index)
                return

    def _command_moved(self, command: QUndoCommand, undone: bool) -> None:
        """Say what an undo or a redo did: in the status bar, and in the message bar when
        it changed a sheet other than the one on screen (Ctrl+Z with table 1 shown took
        hand 15 of table 6 back, and only the Edit menu had said so)."""
        done = (self.tr("Undone: {what}") if undone else self.tr("Redone: {what}")).format(
            what=command.text())
        self.statusBar().showMessage(done, 6000)
        sheet = command.sheet() if isinstance(command, ServiceCommand) else None
        shown = (self.sheets_page.sheet.table_id
                 if self._page_shown() is self.sheets_page else None)
        if sheet is not None and sheet != shown:
            self._message_bar.show_info(done)

    def _page_shown(self) -> QWidget | None:
        area = self.tabs.currentWidget()
        return area.widget() if isinstance(area, QScrollArea) else area

    def show_page(self, page: QWidget) -> None:
        for index in range(self.tabs.count()):
            area = self.tabs.widget(index)
            if isinstance(area, QScrollArea) and area.widget() is page:
                self.tabs.setCurrentIndex(index)

    # -- files -----------------------------------------------------------------------------
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
                f"{mnemonic}  " + no_mnemonic(recent_label(path, self._settings)))
            action.setToolTip(str(path))
            action.setData(str(path))
            action.triggered.connect(lambda _checked=False, chosen=path: self.open_path(chosen))
        menu.addSeparator()
        menu.addAction(self.action_clear_recent)

    def offer_to_forget(self, path: Path, text: str) -> None:
        """`text` says the file opened last is not there; Forget It takes it off the
        recent files (it is kept, to come back with its USB stick, until then)."""
        def forget() -> None:
            self._missing_last = None
            self._settings.remove_recent_file(path)
            self._message_bar.clear()
            self.welcome.fill_recent()

        self._missing_last = path
        self._message_bar.show_problem(text, [(self.tr("Forget It"), forget)])

    def _recent_files_changed(self) -> None:
        """The file opened last is back (its USB stick plugged in while the welcome page
        showed): the message that said it was gone would mislead; it offers to open it."""
        path = self._missing_last
        if path is None or not path.is_file() or self._controller.document is not None:
            return
        self._missing_last = None
        self._message_bar.show_info(
            self.tr("The event opened last is back at {path}.").format(path=path),
            [(self.tr("Open It"), lambda: self.open_path(path))])

    def _clear_recent(self) -> None:
        self._settings.clear_recent_files()
        self.welcome.fill_recent()

    def _may_drop_unfinished(self, question: str, act: str) -> bool:
        """True unless closing the event loses work typed and not yet in it (a hand, a
        draw not published, the players form) and the judge keeps it. Ctrl+Q with "E S 35"
        typed, or Ctrl+W with a draw held, threw them away without a word."""
        if self._controller.document is None:
            return True
        lost = [text for text in (page.unfinished() for page in (
            self.setup_page, self.players_page, self.seating_page, self.sheets_page)) if text]
        if self.table_server.running:  # closing stops it: said, as it reaches every table
            lost.append(self.tr("The tables are entering their sheets from phones: serving "
                                "stops, and what they type waits on the phones until it "
                                "starts again."))
        return not lost or confirm(self, self.tr("Work Not Finished"), question,
                                   "\n".join(lost), act, object_name="unfinished_confirm")

    def _may_leave_for_another(self) -> bool:
        return self._may_drop_unfinished(
            self.tr("Leave this event for another? What is not finished in it is lost."),
            self.tr("Leave It"))

    def quit(self) -> None:
        """File ▸ Quit: every window closes, once the judge has been asked about work not
        finished (a close the system asks for, at a logout, asks nothing)."""
        if self._may_drop_unfinished(
                self.tr("Quit? What is not finished in the event is lost."),
                self.tr("Quit Anyway")):
            QApplication.closeAllWindows()

    def new_document(self) -> None:
        if not self._may_leave_for_another():
            return
        request = self._dialogs.ask_new_tournament(self)
        if request is None:
            return
        path = self._dialogs.choose_new_path(self, self._folder() / file_name_for(request.name))
        # A name taken: another name for the same request (the event's name, its head
        # judge and his passphrase were typed again after the refusal). Cancel is
        # Cancel, even if the file has gone meanwhile.
        while path is not None and path.exists():
            if choose(self, self.tr("File Exists"),
                      self.tr("{name} exists already: a new event needs a file of its "
                              "own.").format(name=path.name),
                      self.tr("Nothing is written over it. Choose another name for "
                              "{event}.").format(event=request.name),
                      [(self.tr("Choose Another Name…"), "new_rename")],
                      keep=QMessageBox.StandardButton.Cancel) != "new_rename":
                return
            path = self._dialogs.choose_new_path(self, path)
        if path is None:
            return
        self._message_bar.clear()
        if self._controller.new(path, request.name, request.preset, request.rule_set,
                                head_judge=request.head_judge):
            self._plan_sessions(request)

    def _plan_sessions(self, request: NewTournament) -> None:
        """An open event of another length than the preset's: its one round planned anew
        before anything is drawn (the controller creates every preset at its own length)."""
        if request.sessions is None or request.preset is not Preset.OPEN:
            return
        rounds = preset_rounds(Preset.OPEN, request.sessions)
        try:
            settings = overview(self.context.unit_of_work()).tournament.settings
            if settings.rounds != rounds:
                update_settings(self.context.unit_of_work(),
                                dataclasses.replace(settings, rounds=rounds))
        except EXPECTED_ERRORS as error:
            log.warning("planning %s sessions failed: %s", request.sessions, error)
        self.context.hub.notify(Topic.SETTINGS)

    def open_document(self) -> None:
        if not self._may_leave_for_another():
            return
        path = self._dialogs.choose_open_path(self, self._folder())
        if path is not None:
            self.open_path(path, asked=True)

    def open_path(self, path: Path, *, asked: bool = False) -> None:
        """`asked`: the judge was asked about work not finished already (File ▸ Open)."""
        if not asked and not self._controller.is_open(path) and \
                not self._may_leave_for_another():
            return
        self._message_bar.clear()
        self._controller.open(path)

    def open_server(self) -> None:
        """An event on a PostgreSQL server, for this station (File ▸ Open on a Server…)."""
        settings = self._settings
        station = station_from_environment(settings.station_name(), settings.station_role())
        if not self._may_leave_for_another():
            return
        request = ask_server(self, settings.last_server(), station.name, station.role.value)
        if request is None:
            return
        self._message_bar.clear()
        if self._controller.open(request.address, station=request.station):
            settings.set_last_server(str(request.address), request.station.name,
                                     request.station.role.value)

    def serve_tables(self) -> None:
        """Start (or stop) serving table-side entry on the open event; the codes show in a
        dialog the head judge reads out or puts on the projector."""
        document = self._controller.document
        if self.table_server.running or document is None:
            self.table_server.stop()
            self._controller.watch_changes(False)
            self.action_serve_tables.setChecked(False)
            return
        problem = self.table_server.start(document.unit_of_work,
                                          str(self._controller.address or document.path))
        if problem is not None:
            self.action_serve_tables.setChecked(False)
            self._message_bar.show_problem(problem)
            return
        self.action_serve_tables.setChecked(True)
        self._controller.watch_changes(True)  # the tables' acts show within a second
        self._message_bar.show_info(self.tr("Serving the tables at {address}").format(
            address=self.table_server.address))
        self.show_table_codes()

    def _serving_changed(self, running: bool) -> None:
        self.action_table_codes.setEnabled(running)
        self._serving_label.setText(self.tr("Serving the tables at {address}").format(
            address=self.table_server.address) if running else "")
        self._serving_label.setVisible(running)

    def show_table_codes(self) -> None:
        """View ▸ Table Codes…: where the tables go and the codes of every table being
        played now (a session started since serving began has its own)."""
        if not self.table_server.running:
            return
        event_name = self.windowTitle().split(" — ")[0]
        folder = self._folder()
        dialog = TableCodesDialog(
            self.table_server, self, event_name=event_name,
            language=self.export_menu.document_language,
            choose_path=lambda: self._dialogs.choose_export_path(
                self, folder / self.tr("table codes.pdf"), self.tr("PDF (*.pdf)")))
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.show()

    def _stop_serving(self) -> None:
        if self.table_server.running:
            self.table_server.stop()
            self.action_serve_tables.setChecked(False)

    def _show_changes_elsewhere(self) -> None:
        """Another station changed the event: every page reads what it shows again."""
        for topic in ALL_TOPICS:
            if topic != Topic.DOCUMENT:
                self.context.hub.notify(topic)

    def open_demo(self) -> None:
        """The demo event from the data folder, built first (in the background) if need be."""
        if not self._may_leave_for_another():
            return
        if self.demo_builder is None:
            self.demo_builder = DemoBuilder(self, self.demo_spec)
            self.demo_builder.finished.connect(self._demo_ready)
            self.demo_builder.problem.connect(self._message_bar.show_problem)
        self.demo_builder.spec = self.demo_spec
        self._message_bar.clear()
        self.demo_builder.start()

    def _demo_ready(self, path: Path | None) -> None:
        if path is None:
            return
        if self._controller.open(path):
            self._message_bar.show_info(self.tr(
                "This is the demo event, a whole event already played, in a file of its own "
                "({path}); your tournaments are not touched. To try the head judge's acts, "
                "his passphrase is \u201c{passphrase}\u201d.").format(
                    path=path, passphrase=DEMO_PASSPHRASE))

    def save_copy(self) -> None:
        document = self._controller.document
        if document is None:
            return
        suggestion = self._folder() / (
            self.tr("{name} copy").format(name=document.path.stem) + DOCUMENT_SUFFIX)
        destination = self._dialogs.choose_copy_path(self, suggestion)
        if destination is None:
            return
        self._message_bar.clear()
        if self._controller.save_copy(destination):
            # A read-only event says "to work on it, save a copy": the copy is then the
            # one to open (the window stayed on the read-only original).
            actions = ([(self.tr("Open the Copy"), lambda: self.open_path(destination))]
                       if document.read_only else [])
            self._message_bar.show_info(self.tr("A copy was saved to {path}.").format(
                path=destination), actions)

    def close_document(self) -> None:
        if not self._may_drop_unfinished(
                self.tr("Close the event? What is not finished in it is lost."),
                self.tr("Close Anyway")):
            return
        self._message_bar.clear()
        self._controller.close()

    def _folder(self) -> Path:
        return start_folder(self._controller.address)

    def _offer_restore(self, path: Path, backup: Path, problem: str) -> None:
        when = local_date_time(datetime.fromtimestamp(backup.stat().st_mtime))
        text = problem + "\n" + self.tr(
            "The newest backup is from {when}. Restoring it keeps the damaged file aside."
        ).format(when=when)
        self._message_bar.show_problem(
            text, [(self.tr("Restore Newest Backup"),
                    lambda: self._controller.restore(path, backup))])

    def _offer_lock_takeover(self, path: Path, problem: str) -> None:
        """A lock held from another computer: taken over only once the judge confirms
        that nobody works on the file there any more (two writers would lose work)."""
        def take_over() -> None:
            if confirm(self, self.tr("Take Over the Lock"),
                       self.tr("Take over the lock of {name}?").format(name=path.name),
                       self.tr("Do this only if the other computer no longer runs Tournament "
                               "Manager on this file: two copies writing to one file lose "
                               "each other's work."),
                       self.tr("Take Over"), object_name="take_over_lock"):
                self._controller.open(path, take_over_lock=True)
            else:
                self._offer_lock_takeover(path, problem)  # the offer stays on the bar

        self._message_bar.show_problem(problem, [(self.tr("Take Over the Lock…"), take_over)])

    def show_record_in_doubt(self, report: VerificationReport) -> None:
        """What verification found, in the banner, with every line behind "Details…".
        While it is shown, a change to the results checks the record again
        (`_check_doubt_again`): a cut made again after a correction clears it."""
        self._doubt_shown = True
        text = self.tr(
            "This record does not verify: {summary}. Check with the head judge before "
            "printing or publishing anything from it.").format(summary=summary(report))
        self._message_bar.show_problem(text, details=describe_report(report),
                                       details_title=self.tr("Verification"))

    def verify_record(self) -> VerificationReport | None:
        """View ▸ Verify Record…: the same checks as on opening, on demand."""
        report = self._controller.verify()
        if report is None:
            self._message_bar.show_problem(self.tr("There is no tournament to verify."))
        elif report.ok:
            self._message_bar.clear()
            QMessageBox.information(self, self.tr("Verify Record"),
                                    sentence(summary(report)))
        else:
            self.show_record_in_doubt(report)
            self._message_bar.show_details(self.tr("Verification"), summary(report),
                                           describe_report(report))
        return report

    def show_opening(self) -> None:
        """Between the window's first paint and its first document (`launch`): the
        welcome page waits, so nothing is clicked that the opening would undo."""
        self.welcome.setEnabled(False)
        self._path_label.setText(self.tr("Opening…"))

    def opening_done(self) -> None:
        """The first document is open, or there was none to open, or it could not be
        opened (the message bar says why)."""
        self.welcome.setEnabled(True)
        if self._controller.document is None:
            self._path_label.clear()

    def _show_document(self) -> None:
        document = self._controller.document
        has_document = document is not None
        if has_document:
            self._missing_last = None  # an event is open: its message has gone with it
        self.action_save_copy.setEnabled(has_document)
        self.action_close.setEnabled(has_document)
        self.action_verify.setEnabled(has_document)
        has_tournament = False
        name = ""
        if document is None:
            self.setWindowTitle(self.tr("Tournament Manager"))
            self._path_label.clear()
            self.central_pages.setCurrentWidget(self.welcome)
            self.welcome.fill_recent()
        else:
            address = self._controller.address
            self._path_label.setText(str(address if address is not None else document.path))
            self.central_pages.setCurrentWidget(self.tabs)
            name = document.path.stem
            try:
                summary = overview(document.unit_of_work())
            except ServiceError:
                pass
            else:
                name = summary.tournament.name
                has_tournament = True
            if isinstance(address, Path):  # a server event is opened by its address
                self._settings.add_recent_file(document.path,
                                               name if has_tournament else "")
            # "[*]" is Qt's modified-marker placeholder; "[**]" shows it literally.
            self.setWindowTitle(self.tr("{name} — Tournament Manager").format(
                name=name.replace("[*]", "[**]")))
        for index in range(1, self.tabs.count()):
            self.tabs.setTabEnabled(index, has_tournament)
        for action in self.page_actions[1:]:
            action.setEnabled(has_tournament)
        if not has_tournament:
            self.tabs.setCurrentIndex(0)
        self.projector.tournament_name = name if has_tournament else ""
        self.projector.refresh()

    def _check_doubt_again(self, topic: str) -> None:
        """Only while the record is in doubt (rare, and the check reads the whole record):
        once what it found is mended, the banner goes, and says so."""
        if topic == Topic.DOCUMENT:
            self._doubt_shown = False  # another document: its own check on opening
        if not self._doubt_shown or topic not in (Topic.ROUNDS, Topic.SESSIONS):
            return
        report = self._controller.verify()
        if report is None or report.ok:
            self._doubt_shown = False
            self._message_bar.show_info(self.tr("The record verifies again."))
        else:
            self.show_record_in_doubt(report)

    def _data_changed(self, topic: str) -> None:
        self._controller.seen_now()  # this window shows it: no need to read it again
        self._check_doubt_again(topic)
        if topic == Topic.SETTINGS and self._controller.document is not None:
            self._show_document()

    # -- the session clock -----------------------------------------------------------------
    def _follow_running_session(self, _topic: str = "") -> None:
        """Run the clock for the session being played, as the record has it (its start,
        its pauses, the room's extra time)."""
        if not self.context.has_document:
            self.countdown.stop()
            return
        try:
            summaries = session_summaries(self.context.unit_of_work())
            settings = overview(self.context.unit_of_work()).tournament.settings
            running = [s.session for s in summaries
                       if s.session.status is StageStatus.RUNNING]
            clock = session_clock(self.context.unit_of_work(), running[-1].id) if running \
                else None
        except EXPECTED_ERRORS:
            clock = None
        if clock is None:
            self.countdown.stop()
            return
        rule = self._time_up_rule(settings.on_time_out)
        self.clock_banner.time_up_rule = rule
        self.projector.time_up_rule = rule
        self.countdown.follow(clock, self.tr("Session {n}").format(n=clock.session))

    def _time_up_rule(self, on_time_out: OnTimeOut) -> str:
        if on_time_out is OnTimeOut.FINISH_CURRENT_HAND:
            return self.tr("Finish the hand in play; no new hand starts.")
        return self.tr("The hand in play is void; no new hand starts.")

    def _show_clock(self, seconds: int) -> None:
        countdown = self.countdown
        if seconds <= 0:
            text = self.tr("{label}: time is up").format(label=countdown.label)
        elif countdown.paused:
            text = self.tr("{label}: {left} left (clock paused)").format(
                label=countdown.label, left=format_left(seconds))
        else:
            text = self.tr("{label}: {left} left").format(label=countdown.label,
                                                         left=format_left(seconds))
        self._clock_label.setText(text)

    def _clock_warning(self, minutes: int) -> None:
        self.statusBar().showMessage(self.tr("{minutes} minutes left in the session").format(
            minutes=minutes), 60_000)

    def _standings_to_print(self) -> int | None:
        """The standings the Standings page shows, when it is the page shown; else every
        session played (a look at session 1's earlier did not make the final standings
        printed from another page those after session 1)."""
        if self._page_shown() is self.standings_page:
            return self.standings_page.through_session()
        return None

    def _session_to_print(self) -> int | None:
        """The session whose sheets are on screen when the Score sheets page is shown (the
        judge printing the sheets he is looking at got another session's); else the one
        chosen on the Seating page, the one the head judge is preparing."""
        if self._page_shown() is self.sheets_page:
            shown = self.sheets_page.session_number()
            if shown is not None:
                return shown
        summary = self.seating_page.current_session()
        return summary.session.number if summary is not None else None

    # -- the projector ---------------------------------------------------------------------
    def _make_projector(self) -> ProjectorWindow:
        projector = ProjectorWindow(self.countdown)
        feed = self.projector_feed
        self._seating_slide = TableSlide(self.tr("Seating"), feed.seating, stretch_column=0,
                                         empty_text=self.tr("No session is being played or "
                                                            "published to come."))
        self._standings_slide = TableSlide(self.tr("Standings"), feed.standings,
                                           stretch_column=STANDINGS_PLAYER,
                                           empty_text=self.tr("No standings yet."))
        projector.add_slide(self._seating_slide)
        projector.add_slide(self._standings_slide)
        feed.updated.connect(self._projector_updated)
        projector.closed.connect(lambda: feed.set_active(False))
        self.destroyed.connect(projector.close)
        return projector

    def _projector_updated(self) -> None:
        self._seating_slide.detail = self.projector_feed.seating_detail
        self._standings_slide.detail = self.projector_feed.standings_detail
        self._standings_slide.notice = self.projector_feed.standings_notice
        self._standings_slide.legend = self.projector_feed.standings_legend
        self.projector.refresh()

    def show_projector(self) -> ProjectorWindow:
        self.projector_feed.set_active(True)
        self.projector.show_on(projector_screen(self._settings.projector_screen()))
        return self.projector

    def _show_standings_on_projector(self) -> None:
        """The standings as the page shows them (after the session it is set to): the
        room saw every session's while the page, and the judge, looked at session 1's."""
        self.projector_feed.set_through(self.standings_page.through_session())
        projector = self.show_projector()
        projector.show_slide(self._standings_slide)

    def _place_projector(self, gone: QScreen | None = None) -> None:
        """The screen choice changed, or a screen came or went: the shown projector moves."""
        if self.projector.isVisible():
            self.projector.show_on(projector_screen(self._settings.projector_screen(), gone))

    def _fill_projector_standings(self) -> None:
        """The projector's own standings filter: live, or after a finished session."""
        menu = self.projector_standings_menu
        menu.clear()
        group = QActionGroup(menu)
        choices: list[tuple[str, int | None]] = [(self.tr("&Live, After Every Hand"), None)]
        if self.context.has_document:
            try:
                summaries = session_summaries(self.context.unit_of_work())
            except EXPECTED_ERRORS:
                summaries = ()
            choices += [(self.tr("After Session {n}").format(n=s.session.number),
                         s.session.number) for s in summaries
                        if s.session.status is StageStatus.FINISHED]
        for text, number in choices:
            action = menu.addAction(text)
            action.setCheckable(True)
            action.setChecked(self.projector_feed.through == number)
            group.addAction(action)
            action.triggered.connect(
                lambda _checked=False, n=number: self.projector_feed.set_through(n))

    def _refresh_all(self) -> None:
        self.context.hub.notify(Topic.DOCUMENT)

    def _toggle_full_screen(self) -> None:
        if self.isFullScreen():
            self.showNormal()
        else:
            self.showFullScreen()

    def _restore_layout(self) -> None:
        geometry = self._settings.window_geometry()
        if geometry is None or not self.restoreGeometry(geometry):
            self.resize(*DEFAULT_SIZE)
        state = self._settings.window_state()
        if state is not None:
            self.restoreState(state)

    def closeEvent(self, event: QCloseEvent) -> None:
        # The window's close button asks as File ▸ Quit does; a close asked for by the
        # program (Quit, once asked; the system's shutdown) does not wait for an answer.
        if event.spontaneous() and not self._may_drop_unfinished(
                self.tr("Quit? What is not finished in the event is lost."),
                self.tr("Quit Anyway")):
            event.ignore()
            return
        self._settings.set_window_layout(self.saveGeometry(), self.saveState())
        self.projector.close()
        self.table_server.stop()
        if self.demo_builder is not None:
            self.demo_builder.stop()
        self.countdown.stop()
        self._controller.close()
        super().closeEvent(event)
