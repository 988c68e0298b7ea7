"""The Score sheets page as a judge uses it on a 1280 × 800 laptop: the whole sheet in view
with long names, the page following sessions started elsewhere, the tables' progress, the
table's own clock and extra time, the stop only while the session runs, the signatures
on a locked sheet, and the calculator in its own window."""

from __future__ import annotations

import dataclasses
from datetime import timedelta
from pathlib import Path

import pytest
from PySide6.QtCore import QEvent, QPoint, Qt
from PySide6.QtGui import QColor, QHelpEvent, QImage, QPalette
from PySide6.QtTest import QTest
from PySide6.QtWidgets import (
    QAbstractScrollArea,
    QApplication,
    QLabel,
    QSpinBox,
    QToolTip,
    QWidget,
)

from tests.gui.event_files import play_table, seated_event_file, signed_event_file
from tests.gui.modal import answering, child, click, type_into
from tests.helpers.head_judge import PASSPHRASE
from tests.helpers.seated_event import Seated
from tournament_manager.domain.model import HandResult, Player, StageStatus, Win, WinType
from tournament_manager.domain.presets import Preset, preset_settings
from tournament_manager.gui.changes import Topic
from tournament_manager.gui.formatting import negative_colour
from tournament_manager.gui.main_window import MainWindow
from tournament_manager.gui.sheet.elide import ElidedButton
from tournament_manager.gui.sheet.progress_list import tint
from tournament_manager.services.clock import session_clock
from tournament_manager.services.players import register_player, update_player
from tournament_manager.services.score_sheets import HandEntry, enter_hand, sign_sheet
from tournament_manager.services.sessions import finish_session
from tournament_manager.services.tournaments import create_tournament
from tournament_manager.services.views import TableState, sheet_view
from tournament_manager.storage.document import create_document, open_document

LONG_NAMES = ("欧阳诸葛 司马上官 慕容皇甫 (Ōyō Shokatsu Shiba Jōkan Bōyō Kōho)",
              "Anastasia Konstantinopoulou-Papadimitriou",
              "Ørjan Åsmund Bjørnstjerne-Løvås Kristiansen-Ødegård",
              "長谷川 健太郎之介 Hasegawa Kentarōnosuke")
HANDS = 16


def _page_area(window: MainWindow) -> QAbstractScrollArea:
    area = window.sheets_page.parentWidget().parentWidget()
    assert isinstance(area, QAbstractScrollArea)
    return area


def _fully_visible(widget: QWidget) -> bool:
    """Shown, and not clipped by any parent (the window, the page's scroll area)."""
    return (widget.isVisible()
            and widget.visibleRegion().boundingRect().size() == widget.rect().size())


def _long_named_event(path: Path, *, hands: int = HANDS) -> tuple[Path, object]:
    """Session 1 running at two tables, 16 hands a session; table 1's players have the
    longest names a registration form gives, and `hands` hands are on its sheet."""
    path, seated = seated_event_file(path, hands=HANDS)
    with open_document(path) as document:
        players = seated.players[:4]
        for player_id, name in zip(players, LONG_NAMES):
            with document.unit_of_work() as uow:
                player = uow.players.get(player_id)
            update_player(document.unit_of_work(), dataclasses.replace(player, name=name))
        for number in range(hands):
            winner, discarder = players[number % 4], players[(number + 1) % 4]
            enter_hand(document.unit_of_work(), seated.tables[0], HandEntry(
                HandResult.WIN, WinType.DISCARD, discarder_id=discarder,
                wins=(Win(winner, 40, discarder),)))
    return path, seated


