"""Event-day score entry by keyboard: hands, undo/redo, penalties, signing, correcting."""

from __future__ import annotations

from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest

from tournament_manager.domain.model import HandResult, PenaltyReason, WinType
from tournament_manager.gui.main_window import MainWindow
from tournament_manager.services.views import sheet_view


def _sheet(window: MainWindow):
    window.show_page(window.sheets_page)
    return window.sheets_page.sheet


def _view(window: MainWindow, table: int = 0):
    return sheet_view(window.controller.document.unit_of_work(), window.seated.tables[table])


def _type(sheet, keys: str) -> None:
    edit = sheet.entry.value_edit
    edit.setFocus()
    QTest.keyClicks(edit, keys)
    QTest.keyClick(edit, Qt.Key.Key_Return)


def _enter_session(sheet) -> None:
    _type(sheet, "EW30")      # 1: East wins 30 off West
    _type(sheet, "ST40")      # 2: South self-draws 40
    _type(sheet, "D")         # 3: wall exhausted
    _type(sheet, "2N8")       # 4: column 2 wins 8 off North


def test_a_session_is_entered_by_keyboard(event_window: MainWindow):
    sheet = _sheet(event_window)
    players = event_window.seated.players

    _enter_session(sheet)

    view = _view(event_window)
    hands = [row.hand for row in view.rows]
    assert [h.number for h in hands] == [1, 2, 3, 4]
    first = hands[0]
    assert first.wins[0].winner_id == players[0] and first.discarder_id == players[2]
    assert first.wins[0].value == 30 and first.win_type is WinType.DISCARD
    # Hand 2: the player who started South is East now; "S" is the one who started West.
    assert hands[1].win_type is WinType.SELF_DRAW and hands[1].wins[0].winner_id == players[2]
    assert hands[2].result is HandResult.DRAW
    assert hands[3].wins[0].winner_id == players[1] and hands[3].wins[0].value == 8
    assert sum(view.hand_totals) == 0
    assert sheet.model.rowCount() == 4
    assert view.complete
    assert sheet.entry.message.isHidden()


def test_refused_hand_is_worded_next_to_the_row(event_window: MainWindow):
    sheet = _sheet(event_window)
    _type(sheet, "E")  # no discarder, no value
    assert "discarder" in sheet.entry.message.text()
    QTest.keyClick(sheet.entry.value_edit, Qt.Key.Key_Escape)
    for _ in range(4):
        _type(sheet, "D")
    _type(sheet, "D")  # a fifth hand in a four-hand session: the service refuses
    assert "hands 1 to 4" in sheet.entry.message.text()
    assert len(_view(event_window).rows) == 4


def test_immunity_and_triple_win_by_keyboard(event_window: MainWindow):
    sheet = _sheet(event_window)
    players = event_window.seated.players
    _type(sheet, "EW40IN")         # East wins 40 off West; North responsible (immunity)
    _type(sheet, "EN30+W20+S10")   # triple win on North's discard
    hands = [row.hand for row in _view(event_window).rows]
    assert hands[0].wins[0].responsible_id == players[3]
    second = hands[1]
    assert len(second.wins) == 3 and second.discarder_id is not None
    assert sorted(w.value for w in second.wins) == [10, 20, 30]


def test_undo_and_redo_go_through_the_database(event_window: MainWindow):
    sheet = _sheet(event_window)
    _type(sheet, "EW30")
    assert event_window.action_undo.text() == "&Undo Enter hand T1 #1"

    event_window.action_undo.trigger()
    assert _view(event_window).rows == ()
    assert sheet.model.rowCount() == 0

    event_window.action_redo.trigger()
    assert [r.hand.wins[0].value for r in _view(event_window).rows] == [30]
    assert sheet.model.rowCount() == 1


def test_edit_and_delete_a_hand_from_the_grid(event_window: MainWindow):
    sheet = _sheet(event_window)
    _type(sheet, "EW30")
    sheet.grid.setFocus()
    sheet.grid.setCurrentIndex(sheet.model.index(0, 0))
    QTest.keyClick(sheet.grid, Qt.Key.Key_F2)
    assert sheet.entry.replacing
    edit = sheet.entry.value_edit
    edit.selectAll()
    QTest.keyClicks(edit, "50")
    QTest.keyClick(edit, Qt.Key.Key_Return)
    assert _view(event_window).rows[0].hand.wins[0].value == 50

    sheet.grid.setCurrentIndex(sheet.model.index(0, 0))
    QTest.keyClick(sheet.grid, Qt.Key.Key_Delete)
    assert _view(event_window).rows == ()
    event_window.action_undo.trigger()  # the delete: entered again with its number
    assert [r.hand.number for r in _view(event_window).rows] == [1]
    event_window.action_undo.trigger()  # the change back to 30
    assert _view(event_window).rows[0].hand.wins[0].value == 30


