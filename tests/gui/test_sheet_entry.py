"""Event-day score entry by keyboard: hands, undo/redo, penalties, signing, the head
judge's correction, stopping on time, and what the sheet refuses before it is sent."""

from __future__ import annotations

import dataclasses

from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QLabel, QPushButton

from tests.gui.modal import answering, child, click, type_into
from tests.helpers.head_judge import PASSPHRASE
from tournament_manager.domain.model import HandResult, PenaltyReason, WinType
from tournament_manager.gui.formatting import local_date_time
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
    _type(sheet, "2N10")      # 4: column 2 wins 10 off North


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
    # Hand 2: "S" is the S column, the player who started South (and deals hand 2).
    assert hands[1].win_type is WinType.SELF_DRAW and hands[1].wins[0].winner_id == players[1]
    assert hands[1].dealer_id == players[1]
    assert hands[2].result is HandResult.DRAW
    assert hands[3].wins[0].winner_id == players[1] and hands[3].wins[0].value == 10
    assert sum(view.hand_totals) == 0
    assert sheet.model.rowCount() == 4
    assert view.complete
    assert sheet.entry.message.isHidden()


def test_a_hand_typed_on_the_sheet_itself_goes_to_the_entry_bar(event_window: MainWindow,
                                                                  qtbot):
    """A judge clicks the sheet and types the hand there: the first key moves to the entry
    bar and every key counts; the grid's own keys (arrows, Enter on a row) stay its own."""
    sheet = _sheet(event_window)
    event_window.show()
    qtbot.waitExposed(event_window)
    grid = sheet.grid
    grid.setFocus()
    QTest.keyClicks(grid, "EW30")
    QTest.keyClick(QApplication.focusWidget(), Qt.Key.Key_Return)
    hands = [row.hand for row in _view(event_window).rows]
    players = event_window.seated.players
    assert len(hands) == 1 and hands[0].wins[0].value == 30
    assert hands[0].wins[0].winner_id == players[0] and hands[0].discarder_id == players[2]
    grid.setFocus()
    grid.setCurrentIndex(sheet.model.index(0, 0))
    QTest.keyClick(grid, Qt.Key.Key_Down)
    assert QApplication.focusWidget() is grid, "an arrow stays the grid's"


def test_the_seat_keys_are_the_columns_and_each_button_says_where_its_player_sits(
        event_window: MainWindow):
    sheet = _sheet(event_window)
    header = [sheet.model.headerData(column, Qt.Orientation.Horizontal)
              for column in range(sheet.model.columnCount())]
    names = [text for text in header if text and text[:2] in ("E ", "S ", "W ", "N ")]
    buttons = [child(sheet.entry, f"seat_button_{column}") for column in range(1, 5)]
    assert [b.text() for b in buttons] == [f"{n}  {name}" for n, name in enumerate(names, 1)]
    _type(sheet, "EW30")
    # Hand 2: the deal has passed; the letters stay the columns', the seats are added.
    assert [b.text().split("  ", 1)[1] for b in buttons] == [
        f"{names[0]} · sits N", f"{names[1]} · sits E", f"{names[2]} · sits S",
        f"{names[3]} · sits W"]
    QTest.keyClicks(sheet.entry.value_edit, "N")
    assert buttons[3].isChecked() and "winner" in buttons[3].text()
    assert sheet.entry.findChild(object, "entry_summary").text().startswith(f"{names[3]} wins")


def test_the_entry_bar_says_who_pays_what_before_enter(event_window: MainWindow):
    sheet = _sheet(event_window)
    summary = sheet.entry.findChild(object, "entry_summary")
    names = [f"{letter} {sheet.view.players[i].name}" for i, letter in enumerate("ESWN")]
    QTest.keyClicks(sheet.entry.value_edit, "EW3")
    assert "pays" not in summary.text(), "3 is not a Zung Jung value: no preview"
    QTest.keyClicks(sheet.entry.value_edit, "0")
    # Zung Jung, V = 30 off a discard: 40 / 25 / 25 (the spec's own check), 90 to the winner.
    assert summary.text().endswith(
        f"→ {names[2]} pays 40, the others 25 each; {names[0]} gets 90")
    assert _view(event_window).rows == (), "a preview stores nothing"
    QTest.keyClick(sheet.entry.value_edit, Qt.Key.Key_Return)
    assert dict(_view(event_window).rows[0].hand.deltas) == {
        event_window.seated.players[0]: 90, event_window.seated.players[2]: -40,
        event_window.seated.players[1]: -25, event_window.seated.players[3]: -25}
    QTest.keyClicks(sheet.entry.value_edit, "ST40")
    assert summary.text().endswith(
        f"→ {names[0]}, {names[2]} and {names[3]} pay 40 each; {names[1]} gets 120")


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

    # Retyped from the paper after F2, from its first key: the loaded hand does not take
    # "S" as a third part of itself and refuse it.
    players = event_window.seated.players
    sheet.grid.setCurrentIndex(sheet.model.index(0, 0))
    QTest.keyClick(sheet.grid, Qt.Key.Key_F2)
    QTest.keyClicks(edit, "SN40")
    assert sheet.entry.message.text() == ""
    QTest.keyClick(edit, Qt.Key.Key_Return)
    hand = _view(event_window).rows[0].hand
    assert (hand.wins[0].winner_id, hand.discarder_id, hand.wins[0].value) == (
        players[1], players[3], 40)
    assert [r.hand.number for r in _view(event_window).rows] == [1]
    event_window.action_undo.trigger()
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
    # The scale is shown beside the field, not only in a tooltip.
    assert "10 s → 5" in panel.time_rule.text() and "40 s → 15" in panel.time_rule.text()
    assert panel.time_rule.isEnabled()
    panel.seconds.setValue(20)
    assert panel.points.value() == 10  # 5 points per 15 s or part thereof
    panel.hand.setValue(1)
    panel.seconds.setValue(250)
    assert panel.points.value() == 85
    assert "over 80" in panel.warning.text()
    panel.findChild(object, "penalty_add").click()
    view = _view(event_window)
    assert [(p.points, p.hand_number, p.note) for p in view.penalties] == [
        (85, 1, "250 s over")]  # how late, on the record
    assert view.resigned_flags == ((event_window.seated.players[0], 1),)
    assert panel.model.index(0, 2).data() == "−85"  # the offender's loss, signed

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


