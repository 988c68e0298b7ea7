"""Help: the keyboard shortcuts, a quick guide to an event's day, and About.

The shortcuts list is read from the actions themselves (every menu of the window, then the
projector's keys), never typed by hand: a shortcut added or changed anywhere is listed
as it is, and one that is listed is one that works.
"""

from __future__ import annotations

import platform
import sys
from collections.abc import Callable, Iterable, Sequence

from PySide6 import __version__ as pyside_version
from PySide6.QtCore import QCoreApplication, QSize, Qt, qVersion
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QHeaderView,
    QMenu,
    QMessageBox,
    QTableWidget,
    QTableWidgetItem,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from tournament_manager import __version__
from tournament_manager.gui.user_text import as_shown

translate = QCoreApplication.translate  # by this name, so pyside6-lupdate finds the words

LICENCE = "MIT"


LAST_KEYBOARD_KEY = Qt.Key.Key_F12.value
"""Beyond F12 come the keys few keyboards have (F13…, Help, New, Open, Save…), which Qt's
standard bindings add; listing them ("Shift+Save", "F14") only confuses. (Help is
0x01000058, beyond F12 too.)"""


def on_a_keyboard(key: QKeySequence) -> bool:
    """A sequence typed on an ordinary keyboard."""
    code = key[0].key()
    value = code.value if isinstance(code, Qt.Key) else int(code)
    return value <= LAST_KEYBOARD_KEY


def shortcut_rows(menus: Iterable[QMenu], extra: Sequence[tuple[str, Iterable[QAction]]] = ()
                  ) -> list[tuple[str, str, str]]:
    """(where, action, keys) for every action with a shortcut, menu by menu, submenus
    included, then the `extra` groups (the projector's keys)."""
    rows: list[tuple[str, str, str]] = []
    seen: set[int] = set()

    def walk(menu: QMenu, where: str) -> None:
        for action in menu.actions():
            if action.isSeparator():
                continue
            submenu = action.menu()
            if isinstance(submenu, QMenu):
                walk(submenu, f"{where} ▸ {as_shown(submenu.title())}")
                continue
            add(where, action)

    def add(where: str, action: QAction) -> None:
        keys = [k.toString(QKeySequence.SequenceFormat.NativeText) for k in action.shortcuts()
                if not k.isEmpty() and on_a_keyboard(k)]
        if keys and id(action) not in seen:
            seen.add(id(action))
            rows.append((where, as_shown(action.text()), ", ".join(keys)))

    for menu in menus:
        walk(menu, as_shown(menu.title()))
    for where, actions in extra:
        for action in actions:
            add(where, action)
    return rows


class ShortcutsDialog(QDialog):
    def __init__(self, rows: Sequence[tuple[str, str, str]],
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("shortcuts_dialog")
        self.setWindowTitle(self.tr("Keyboard Shortcuts"))
        self.resize(760, 600)
        self.table = QTableWidget(len(rows), 3, self)
        self.table.setObjectName("shortcuts_table")
        self.table.setHorizontalHeaderLabels([self.tr("Keys"), self.tr("Action"),
                                              self.tr("Where")])
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.verticalHeader().hide()
        self.table.setAlternatingRowColors(True)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        for row, (where, text, keys) in enumerate(rows):
            for column, value in enumerate((keys, text, where)):
                self.table.setItem(row, column, QTableWidgetItem(value))
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.table)
        layout.addWidget(buttons)

    def rows(self) -> list[tuple[str, str, str]]:
        """(keys, action, where) as shown."""
        return [tuple(self.table.item(r, c).text() for c in range(3))  # type: ignore[misc]
                for r in range(self.table.rowCount())]