def test_time_penalty_helper_and_undo(event_window: MainWindow):
    sheet = _sheet(event_window)
    panel = sheet.penalties
    panel.reason.setCurrentIndex(panel.reason.findData(PenaltyReason.TIME))
    panel.seconds.setValue(20)
    assert panel.points.value() == 10  # 5 points per 15 s or part thereof
    panel.hand.setValue(1)
    panel.seconds.setValue(250)
    assert panel.points.value() == 85
    assert "over 80" in panel.warning.text()
    panel.findChild(object, "penalty_add").click()
    view = _view(event_window)
    assert [(p.points, p.hand_number) for p in view.penalties] == [(85, 1)]
    assert view.resigned_flags == ((event_window.seated.players[0], 1),)

    event_window.action_undo.trigger()
    assert _view(event_window).penalties == ()
    event_window.action_redo.trigger()
    assert len(_view(event_window).penalties) == 1
    panel.table.selectRow(0)
    panel.findChild(object, "penalty_remove").click()
    assert _view(event_window).penalties == ()
    event_window.action_undo.trigger()
    event_window.action_undo.trigger()  # the removal, then the addition (re-entered id)
    assert _view(event_window).penalties == ()


def _scribble(pad) -> None:
    QTest.mousePress(pad, Qt.MouseButton.LeftButton, pos=QPoint(10, 20))
    for x in range(20, 120, 20):
        QTest.mouseMove(pad, QPoint(x, 20 + x // 4))
    QTest.mouseRelease(pad, Qt.MouseButton.LeftButton, pos=QPoint(130, 30))


def test_sign_lock_and_correct(event_window: MainWindow):
    sheet = _sheet(event_window)
    _enter_session(sheet)
    signatures = sheet.signatures
    sheet.show_tool(signatures)

    signatures.sign_buttons[0].click()  # an empty pad is refused, without a dialog
    assert "empty" in event_window.message_bar.text()

    for column in range(4):
        _scribble(signatures.pads[column])
        assert not signatures.pads[column].is_empty()
        signatures.sign_buttons[column].click()
    view = _view(event_window)
    assert view.locked and all(s.current for s in view.signatures)
    assert view.signatures[0].signature.image_png.startswith(b"\x89PNG")
    assert "Locked" in signatures.lock_label.text()
    assert not sheet.entry.isEnabled()

    assert signatures.correct_button.isVisible() and not signatures.correct_button.isEnabled()
    QTest.keyClicks(signatures.reason, "hand 2 value misread")
    signatures.correct_button.click()
    view = _view(event_window)
    assert not view.locked and view.corrected and view.corrections
    assert not sheet.entry.isEnabled()  # complete: a correction edits an existing hand

    sheet.grid.setCurrentIndex(sheet.model.index(1, 0))
    QTest.keyClick(sheet.grid, Qt.Key.Key_F2)
    assert sheet.entry.isEnabled() and sheet.entry.replacing
    sheet.entry.value_edit.selectAll()
    QTest.keyClicks(sheet.entry.value_edit, "48")
    QTest.keyClick(sheet.entry.value_edit, Qt.Key.Key_Return)
    view = _view(event_window)
    assert view.rows[1].hand.wins[0].value == 48
    assert not any(s.current for s in view.signatures)  # everyone signs the new version
    assert "Signed an earlier version" in signatures.states[0].text()


def test_a_slip_of_signing_or_correcting_is_undone(event_window: MainWindow):
    sheet = _sheet(event_window)
    _enter_session(sheet)
    signatures = sheet.signatures
    sheet.show_tool(signatures)
    for column in range(4):
        _scribble(signatures.pads[column])
        signatures.sign_buttons[column].click()
    stack = event_window.context.runner.stack
    assert _view(event_window).locked
    assert stack.undoText().startswith("Sign T1")
    stack.undo()  # the fourth signature, which locked the sheet
    view = _view(event_window)
    assert not view.locked and len(view.signatures) == 3
    stack.redo()
    assert _view(event_window).locked
    QTest.keyClicks(signatures.reason, "opened the wrong table")
    signatures.correct_button.click()
    assert not _view(event_window).locked
    stack.undo()
    view = _view(event_window)
    assert view.locked and view.table.sheet_version == 1


def _open_event(window: MainWindow, tmp_path, rule_set: str):
    from tests.gui.event_files import seated_event_file

    path, seated = seated_event_file(tmp_path / f"{rule_set}.tmt", rule_set=rule_set)
    assert window.controller.open(path)
    window.seated = seated
    return _sheet(window)


def test_classical_entry_takes_every_players_points(window: MainWindow, tmp_path):
    sheet = _open_event(window, tmp_path, "classic")
    entry = sheet.entry
    assert entry.points_row.isVisibleTo(entry)
    a, b, c, d = window.seated.players[:4]
    for spin, points in zip(entry.points_edits, (10, 0, 0, 6)):
        spin.setValue(points)
    _type(sheet, "SW40")  # South wins 40 off West; his points follow his value
    row = _view(window).rows[0]
    assert dict(row.hand.player_points) == {a: 10, b: 40, c: 0, d: 6}
    assert dict(row.hand.deltas) == {a: -60, b: 134, c: -40, d: -34}


def test_mcr_false_win_is_paid_to_the_other_three(window: MainWindow, tmp_path):
    sheet = _open_event(window, tmp_path, "mcr")
    assert not sheet.entry.points_row.isVisibleTo(sheet.entry)
    panel = sheet.penalties
    sheet.show_tool(panel)
    panel.reason.setCurrentIndex(panel.reason.findData(PenaltyReason.FALSE_WIN.value))
    assert panel.points.value() == 30
    from PySide6.QtWidgets import QPushButton

    panel.findChild(QPushButton, "penalty_add").click()
    view = _view(window)
    assert view.raw_totals == (-30, 10, 10, 10)
