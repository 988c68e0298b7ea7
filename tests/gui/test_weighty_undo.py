"""Edit ▸ Undo, Redo and a change to a sheet being signed ask first where one keystroke
would change what the players have seen or signed: a cut, a published draw, a started
clock, an import, a signature. Driven with the real keys and the real question box."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QMessageBox, QWidget

from tournament_manager.gui.main_window import MainWindow

from .event_files import cut_event_file
from .modal import answering, click
from .test_sheet_entry import _enter_session, _scribble, _sheet, _type, _view


def _press(window: MainWindow, key: Qt.Key) -> None:
    """Ctrl+`key` as the judge presses it, the window active, into the Players page's
    search box (which has no typing of its own to undo)."""
    window.activateWindow()
    QApplication.processEvents()
    assert QApplication.activeWindow() is window
    search = window.players_page.search
    search.setFocus()
    QTest.keyClick(search, key, Qt.KeyboardModifier.ControlModifier)


def _asked(answer: str, asked: list[tuple[str, str]]):
    def handler(box: QWidget) -> None:
        assert isinstance(box, QMessageBox)
        asked.append((box.text(), box.informativeText()))
        click(box, answer)
    return handler


def _entrants(window: MainWindow) -> set[int]:
    with window.context.unit_of_work() as uow:
        return {entry.player_id for entry in uow.round_entries.list()}


def test_ctrl_z_on_another_page_asks_before_it_takes_back_a_cut(
        window: MainWindow, tmp_path: Path) -> None:
    path, _seated = cut_event_file(tmp_path / "cut.tmt")
    assert window.controller.open(path)
    went_on = _entrants(window)
    page = window.cuts_page
    window.show_page(page)
    page.table.selectRow(0)
    with answering(lambda box: click(box, "confirm_yes"),
                   lambda box: click(box, "confirm_yes")):
        page.take_back_button.click()
        page.cut_button.click()
    assert _entrants(window) == went_on
    assert window.action_undo.text() == "&Undo Cut after round 1"

    window.show_page(window.players_page)  # a typo to take back, he thinks
    asked: list[tuple[str, str]] = []
    with answering(_asked("confirm_no", asked)) as seen:
        _press(window, Qt.Key.Key_Z)
    assert seen.seen == ["Take Back the Cut"]
    assert asked[0][0] == "Take back the cut after round 1?"
    assert _entrants(window) == went_on, "the cut stands"
    assert window.action_undo.text() == "&Undo Cut after round 1", "and can still be undone"

    with answering(_asked("confirm_yes", asked)):
        _press(window, Qt.Key.Key_Z)
    assert _entrants(window) == set()
    with answering(_asked("confirm_no", asked)) as seen:
        _press(window, Qt.Key.Key_Y)
    assert seen.seen == ["Make the Cut"] and _entrants(window) == set()
    with answering(_asked("confirm_yes", asked)):
        _press(window, Qt.Key.Key_Y)
    assert _entrants(window) == went_on


def test_a_change_to_a_sheet_being_signed_asks_and_a_no_leaves_it(
        event_window: MainWindow) -> None:
    sheet = _sheet(event_window)
    _enter_session(sheet)
    signatures = sheet.signatures
    sheet.show_tool(signatures)
    for column in range(2):  # East and South sign; West is still reading
        _scribble(signatures.pads[column], lift=30 + 7 * column)
        signatures.sign_buttons[column].click()
    view = _view(event_window)
    east, south = (p.name for p in view.players[:2])
    assert [s.current for s in view.signatures] == [True, True]

    sheet.grid.setCurrentIndex(sheet.model.index(0, 0))
    QTest.keyClick(sheet.grid, Qt.Key.Key_F2)
    assert sheet.entry.replacing
    sheet.entry.value_edit.selectAll()
    asked: list[tuple[str, str]] = []
    with answering(_asked("confirm_no", asked)) as seen:
        _type(sheet, "EW35")
    assert seen.seen == ["Signed Sheet"]
    assert asked[0] == (
        "Change table 1's sheet: “Change hand T1 #1”?",
        (f"Signed as it stands by: {east}, {south}. After the change they must sign "
         "again; their signatures stay on the record for the sheet as it was."))
    view = _view(event_window)
    assert view.rows[0].hand.wins[0].value == 30, "nothing changed"
    assert [s.current for s in view.signatures] == [True, True]
    assert sheet.entry.message.text() == (
        f"Nothing changed: table 1's sheet keeps the signatures of {east}, {south}.")

    with answering(_asked("confirm_yes", asked)):
        QTest.keyClick(sheet.entry.value_edit, Qt.Key.Key_Return)
    view = _view(event_window)
    assert view.rows[0].hand.wins[0].value == 35
    assert [s.current for s in view.signatures] == [False, False]

    with answering() as seen:  # undoing goes back to 30...
        event_window.action_undo.trigger()
    assert seen.seen == [], "...where nobody has signed: not asked"
    assert [s.current for s in _view(event_window).signatures] == [True, True]
    with answering(_asked("confirm_no", asked)) as seen:  # ...and Redo would lapse them
        event_window.action_redo.trigger()
    assert seen.seen == ["Signed Sheet"]
    assert asked[-1][0] == "Redo “Change hand T1 #1” on table 1's sheet?"
    assert _view(event_window).rows[0].hand.wins[0].value == 30


def test_undo_of_a_signature_asks_first(event_window: MainWindow) -> None:
    sheet = _sheet(event_window)
    _enter_session(sheet)
    signatures = sheet.signatures
    sheet.show_tool(signatures)
    _scribble(signatures.pads[0])
    signatures.sign_buttons[0].click()
    east = _view(event_window).players[0].name
    asked: list[tuple[str, str]] = []
    with answering(_asked("confirm_no", asked)):
        event_window.action_undo.trigger()
    assert asked == [(f"Withdraw {east}'s signature from table 1's sheet?",
                      f"The sheet cannot lock until {east} signs it again.")]
    assert [s.current for s in _view(event_window).signatures] == [True]
    with answering(_asked("confirm_yes", asked)):
        event_window.action_undo.trigger()
    assert _view(event_window).signatures == ()


def test_a_hand_on_a_sheet_nobody_signed_asks_nothing(event_window: MainWindow) -> None:
    """Entering a hand and undoing it ask nothing: Ctrl+Z is for slips and stays quick."""
    sheet = _sheet(event_window)
    with answering() as seen:
        _type(sheet, "EW30")
        event_window.action_undo.trigger()
        event_window.action_redo.trigger()
    assert seen.seen == [] and len(_view(event_window).rows) == 1


def test_no_signature_while_a_hand_is_open_for_a_change(event_window: MainWindow) -> None:
    """F2 on hand 1, its value changed and not recorded, and the players went on signing:
    the fourth signature locked the sheet and the change was lost."""
    sheet = _sheet(event_window)
    _enter_session(sheet)
    signatures = sheet.signatures
    sheet.show_tool(signatures)
    sheet.grid.setCurrentIndex(sheet.model.index(0, 0))
    QTest.keyClick(sheet.grid, Qt.Key.Key_F2)
    assert sheet.entry.replacing
    _scribble(signatures.pads[2])
    signatures.sign_buttons[2].click()
    west = _view(event_window).players[2].name
    assert event_window.message_bar.text() == (
        f"Hand 1 is open for a change in the entry bar: record it (Enter) or leave it "
        f"(Esc) before {west} signs.")
    assert _view(event_window).signatures == ()
    assert not signatures.pads[2].is_empty(), "his drawing waits on the pad"
    QTest.keyClick(sheet.entry.value_edit, Qt.Key.Key_Escape)
    signatures.sign_buttons[2].click()
    assert len(_view(event_window).signatures) == 1


def test_a_yes_after_another_station_locked_the_sheet_undoes_nothing_else(
        event_window: MainWindow) -> None:
    """East signs here; Ctrl+Z asks to withdraw his signature; meanwhile the other three
    sign at the table's phone and the sheet locks, so the runner drops the signature from
    the stack (it can no longer be undone). The Yes was for his signature: nothing else
    is undone, the rename of the event done before it least of all."""
    from tournament_manager.gui.changes import Topic
    from tournament_manager.gui.commands.event_name import RenameEvent
    from tournament_manager.services.score_sheets import sign_sheet
    from tournament_manager.services.tournaments import current_tournament

    sheet = _sheet(event_window)
    _enter_session(sheet)
    runner = event_window.context.runner
    assert runner.run(RenameEvent(runner.context, "Autumn Open", "Hall B")) is None
    signatures = sheet.signatures
    sheet.show_tool(signatures)
    _scribble(signatures.pads[0])
    signatures.sign_buttons[0].click()
    table = event_window.seated.tables[0]
    others = [p.id for p in _view(event_window).players[1:]]

    def signed_elsewhere_then_yes(box: QWidget) -> None:
        for number, player in enumerate(others):
            sign_sheet(event_window.context.unit_of_work(), table, player,
                       b"\x89PNG phone %d" % number)
        event_window.context.hub.notify(Topic.SHEET)  # as the table server announces it
        QApplication.processEvents()  # the runner prunes what can no longer be undone
        click(box, "confirm_yes")

    with answering(signed_elsewhere_then_yes):
        event_window.action_undo.trigger()
    view = _view(event_window)
    assert view.locked and len(view.rows) == 4
    assert [s.current for s in view.signatures] == [True] * 4
    with event_window.context.unit_of_work() as uow:
        assert current_tournament(uow).name == "Autumn Open", "the rename under it stands"