def _assert_whole_sheet_in_view(window: MainWindow) -> None:
    QApplication.processEvents()
    sheet = window.sheets_page.sheet
    area = _page_area(window)
    assert not area.horizontalScrollBar().isVisible(), "the page is wider than the window"
    assert not area.verticalScrollBar().isVisible(), "the page is taller than the window"
    grid = sheet.grid
    assert not grid.horizontalScrollBar().isVisible()
    last = sheet.model.rowCount() - 1
    assert last == HANDS - 1
    assert grid.rowViewportPosition(0) >= 0
    assert grid.rowViewportPosition(last) + grid.rowHeight(last) <= grid.viewport().height(), \
        "not every hand is in view"
    right = sheet.model.columnCount() - 1  # the last player's running total
    header = grid.horizontalHeader()
    assert header.sectionViewportPosition(right) + header.sectionSize(right) \
        <= grid.viewport().width()
    for widget in (grid, sheet.entry, sheet.totals, sheet.stop_button,
                   sheet.extra_time_button, sheet.table_clock, sheet.entry.value_edit,
                   sheet.tools.bar):
        assert _fully_visible(widget), widget.objectName()


def test_sixteen_hands_entry_bar_and_totals_fit_1280_by_800_with_long_names(
        window: MainWindow, tmp_path: Path):
    assert (window.width(), window.height()) == (1280, 800)
    path, _seated = _long_named_event(tmp_path / "names.tmt")
    assert window.controller.open(path)
    window.show_page(window.sheets_page)
    sheet = window.sheets_page.sheet

    _assert_whole_sheet_in_view(window)
    header = sheet.grid.horizontalHeader()
    first_player = header.logicalIndexAt(header.sectionViewportPosition(9))
    assert sheet.model.headerData(first_player, Qt.Orientation.Horizontal,
                                  Qt.ItemDataRole.ToolTipRole) == f"E {LONG_NAMES[0]}: this hand"
    assert any(label.is_elided() for label in sheet.totals.headers), \
        "the longest names give way, not the window"
    assert sheet.totals.headers[1].text() == f"S {LONG_NAMES[1]}", "elided only when drawn"

    # A corrected sheet stopped on time says much more in its header: still no wider.
    sheet.show_tool(sheet.signatures)
    for column in range(4):
        QTest.mousePress(sheet.signatures.pads[column], Qt.MouseButton.LeftButton,
                         pos=QPoint(10, 20))
        QTest.mouseMove(sheet.signatures.pads[column], QPoint(60, 40 + column))
        QTest.mouseRelease(sheet.signatures.pads[column], Qt.MouseButton.LeftButton,
                           pos=QPoint(120, 30))
        sheet.signatures.sign_buttons[column].click()
    assert sheet.view.locked

    def unlock(dialog) -> None:
        type_into(dialog, "head_judge_reason", "hand 12 was entered twice over")
        type_into(dialog, "head_judge_passphrase", PASSPHRASE)
        click(dialog, "head_judge_ok")

    with answering(unlock):
        sheet.signatures.correct_button.click()
    assert "corrected (version 2)" in sheet.header.text()
    assert sheet.signed_hash.isVisible() and sheet.corrections.isVisible()
    assert sheet.tools.is_open
    QApplication.processEvents()
    area = _page_area(window)
    assert not area.horizontalScrollBar().isVisible()
    assert not area.verticalScrollBar().isVisible()
    assert _fully_visible(sheet.stop_button) and _fully_visible(sheet.signatures.pads[3])

    sheet.tools.arrow.click()  # the drawer closes: the whole sheet again
    assert not sheet.tools.is_open
    _assert_whole_sheet_in_view(window)


@pytest.mark.qt_log_ignore("^This plugin does not support raise")  # the tooltip, offscreen
def test_buttons_elide_their_text_and_say_it_whole_in_the_tooltip(qtbot):
    button = ElidedButton("Stop on time… for the table with the longest name")
    button.setToolTip("what it does")
    qtbot.addWidget(button)
    button.resize(button.minimumSizeHint())
    button.show()
    assert button.minimumSizeHint().width() < button.sizeHint().width()
    assert button.is_elided() and button.shown_text().endswith("…")
    button.grab()  # painted as a user sees it
    QApplication.sendEvent(button, QHelpEvent(QEvent.Type.ToolTip, QPoint(5, 5),
                                              button.mapToGlobal(QPoint(5, 5))))
    assert QToolTip.text() == button.text() + "\nwhat it does"
    QToolTip.hideText()
    button.resize(button.sizeHint())
    assert not button.is_elided()


