"""Keys: no Alt+letter offered twice at once, the pages on Ctrl+1…6 and Ctrl+PgUp/PgDown,
the shortcuts list read from the actions, Help's dialogs, and the wheel that changes no
field it only passes over."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QAction, QKeySequence, QWheelEvent
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QComboBox, QDialog, QTextBrowser

from tournament_manager.gui.head_judge_dialog import HeadJudgeDialog
from tournament_manager.gui.help_menu import on_a_keyboard
from tournament_manager.gui.main_window import MainWindow
from tournament_manager.gui.new_tournament_dialog import NewTournamentDialog
from tournament_manager.gui.open_server_dialog import OpenServerDialog
from tournament_manager.gui.pages.table_draw_dialog import TableDrawDialog
from tournament_manager.gui.rename_head_judge_dialog import RenameHeadJudgeDialog
from tournament_manager.gui.room_clock import RoomExtraTimeDialog
from tournament_manager.gui.sheet.extra_time_dialog import ExtraTimeDialog
from tournament_manager.services.head_judge import head_judge

from .mnemonics import clashes
from .modal import answering
from .tab_order import out_of_order, tab_stops

PAGES = ["setup_page", "players_page", "seating_page", "sheets_page", "standings_page",
         "cuts_page"]


def test_the_welcome_page_offers_each_alt_letter_once(window: MainWindow):
    assert window.welcome.isVisible()
    assert clashes(window) == {}


@pytest.mark.parametrize("page_name", PAGES)
def test_each_page_with_the_menus_and_tabs_offers_each_alt_letter_once(
        event_window: MainWindow, page_name: str):
    page = next(p for p in event_window.pages() if p.objectName() == page_name)
    event_window.show_page(page)
    assert page.isVisible()
    assert clashes(event_window) == {}


def test_the_tabs_have_no_mnemonics_to_steal_a_pages_keys(window: MainWindow):
    bar = window.tabs.tabBar()
    assert [bar.tabText(i) for i in range(bar.count())] == [
        "Setup", "Players", "Seating", "Score sheets", "Standings", "Cuts"]


def test_dialogs_of_the_shell_offer_each_alt_letter_once(event_window: MainWindow, qtbot):
    judge = head_judge(event_window.context.unit_of_work())
    assert judge is not None
    for dialog in (NewTournamentDialog(event_window),
                   RenameHeadJudgeDialog(event_window.context.unit_of_work, judge,
                                         event_window),
                   RoomExtraTimeDialog(event_window, 1, 600)):
        qtbot.addWidget(dialog)
        dialog.show()
        if isinstance(dialog, NewTournamentDialog):
            dialog.preset_combo.setCurrentIndex(dialog.preset_combo.findData("open"))
        assert clashes(dialog) == {}, dialog.windowTitle()
        dialog.close()


def _dialogs_with_fields(window: MainWindow) -> list[QDialog]:
    """The dialogs that ask for typed values and can be opened without a table's state."""
    judge = head_judge(window.context.unit_of_work())
    assert judge is not None
    new = NewTournamentDialog(window)
    new.preset_combo.setCurrentIndex(new.preset_combo.findData("open"))
    return [new,
            RenameHeadJudgeDialog(window.context.unit_of_work, judge, window),
            RoomExtraTimeDialog(window, 1, 600),
            ExtraTimeDialog(window, 1, 1, 600.0),
            OpenServerDialog(window),
            HeadJudgeDialog(window.context.unit_of_work, title="Correct", what="a sheet",
                            act_label="Correct", parent=window),
            TableDrawDialog(1, 1, [1, 2, 3, 4], {1: "A", 2: "B", 3: "C", 4: "D"}, {},
                            window)]


def test_dialogs_tab_in_reading_order(event_window: MainWindow, qtbot):
    """Tab, pressed as a user does, never goes back up a dialog (or left along a row):
    the New Tournament dialog went from the name to the format, then up to the rules."""
    for dialog in _dialogs_with_fields(event_window):
        qtbot.addWidget(dialog)
        dialog.show()
        qtbot.waitExposed(dialog)
        dialog.activateWindow()
        stops = tab_stops(dialog)
        assert len(stops) >= 2, dialog.objectName()
        assert out_of_order(dialog, stops) == [], (dialog.objectName(),
                                                   [w.objectName() for w in stops])
        dialog.close()


def test_the_new_tournament_dialog_tabs_rules_before_format(window: MainWindow, qtbot):
    """The rules decide the format's customs, so they are asked first, Tab included."""
    dialog = NewTournamentDialog(window)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    dialog.activateWindow()
    names = [stop.objectName() for stop in tab_stops(dialog)]
    assert names[:3] == ["new_tournament_name", "new_tournament_rule_set",
                         "new_tournament_preset"], names