def test_a_double_click_on_add_penalty_adds_one(event_window: MainWindow):
    """Time, 20 s over, and a double click on Add penalty: the second click found the
    form reset to 0 s and added a Time row of 0 points to the sheet. Now a double click
    is one Add, and a Time penalty of 0 points is refused by the service, whoever asks;
    the same warning twice, minutes apart, is two warnings."""
    sheet = _sheet(event_window)
    panel = sheet.penalties
    event_window.resize(1280, 800)
    sheet.show_tool(panel)  # the drawer open, as the judge clicks it
    QApplication.processEvents()
    add = panel.findChild(QPushButton, "penalty_add")
    assert add.isVisible()

    def double_click() -> None:
        """As the window system gives it: press, release, double click, release."""
        QTest.mouseClick(add, Qt.MouseButton.LeftButton)
        QTest.mouseDClick(add, Qt.MouseButton.LeftButton)
        QTest.mouseRelease(add, Qt.MouseButton.LeftButton)
        QApplication.processEvents()

    panel.reason.setCurrentIndex(panel.reason.findData(PenaltyReason.BEHAVIOUR))
    panel.points.setValue(10)
    double_click()  # the second click would add a Behaviour incident of 0 points
    assert [(p.reason, p.points) for p in _view(event_window).penalties] == [
        (PenaltyReason.BEHAVIOUR, 10)]
    panel.reason.setCurrentIndex(panel.reason.findData(PenaltyReason.TIME))
    panel.seconds.setValue(20)
    double_click()
    assert [(p.reason, p.points) for p in _view(event_window).penalties] == [
        (PenaltyReason.BEHAVIOUR, 10), (PenaltyReason.TIME, 10)]

    add.click()  # the form as reset: 0 s over
    assert len(_view(event_window).penalties) == 2
    assert event_window.message_bar.text().startswith(
        "A time penalty of 0 points penalises nothing")
    panel.reason.setCurrentIndex(panel.reason.findData(PenaltyReason.TIME_WARNING))
    add.click()
    add.click()  # a second warning, later: on the sheet too
    assert [p.reason for p in _view(event_window).penalties] == [
        PenaltyReason.BEHAVIOUR, PenaltyReason.TIME, PenaltyReason.TIME_WARNING,
        PenaltyReason.TIME_WARNING]


def test_a_long_name_at_the_table_leaves_the_penalty_note_its_room(window: MainWindow,
                                                                     tmp_path):
    """A 90-character name widened the player list until the note beside it read "n…"."""
    from tests.gui.event_files import seated_event_file
    from tournament_manager.services.players import update_player
    from tournament_manager.storage.document import open_document

    path, seated = seated_event_file(tmp_path / "long.tmt")
    with open_document(path) as document:
        with document.unit_of_work() as uow:
            player = uow.players.get(seated.players[0])
        update_player(document.unit_of_work(), dataclasses.replace(
            player, name="Maximilian Alexander von und zu Oberammergau-Garmisch-Partenkirchen "
                         "der Jüngere, Esq."))
    assert window.controller.open(path)
    window.resize(1280, 800)
    sheet = _sheet(window)
    sheet.show_tool(sheet.penalties)
    QApplication.processEvents()
    panel = sheet.penalties
    assert panel.player.count() == 4
    assert panel.note.width() >= panel.note.fontMetrics().horizontalAdvance("x" * 20)


def test_under_mcr_the_penalty_panel_shows_no_zung_jung_time_scale(window: MainWindow,
                                                                   tmp_path) -> None:
    """MCR sets no time scale: the panel showed Zung Jung's 5 points per 15 s, and its
    80-point resignation warning, to an MCR judge. There the points are typed. A false
    win's points start at the event's 30 again after each penalty added, where the panel
    reset them to 0 under the reason still showing."""
    from tests.gui.event_files import seated_event_file

    path, seated = seated_event_file(tmp_path / "mcr.tmt", rule_set="mcr")
    assert window.controller.open(path)
    window.seated = seated  # type: ignore[attr-defined]
    sheet = _sheet(window)
    panel = sheet.penalties
    sheet.show_tool(panel)
    assert sheet.view is not None and sheet.view.time_rule is None
    panel.reason.setCurrentIndex(panel.reason.findData(PenaltyReason.TIME))
    assert not panel.seconds.isVisibleTo(panel) and not panel.time_rule.isVisibleTo(panel)
    panel.hand.setValue(1)
    panel.points.setValue(90)
    assert not panel.warning.isVisibleTo(panel), "no 80-point resignation under MCR"
    panel.findChild(object, "penalty_add").click()
    assert [(p.points, p.reason) for p in _view(window).penalties] == [
        (90, PenaltyReason.TIME)]
    assert _view(window).resigned_flags == ()

    panel.reason.setCurrentIndex(panel.reason.findData(PenaltyReason.FALSE_WIN))
    false_win = panel.points.value()
    assert false_win == _view(window).tournament.settings.false_win_points > 0
    panel.findChild(object, "penalty_add").click()
    assert len(_view(window).penalties) == 2
    assert panel.points.value() == false_win, "ready for the next false win"