def _blank_event(path: Path) -> Path:
    with create_document(path) as document:
        create_tournament(document.unit_of_work(), "Draw Day", preset_settings(Preset.OPEN, 5))
        for i in range(16):
            register_player(document.unit_of_work(), Player(name=f"Player {i:02}"))
    return path


def test_a_session_started_on_the_seating_page_lists_its_tables_at_once(
        window: MainWindow, tmp_path: Path):
    assert window.controller.open(_blank_event(tmp_path / "blank.tmt"))
    window.show_page(window.sheets_page)
    page = window.sheets_page
    assert page.tables.count() == 0
    assert page.progress.summary.text() == "No tables drawn yet."

    seating = window.seating_page
    window.show_page(seating)
    seating.draw(time_limit=5)
    seating.publish_button.click()
    assert page.tables.count() == 4, "published tables are listed without a refresh"
    assert page.tables.item(0).text() == "Table 1 · waiting"
    assert page.sheet.notice.isVisibleTo(page) and not page.sheet.entry.isEnabled()

    seating.start_button.click()
    window.show_page(page)
    assert [page.tables.item(row).text() for row in range(4)] == [
        f"Table {n} · playing 0/16" for n in range(1, 5)]
    assert page.progress.summary.text() == "4 tables: 4 playing"
    sheet = page.sheet
    assert sheet.view is not None and sheet.view.session.status is StageStatus.RUNNING
    assert not sheet.notice.isVisible() and sheet.entry.isEnabled()
    assert sheet.stop_button.isEnabled() and sheet.table_clock.isVisible()
    QTest.keyClicks(sheet.entry.value_edit, "EW30")
    QTest.keyClick(sheet.entry.value_edit, Qt.Key.Key_Return)
    assert page.tables.item(0).text() == "Table 1 · playing 1/16"

    window.action_undo.trigger()  # the hand
    with answering(lambda box: click(box, "confirm_yes")) as seen:
        window.action_undo.trigger()  # the start: the session waits again, on every page
    assert seen.seen == ["Undo the Start"]
    assert page.tables.item(0).text() == "Table 1 · waiting"
    assert not sheet.entry.isEnabled() and not sheet.table_clock.isVisible()


def _click_table(page, row: int) -> None:
    rect = page.tables.visualItemRect(page.tables.item(row))
    QTest.mouseClick(page.tables.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())


def _texts(page) -> list[str]:
    return [page.tables.item(row).text() for row in range(page.tables.count())]


