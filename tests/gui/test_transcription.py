"""The results desk: whole paper sheets typed into the transcription grid with real key
events, for each rule set; a running-total mismatch found at the row where it starts; the
sheet ticked as signed on paper through the real confirmation; Ctrl+PageDown to the next
table."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QPushButton

from tests.gui.event_files import seated_event_file
from tests.gui.modal import answering, click
from tests.helpers.paper_sheets import ZJ_SHEET, zung_jung_totals
from tests.helpers.paper_sheets import paper_totals as _paper
from tournament_manager.domain.model import HandResult, PenaltyReason, SheetState, WinType
from tournament_manager.gui.main_window import MainWindow
from tournament_manager.gui.sheet.transcription import MISMATCH
from tournament_manager.services.views import sheet_view


class Keys:
    """Real key events into a widget, counted as a typist would count presses: a typist
    types the letters in lower case (the line reads them either way), so only "+" takes
    Shift as well."""

    def __init__(self) -> None:
        self.pressed = 0

    def type(self, widget, text: str) -> None:
        for char in text.lower():
            QTest.keyClicks(widget, char)
            self.pressed += 1 + (char == "+")

    def key(self, widget, key: Qt.Key, modifier=Qt.KeyboardModifier.NoModifier) -> None:
        QTest.keyClick(widget, key, modifier)
        self.pressed += 1 + (modifier != Qt.KeyboardModifier.NoModifier)


def _desk(window: MainWindow, path: Path):
    assert window.controller.open(path)
    window.show_page(window.sheets_page)
    page = window.sheets_page
    if not page.transcribing.isChecked():
        page.transcribing.click()  # the real checkbox; the desk keeps the mode
    assert page.area.currentWidget() is page.transcription
    page.transcription.typist.setText("Mei at the desk")
    page.tables.setCurrentRow(0)
    page.focus_entry()
    return page, page.transcription


def test_a_zung_jung_sheet_is_typed_as_one_stream_and_ticked_signed_on_paper(
        window: MainWindow, tmp_path: Path):
    path, seated = seated_event_file(tmp_path / "desk.tmt", hands=16)
    page, desk = _desk(window, path)
    line = desk.line
    assert line.hasFocus()
    assert page.tables.item(0).text() == "Table 1 · to type", "the desk's own words"
    paper = zung_jung_totals(ZJ_SHEET)
    keys = Keys()
    # Hands 1-15 as one stream: each row's first key stores the row before it.
    keys.type(line, "".join(ZJ_SHEET[:15]))
    view = sheet_view(window.controller.document.unit_of_work(), seated.tables[0])
    assert [r.hand.number for r in view.rows] == list(range(1, 15)), "hand 15 still on the line"
    assert page.tables.item(0).text() == "Table 1 · typed 14/16"
    assert desk.grid.item(desk.row_of(15), desk.grid.columnCount() - 1).text() == "ET30"
    # The last row with the paper's final totals, then Enter.
    keys.type(line, "NS40" + _paper(paper[-1]))
    keys.key(line, Qt.Key.Key_Return)
    view = sheet_view(window.controller.document.unit_of_work(), seated.tables[0])
    assert view.complete and [r.running for r in view.rows] == paper
    assert "agree with the rules at hand 16" in desk.check.text()
    first = view.rows[0].hand
    assert first.wins[0].winner_id == seated.players[0] and first.discarder_id == seated.players[2]
    assert view.rows[1].hand.win_type is WinType.SELF_DRAW
    assert view.rows[2].hand.result is HandResult.DRAW
    # The paper's penalty row: the drawer under the grid takes it.
    desk.tools.show_tool(desk.penalties)
    panel = desk.penalties
    panel.reason.setCurrentIndex(panel.reason.findData(PenaltyReason.TIME))
    panel.seconds.setValue(20)
    panel.hand.setValue(9)
    panel.findChild(QPushButton, "penalty_add").click()
    page.focus_entry()

    with answering(lambda box: click(box, "confirm_yes")) as answers:
        keys.key(line, Qt.Key.Key_F9)
    assert answers.seen == ["Signed on Paper"]
    view = sheet_view(window.controller.document.unit_of_work(), seated.tables[0])
    assert view.table.sheet_state is SheetState.LOCKED and view.verified
    assert {s.signature.recorded_by for s in view.signatures} == {"Mei at the desk"}
    assert page.tables.item(0).text() == "Table 1 · verified"
    assert [(p.points, p.hand_number) for p in view.penalties] == [(10, 9)]
    assert keys.pressed < 90, f"{keys.pressed} key presses for a typical sheet"
    print(f"typical Zung Jung sheet: {keys.pressed} key presses")
    # Locked: the page moved on to the next table still to type.
    assert desk.view.table.id == seated.tables[1] and window.focusWidget() is desk.line


def test_a_wrong_row_is_found_where_the_paper_totals_part_and_put_right(
        window: MainWindow, tmp_path: Path):
    path, seated = seated_event_file(tmp_path / "mismatch.tmt", hands=16)
    _page, desk = _desk(window, path)
    line = desk.line
    paper = zung_jung_totals(ZJ_SHEET)
    typed = list(ZJ_SHEET)
    typed[4] = "WS35"  # the typist misread hand 5's value
    keys = Keys()
    for number, row in enumerate(typed, start=1):
        text = row + (_paper(paper[number - 1]) if number in (4, 5, 6) else "")
        keys.type(line, text)
        keys.key(line, Qt.Key.Key_Return)
    assert "at hand 5" in desk.check.text()
    bad_row = desk.row_of(5)
    assert desk.grid.item(bad_row, 0).background().color() == MISMATCH
    assert desk.grid.item(desk.row_of(4), 0).background().color() != MISMATCH
    with answering() as answers:  # any dialog would be unexpected, and fail the test
        keys.key(line, Qt.Key.Key_F9)
    assert answers.seen == [], "no tick while the paper and the rules differ"
    assert "differ at hand 5" in desk.message.text()

    for _ in range(16 - 5 + 1):  # back up to hand 5: its text is on the line again
        keys.key(line, Qt.Key.Key_Up)
    assert line.text() == "WS35" + _paper(paper[4])
    line.clear()
    keys.type(line, "WS25" + _paper(paper[4]))
    keys.key(line, Qt.Key.Key_Return)
    view = sheet_view(window.controller.document.unit_of_work(), seated.tables[0])
    assert [r.running for r in view.rows] == paper
    assert "agree with the rules at hand 4, 5, 6" in desk.check.text()
    assert window.action_undo.text() == "&Undo Change hand T1 #5"


def test_an_mcr_sheet_and_a_classical_sheet_with_every_players_points(
        window: MainWindow, tmp_path: Path):
    # MCR: 8 + V from the discarder, 8 from the others; a self-draw 8 + V from each.
    path, seated = seated_event_file(tmp_path / "mcr.tmt", hands=4, rule_set="mcr")
    _page, desk = _desk(window, path)
    keys = Keys()
    paper = [(32, -8, -16, -8), (14, 46, -34, -26), (14, 46, -34, -26), (-6, 38, -42, 10)]
    keys.type(desk.line, "EW8ST10DNE12" + _paper(paper[-1]))
    keys.key(desk.line, Qt.Key.Key_Return)
    view = sheet_view(window.controller.document.unit_of_work(), seated.tables[0])
    assert [r.running for r in view.rows] == paper
    assert "agree with the rules at hand 4" in desk.check.text()
    window.controller.close()

    # Classical: the winner's value and each other player's hand points after "/".
    path, seated = seated_event_file(tmp_path / "classic.tmt", hands=4, rule_set="classic")
    _page, desk = _desk(window, path)
    keys.type(desk.line, "EW16/16 4 0 8")
    keys.key(desk.line, Qt.Key.Key_Return)
    assert "minimum is 20" in desk.message.text(), "refused in words, nothing stored"
    desk.line.clear()
    keys.type(desk.line, "EW24/24 4 0 8")
    keys.key(desk.line, Qt.Key.Key_Return)
    keys.type(desk.line, "DST30/0 30 2 0NW20/2 0 6 20")
    keys.key(desk.line, Qt.Key.Key_Return)
    view = sheet_view(window.controller.document.unit_of_work(), seated.tables[0])
    # Seed: "East keeps the deal when he wins", and the session ends "when every player
    # has dealt" his deals: E won hand 1 and S won hand 3 as dealers, so four deals take
    # six hands, and the grid has rows for them.
    assert len(view.rows) == 4 and not view.complete and view.planned_hands == 6
    keys.type(desk.line, "DD")
    keys.key(desk.line, Qt.Key.Key_Return)
    view = sheet_view(window.controller.document.unit_of_work(), seated.tables[0])
    assert view.complete, "the whole classical sheet"
    assert dict(view.rows[3].hand.player_points) == dict(zip(seated.players[:4], (2, 0, 6, 20)))
    first = view.rows[0].hand
    assert dict(first.player_points) == dict(zip(seated.players[:4], (24, 4, 0, 8)))
    assert view.rows[1].hand.result is HandResult.DRAW
    assert view.rows[2].hand.win_type is WinType.SELF_DRAW
    assert sum(view.rows[2].deltas) == 0


def test_ctrl_page_down_goes_to_the_next_table_still_to_type_and_is_listed(
        window: MainWindow, tmp_path: Path):
    from tournament_manager.gui.help_menu import shortcut_rows

    path, seated = seated_event_file(tmp_path / "queue.tmt", players=12, hands=4)
    page, desk = _desk(window, path)
    keys = Keys()
    keys.type(desk.line, "ew30ddd")
    keys.key(desk.line, Qt.Key.Key_Return)
    assert desk.view.table.id == seated.tables[0] and desk.view.complete
    page.tables.setCurrentRow(2)  # the judge looks at table 3, then asks for the next
    page.focus_entry()
    tab = window.tabs.currentIndex()
    QTest.keyClick(desk.line, Qt.Key.Key_PageDown, Qt.KeyboardModifier.ControlModifier)
    assert desk.view.table.id == seated.tables[1], "round the list, past typed table 1"
    assert window.tabs.currentIndex() == tab, "the line's key, not the next page"
    rows = shortcut_rows(window.menus(), window._actions_outside_the_menus())
    assert ("Score sheets", "Next Table to Type", "Ctrl+PgDown") in rows


def test_two_typists_type_blind_and_a_disagreement_goes_to_the_head_judge(
        window: MainWindow, tmp_path: Path):
    from tournament_manager.gui.sheet.transcription import WAITING

    path, seated = seated_event_file(tmp_path / "double.tmt", hands=4, double_entry=True)
    page, desk = _desk(window, path)
    typed_column = desk.grid.columnCount() - 1

    def sheet():
        return sheet_view(window.controller.document.unit_of_work(), seated.tables[0])

    def as_typist(name: str) -> None:
        desk.typist.setText(name)
        desk.typist.editingFinished.emit()
        page.focus_entry()

    as_typist("Mei")
    Keys().type(desk.line, "ew30st40dne25")
    QTest.keyClick(desk.line, Qt.Key.Key_Return)
    assert sheet().rows == (), "typed once: nothing on the sheet yet"
    assert desk.grid.item(desk.row_of(4), typed_column).text() == "NE25"
    assert desk.grid.item(desk.row_of(1), 0).background().color() == WAITING
    assert "awaits its second entry" in page.tables.item(0).text()

    as_typist("Jo")  # blind: none of Mei's rows in view, typing starts at hand 1
    assert [desk.grid.item(desk.row_of(n), typed_column).text() for n in range(1, 5)] == \
        [""] * 4
    assert desk.prompt.text() == "Hand 1:"
    Keys().type(desk.line, "ew30st40dne35")
    QTest.keyClick(desk.line, Qt.Key.Key_Return)
    view = sheet()
    assert [r.hand.number for r in view.rows] == [1, 2, 3], "the three hands both typed"
    assert "Hand 4: Mei: NE25 · Jo: NE35" in desk.check.text()
    assert desk.grid.item(desk.row_of(4), 0).background().color() == MISMATCH
    assert page.tables.item(0).text().startswith("Table 1 · entries differ on hand 4")

    # The head judge settles it on the sheet itself (the entry bar, his authority).
    page.transcribing.click()
    entry = page.sheet.entry.value_edit
    page.focus_entry()
    QTest.keyClicks(entry, "NE25")
    QTest.keyClick(entry, Qt.Key.Key_Return)
    view = sheet()
    assert view.complete and view.rows[3].hand.wins[0].value == 25
    assert "entries differ" not in page.tables.item(0).text()


def test_another_event_at_the_desk_keeps_nothing_of_the_last_ones_paper(
        window: MainWindow, tmp_path: Path):
    """The paper's totals are kept by table id, and ids begin again in every document:
    after the first hand of event A was typed with its totals, event B's table 1 said at
    once that "the paper's totals agree with the rules at hand 1", before anything was
    typed there."""
    first, _ = seated_event_file(tmp_path / "a.tmt", hands=16)
    second, _ = seated_event_file(tmp_path / "b.tmt", hands=16)
    _page, desk = _desk(window, first)
    paper = zung_jung_totals(ZJ_SHEET)
    Keys().type(desk.line, ZJ_SHEET[0] + _paper(paper[0]))
    Keys().key(desk.line, Qt.Key.Key_Return)
    assert "agree with the rules at hand 1" in desk.check.text()

    _page, desk = _desk(window, second)
    assert desk.view is not None and desk.view.rows == ()
    assert "agree" not in desk.check.text() and desk.line.text() == ""
