"""What people typed is shown as they typed it (`gui.user_text`): a player's or the event's
name with HTML in it is not rich text, and its '&' is no Alt+letter, wherever the window
shows it: labels, the message bar, message boxes and tooltips, the editing panel's title,
the score sheet's seat buttons, the Edit menu's Undo and the projector.

The last tests guard the whole window at once: every page in view with such names, every
label, button, group box, tab and action is checked; and in the source, rich text is asked
for only where it is meant and '&' is doubled only by `no_mnemonic`.
"""

from __future__ import annotations

import ast
import dataclasses
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QAbstractButton,
    QApplication,
    QGroupBox,
    QLabel,
    QMessageBox,
    QTabBar,
    QToolTip,
    QWidget,
)

from tests.gui.mnemonics import letter
from tests.gui.modal import answering, child, click
from tournament_manager.gui.main_window import MainWindow
from tournament_manager.gui.user_text import as_shown, no_mnemonic
from tournament_manager.services.players import update_player
from tournament_manager.services.setup import rename_event
from tournament_manager.storage.document import open_document

from .event_files import seated_event_file

NAME = "Seán O'Brien <b>Bold</b> & Co"
EVENT = "Spring & <i>Open</i> 2026"
VENUE = "Hall <u>A</u> & B"
MARKERS = ("<b>", "<i>", "<u>")
"""What only the names above bring into a text."""

PLAIN = Qt.TextFormat.PlainText
GUI = Path(__file__).resolve().parents[2] / "tournament_manager" / "gui"
ALLOWED = {"AutoText": "user_text.py", "RichText": "help_menu.py"}
"""The one module that may name each text format: the filter, the About box."""


def _labels(text: str) -> list[QLabel]:
    """The labels of every window that hold `text`."""
    return [widget for widget in QApplication.allWidgets()
            if isinstance(widget, QLabel) and text in widget.text()]


def _no_key(text: str) -> bool:
    """`text` offers no Alt+letter."""
    return QKeySequence.mnemonic(text).isEmpty()


def _register_hostile_name(window: MainWindow, path: Path, make_tournament_file):
    """A new event's Players page, NAME registered through its form; the page."""
    assert window.controller.open(make_tournament_file(path, "Reg Day"))
    page = window.players_page
    window.show_page(page)
    page.fields["name"].setText(NAME)
    page.add_button.click()
    return page


def test_a_name_with_markup_and_an_ampersand_is_registered_as_typed(
        window: MainWindow, tmp_path: Path, make_tournament_file) -> None:
    page = _register_hostile_name(window, tmp_path / "reg.tmt", make_tournament_file)

    assert window.message_bar.text() == f"Registered {NAME} as no. 1."
    banner = child(window, "message_text", QLabel)
    assert isinstance(banner, QLabel) and banner.isVisible()
    assert banner.textFormat() == PLAIN, "no **Bold** in the banner"

    undo = window.action_undo.text()
    assert undo == f"&Undo Add player {no_mnemonic(NAME)}"
    assert as_shown(undo) == f"Undo Add player {NAME}" and letter(undo) == "u"

    page.table.selectRow(0)
    title = page.form_box.title()
    assert as_shown(title) == f"Editing {NAME} (no. 1)"
    assert _no_key(title), "no Alt+C, and the '&' is shown"

    asked: list[list[Qt.TextFormat]] = []

    def keep_one(box: QWidget) -> None:
        assert isinstance(box, QMessageBox)
        asked.append([label.textFormat() for label in box.findChildren(QLabel)
                      if "Bold" in label.text()])
        click(box, "confirm_no")

    page.new_button.click()
    page.fields["name"].setText(NAME)
    with answering(keep_one) as answers:
        page.add_button.click()
    assert answers.seen == ["Possible Duplicate"]
    assert asked[0] and set(asked[0]) == {PLAIN}, "the message box's words are plain text"


def test_the_undo_of_a_name_says_it_as_typed_in_the_status_bar(
        window: MainWindow, tmp_path: Path, make_tournament_file) -> None:
    """`text()` stays as written; only the Edit menu's action text doubles the '&'."""
    _register_hostile_name(window, tmp_path / "undo.tmt", make_tournament_file)
    window.action_undo.trigger()
    assert window.statusBar().currentMessage() == f"Undone: Add player {NAME}"
    redo = window.action_redo.text()
    assert as_shown(redo) == f"Redo Add player {NAME}" and letter(redo) == "r"


def _hostile_event(tmp_path: Path) -> Path:
    """A seated, running event whose name, venue and first player carry markup and '&'."""
    path, seated = seated_event_file(tmp_path / "hostile.tmt")
    with open_document(path) as document:
        with document.unit_of_work() as uow:
            player = uow.players.get(seated.players[0])
        update_player(document.unit_of_work(), dataclasses.replace(player, name=NAME))
        rename_event(document.unit_of_work(), EVENT, VENUE)
    return path


def test_a_seat_button_shows_the_name_as_typed(window: MainWindow, tmp_path: Path) -> None:
    assert window.controller.open(_hostile_event(tmp_path))
    window.show_page(window.sheets_page)
    entry = window.sheets_page.sheet.entry
    texts = [child(entry, f"seat_button_{column}", QAbstractButton).text()
             for column in range(1, 5)]
    mine = [text for text in texts if "Bold" in text]
    assert len(mine) == 1, texts
    assert f"  E {NAME}" in as_shown(mine[0])
    assert all(_no_key(text) for text in texts), "Alt+C pressed nothing's seat"