def test_the_progress_board_follows_every_sheet_and_opens_a_table(
        window: MainWindow, tmp_path: Path):
    path, seated = seated_event_file(tmp_path / "board.tmt", players=16)
    assert window.controller.open(path)
    window.show_page(window.sheets_page)
    page = window.sheets_page
    sheet = page.sheet
    assert _texts(page) == [f"Table {n} · playing 0/4" for n in range(1, 5)]

    _click_table(page, 2)
    assert sheet.view.table.id == seated.tables[2]
    assert sheet.entry.value_edit.hasFocus(), "a clicked table is ready for typing"
    page.tables.setFocus()
    QTest.keyClick(page.tables, Qt.Key.Key_Down)  # the arrows only move through the list
    assert sheet.view.table.id == seated.tables[3] and page.tables.hasFocus()
    QTest.keyClick(page.tables, Qt.Key.Key_Up)
    QTest.keyClick(page.tables, Qt.Key.Key_Return)  # Enter opens it for typing
    assert sheet.view.table.id == seated.tables[2] and sheet.entry.value_edit.hasFocus()
    for keys in ("EW30", "D", "D", "D"):
        QTest.keyClicks(sheet.entry.value_edit, keys)
        QTest.keyClick(sheet.entry.value_edit, Qt.Key.Key_Return)
    assert _texts(page)[2] == "Table 3 · complete"

    _click_table(page, 1)
    assert sheet.view.table.id == seated.tables[1]
    QTest.keyClicks(sheet.entry.value_edit, "EW30")
    QTest.keyClick(sheet.entry.value_edit, Qt.Key.Key_Return)
    with answering(lambda box: click(box, "confirm_yes")):
        sheet.stop_button.click()
    assert _texts(page)[1] == "Table 2 · stopped on time after 1"

    _click_table(page, 2)
    sheet.show_tool(sheet.signatures)
    for column in range(2):
        QTest.mousePress(sheet.signatures.pads[column], Qt.MouseButton.LeftButton,
                         pos=QPoint(10, 20))
        QTest.mouseMove(sheet.signatures.pads[column], QPoint(70, 30 + column))
        QTest.mouseRelease(sheet.signatures.pads[column], Qt.MouseButton.LeftButton,
                           pos=QPoint(120, 40))
        sheet.signatures.sign_buttons[column].click()
    assert _texts(page)[2] == "Table 3 · signing 2/4"
    assert "2/4" in sheet.tools.bar.tabText(2)

    # Table 1 played and signed through the services while another page is in front:
    # the board has followed when it comes back into view.
    window.show_page(window.standings_page)
    play_table(window.controller.document, seated.tables[0], seated.players[:4])
    window.context.hub.notify(Topic.SHEET)
    window.show_page(page)
    assert _texts(page) == ["Table 1 · locked", "Table 2 · stopped on time after 1",
                            "Table 3 · signing 2/4", "Table 4 · playing 0/4"]
    assert page.progress.summary.text() == (
        "4 tables: 1 playing, 1 stopped on time, 1 signing, 1 locked")
    items = [page.tables.item(row) for row in range(4)]
    assert items[0].background() == tint(TableState.LOCKED)
    # A table playing is the usual state, left plain: its blue tint read as "selected".
    assert items[3].background().style() == Qt.BrushStyle.NoBrush
    assert len({item.background().color().name() for item in items}) == 4, \
        "each state its own tint (and its own words)"
    assert page.progress.state_of(seated.tables[0]) is TableState.LOCKED
    assert "Player 0" in items[0].toolTip() and "4 of 4 signatures" in items[0].toolTip()

    _click_table(page, 0)
    assert sheet.view.table.id == seated.tables[0] and sheet.view.locked


def _finished_and_corrected(window: MainWindow, tmp_path: Path):
    """Session 1 played, signed and finished; then the head judge opens table 1's sheet
    for a correction through his real dialog."""
    path, seated = signed_event_file(tmp_path / "finished.tmt")
    with open_document(path) as document:
        finish_session(document.unit_of_work(), seated.session_id)
    assert window.controller.open(path)
    window.show_page(window.sheets_page)
    sheet = window.sheets_page.sheet

    def unlock(dialog) -> None:
        type_into(dialog, "head_judge_reason", "appeal of hand 3 upheld")
        type_into(dialog, "head_judge_passphrase", PASSPHRASE)
        click(dialog, "head_judge_ok")

    with answering(unlock):
        sheet.signatures.correct_button.click()
    return sheet, seated


def test_no_stop_on_time_or_extra_time_once_the_session_is_over(
        window: MainWindow, tmp_path: Path):
    sheet, _seated = _finished_and_corrected(window, tmp_path)
    view = sheet.view
    assert view.session.status is StageStatus.FINISHED and view.corrected and not view.locked
    assert not sheet.stop_button.isEnabled(), "no clock runs: nothing to stop on time"
    assert not sheet.extra_time_button.isEnabled()
    assert not sheet.table_clock.isVisible()
    sheet.grid.setCurrentIndex(sheet.model.index(2, 0))
    QTest.keyClick(sheet.grid, Qt.Key.Key_F2)
    assert sheet.entry.isEnabled() and sheet.entry.replacing, "the correction itself works"


def _dark_pixels(widget: QWidget) -> int:
    image = widget.grab().toImage().convertToFormat(QImage.Format.Format_RGB32)
    base = widget.palette().color(QPalette.ColorRole.Base).lightness()
    return sum(1 for y in range(0, image.height(), 2) for x in range(0, image.width(), 2)
               if abs(QColor(image.pixel(x, y)).lightness() - base) > 40)