class QuickGuideDialog(QDialog):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("quick_guide_dialog")
        self.setWindowTitle(self.tr("Quick Guide"))
        self.resize(720, 640)
        self.text = QTextBrowser(self)
        self.text.setObjectName("quick_guide_text")
        self.text.setOpenExternalLinks(False)
        self.text.setHtml(self.guide())
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.text)
        layout.addWidget(buttons)

    def guide(self) -> str:
        return self.tr("""
<h2>An event's day, in order</h2>
<ol>
<li><b>File ▸ New…</b> names the event, its rules (Zung Jung, MCR, classical), its format
and its head judge with his passphrase. The tournament is one file; every action is saved
the moment it is made, and the file is backed up when it is opened, before each session
starts and when it is closed. There is no Save.</li>
<li><b>Setup</b>: hands per session, the time limit and the other settings, until the
first session is drawn. The event's name and venue can change at any time.</li>
<li><b>Players</b>: add players one by one, or import a registration table (.csv or
.xlsx; drop it on the page) and check the column mapping in the preview.</li>
<li><b>Seating</b>: choose a session, <b>Draw…</b> it and read the quality report (repeat
meetings), draw again if you like, then <b>Publish</b> it: only now do players see their
tables. <b>Start session</b> takes a backup and starts the session clock. The wind draw at
a table shows the dice and tiles.</li>
<li><b>Score sheets</b>: pick the table and type each hand in the entry bar (the
calculator beside it scores a hand from its tiles). Penalties and the four signatures are
in the drawer under the sheet; a sheet signed by its four players is locked.</li>
<li><b>Standings</b> are live after every hand; choose a session to see them as they stood
after it. <b>Cuts</b> shows where the line falls and what decided it; <b>Make cut…</b>
takes the qualifiers into the next round.</li>
</ol>
<h3>The room</h3>
<p><b>View ▸ Projector Window</b> shows the seating (the session being played, or the next
one) and the standings to the room, with the session clock; choose its screen under
<b>View ▸ Projector Screen</b>. <b>View ▸ Session Clock</b> pauses and resumes the clock
for every table, or gives every table extra time. When time is up, a red band says so in
the window and on the projector.</p>
<h3>The record and the head judge</h3>
<p>Only the head judge changes a locked sheet or reopens a finished session, with his
passphrase and a reason that goes on the record and on every printout. <b>View ▸ Verify
Record…</b> checks every signed sheet, every hand's payments, the cuts and the audit log.</p>
<h3>Keys</h3>
<p>Ctrl+1 … Ctrl+6 go to the pages, Ctrl+PgUp and Ctrl+PgDown to the previous and next
one. <b>Help ▸ Keyboard Shortcuts</b> lists every key.</p>
""")


def show_about(parent: QWidget) -> None:
    """As `QMessageBox.about`, but asking for rich text by name: the window's labels are
    plain text otherwise (`user_text`)."""
    box = QMessageBox(QMessageBox.Icon.Information,
                      translate("HelpMenu", "About Tournament Manager"), about_text(parent),
                      QMessageBox.StandardButton.Ok, parent)
    box.setTextFormat(Qt.TextFormat.RichText)
    icon = box.windowIcon()
    box.setIconPixmap(icon.pixmap(icon.actualSize(QSize(64, 64))))
    try:
        box.exec()
    finally:
        box.deleteLater()


def about_text(parent: QWidget) -> str:
    return translate(
        "HelpMenu",
        "<h3>Tournament Manager {version}</h3>"
        "<p>For the head judge of a mahjong tournament: players, draws, score sheets and "
        "signatures, penalties, cuts and standings, with printouts for the organisers.</p>"
        "<p>Licence: {licence}.</p>"
        "<p>Qt {qt} · PySide6 {pyside} · Python {python} · {system}</p>").format(
            version=__version__, licence=LICENCE, qt=qVersion(), pyside=pyside_version,
            python=platform.python_version(), system=platform.system() or sys.platform)


class HelpMenu(QMenu):
    """Help ▸ Keyboard Shortcuts, Quick Guide, About; the window hands over its menus."""

    def __init__(self, parent: QWidget, menus: Iterable[QMenu],
                 extra: Callable[[], Sequence[tuple[str, Iterable[QAction]]]] = list) -> None:
        """`extra`: the actions outside the menus (the projector's keys, a page's own),
        read when the list is shown."""
        super().__init__(self.tr("&Help"), parent)
        self.setObjectName("help_menu")
        self._window = parent
        self._menus = list(menus)
        self._extra = extra
        self.action_quick_guide = self._action("action_quick_guide",
                                               self.tr("&Quick Guide"), self.show_quick_guide)
        self.action_quick_guide.setShortcuts(QKeySequence.StandardKey.HelpContents)
        self.action_shortcuts = self._action("action_shortcuts",
                                             self.tr("&Keyboard Shortcuts"),
                                             self.show_shortcuts)
        self.addSeparator()
        self.action_about = self._action("action_about", self.tr("&About Tournament Manager"),
                                         lambda: show_about(self._window))
        self.action_about.setMenuRole(QAction.MenuRole.AboutRole)

    def _action(self, name: str, text: str, slot: object) -> QAction:
        action = QAction(text, self._window)
        action.setObjectName(name)
        action.triggered.connect(slot)
        self.addAction(action)
        return action

    def rows(self) -> list[tuple[str, str, str]]:
        return shortcut_rows([*self._menus, self], self._extra())

    def show_shortcuts(self) -> None:
        dialog = ShortcutsDialog(self.rows(), self._window)
        try:
            dialog.exec()
        finally:
            dialog.deleteLater()

    def show_quick_guide(self) -> None:
        dialog = QuickGuideDialog(self._window)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.show()  # beside the window, to read while working