def _scribble(pad, lift: int = 30) -> None:
    QTest.mousePress(pad, Qt.MouseButton.LeftButton, pos=QPoint(10, 20))
    for x in range(20, 120, 20):
        QTest.mouseMove(pad, QPoint(x, 20 + x // 4))
    QTest.mouseRelease(pad, Qt.MouseButton.LeftButton, pos=QPoint(130, lift))


def _sign_all(sheet) -> None:
    signatures = sheet.signatures
    sheet.show_tool(signatures)
    for column in range(4):
        _scribble(signatures.pads[column], lift=30 + 7 * column)  # four hands, four drawings
        assert not signatures.pads[column].is_empty()
        signatures.sign_buttons[column].click()
        assert signatures.pads[column].is_empty(), "a pad starts blank once its player signed"


def _unlock(reason: str, *passphrases: str):
    """Answers the head judge's dialog: the reason, then each passphrase in turn (all but
    the last are refused and must leave the dialog open with the field cleared)."""
    def answer(dialog) -> None:
        ok = child(dialog, "head_judge_ok")
        type_into(dialog, "head_judge_reason", "  misread ")  # too short to be a reason
        type_into(dialog, "head_judge_passphrase", passphrases[-1])
        assert not ok.isEnabled()
        assert child(dialog, "head_judge_reason_count").text() == "7 of at least 10 characters"
        type_into(dialog, "head_judge_reason", reason)
        for wrong in passphrases[:-1]:
            type_into(dialog, "head_judge_passphrase", wrong)
            click(dialog, "head_judge_ok")
            assert dialog.isVisible()
            problem = child(dialog, "head_judge_problem")
            assert problem.isVisible() and "not the head judge's passphrase" in problem.text()
            assert child(dialog, "head_judge_passphrase").text() == ""
        type_into(dialog, "head_judge_passphrase", passphrases[-1])
        click(dialog, "head_judge_ok")
    return answer


def test_sign_lock_and_correct_with_the_head_judge(event_window: MainWindow):
    sheet = _sheet(event_window)
    _enter_session(sheet)
    signatures = sheet.signatures
    sheet.show_tool(signatures)

    signatures.sign_buttons[0].click()  # an empty pad is refused, without a dialog
    assert "empty" in event_window.message_bar.text()

    _sign_all(sheet)
    view = _view(event_window)
    assert view.locked and all(s.current for s in view.signatures)
    assert view.signatures[0].signature.image_png.startswith(b"\x89PNG")
    assert "Locked" in signatures.lock_label.text() and "🔒" not in signatures.lock_label.text()
    assert not sheet.entry.isEnabled()
    assert sheet.signed_hash.text() == (f"Signed hash (version 1): {view.signed_hash[:16]}"
                                        " · verified")
    assert signatures.correct_button.isVisible()
    locked_note = ("Signed and locked. To change a hand or a penalty, the head judge unlocks "
                   "it for correction (Signatures and lock ▸ Unlock for correction…); its "
                   "players then sign the corrected version.")
    assert sheet.notice.isVisibleTo(sheet) and sheet.notice.text() == locked_note
    assert sheet.entry.findChild(object, "entry_summary").text() == "Signed and locked."
    event_window.message_bar.clear()
    sheet.grid.setCurrentIndex(sheet.model.index(1, 0))
    QTest.keyClick(sheet.grid, Qt.Key.Key_F2)  # not silent: it says why
    assert event_window.message_bar.text() == locked_note
    assert not sheet.entry.replacing

    with answering(_unlock("hand 2 value misread", "wrong horse battery", PASSPHRASE)) as seen:
        signatures.correct_button.click()
    assert seen.seen == ["Unlock for Correction"]
    view = _view(event_window)
    assert not view.locked and view.corrected
    [correction] = view.corrections
    assert (correction.version, correction.reason, correction.head_judge) == (
        2, "hand 2 value misread", "Ada Judge")
    assert sheet.corrections.text() == (
        f"Corrected v2 — hand 2 value misread — {local_date_time(correction.opened_at)} — "
        "Ada Judge")
    assert "Signed hash (version 1)" in sheet.signed_hash.text()
    assert all(pad.is_empty() for pad in signatures.pads), "a new version is signed anew"
    assert signatures.states[0].text() == "Signed version 1 — sign version 2 anew"
    assert not sheet.entry.isEnabled()  # complete: a correction edits an existing hand

    sheet.grid.setCurrentIndex(sheet.model.index(1, 0))
    QTest.keyClick(sheet.grid, Qt.Key.Key_F2)
    assert sheet.entry.isEnabled() and sheet.entry.replacing
    sheet.entry.value_edit.selectAll()
    QTest.keyClicks(sheet.entry.value_edit, "45")
    QTest.keyClick(sheet.entry.value_edit, Qt.Key.Key_Return)
    view = _view(event_window)
    assert view.rows[1].hand.wins[0].value == 45
    assert not any(s.current for s in view.signatures)  # everyone signs the new version

    _scribble(signatures.pads[0])  # the very strokes East gave for version 1
    signatures.sign_buttons[0].click()
    assert "same drawing as one given before" in event_window.message_bar.text()
    assert not any(s.current for s in _view(event_window).signatures)
    QTest.mouseClick(signatures.findChild(QPushButton, "signature_clear_1"),
                     Qt.MouseButton.LeftButton)
    _scribble(signatures.pads[0], lift=35)
    signatures.sign_buttons[0].click()
    assert [s.current for s in _view(event_window).signatures].count(True) == 1
    assert signatures.pads[0].is_empty()
    assert signatures.states[0].text().startswith("Signed ")


def test_undo_never_unlocks_a_signed_sheet(event_window: MainWindow):
    sheet = _sheet(event_window)
    _enter_session(sheet)
    _sign_all(sheet)
    QApplication.processEvents()
    stack = event_window.context.runner.stack
    assert _view(event_window).locked
    # Every act on the locked sheet has left the Edit menu: none of them can be undone.
    # ("Undo Sign T1" was offered, refused, and used up by each Ctrl+Z.)
    assert not stack.canUndo() and not event_window.action_undo.isEnabled()
    QTest.keyClick(sheet.entry.value_edit, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    view = _view(event_window)
    assert view.locked and len(view.signatures) == 4 and len(view.rows) == 4
    assert "locked" in sheet.header.text() and not sheet.entry.isEnabled()

    with answering(_unlock("opened the wrong table", PASSPHRASE)):
        sheet.signatures.correct_button.click()
    assert not _view(event_window).locked
    assert stack.undoText() == "Correct T1"
    stack.undo()  # a correction opened by mistake closes again, exactly as signed
    view = _view(event_window)
    assert view.locked and view.table.sheet_version == 1 and view.corrections == ()
    assert not stack.canRedo(), "opening it again is the head judge's act again"


def test_ctrl_z_after_another_table_locked_undoes_this_tables_hand(event_window: MainWindow):
    """Seen on event day: table 3's judge pressed Ctrl+Z for his last hand and met three
    refusals about table 1's signatures (signed and locked meanwhile) before his hand
    went. The locked sheet's acts leave the stack; his hand is the next undo."""
    page = event_window.sheets_page
    sheet = _sheet(event_window)
    seated = event_window.seated
    page.select_table(seated.session_id, seated.tables[1])
    _type(sheet, "SW30")  # table 2, hand 1
    page.select_table(seated.session_id, seated.tables[0])
    _enter_session(sheet)
    _sign_all(sheet)
    QApplication.processEvents()
    assert event_window.action_undo.text() == "&Undo Enter hand T2 #1"
    event_window.action_undo.trigger()
    assert _view(event_window, 1).rows == ()
    # No refusal about table 1; and since table 1 is on screen, the undo of table 2's
    # hand is said where it is seen (only the Edit menu had said it).
    assert event_window.message_bar.text() == "Undone: Enter hand T2 #1"
    assert _view(event_window).locked and len(_view(event_window).rows) == 4


def test_an_undo_on_the_sheet_shown_is_said_in_the_status_bar_only(event_window: MainWindow):
    sheet = _sheet(event_window)
    _type(sheet, "EW30")
    event_window.action_undo.trigger()
    assert _view(event_window).rows == ()
    assert event_window.statusBar().currentMessage() == "Undone: Enter hand T1 #1"
    assert event_window.message_bar.text() == ""
    event_window.action_redo.trigger()
    assert event_window.statusBar().currentMessage() == "Redone: Enter hand T1 #1"


def test_a_cancelled_unlock_changes_nothing(event_window: MainWindow):
    sheet = _sheet(event_window)
    _enter_session(sheet)
    _sign_all(sheet)

    def cancel(dialog) -> None:
        assert "Unlock table 1 of session 1 for a correction: its players will have to " \
               "sign version 2." == child(dialog, "head_judge_what").text()
        dialog.reject()

    with answering(cancel):
        sheet.signatures.correct_button.click()
    assert _view(event_window).locked


def _answer_stop(answer: str, seen: list[str]):
    def handle(box) -> None:
        seen.append(box.text() + "\n" + box.informativeText())
        assert box.defaultButton().objectName() == "confirm_no"
        click(box, answer)
    return handle


def test_stop_on_time_asks_first(event_window: MainWindow):
    sheet = _sheet(event_window)
    _type(sheet, "EW30")
    _type(sheet, "D")
    texts: list[str] = []

    with answering(_answer_stop("confirm_no", texts)):
        sheet.stop_button.click()
    assert _view(event_window).table.stopped_after_hand is None
    assert sheet.stop_button.isEnabled()
    question = texts[0]
    assert question.startswith("Stop table 1 of session 1 on time?")
    assert "no hand after hand 2 is scored" in question
    assert "Hands completed: 2 of 4." in question
    assert "Time left on the session clock: " in question  # session 1's clock runs

    with answering(_answer_stop("confirm_yes", texts)):
        sheet.stop_button.click()
    assert _view(event_window).table.stopped_after_hand == 2
    assert "stopped on time after hand 2" in sheet.header.text()
    assert not sheet.stop_button.isEnabled()


def test_a_session_not_started_takes_no_entry(window: MainWindow, tmp_path):
    from tests.gui.event_files import seated_event_file

    path, seated = seated_event_file(tmp_path / "early.tmt", running=False)
    assert window.controller.open(path)
    window.seated = seated
    sheet = _sheet(window)
    assert sheet.view is not None and sheet.view.table.id == seated.tables[0]
    assert sheet.notice.isVisible()
    assert sheet.notice.text().startswith(
        "Session 1 has not started: start it on the Seating page")
    assert not sheet.entry.isEnabled()
    assert not sheet.penalties.isEnabled()
    assert not sheet.stop_button.isEnabled()
    assert not any(button.isEnabled() for button in sheet.signatures.sign_buttons)
    QTest.keyClicks(sheet.entry.value_edit, "EW30")
    QTest.keyClick(sheet.entry.value_edit, Qt.Key.Key_Return)
    assert _view(window).rows == ()


def test_an_impossible_value_is_refused_in_the_entry_bar(event_window: MainWindow):
    sheet = _sheet(event_window)
    entry = sheet.entry
    QTest.keyClicks(entry.value_edit, "EW2")
    assert entry.message.isHidden(), "2 may still become 20 or 25: no complaint yet"
    QTest.keyClicks(entry.value_edit, "6")
    assert entry.message.isHidden(), "26 may still become 260"
    QTest.keyClick(entry.value_edit, Qt.Key.Key_Return)
    assert entry.message.isVisible()
    assert entry.message.text() == (
        "A Zung Jung (Asia Pacific Mahjong) hand is worth 1 (Chicken Hand) or a multiple of 5 "
        "from 5 to 320, or a listed limit of 400 or 480; 26 is not possible.")
    assert _view(event_window).rows == ()

    entry.value_edit.selectAll()
    QTest.keyClicks(entry.value_edit, "999")  # no digit more can make this possible
    assert entry.message.text() == "The limit is 480 points; 999 is above it."
    summary = entry.findChild(object, "entry_summary").text()
    assert "type the value, Enter" not in summary  # it was typed: the bar said "type it"
    assert summary.endswith("not a value these rules give (see below)")
    entry.value_edit.selectAll()
    QTest.keyClicks(entry.value_edit, "25")
    assert entry.message.isHidden()
    QTest.keyClick(entry.value_edit, Qt.Key.Key_Return)
    assert [row.hand.wins[0].value for row in _view(event_window).rows] == [25]


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
    QTest.keyClicks(entry.value_edit, "SW40")  # South wins 40 off West, not entered yet
    summary = entry.findChild(object, "entry_summary")
    before = summary.text()
    assert "40 each" in before  # nobody's points yet: each loser pays the whole 40
    for spin, points in zip(entry.points_edits, (10, 0, 0, 6)):
        spin.setValue(points)
    # The payments shown follow the points typed after the hand (they stayed at "40 each").
    assert summary.text() != before and "30" in summary.text() and "34" in summary.text()
    QTest.keyClick(entry.value_edit, Qt.Key.Key_Return)  # his points follow his value
    row = _view(window).rows[0]
    assert dict(row.hand.player_points) == {a: 10, b: 40, c: 0, d: 6}
    # classic_seed (spec classic.md §0): each loser pays the difference, no East double.
    assert dict(row.hand.deltas) == {a: -30, b: 104, c: -40, d: -34}


def test_classical_winners_box_shows_his_value_as_typed(window: MainWindow, tmp_path):
    """The winner's hand points are his value: his box showed 0 while the hand was typed
    (and his value when it was loaded to change), and took input that was then ignored.
    It now follows the value as typed and takes none; the others' boxes take keys."""
    entry = _open_event(window, tmp_path, "classic").entry
    west, south = entry.points_edits[2], entry.points_edits[1]
    QTest.keyClicks(entry.value_edit, "SW4")
    assert (south.value(), south.isEnabled()) == (4, False)
    assert south.toolTip() == "A winner's hand points are his hand's value."
    QTest.keyClicks(entry.value_edit, "0")
    assert south.value() == 40
    assert all(spin.isEnabled() for spin in entry.points_edits if spin is not south)
    west.setFocus()
    west.selectAll()
    QTest.keyClicks(west, "12")
    QTest.keyClick(entry.value_edit, Qt.Key.Key_Return)
    a, b, c, d = window.seated.players[:4]
    assert dict(_view(window).rows[0].hand.player_points) == {a: 0, b: 40, c: 12, d: 0}
    assert [(spin.value(), spin.isEnabled()) for spin in entry.points_edits] == [(0, True)] * 4


def test_changing_hands_one_after_another_keeps_each_losers_points(window: MainWindow,
                                                                   tmp_path):
    """F2 on hand 1 (South won), then F2 on hand 2 (South lost with 8 points): his box
    must show his 8, not the 0 it was given when he stopped being hand 1's winner."""
    sheet = _open_event(window, tmp_path, "classic")
    entry = sheet.entry
    south = entry.points_edits[1]
    _type(sheet, "ST20")
    QTest.keyClicks(entry.value_edit, "WS20")
    south.setValue(8)
    QTest.keyClick(entry.value_edit, Qt.Key.Key_Return)
    for row, shown in ((0, (20, False)), (1, (8, True)), (0, (20, False)), (1, (8, True))):
        sheet.grid.setFocus()
        sheet.grid.setCurrentIndex(sheet.model.index(row, 0))
        QTest.keyClick(sheet.grid, Qt.Key.Key_F2)
        assert entry.replacing
        assert (south.value(), south.isEnabled()) == shown, f"hand {row + 1}"
    QTest.keyClick(entry.value_edit, Qt.Key.Key_Return)  # replaced as it stands
    south_id = window.seated.players[1]
    assert dict(_view(window).rows[1].hand.player_points)[south_id] == 8


def test_a_kept_deal_is_why_the_board_counts_one_more_hand(window: MainWindow, tmp_path):
    """A classical session ends by deals: East winning keeps the deal, and the board's
    "playing 1/4" became "1/5" with nothing saying why. Its tooltip now says."""
    sheet = _open_event(window, tmp_path, "classic")
    page = window.sheets_page
    first = page.tables.item(0)
    assert first.text() == "Table 1 · playing 0/4"
    assert "kept their deal" not in first.toolTip()
    _type(sheet, "ET20")  # the dealer's self-draw: he deals again
    assert first.text() == "Table 1 · playing 1/5"
    assert "Hands that kept their deal so far: 1, so 4 deals take 5 hands" in first.toolTip()
    _type(sheet, "ST20")  # South's win passes the deal on
    assert first.text() == "Table 1 · playing 2/5"
    assert "so 4 deals take 5 hands" in first.toolTip()


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


def test_mcr_has_no_immunity_and_its_head_bump_keeps_the_first_claim(window: MainWindow,
                                                                      tmp_path):
    """MCR: the discarder always pays (no same-turn immunity: I was taken and the hand
    settled as if the discarder had been named, the record saying otherwise), and of
    several claims the first in turn order after the discarder wins (spec mcr.md §2)."""
    sheet = _open_event(window, tmp_path, "mcr")
    entry = sheet.entry
    hint = entry.findChild(object, "entry_hint").text()
    assert "immunity" not in hint and "+ another winner" in hint
    east, south, west, north = window.seated.players[:4]
    entry.value_edit.setFocus()
    QTest.keyClicks(entry.value_edit, "SW10I")
    assert "no same-turn immunity" in entry.message.text()
    QTest.keyClick(entry.value_edit, Qt.Key.Key_Return)
    QTest.keyClicks(entry.value_edit, "EW8+S9")  # East and South claim West's discard
    summary = entry.findChild(object, "entry_summary").text()
    # Said before Enter: North plays next, then East, whose claim alone stands.
    assert "wins 8 alone (the claim nearest" in summary and "wins 9" not in summary
    QTest.keyClick(entry.value_edit, Qt.Key.Key_Return)
    hands = [row.hand for row in _view(window).rows]
    assert [(w.winner_id, w.value, w.responsible_id) for h in hands for w in h.wins] == [
        (south, 10, west), (east, 8, west)]
    assert dict(hands[0].deltas) == {south: 34, west: -18, east: -8, north: -8}
    assert "intercepted" in entry.message.text()
    window.action_undo.trigger()  # the note goes with the hand it was about
    assert len(_view(window).rows) == 1 and entry.message.isHidden()


def test_classical_entry_offers_neither_immunity_nor_a_second_claim(window: MainWindow,
                                                                   tmp_path):
    sheet = _open_event(window, tmp_path, "classic")
    entry = sheet.entry
    hint = entry.findChild(object, "entry_hint").text()
    assert "immunity" not in hint and "another winner" not in hint and "T self-draw" in hint
    entry.value_edit.setFocus()
    QTest.keyClicks(entry.value_edit, "SW40+")
    assert "one player wins a hand" in entry.message.text()
    QTest.keyClicks(entry.value_edit, "I")
    assert "no same-turn immunity" in entry.message.text()
    QTest.keyClick(entry.value_edit, Qt.Key.Key_Return)
    hand = _view(window).rows[0].hand
    assert [(w.winner_id, w.responsible_id) for w in hand.wins] == [
        (window.seated.players[1], window.seated.players[2])]

    # A classical win's patterns are named in the bar as on the sheet, not as ids.
    from tournament_manager.services.score_sheets import entry_of

    loaded = entry_of(hand)
    entry.edit(1, dataclasses.replace(loaded, wins=tuple(
        dataclasses.replace(w, pattern_ids=("going_out", "concealed_pung")) for w in loaded.wins)))
    summary = entry.findChild(object, "entry_summary").text()
    assert "[going out, concealed pung]" in summary and "going_out" not in summary


def test_zung_jung_hint_names_immunity_and_a_second_claim(event_window: MainWindow):
    hint = _sheet(event_window).entry.findChild(object, "entry_hint").text()
    assert "I immunity" in hint and "+ another winner" in hint


def test_a_wsom_event_records_only_the_intercepting_claim_and_says_why(
        window: MainWindow, tmp_path):
    """Spec zung-jung.md §3: under `triple_win: intercept` (the WSOM presets) "the lower
    seat's claim wins alone ... the entry screen says so"."""
    from tests.gui.event_files import seated_event_file
    from tournament_manager.domain.presets import Preset

    path, seated = seated_event_file(tmp_path / "wsom.tmt", preset=Preset.WSOM_2015)
    assert window.controller.open(path)
    sheet = _sheet(window)
    _type(sheet, "EN30+W20+S10")  # three claim North's discard; East plays next
    hands = [row.hand for row in sheet_view(window.controller.document.unit_of_work(),
                                             seated.tables[0]).rows]
    assert len(hands) == 1 and [(w.winner_id, w.value) for w in hands[0].wins] == [
        (seated.players[0], 30)]
    assert "intercepted" in sheet.entry.message.text()
    assert sheet.entry.message.text().startswith("E Player 0")


def test_ctrl_z_in_the_value_box_undoes_the_hand_just_recorded(event_window: MainWindow):
    """The helper's slip, keyed as a judge keys it: a wrong hand, then Ctrl+Z with the
    keyboard still in the Value box. The hand goes (the box used to get "60" back and the
    hand stayed); Ctrl+Y brings it back. Typing first, Ctrl+Z takes back the typing."""
    sheet = _sheet(event_window)
    edit = sheet.entry.value_edit
    _type(sheet, "EW30")
    _type(sheet, "EN60")
    assert [row.hand.number for row in _view(event_window).rows] == [1, 2]
    QApplication.processEvents()  # the fields forget the typing of a recorded hand

    assert QApplication.focusWidget() is edit
    QTest.keyClick(edit, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert [row.hand.number for row in _view(event_window).rows] == [1]
    assert edit.text() == ""
    QApplication.processEvents()
    QTest.keyClick(edit, Qt.Key.Key_Y, Qt.KeyboardModifier.ControlModifier)
    assert [row.hand.number for row in _view(event_window).rows] == [1, 2]
    QApplication.processEvents()

    QTest.keyClicks(edit, "S")
    QTest.keyClicks(edit, "T4")
    QTest.keyClick(edit, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert [row.hand.number for row in _view(event_window).rows] == [1, 2], \
        "while typing, Ctrl+Z is the typing's"


def test_a_refused_hand_holds_the_bar_until_the_judge_looks(event_window: MainWindow):
    """Keyed blind from the paper: "EW32" is refused (Zung Jung values go in fives), and
    the judge types on: the next hand's D must not turn the refused hand into a draw
    recorded in its place, nor its digits add to 32. Digits typed at once replace the
    refused value; after a wrong key only Backspace or Esc go on."""
    sheet = _sheet(event_window)
    edit = sheet.entry.value_edit
    _type(sheet, "EW30")
    _type(sheet, "NE32")
    assert [row.hand.number for row in _view(event_window).rows] == [1]
    refusal = sheet.entry.message.text()
    assert "32" in refusal

    QTest.keyClicks(edit, "D")
    QTest.keyClick(edit, Qt.Key.Key_Return)
    QTest.keyClicks(edit, "ST40")
    QTest.keyClick(edit, Qt.Key.Key_Return)
    assert [row.hand.number for row in _view(event_window).rows] == [1], "nothing recorded"
    assert edit.text() == "32"
    assert sheet.entry.message.text().startswith("Hand 2 was not recorded: ")
    clause = refusal[0].lower() + refusal[1:].rstrip(".")  # the sentence, as a clause
    assert clause in sheet.entry.message.text()

    QTest.keyClick(edit, Qt.Key.Key_Backspace)  # looked: the value is wrong
    QTest.keyClicks(edit, "35")
    QTest.keyClick(edit, Qt.Key.Key_Return)
    hands = [row.hand for row in _view(event_window).rows]
    assert [h.number for h in hands] == [1, 2]
    players = event_window.seated.players
    assert (hands[1].wins[0].winner_id, hands[1].discarder_id, hands[1].wins[0].value) == (
        players[3], players[0], 35)

    _type(sheet, "SE33")
    QTest.keyClicks(edit, "40")  # at once, digits replace the refused value
    QTest.keyClick(edit, Qt.Key.Key_Return)
    hands = [row.hand for row in _view(event_window).rows]
    assert [h.number for h in hands] == [1, 2, 3] and hands[2].wins[0].value == 40

    _type(sheet, "WN21")  # held, the judge goes to hand 1 instead (F2): it takes keys
    sheet.grid.setFocus()
    sheet.grid.setCurrentIndex(sheet.model.index(0, 0))
    QTest.keyClick(sheet.grid, Qt.Key.Key_F2)
    QTest.keyClicks(edit, "T")  # East drew it himself
    edit.selectAll()
    QTest.keyClicks(edit, "45")
    QTest.keyClick(edit, Qt.Key.Key_Return)
    first = _view(event_window).rows[0].hand
    assert (first.win_type, first.wins[0].value) == (WinType.SELF_DRAW, 45)

    _type(sheet, "WN21")
    QTest.keyClicks(edit, "T")
    QTest.keyClick(edit, Qt.Key.Key_Escape)  # or type the hand again from the start
    _type(sheet, "D")
    assert _view(event_window).rows[-1].hand.result is HandResult.DRAW


def test_ctrl_4_leaves_the_keyboard_in_the_value_box(event_window: MainWindow):
    """From another page, Ctrl+4 and the seat keys: the first hand is typed with no click
    (the first E went nowhere, the keyboard left on the page before)."""
    event_window.activateWindow()
    event_window.show_page(event_window.players_page)
    event_window.players_page.search.setFocus()
    QApplication.processEvents()
    QTest.keyClick(event_window.players_page.search, Qt.Key.Key_4,
                   Qt.KeyboardModifier.ControlModifier)
    QApplication.processEvents()

    edit = event_window.sheets_page.sheet.entry.value_edit
    assert QApplication.focusWidget() is edit
    QTest.keyClicks(edit, "EW30")
    QTest.keyClick(edit, Qt.Key.Key_Return)
    assert [row.hand.number for row in _view(event_window).rows] == [1]


def test_a_draw_is_retyped_as_a_win_and_a_refused_seat_says_why(event_window: MainWindow):
    """F2 on a recorded draw, then N E 35: the draw becomes North's win (the seat keys
    were refused until D took the draw off). And "S S", a winner as his own discarder, is
    refused in words that name him."""
    sheet = _sheet(event_window)
    players = event_window.seated.players
    _type(sheet, "D")
    sheet.grid.setFocus()
    sheet.grid.setCurrentIndex(sheet.model.index(0, 0))
    QTest.keyClick(sheet.grid, Qt.Key.Key_F2)
    assert sheet.entry.replacing
    _type(sheet, "NE35")
    hand = _view(event_window).rows[0].hand
    assert hand.result is HandResult.WIN
    assert (hand.wins[0].winner_id, hand.discarder_id, hand.wins[0].value) == (
        players[3], players[0], 35)

    edit = sheet.entry.value_edit
    QTest.keyClicks(edit, "SS")
    assert sheet.entry.message.text() == (
        "S Player 1 won this hand: the discarder, or anyone responsible, is one of the "
        "other three. Nothing typed after it is taken: Backspace drops the refused key, "
        "Esc clears the hand.")
    QTest.keyClick(edit, Qt.Key.Key_Escape)
    QTest.keyClicks(edit, "SW30+W")  # another winner on the discard: not the discarder
    assert sheet.entry.message.text() == (
        "W Player 2 discarded the winning tile: he cannot win on it too. Nothing typed "
        "after it is taken: Backspace drops the refused key, Esc clears the hand.")


def test_a_stray_click_cannot_choose_the_next_hands_winner(event_window: MainWindow):
    """A quick triple click on Enter hand: the first recorded the hand, the second (on an
    empty bar) showed a warning that made the bar taller and moved the seat buttons up
    under the mouse, and the third made N the next hand's winner. The judge then typed
    "WS30" for W off S: W was taken as the discarder, S refused, and Enter recorded
    "N wins 30 off W". Now the buttons stay where they are, and a refused seat key holds
    the bar: nothing typed after it is taken."""
    sheet = _sheet(event_window)
    entry, edit = sheet.entry, sheet.entry.value_edit
    players = event_window.seated.players
    event_window.resize(1280, 800)
    QApplication.processEvents()
    commit = child(entry, "entry_commit", QPushButton)
    QTest.keyClicks(edit, "ES30")
    seat_4 = child(entry, "seat_button_4", QPushButton)
    where = seat_4.mapTo(event_window, QPoint(0, 0))
    QTest.mouseClick(commit, Qt.MouseButton.LeftButton)
    QTest.mouseClick(commit, Qt.MouseButton.LeftButton)  # nothing to record: said
    QApplication.processEvents()
    assert entry.message.isVisible() and entry.message.text()
    assert seat_4.mapTo(event_window, QPoint(0, 0)) == where, "the seats moved"
    assert [row.hand.number for row in _view(event_window).rows] == [1]
    draw = child(entry, "entry_draw", QPushButton)
    QTest.mouseClick(draw, Qt.MouseButton.LeftButton)  # what it says went with the act
    assert not entry.message.isVisible()
    QTest.mouseClick(draw, Qt.MouseButton.LeftButton)  # the draw taken off again

    QTest.mouseClick(seat_4, Qt.MouseButton.LeftButton)  # a click meant for Enter hand
    QTest.keyClicks(edit, "WS30")
    QTest.keyClick(edit, Qt.Key.Key_Return)
    assert [row.hand.number for row in _view(event_window).rows] == [1], "nothing recorded"
    assert entry.message.text() == (
        "The seats of this hand are chosen already: S Player 1 was not taken. Nothing "
        "typed after it is taken: Backspace drops the refused key, Esc clears the hand.")
    QTest.keyClick(edit, Qt.Key.Key_Escape)
    _type(sheet, "WS30")
    hand = _view(event_window).rows[-1].hand
    assert (hand.wins[0].winner_id, hand.discarder_id, hand.wins[0].value) == (
        players[2], players[1], 30)

    for width in (1280, 1024, 900):  # a refusal of two or three lines moves nothing
        event_window.resize(width, 800)
        QApplication.processEvents()
        where = seat_4.mapTo(event_window, QPoint(0, 0))
        QTest.keyClicks(edit, "SS")
        QApplication.processEvents()
        assert entry.message.isVisible() and seat_4.mapTo(event_window, QPoint(0, 0)) == where
        QTest.keyClick(edit, Qt.Key.Key_Escape)
    event_window.resize(1280, 800)
    QApplication.processEvents()
    QTest.keyClicks(edit, "EE")  # a key bounce: Backspace drops the refused second E
    assert entry.message.text().startswith("E Player 0 won this hand: ")
    QTest.keyClick(edit, Qt.Key.Key_Backspace)
    assert not entry.message.isVisible()
    _type(sheet, "N35")
    hand = _view(event_window).rows[-1].hand
    assert (hand.wins[0].winner_id, hand.discarder_id, hand.wins[0].value) == (
        players[0], players[3], 35)


def test_a_second_winner_waits_for_the_first_ones_value(event_window: MainWindow):
    """"S W + N 30" gave the 30 to N, and S's value could then be reached only by deleting
    N: Enter said "Type the hand value." over and over. + now waits for S's value."""
    sheet = _sheet(event_window)
    edit = sheet.entry.value_edit
    edit.setFocus()
    QTest.keyClicks(edit, "SW+")
    assert sheet.entry.message.text() == (
        "Type S Player 1's value first; + then adds the next winner.")
    QTest.keyClicks(edit, "30+N")
    summary = sheet.entry.findChild(QLabel, "entry_summary")
    assert summary.text() == ("S Player 1 wins 30; N Player 3 wins ? · Discard from W "
                              "Player 2 — type the value, Enter")


def test_a_hand_recorded_at_the_table_meanwhile_holds_the_one_being_typed(
        event_window: MainWindow):
    """The table's phone records hand 2 while the desk types hand 2 from the paper: the
    desk's hand is hand 3 now, perhaps the very same hand. It is said, and recorded only
    on a second Enter (before, it went in as hand 3 without a word)."""
    from tournament_manager.domain.model import HandResult, Win, WinType
    from tournament_manager.gui.changes import Topic
    from tournament_manager.services.score_sheets import HandEntry, enter_hand

    sheet = _sheet(event_window)
    _type(sheet, "EW30")
    assert [r.hand.number for r in _view(event_window).rows] == [1]
    edit = sheet.entry.value_edit
    QTest.keyClicks(edit, "ES25")  # hand 2, not entered yet
    players = event_window.seated.players
    document = event_window.controller.document
    enter_hand(document.unit_of_work(), event_window.seated.tables[0], HandEntry(
        HandResult.WIN, WinType.SELF_DRAW, wins=(Win(players[1], 40),)))
    event_window.context.hub.notify(Topic.SHEET)  # as the window's follower does
    moved = ("Hand 2 was recorded elsewhere meanwhile (at the table, or at another desk), "
             "so the hand you are typing would be hand 3. Check it is not the same hand "
             "before you record it.")
    assert sheet.entry.message.text() == moved
    QTest.keyClick(edit, Qt.Key.Key_Return)
    assert len(_view(event_window).rows) == 2, "the first Enter records nothing"
    # ... and says so, in other words than before it (it seemed to do nothing at all).
    assert sheet.entry.message.text().startswith("Not recorded yet: hand 2 was recorded")
    assert "press Enter again to record this one as hand 3" in sheet.entry.message.text()
    QTest.keyClick(edit, Qt.Key.Key_Return)
    rows = _view(event_window).rows
    assert [r.hand.number for r in rows] == [1, 2, 3]
    assert rows[2].hand.wins[0].value == 25
    _type(sheet, "NE40")  # the desk's own hands move no later hand: no word, no hold
    assert [r.hand.number for r in _view(event_window).rows] == [1, 2, 3, 4]
    assert sheet.entry.message.text() == ""


def test_a_refusal_goes_at_the_next_act_and_the_windows_own_message_stays(
        event_window: MainWindow):
    """"The signature is empty." stayed up through the signatures that followed it (and
    pushed the page down all the while); an answer to an act goes at the next act, but
    a message of the window's own (here, a server that does not answer) stays."""
    sheet = _sheet(event_window)
    _enter_session(sheet)
    signatures = sheet.signatures
    sheet.show_tool(signatures)
    bar = event_window.message_bar
    signatures.sign_buttons[0].click()  # nothing drawn on the pad
    assert bar.isVisible() and bar.text() == "The signature is empty."
    _scribble(signatures.pads[0])
    assert not bar.isVisible(), "he is signing now: the warning went with the first stroke"
    signatures.sign_buttons[0].click()
    assert not bar.isVisible() and len(_view(event_window).signatures) == 1
    # It said "Complete: ready for signatures" whatever had been signed.
    assert signatures.lock_label.text() == "Complete: 1 of 4 players have signed this version"

    signatures.sign_buttons[1].click()  # empty again: said again
    assert bar.text() == "The signature is empty."
    with answering(lambda box: click(box, "confirm_yes")):
        event_window.action_undo.trigger()  # an undo is an act too
    assert not bar.isVisible() and _view(event_window).signatures == ()

    signatures.sign_buttons[1].click()  # empty: said; another page: the answer goes
    assert bar.text() == "The signature is empty."
    event_window.show_page(event_window.standings_page)
    assert not bar.isVisible()
    event_window.show_page(event_window.sheets_page)

    event_window.controller.problem_reported.emit("the server of x cannot be reached")
    _scribble(signatures.pads[0], lift=41)
    signatures.sign_buttons[0].click()
    assert bar.isVisible() and bar.text() == "The server of x cannot be reached."


def test_a_change_being_typed_when_the_sheet_locks_elsewhere_is_said_lost(
        event_window: MainWindow):
    """Another desk's signatures locked the sheet while hand 3 was being changed here: the
    change stayed in the greyed bar ("Change hand #3 … 50") as if it might still go in."""
    from tournament_manager.gui.changes import Topic
    from tournament_manager.services.score_sheets import sign_sheet

    sheet = _sheet(event_window)
    _enter_session(sheet)
    sheet.grid.setFocus()
    sheet.grid.setCurrentIndex(sheet.model.index(2, 0))
    QTest.keyClick(sheet.grid, Qt.Key.Key_F2)
    edit = sheet.entry.value_edit
    QTest.keyClicks(edit, "EW50")
    document = event_window.controller.document
    for number, player in enumerate(event_window.seated.players[:4]):
        sign_sheet(document.unit_of_work(), event_window.seated.tables[0], player,
                   b"\x89PNG signature " + bytes([number]))
    event_window.context.hub.notify(Topic.SHEET)
    entry = sheet.entry
    assert not entry.isEnabled() and not entry.replacing and edit.text() == ""
    assert entry.message.text().startswith("Hand 3 was not recorded: Signed and locked.")
    assert [row.hand.result for row in _view(event_window).rows][2] is HandResult.DRAW


def _elsewhere(window: MainWindow):
    """A unit of work of another station on the same event (the audit names it)."""
    return window.controller.document.unit_of_work("HJ Desk")


def test_an_undo_never_takes_away_another_stations_later_change(event_window: MainWindow):
    """The results desk entered hand 1 at 25; the head judge's desk changed it to 60; the
    results desk's Ctrl+Z deleted the hand, his 60 with it, and Ctrl+Y put back the 25.
    The undo is refused now, naming who changed the sheet, and leaves the Edit menu."""
    from tournament_manager.domain.model import Win
    from tournament_manager.services.score_sheets import HandEntry, replace_hand

    sheet = _sheet(event_window)
    players = event_window.seated.players
    _type(sheet, "EW25")
    hand = _view(event_window).rows[0].hand
    replace_hand(_elsewhere(event_window), hand.id, HandEntry(
        HandResult.WIN, WinType.DISCARD, players[2], (Win(players[0], 60, players[2]),)))
    event_window.action_undo.trigger()
    assert [r.hand.wins[0].value for r in _view(event_window).rows] == [60]
    said = event_window.message_bar.text()
    assert said.startswith("The sheet of table 1 was changed by HJ Desk at ")
    assert not event_window.action_undo.isEnabled() and not event_window.action_redo.isEnabled()


def test_a_redo_never_puts_back_what_another_station_replaced(event_window: MainWindow):
    from tournament_manager.domain.model import Win
    from tournament_manager.services.score_sheets import HandEntry, enter_hand

    sheet = _sheet(event_window)
    players = event_window.seated.players
    _type(sheet, "EW25")
    event_window.action_undo.trigger()
    assert _view(event_window).rows == ()
    enter_hand(_elsewhere(event_window), event_window.seated.tables[0], HandEntry(
        HandResult.WIN, WinType.DISCARD, players[1], (Win(players[3], 40, players[1]),)))
    event_window.action_redo.trigger()
    assert [r.hand.wins[0].value for r in _view(event_window).rows] == [40]
    assert "changed by HJ Desk" in event_window.message_bar.text()


def test_a_hand_changed_elsewhere_while_retyped_here_is_not_overwritten_unseen(
        event_window: MainWindow):
    """F2 on hand 1 (25), 60 typed; meanwhile the head judge's desk made it 50 and the row
    refreshed: Enter replaced his 50 without a word. Now the first Enter says who changed
    it; a second Enter, the typist having read that, replaces it."""
    from tournament_manager.domain.model import Win
    from tournament_manager.services.score_sheets import HandEntry, replace_hand

    sheet = _sheet(event_window)
    players = event_window.seated.players
    _type(sheet, "EW25")
    sheet.grid.setFocus()
    sheet.grid.setCurrentIndex(sheet.model.index(0, 0))
    QTest.keyClick(sheet.grid, Qt.Key.Key_F2)
    edit = sheet.entry.value_edit
    edit.selectAll()
    QTest.keyClicks(edit, "60")
    hand = _view(event_window).rows[0].hand
    replace_hand(_elsewhere(event_window), hand.id, HandEntry(
        HandResult.WIN, WinType.DISCARD, players[2], (Win(players[0], 50, players[2]),)))
    sheet.refresh()  # what the change feed does within a second
    QTest.keyClick(edit, Qt.Key.Key_Return)
    assert _view(event_window).rows[0].hand.wins[0].value == 50
    assert "changed by HJ Desk" in sheet.entry.message.text()
    QTest.keyClick(edit, Qt.Key.Key_Return)
    assert _view(event_window).rows[0].hand.wins[0].value == 60


def test_a_value_typed_before_the_seats_is_refused_in_words(event_window: MainWindow):
    """"48" typed first: the 4 is a seat key (N wins), the 8 neither a seat nor yet the
    value; it was dropped without a word. Now it beeps and says so, and the field's
    label and placeholder say it wants a seat key until the seats are set."""
    sheet = _sheet(event_window)
    entry = sheet.entry
    [label] = [label for label in entry.findChildren(QLabel)
               if label.buddy() is entry.value_edit]
    assert (label.text(), entry.value_edit.placeholderText()) == ("Seat:", "seat key")
    QTest.keyClicks(entry.value_edit, "48")
    assert entry.message.isVisible()
    assert entry.message.text() == ("8 is not a seat: press the seat keys first "
                                    "(E S W N or 1–4), then type the value.")
    assert entry.value_edit.text() == ""
    assert entry.value_edit.placeholderText() == "seat key"
    QTest.keyClicks(entry.value_edit, "E")
    assert (label.text(), entry.value_edit.placeholderText()) == ("Value:", "value")
    QTest.keyClicks(entry.value_edit, "30")
    QTest.keyClick(entry.value_edit, Qt.Key.Key_Return)
    [row] = _view(event_window).rows
    assert [win.value for win in row.hand.wins] == [30]


def test_undoing_a_correction_takes_the_redo_of_what_was_done_in_it_away(
        event_window: MainWindow):
    """A correction opened, a hand changed in it, both undone: the correction leaves the
    stack (its passphrase is not kept for a redo), and so does the change made inside it.
    Edit offered "Redo Change hand" on the locked sheet, and refused it, blaming the head
    judge for this desk's own Undo."""
    sheet = _sheet(event_window)
    _enter_session(sheet)
    _sign_all(sheet)
    signatures = sheet.signatures
    with answering(_unlock("hand 2 value misread", "wrong horse battery", PASSPHRASE)):
        signatures.correct_button.click()
    sheet.grid.setCurrentIndex(sheet.model.index(1, 0))
    QTest.keyClick(sheet.grid, Qt.Key.Key_F2)
    sheet.entry.value_edit.selectAll()
    QTest.keyClicks(sheet.entry.value_edit, "45")
    QTest.keyClick(sheet.entry.value_edit, Qt.Key.Key_Return)
    stack = event_window.context.runner.stack
    assert stack.undoText().startswith("Change hand")
    event_window.action_undo.trigger()
    assert stack.undoText().startswith("Correct T")
    event_window.action_undo.trigger()
    QApplication.processEvents()  # the stack is tidied once the undo is over
    assert _view(event_window).locked
    assert not stack.canRedo() and not event_window.action_redo.isEnabled()
    assert _view(event_window).rows[1].hand.wins[0].value != 45


def test_a_letter_that_is_no_entry_key_is_refused_in_words(event_window: MainWindow):
    """A Q typed in the entry bar did nothing, unsaid, where a digit typed too soon is
    explained: the judge could not tell a key that means nothing from a bar that stopped
    listening. It is said, with the keys that do mean something, and the hand goes on."""
    sheet = _sheet(event_window)
    entry = sheet.entry
    QTest.keyClicks(entry.value_edit, "ESq")  # East wins off South, then a stray Q
    assert entry.message.isVisible()
    assert entry.message.text() == (
        "Q is not an entry key: E S W N (or 1–4) choose seats, T a self-draw, D a draw, "
        "K a kong, I the responsible player, + another winner.")
    assert entry.value_edit.text() == ""
    QTest.keyClicks(entry.value_edit, "30")
    QTest.keyClick(entry.value_edit, Qt.Key.Key_Return)
    [row] = _view(event_window).rows
    assert [win.value for win in row.hand.wins] == [30]


def test_ctrl_z_while_a_hand_is_typed_steps_back_through_it_not_past_it(
        event_window: MainWindow, qtbot):
    """Hand 1 recorded, "W N 25" typed for hand 2, then Ctrl+Z twice: the second took
    hand 1 back unseen, and the bar then said hand 2 had been "recorded elsewhere". Now
    Ctrl+Z steps back through the hand being typed (value, discarder, winner); only the
    next takes back hand 1. Ctrl+Y while a hand is typed redoes nothing and says why."""
    window = event_window
    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window)
    sheet = _sheet(window)
    _type(sheet, "ES30")
    QApplication.processEvents()  # the window forgets the typing that led to the hand
    edit = sheet.entry.value_edit
    summary = sheet.entry.findChild(QLabel, "entry_summary")
    QTest.keyClicks(edit, "WN25")

    def ctrl(key: Qt.Key) -> None:
        QTest.keyClick(edit, key, Qt.KeyboardModifier.ControlModifier)

    ctrl(Qt.Key.Key_Y)
    assert sheet.entry.message.text() == (
        "A hand is being typed: Esc clears it, and Ctrl+Y then redoes.")
    ctrl(Qt.Key.Key_Z)
    assert edit.text() == "" and "Discard from N Player 3" in summary.text()
    ctrl(Qt.Key.Key_Y)  # the value's own typing comes back
    assert edit.text() == "25"
    ctrl(Qt.Key.Key_Z)
    assert edit.text() == ""
    ctrl(Qt.Key.Key_Z)
    assert "W Player 2 wins ?" in summary.text() and "from N" not in summary.text()
    ctrl(Qt.Key.Key_Z)
    assert summary.text() == "Waiting for the winner's seat key."
    assert len(_view(window).rows) == 1, "hand 1 untouched so far"
    ctrl(Qt.Key.Key_Z)
    assert _view(window).rows == (), "the bar empty, Ctrl+Z is the window's Undo"
    assert "recorded elsewhere" not in sheet.entry.message.text()
    QApplication.processEvents()
    ctrl(Qt.Key.Key_Y)
    assert len(_view(window).rows) == 1