def test_a_locked_sheet_shows_who_signed_on_its_pads(window: MainWindow, tmp_path: Path):
    path, seated = seated_event_file(tmp_path / "signed.tmt")
    signature = QImage(480, 160, QImage.Format.Format_RGB32)
    signature.fill(QColor("white"))
    for x in range(40, 440):  # a long stroke of ink across the paper
        for y in range(70, 76):
            signature.setPixelColor(x, y + (x // 40) % 3, QColor("black"))
    with open_document(path) as document:
        play_table(document, seated.tables[0], seated.players[:4], sign=False)
        for column, player in enumerate(seated.players[:4]):
            sign_sheet(document.unit_of_work(), seated.tables[0], player,
                       _png(_marked(signature, column)))  # each player his own drawing
    assert window.controller.open(path)
    window.show_page(window.sheets_page)
    sheet = window.sheets_page.sheet
    assert sheet.view.locked
    sheet.show_tool(sheet.signatures)
    QApplication.processEvents()
    inked = []
    for pad in sheet.signatures.pads:
        assert not pad.isEnabled() and pad.is_empty()
        assert not pad.signed_image().isNull()
        inked.append(_dark_pixels(pad))

    blank = seated_event_file(tmp_path / "unsigned.tmt")[0]
    assert window.controller.open(blank)
    window.show_page(window.sheets_page)
    QApplication.processEvents()
    for pad, signed in zip(sheet.signatures.pads, inked):
        assert pad.signed_image().isNull()
        assert signed > _dark_pixels(pad) + 100, "the signature is drawn on the pad"


def _png(image: QImage) -> bytes:
    from PySide6.QtCore import QBuffer, QByteArray, QIODevice

    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    image.save(buffer, "PNG")
    return bytes(data.data())


def _marked(image: QImage, column: int) -> QImage:
    """The service refuses one drawing given twice: each player's differs a little."""
    copy = image.copy()
    copy.setPixelColor(column, column, QColor("black"))
    return copy


def test_the_sheet_shows_its_tables_time_and_gives_it_extra_time(
        window: MainWindow, tmp_path: Path):
    path, seated = seated_event_file(tmp_path / "clock.tmt")
    assert window.controller.open(path)
    window.show_page(window.sheets_page)
    page = window.sheets_page
    sheet = page.sheet
    clock = sheet.table_clock
    record = session_clock(window.context.unit_of_work(), seated.session_id)
    limit = timedelta(seconds=record.state.limit_seconds)
    started = record.state.started_at

    clock.now = lambda: started + limit - timedelta(seconds=95)
    clock.tick()
    assert clock.text() == "Table 1: 1:35 left" and not clock.font().bold()

    clock.now = lambda: started + limit + timedelta(seconds=1)
    clock.tick()
    assert clock.text() == "Table 1: time is up"
    assert clock.is_up() and clock.font().bold()
    assert clock.palette().color(QPalette.ColorRole.WindowText) == negative_colour(
        clock.palette())

    def cancel_with_enter(dialog) -> None:
        assert "Give table 1 of session 1 extra time" in child(dialog, "extra_time_question").text()
        spin = child(dialog, "extra_time_minutes", QSpinBox)
        spin.lineEdit().selectAll()
        QTest.keyClicks(spin.lineEdit(), "7")
        assert child(dialog, "extra_time_effect").text() == \
            "The table's time left becomes 6:59."
        QTest.keyClick(spin.lineEdit(), Qt.Key.Key_Return)  # the harmless default

    with answering(cancel_with_enter):
        sheet.extra_time_button.click()
    assert session_clock(window.context.unit_of_work(), seated.session_id).table_extra == {}

    def give_seven(dialog) -> None:
        spin = child(dialog, "extra_time_minutes", QSpinBox)
        spin.lineEdit().selectAll()
        QTest.keyClicks(spin.lineEdit(), "7")
        click(dialog, "extra_time_ok")

    with answering(give_seven):
        sheet.extra_time_button.click()
    assert session_clock(window.context.unit_of_work(),
                         seated.session_id).table_extra == {1: 420}
    assert clock.text() == "Table 1: 6:59 left (+7 min)" and not clock.font().bold()
    assert "extra time for this table: 7 min" in clock.toolTip()

    _click_table(page, 1)  # table 2 has no minutes of its own: its time is up
    clock.tick()
    assert clock.text() == "Table 2: time is up" and clock.font().bold()


@pytest.mark.qt_log_ignore("^This plugin does not support raise")  # offscreen
def test_the_calculator_moves_to_its_own_window_and_stays_there(
        window: MainWindow, tmp_path: Path, qtbot, app_settings, canned):
    path, _seated = seated_event_file(tmp_path / "calc.tmt")
    assert window.controller.open(path)
    window.show_page(window.sheets_page)
    page = window.sheets_page
    calculator, own = page.calculator, page.calculator_window
    assert page.sheet.tools.has_tool(calculator) and not own.isVisible()

    page.own_window.click()
    assert own.isVisible() and own.holds(calculator)
    assert not page.sheet.tools.has_tool(calculator)
    assert page.sheet.tools.bar.count() == 2
    QTest.keyClicks(calculator.concealed, "1p1p1p2p2p2p3p3p9m9m3p")
    QTest.keyClicks(calculator.melds, "RdRdRd")
    calculator.use_button.click()
    assert page.sheet.entry.value_edit.text() == "170"

    own.setGeometry(40, 50, 500, 400)  # where the judge wants it
    window.show_page(window.standings_page)
    assert not own.isVisible(), "the calculator goes with its page"
    window.show_page(page)
    assert own.isVisible()
    window.close()
    assert not own.isVisible()

    again = MainWindow(app_settings, canned.dialogs())
    qtbot.addWidget(again)
    again.show()
    assert again.controller.open(path)
    again.show_page(again.sheets_page)
    second = again.sheets_page
    assert second.own_window.isChecked(), "remembered for the next start"
    assert second.calculator_window.isVisible()
    assert second.calculator_window.geometry().getRect() == (40, 50, 500, 400), \
        "where it was left"
    second.calculator_window.close()  # closing it puts it back under the sheet
    assert second.sheet.tools.has_tool(second.calculator)
    assert not second.own_window.isChecked()
    second.sheet.tools.show_tool(second.calculator)
    assert second.calculator.isVisible()
    again.close()


def test_the_board_flags_a_table_whose_two_entries_differ(window: MainWindow, tmp_path: Path):
    """Double entry: a hand typed once at a table waits (the board says so); two entries
    that differ turn the table red with the hand's number until the hand is on the sheet,
    here typed by the head judge in the window, the authority."""
    from tournament_manager.services.double_entry import submit_entry
    from tournament_manager.services.views import table_progress

    path, seated = seated_event_file(tmp_path / "double.tmt", double_entry=True)
    assert window.controller.open(path)
    window.show_page(window.sheets_page)
    page = window.sheets_page
    document = window.controller.document
    e, s, w, _n = seated.players[:4]
    hand = HandEntry(HandResult.WIN, WinType.DISCARD, w, (Win(e, 30, w),))
    submit_entry(document.unit_of_work(), seated.tables[0], hand, e)
    window.context.hub.notify(Topic.SHEET)
    assert _texts(page)[0] == "Table 1 · playing 0/4 · hand 1 awaits its second entry"
    submit_entry(document.unit_of_work(), seated.tables[0],
                 dataclasses.replace(hand, wins=(Win(e, 40, w),)), s)
    window.context.hub.notify(Topic.SHEET)
    assert _texts(page) == ["Table 1 · entries differ on hand 1 · playing 0/4",
                            "Table 2 · playing 0/4"]
    assert page.progress.summary.text() == "2 tables: 2 playing, 1 with entries that differ"
    flagged = page.tables.item(0).background().color()
    assert (flagged.red(), flagged.green(), flagged.blue()) == (220, 40, 60)

    _click_table(page, 0)
    QTest.keyClicks(page.sheet.entry.value_edit, "EW30")
    QTest.keyClick(page.sheet.entry.value_edit, Qt.Key.Key_Return)
    assert _texts(page)[0] == "Table 1 · playing 1/4"
    assert table_progress(document.unit_of_work(), seated.session_id)[0].disagreements == ()


def _classical_calculator(window: MainWindow, tmp_path: Path) -> Seated:
    """A classical event open on its Score sheets page, the calculator under the sheet."""
    path, seated = seated_event_file(tmp_path / "classic.tmt", rule_set="classic")
    assert window.controller.open(path)
    window.show_page(window.sheets_page)
    window.sheets_page.sheet.tools.show_tool(window.sheets_page.calculator)
    return seated


def test_the_calculator_starts_the_next_hand_blank(
        window: MainWindow, tmp_path: Path, qtbot, app_settings, canned):
    """A classical judge's next hand was scored with the last one's two flowers and its
    self-draw still ticked; Clear left the flowers too. Clear now takes the flowers with
    the tiles, and a recorded hand takes its self-draw and discarder as well."""
    seated = _classical_calculator(window, tmp_path)
    calculator, entry = window.sheets_page.calculator, window.sheets_page.sheet.entry
    calculator.flowers.setValue(2)
    QTest.keyClicks(calculator.concealed, "1p1p1p")
    click(calculator, "calc_clear")
    assert (calculator.concealed.text(), calculator.flowers.value()) == ("", 0)

    calculator.flowers.setValue(2)
    entry.value_edit.setFocus()
    QTest.keyClicks(entry.value_edit, "ST")
    assert calculator.self_draw.isChecked(), "the calculator follows the hand as typed"
    QTest.keyClicks(entry.value_edit, "40")
    QTest.keyClick(entry.value_edit, Qt.Key.Key_Return)
    rows = sheet_view(window.controller.document.unit_of_work(), seated.tables[0]).rows
    assert [row.hand.wins[0].value for row in rows] == [40]
    assert calculator.flowers.value() == 0
    assert not calculator.self_draw.isChecked()
    assert calculator.discarder.currentIndex() == 0


def test_the_calculators_payments_name_the_players_as_the_sheet_does(
        window: MainWindow, tmp_path: Path, qtbot, app_settings, canned):
    """After the deal passed, "E: +900" in the calculator was the player in the sheet's
    column S. Its payments now name each player as the columns do, and under classical
    scoring say they come before the losers' own hand points."""
    _classical_calculator(window, tmp_path)
    calculator, entry = window.sheets_page.calculator, window.sheets_page.sheet.entry
    entry.value_edit.setFocus()
    QTest.keyClicks(entry.value_edit, "SW40")
    QTest.keyClick(entry.value_edit, Qt.Key.Key_Return)  # the deal passes: S sits E
    QTest.keyClicks(entry.value_edit, "ST")
    winner = entry.seat_names()["E"]
    assert winner.startswith("S ")
    QTest.keyClicks(calculator.concealed, "EEERdRdRdWdWdWd234s5s")
    QTest.keyClicks(calculator.winning, "5s")
    text = calculator.payments.text()
    # The limit is said on this line: beside the value's large type it was cut.
    assert calculator.value.text() == "V = 300"
    assert text.startswith("(compound limit) · "), text
    assert f"{winner}: +" in text, text
    assert "E: " not in text
    assert text.endswith("(before the losers' own hand points)")


def test_another_event_keeps_nothing_of_the_last_ones_score_sheets(
        window: MainWindow, tmp_path: Path) -> None:
    """Session 2 chosen and 10 penalty points typed in a Zung Jung event, then another
    event opened, under MCR: its Score sheets page showed "Session 2" (ids begin again in
    every document), the keys line offered Zung Jung's "I immunity", and the penalty form
    still held the 10 points."""
    from tests.gui.event_files import seated_event_file

    first, _ = seated_event_file(tmp_path / "zj.tmt")
    second, _ = seated_event_file(tmp_path / "mcr.tmt", rule_set="mcr", running=False)
    assert window.controller.open(first)
    window.show_page(window.sheets_page)
    page = window.sheets_page
    page.session.setCurrentIndex(1)
    assert page.session.currentText() == "Session 2"
    page.sheet.penalties.points.setValue(10)
    hint = page.sheet.entry.findChild(QLabel, "entry_hint")
    assert "I immunity" in hint.text()

    assert window.controller.open(second)
    assert page.session.currentText() == "Session 1"
    assert "I immunity" not in hint.text()
    assert page.sheet.penalties.points.value() == 0