def test_ctrl_digits_and_ctrl_page_keys_go_to_the_pages(event_window: MainWindow, qtbot):
    window = event_window
    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window)
    tabs = window.tabs
    for digit in range(1, 7):
        QTest.keyClick(window, getattr(Qt.Key, f"Key_{digit}"),
                       Qt.KeyboardModifier.ControlModifier)
        assert tabs.currentIndex() == digit - 1
    QTest.keyClick(window, Qt.Key.Key_PageDown, Qt.KeyboardModifier.ControlModifier)
    assert tabs.currentIndex() == 0, "after the last page comes the first"
    QTest.keyClick(window, Qt.Key.Key_PageUp, Qt.KeyboardModifier.ControlModifier)
    assert tabs.currentIndex() == 5


def test_without_a_tournament_the_page_keys_stay_on_the_welcome_page(window: MainWindow):
    window.page_actions[3].trigger()
    assert window.central_pages.currentWidget() is window.welcome


def test_the_shortcuts_list_is_read_from_the_actions(event_window: MainWindow):
    window = event_window
    expected = {
        ("Ctrl+3", "Seating"), ("Ctrl+PgDown", "Next Page"), ("F5", "Refresh"),
        ("F1", "Quick Guide"), ("Esc", "Close the Projector"),
    }
    undo = QKeySequence(QKeySequence.StandardKey.Undo).toString(
        QKeySequence.SequenceFormat.NativeText)
    rows: list[tuple[str, str, str]] = []

    def read(dialog) -> None:
        rows.extend(dialog.rows())
        dialog.reject()

    with answering(read) as answers:
        window.help_menu.action_shortcuts.trigger()

    assert answers.seen == ["Keyboard Shortcuts"]
    pairs = {(key, action) for keys, action, _where in rows for key in keys.split(", ")}
    assert expected <= pairs
    assert any(action.startswith("Undo") and undo in keys for keys, action, _ in rows)
    assert ("Ctrl+1", "Setup", "View ▸ Go to Page") in rows
    every = [a for a in [*window.findChildren(QAction), *window.projector.actions()]
             if any(on_a_keyboard(key) for key in a.shortcuts())]
    listed = {action for _keys, action, _ in rows}
    missing = [a.text() for a in every if a.text().replace("&", "") not in listed
               and not a.text().startswith("&Undo") and not a.text().startswith("&Redo")]
    assert missing == [], "actions with a key missing from the list"


def test_help_offers_the_quick_guide_and_about(window: MainWindow, qtbot):
    window.help_menu.action_quick_guide.trigger()
    guide = window.findChild(QDialog, "quick_guide_dialog")
    assert guide is not None and guide.isVisible()
    text = guide.findChild(QTextBrowser).toPlainText()
    assert "Publish" in text and "Ctrl+1" in text
    guide.close()

    said: list[str] = []

    def read(box) -> None:
        said.append(box.text())
        box.accept()

    with answering(read) as answers:
        window.help_menu.action_about.trigger()
    assert answers.seen == ["About Tournament Manager"]
    from PySide6.QtCore import qVersion

    from tournament_manager import __version__
    assert __version__ in said[0] and f"Qt {qVersion()}" in said[0] and "MIT" in said[0]


def _wheel(widget, steps: int = -1) -> None:
    """A real wheel turn over the middle of `widget` (one notch down by default)."""
    centre = QPointF(widget.rect().center())
    event = QWheelEvent(centre, QPointF(widget.mapToGlobal(centre.toPoint())), QPoint(0, 0),
                        QPoint(0, 120 * steps), Qt.MouseButton.NoButton,
                        Qt.KeyboardModifier.NoModifier, Qt.ScrollPhase.NoScrollPhase, False)
    QApplication.sendEvent(widget, event)


def test_the_wheel_changes_no_field_it_only_passes_over(
        window: MainWindow, tmp_path: Path, make_tournament_file, qtbot):
    window.controller.open(make_tournament_file(tmp_path / "wheel.tmt", "Wheel Cup"))
    form = window.setup_page.form
    rotation = form.enums["seat_rotation"]
    assert isinstance(rotation, QComboBox) and rotation.isEnabled()
    assert rotation.focusPolicy() == Qt.FocusPolicy.StrongFocus
    window.setup_page.apply_button.setFocus()
    before = rotation.currentIndex()

    _wheel(rotation)
    _wheel(form.hands)

    assert rotation.currentIndex() == before, "Seats between cycles changed under the wheel"
    assert form.hands.value() == 16

    rotation.setFocus()  # clicked or tabbed into: now the wheel is meant for it
    qtbot.waitUntil(rotation.hasFocus)
    _wheel(rotation)
    assert rotation.currentIndex() != before


def test_every_menu_offers_each_letter_once(event_window: MainWindow):
    """In an open menu a letter picks its item: View had both Projector S&tandings and
    Serve &Tables on T (seen under Xvfb: T opened the standings submenu)."""
    from .mnemonics import menu_clashes

    menus = [action.menu() for action in event_window.menuBar().actions()
             if action.menu() is not None]
    assert len(menus) == 4
    for menu in menus:
        menu.aboutToShow.emit()  # menus filled when shown (Open Recent, the projector's)
        assert menu_clashes(menu) == {}, menu.title()