def test_an_event_named_with_markup_heads_setup_and_the_projector_as_typed(
        event_window: MainWindow) -> None:
    window = event_window
    page = window.setup_page
    window.show_page(page)
    page.form.name.setText(EVENT)
    page.form.venue.setText(VENUE)
    page.apply_button.click()

    name = child(window, "tournament_name", QLabel)
    assert isinstance(name, QLabel) and name.isVisible()
    assert name.text() == EVENT and name.textFormat() == PLAIN, "no *Open* in italics"
    venue = child(window, "overview_venue", QLabel)
    assert isinstance(venue, QLabel)
    assert venue.text() == VENUE and venue.textFormat() == PLAIN
    assert window.windowTitle() == f"{EVENT} — Tournament Manager"

    projector = window.show_projector()
    try:
        assert projector.heading.text().startswith(EVENT)
        assert projector.heading.textFormat() == PLAIN
    finally:
        projector.close()


@pytest.mark.qt_log_ignore("^This plugin does not support raise")  # the tooltip, offscreen
def test_a_tooltip_with_markup_is_plain_text(window: MainWindow) -> None:
    """Qt shows tooltips in a label of its own: it is polished like the window's."""
    QToolTip.showText(window.mapToGlobal(QPoint(20, 20)), NAME, window)
    tips = [label for label in _labels(NAME) if label.isWindow()]
    QToolTip.hideText()
    assert tips and all(tip.textFormat() == PLAIN for tip in tips)


# -- the whole window -----------------------------------------------------------------------

def _texts(widget: QWidget) -> list[str]:
    """What `widget` shows as a mnemonic-bearing text (a button, group box or tab bar)."""
    if isinstance(widget, QAbstractButton):
        return [widget.text()]
    if isinstance(widget, QGroupBox):
        return [widget.title()]
    if isinstance(widget, QTabBar):
        return [widget.tabText(index) for index in range(widget.count())]
    return []


def _actions(window: QWidget) -> Iterator[QAction]:
    """Every action of the window: its own, its menus' and their submenus'."""
    seen: set[int] = set()
    pending = list(window.actions()) + [action for widget in window.findChildren(QWidget)
                                        for action in widget.actions()]
    while pending:
        action = pending.pop()
        if id(action) in seen:
            continue
        seen.add(id(action))
        yield action
        if action.menu() is not None:
            pending.extend(action.menu().actions())


def _offences() -> list[str]:
    found = []
    for widget in QApplication.allWidgets():
        if not widget.isVisible():
            continue
        name = widget.objectName() or type(widget).__name__
        if isinstance(widget, QLabel):
            if widget.textFormat() == Qt.TextFormat.AutoText:
                found.append(f"{name}: a label left to guess rich text: {widget.text()!r}")
            elif widget.textFormat() == Qt.TextFormat.RichText and any(
                    marker in widget.text() for marker in MARKERS):
                found.append(f"{name}: user text as rich text: {widget.text()!r}")
        for text in _texts(widget):
            if any(marker in text for marker in MARKERS) and "&" not in as_shown(text):
                found.append(f"{name}: its '&' is taken as a mnemonic: {text!r}")
    for window in QApplication.topLevelWidgets():
        for action in _actions(window):
            text = action.text()
            if any(marker in text for marker in MARKERS) and "&" not in as_shown(text):
                found.append(f"action: its '&' is taken as a mnemonic: {text!r}")
    return found


def test_no_page_reads_a_name_as_html_or_its_ampersand_as_a_key(
        window: MainWindow, tmp_path: Path) -> None:
    """Every page in view in turn, the player chosen on the Players page, the projector up
    and an undo on the Edit menu made from the player's name."""
    assert window.controller.open(_hostile_event(tmp_path))
    players = window.players_page
    window.show_page(players)
    players.table.selectRow(next(row for row in range(players.proxy.rowCount())
                                 if players.proxy.index(row, 0).data() == NAME))
    players.save_button.click()  # Edit player …: Edit ▸ Undo names him
    projector = window.show_projector()
    found: set[str] = set()
    shown = 0
    try:
        for index in range(window.tabs.count()):
            if not window.tabs.isTabEnabled(index):
                continue
            window.tabs.setCurrentIndex(index)
            QApplication.processEvents()
            found.update(_offences())
            shown += any(NAME in as_shown(text) for widget in QApplication.allWidgets()
                         if widget.isVisible() for text in _texts(widget))
    finally:
        projector.close()
    assert sorted(found) == []
    assert shown, "the name was on a button or a title somewhere (the check saw it)"


def _source_offences(path: Path) -> list[str]:
    found = []
    where = path.relative_to(GUI.parent.parent)
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if (isinstance(node, ast.ClassDef) and path != GUI / "commands" / "base.py"
                and any(ast.unparse(base).endswith("QUndoCommand") for base in node.bases)):
            found.append(f"{where}:{node.lineno}: an undo command not from ServiceCommand, "
                         "whose setText keeps '&' out of the Edit menu")
        if isinstance(node, ast.Attribute) and path.name != ALLOWED.get(node.attr, path.name):
            found.append(f"{where}:{node.lineno}: Qt.TextFormat.{node.attr}: labels are "
                         "plain text (user_text); only the About box means HTML")
        if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                and node.func.attr == "replace" and node.args
                and isinstance(node.args[0], ast.Constant) and node.args[0].value == "&"
                and path.name != "user_text.py"):
            found.append(f"{where}:{node.lineno}: '&' doubled by hand: use no_mnemonic")
    return found


def test_rich_text_and_doubled_ampersands_come_from_one_place_each() -> None:
    found = [offence for path in sorted(GUI.rglob("*.py")) for offence in _source_offences(path)]
    assert found == []
