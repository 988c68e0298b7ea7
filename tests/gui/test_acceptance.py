"""Acceptance: a whole small event as a head judge runs it, through the real window and
its real dialogs (the New Tournament dialog, Qt's own file dialogs, the import preview, the
wind-draw form, the head judge's passphrase dialog, every confirmation), at 1280×800.

Eight players play one preliminary session at two tables, the top four go through a cut
to a one-table final, and every export is written and read back. Nothing here replaces a
dialog: each one is answered from inside its own event loop (`tests.gui.modal`) by typing
into it and clicking its buttons. Screenshots of the main moments are saved as the test
goes; with `TM_ACCEPTANCE_SCREENSHOTS=docs/screenshots` they are the README's
(`.venv/bin/python -m pytest tests/gui/test_acceptance.py` with that variable set).
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from openpyxl import load_workbook
from pypdf import PdfReader
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QAction
from PySide6.QtTest import QTest
from PySide6.QtWidgets import (
    QAbstractItemView,
    QApplication,
    QComboBox,
    QFileDialog,
    QLabel,
    QLineEdit,
    QPushButton,
    QWidget,
)

from tournament_manager.domain.model import PenaltyReason, StageStatus
from tournament_manager.exports.jobs import ExportKind
from tournament_manager.gui.item_data import current_choice
from tournament_manager.gui.main_window import MainWindow
from tournament_manager.gui.settings import AppSettings
from tournament_manager.services.standings import standings
from tournament_manager.services.tournaments import overview
from tournament_manager.services.verification import verify
from tournament_manager.services.views import sheet_view

from .modal import answering, child, click, type_into

SCREEN = (1280, 800)
PASSPHRASE = "lantern over the harbour"
SCREENSHOTS_ENV = "TM_ACCEPTANCE_SCREENSHOTS"
PLAYERS_CSV = (
    "Name,Country,Club\n"
    "Ágnes Kovács,HU,Budapest Riichi\n"
    "Bruno Lefèvre,FR,Paris Mahjong\n"
    "陳大文,HK,Kowloon Club\n"
    "Dana Whitfield,GB,London Mahjong\n"
    "Élodie Marchand,FR,Lyon MJ\n"
    "Filip Nowak,PL,Kraków Tiles\n"
    "Grace Okafor,NG,Lagos Dragons\n"
    "Haruto Sato,JP,Osaka Mahjong\n"
)
TABLE_ONE = ("EW30", "ST40", "D", "2N10", "WE25", None, "NT15", "ES45",
             "D", "WN20", None, "SE5", "D", "EW60", "WT35", "NW10")
"""Table 1's sheet by keyboard; None: a hand scored with the calculator (170 points)."""
OTHER_TABLE = ("EW30", "SN20", "D", "WE15") * 4


# --- the real dialogs ------------------------------------------------------------------------

def file_dialog(path: Path):
    """Answers Qt's own file dialog (no native one exists offscreen): the path typed into
    its file name field, then Return, as a user would."""
    def answer(dialog: QWidget) -> None:
        assert isinstance(dialog, QFileDialog), f"{dialog.windowTitle()!r} is no file dialog"
        edit = dialog.findChild(QLineEdit, "fileNameEdit")
        assert edit is not None
        edit.setFocus()
        edit.setText(str(path))
        QTest.keyClick(edit, Qt.Key.Key_Return)
    return answer


def yes(box: QWidget) -> None:
    click(box, "confirm_yes")


def head_judge(reason: str):
    def answer(dialog: QWidget) -> None:
        type_into(dialog, "head_judge_reason", reason)
        type_into(dialog, "head_judge_passphrase", PASSPHRASE)
        click(dialog, "head_judge_ok")
    return answer


def choose(dialog: QWidget, name: str, value: object) -> None:
    box = child(dialog, name, QComboBox)
    assert isinstance(box, QComboBox)
    index = box.findData(value)
    assert index >= 0, f"{name} has no {value!r}"
    box.setCurrentIndex(index)


# --- the window ------------------------------------------------------------------------------

class Shots:
    """Screenshots of the whole window at 1280×800, to `TM_ACCEPTANCE_SCREENSHOTS` (the
    README's folder when making them) or the test's own folder."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        folder.mkdir(parents=True, exist_ok=True)
        self.taken: list[Path] = []

    def take(self, widget: QWidget, name: str) -> None:
        QApplication.processEvents()
        path = self.folder / f"acceptance-{name}.png"
        assert widget.grab().save(str(path)), f"could not save {path}"
        self.taken.append(path)


@pytest.fixture
def real_window(qtbot, app_settings: AppSettings) -> Iterator[MainWindow]:
    """The window with its real dialogs (no DocumentDialogs handed in), at laptop size."""
    window = MainWindow(app_settings)
    qtbot.addWidget(window)
    window.resize(*SCREEN)
    window.show()
    window.activateWindow()
    qtbot.waitExposed(window)
    yield window
    window.close()


@pytest.fixture
def shots(tmp_path: Path) -> Shots:
    chosen = os.environ.get(SCREENSHOTS_ENV)
    return Shots(Path(chosen) if chosen else tmp_path / "screenshots")


def _visible_in(widget: QWidget, window: QWidget) -> bool:
    """Shown, and inside the window's client area (not pushed behind its edge)."""
    if not widget.isVisible():
        return False
    top_left = widget.mapTo(window, QPoint(0, 0))
    return (top_left.x() >= 0 and top_left.y() >= 0
            and top_left.x() + widget.width() <= window.width()
            and top_left.y() + widget.height() <= window.height())


# --- the day, step by step -------------------------------------------------------------------

def create_event(window: MainWindow, folder: Path) -> Path:
    """File ▸ New: the event, its rules and its head judge, then where the file goes."""
    target = folder / "Harbour Open 2026.tmt"

    def new_tournament(dialog: QWidget) -> None:
        type_into(dialog, "new_tournament_name", "Harbour Open 2026")
        choose(dialog, "new_tournament_preset", "open")
        sessions = child(dialog, "new_tournament_sessions")
        sessions.setFocus()
        QTest.keyClick(sessions, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
        QTest.keyClicks(sessions, "1")
        type_into(dialog, "new_tournament_head_judge", "Ada Judge")
        type_into(dialog, "new_tournament_passphrase_new", PASSPHRASE)
        type_into(dialog, "new_tournament_passphrase_repeat", PASSPHRASE)
        click(dialog, "new_tournament_ok")

    with answering(new_tournament, file_dialog(target)) as answers:
        window.action_new.trigger()
    assert answers.seen == ["New Tournament", "New Tournament File"]
    assert target.is_file()
    assert window.windowTitle() == "Harbour Open 2026 — Tournament Manager"
    return target


def _type_cell(table, row: int, column: int, text: str) -> None:
    table.setFocus()
    table.setCurrentCell(row, column)
    QTest.keyClick(table, Qt.Key.Key_F2)
    editors = [e for e in table.viewport().findChildren(QLineEdit) if e.isVisible()]
    assert len(editors) == 1, "F2 opens the cell for typing"
    editor = editors[0]
    editor.selectAll()
    QTest.keyClicks(editor, text)
    QTest.keyClick(editor, Qt.Key.Key_Return)
    QApplication.processEvents()  # the delegate commits the typed text in a queued call
    assert table.item(row, column).text() == text


def set_up_a_cut_and_final(window: MainWindow, shots: Shots) -> None:
    """Setup: the preliminary session keeps the top 4, who play a final carrying half."""
    window.show_page(window.setup_page)
    form = window.setup_page.form
    assert form.rounds.rowCount() == 1
    _type_cell(form.rounds, 0, 2, "4")
    form.add_round.click()
    assert form.rounds.rowCount() == 2
    assert form.round_kind(1).currentText() == "Final"
    _type_cell(form.rounds, 1, 3, "0.5")
    window.setup_page.apply_button.click()
    rounds = overview(window.context.unit_of_work()).tournament.settings.rounds
    assert [(r.kind.value, r.sessions, r.advance, r.carry) for r in rounds] == [
        ("preliminary", 1, 4, 1.0), ("final", 1, None, 0.5)]
    shown = window.setup_page.findChild(QLabel, "overview_format")
    assert shown.text() == ("Rounds set on Setup: Preliminary 1 session, top 4 go on · "
                            "Final 1 session, carrying 50%"), "not the Open preset's no-cut label"
    shots.take(window, "setup")


def import_players(window: MainWindow, folder: Path, shots: Shots) -> None:
    csv = folder / "registrations.csv"
    csv.write_text(PLAYERS_CSV, encoding="utf-8")
    page = window.players_page
    window.show_page(page)
    with answering(file_dialog(csv)) as answers:
        page.import_button.click()
    assert answers.seen == ["Import players"]
    dialog = page.import_dialog
    assert dialog is not None and dialog.isVisible()
    assert dialog.summary.text() == "8 players will be imported."
    shots.take(dialog, "import-preview")
    dialog.import_button.click()
    assert not dialog.isVisible()
    assert window.message_bar.text() == "Imported 8 players from registrations.csv."
    names = [page.model.player_at(r).name for r in range(page.model.rowCount())]
    assert sorted(names) == sorted(line.split(",")[0] for line in PLAYERS_CSV.splitlines()[1:])
    numbers = sorted(page.model.player_at(r).registration_id for r in range(8))
    assert numbers == [str(n) for n in range(1, 9)], "numbers given in import order"
    QTest.keyClicks(page.search, "agnes")  # accents aside
    assert page.proxy.rowCount() == 1
    page.search.clear()
    shots.take(window, "players")


def draw_and_publish(window: MainWindow, session: int, repeats: int) -> None:
    page = window.seating_page
    window.show_page(page)
    page.choose_session(session)
    page.draw_button.click()
    expected = (f"Repeated pairs: {repeats} (excess meetings {repeats}, "
                f"theoretical minimum {repeats})")
    assert expected in page.report.text(), "no repeat beyond those the field forces"
    page.publish_button.click()
    assert "published" in page.state.text().lower()


def record_the_wind_draw_at_table_one(window: MainWindow, shots: Shots) -> None:
    """The players drew the winds with real tiles and dice; the judge records what
    happened and sees the winds that follow before saving."""
    page = window.seating_page
    _click_cell(page.view, page.model.index(0, 1))
    shown: list[str] = []

    def record(dialog: QWidget) -> None:
        for index, wind in enumerate("SENW", start=1):
            choose(dialog, f"table_draw_tile_{index}", wind)
        choose(dialog, "table_draw_thrower", 2)
        choose(dialog, "table_draw_first_1", 3)
        choose(dialog, "table_draw_first_2", 4)
        choose(dialog, "table_draw_second_1", 6)
        choose(dialog, "table_draw_second_2", 5)
        shown.append(child(dialog, "table_draw_result").text())
        shots.take(dialog, "wind-draw-record")
        click(dialog, "table_draw_save")

    with answering(record) as answers:
        page.record_button.click()
    assert answers.seen == ["Record the Wind Draw at Table 1"]
    assert page.pick_steps.text() == "Table 1, cycle 1:\n" + shown[0]
    page.draw_all_button.click()  # the other table's draw, simulated
    shots.take(window, "seating")


def _click_cell(view: QAbstractItemView, index) -> None:
    view.scrollTo(index)
    QTest.mouseClick(view.viewport(), Qt.MouseButton.LeftButton,
                     pos=view.visualRect(index).center())


def start_session(window: MainWindow, session: int) -> None:
    page = window.seating_page
    page.choose_session(session)
    page.start_button.click()
    with window.context.unit_of_work() as uow:
        assert uow.sessions.list(number=session)[0].status is StageStatus.RUNNING


def _sheet(window: MainWindow, table_row: int):
    page = window.sheets_page
    window.show_page(page)
    tables = page.tables
    _click_cell(tables, tables.model().index(table_row, 0))
    assert tables.currentRow() == table_row
    return page.sheet


def _enter(sheet, keys: str) -> None:
    edit = sheet.entry.value_edit
    edit.setFocus()
    QTest.keyClicks(edit, keys)
    QTest.keyClick(edit, Qt.Key.Key_Return)
    assert sheet.entry.message.isHidden(), sheet.entry.message.text()


def _calculator_hand(window: MainWindow, seats: str) -> None:
    """The judge keys who won off whom, the calculator follows; a Pure One Suit-ish hand
    typed into it: V = 170; "Use for sheet" puts the value in the entry bar, Enter."""
    panel = window.sheets_page.calculator
    sheet = window.sheets_page.sheet
    edit = sheet.entry.value_edit
    edit.setFocus()
    QTest.keyClicks(edit, seats)
    winner = sheet.entry.draft.wins[0].winner
    assert current_choice(panel.seat) == sheet.entry.wind_of(winner).value
    for line in (panel.concealed, panel.melds, panel.winning):
        line.clear()
    QTest.keyClicks(panel.concealed, "111222p33p99m")
    QTest.keyClicks(panel.melds, "RdRdRd")
    QTest.keyClicks(panel.winning, "3p")
    assert panel.value.text() == "V = 170"
    panel.use_button.click()
    assert edit.text() == "170" and sheet.entry.draft.wins[0].winner == winner
    _enter(sheet, "")


def enter_table_one(window: MainWindow, shots: Shots) -> int:
    sheet = _sheet(window, 0)
    table_id = sheet.view.table.id
    calculator_seats = iter(("SW", "NE"))
    for keys in TABLE_ONE:
        if keys is None:
            _calculator_hand(window, next(calculator_seats))
        else:
            _enter(sheet, keys)
    view = sheet_view(window.context.unit_of_work(), table_id)
    assert [row.hand.number for row in view.rows] == list(range(1, 17))
    assert sum(view.hand_totals) == 0 and view.complete
    assert [w.value for row in view.rows for w in row.hand.wins].count(170) == 2
    assert sheet.model.rowCount() == 16
    grid = sheet.grid
    last = grid.visualRect(sheet.model.index(15, 0))
    assert grid.viewport().rect().contains(last), "all 16 hands in view at 1280×800"
    for widget in (sheet.entry, sheet.stop_button):
        assert _visible_in(widget, window), f"{widget.objectName()} is off screen"
    shots.take(window, "score-sheet")
    return table_id


def penalties(window: MainWindow, table_id: int) -> None:
    sheet = window.sheets_page.sheet
    panel = sheet.penalties
    sheet.show_tool(panel)
    panel.reason.setFocus()
    panel.reason.setCurrentIndex(panel.reason.findData(PenaltyReason.TIME.value))
    panel.seconds.setFocus()
    QTest.keyClick(panel.seconds, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
    QTest.keyClicks(panel.seconds, "20")
    assert panel.points.value() == 10  # 5 points per 15 s or part thereof
    panel.findChild(QPushButton, "penalty_add").click()
    panel.reason.setCurrentIndex(panel.reason.findData(PenaltyReason.WRONG_CLAIM.value))
    panel.player.setCurrentIndex(2)
    panel.points.setFocus()
    QTest.keyClick(panel.points, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
    QTest.keyClicks(panel.points, "5")
    panel.findChild(QPushButton, "penalty_add").click()
    view = sheet_view(window.context.unit_of_work(), table_id)
    assert sorted(p.points for p in view.penalties) == [5, 10]
    assert panel.model.rowCount() == 2


def _scribble(pad, start: int) -> None:
    QTest.mousePress(pad, Qt.MouseButton.LeftButton, pos=QPoint(10, start))
    for x in range(20, 140, 15):
        QTest.mouseMove(pad, QPoint(x, start + (x * 7) % 23))
    QTest.mouseRelease(pad, Qt.MouseButton.LeftButton, pos=QPoint(150, start + 5))


def sign(window: MainWindow, table_id: int, *, stroke: int = 20) -> None:
    sheet = window.sheets_page.sheet
    signatures = sheet.signatures
    sheet.show_tool(signatures)
    for column in range(4):
        _scribble(signatures.pads[column], stroke + column)
        signatures.sign_buttons[column].click()
        assert signatures.pads[column].is_empty()
    view = sheet_view(window.context.unit_of_work(), table_id)
    assert view.locked and [s.current for s in view.signatures].count(True) == 4
    assert "Locked" in signatures.lock_label.text()


def correct_table_one(window: MainWindow, table_id: int, shots: Shots) -> None:
    """Hand 2 was written 40 and was 45: the head judge unlocks with his passphrase and a
    reason, the hand is changed in the grid, and the four sign version 2 anew."""
    sheet = window.sheets_page.sheet
    with answering(head_judge("hand 2 self-drawn value misread")) as answers:
        sheet.signatures.correct_button.click()
    assert answers.seen == ["Unlock for Correction"]
    sheet.grid.setFocus()
    sheet.grid.setCurrentIndex(sheet.model.index(1, 0))
    QTest.keyClick(sheet.grid, Qt.Key.Key_F2)
    assert sheet.entry.replacing
    sheet.entry.value_edit.selectAll()
    QTest.keyClicks(sheet.entry.value_edit, "45")
    QTest.keyClick(sheet.entry.value_edit, Qt.Key.Key_Return)
    sign(window, table_id, stroke=40)
    view = sheet_view(window.context.unit_of_work(), table_id)
    assert view.rows[1].hand.wins[0].value == 45
    assert view.table.sheet_version == 2 and view.corrected
    assert sheet.corrections.text().startswith("Corrected v2 — hand 2 self-drawn value "
                                               "misread — ")
    assert sheet.corrections.text().endswith(" — Ada Judge")
    shots.take(window, "corrected-sheet")


def play_other_tables(window: MainWindow, rows: range) -> None:
    for row in rows:
        sheet = _sheet(window, row)
        table_id = sheet.view.table.id
        for keys in OTHER_TABLE:
            _enter(sheet, keys)
        sign(window, table_id)


def finish_session(window: MainWindow, session: int) -> None:
    page = window.seating_page
    window.show_page(page)
    page.choose_session(session)
    with answering(yes) as answers:
        page.finish_button.click()
    assert answers.seen == ["Finish Session"]
    with window.context.unit_of_work() as uow:
        assert uow.sessions.list(number=session)[0].status is StageStatus.FINISHED


def check_standings(window: MainWindow, shots: Shots, name: str) -> None:
    page = window.standings_page
    window.show_page(page)
    expected = standings(window.context.unit_of_work())
    model = page.model
    shown = [model.row_at(r).player.id for r in range(model.rowCount())]
    assert shown == [row.player.id for row in expected.rows]
    ranks = [model.index(r, 0).data() for r in range(model.rowCount())]
    assert ranks[0] == "1"
    shots.take(window, name)


def make_the_cut(window: MainWindow, shots: Shots) -> set[int]:
    page = window.cuts_page
    window.show_page(page)
    page.table.selectRow(0)
    preview = page.preview
    assert preview is not None and preview.ready and len(preview.qualifiers) == 4
    assert page.cut_line_row() == 4
    shots.take(window, "cut-preview")
    with answering(yes) as answers:
        page.cut_button.click()
    assert answers.seen == ["Make Cut"]
    assert page.result.text() == "4 players go on to round 2."
    assert [page.table.item(1, column).text() for column in (1, 2, 6)] == [
        "Final", "1 (no. 2)", "4"]
    return set(preview.qualifiers)


def export_everything(window: MainWindow, folder: Path) -> dict[ExportKind, Path]:
    """Every File ▸ Export entry, each through the real save dialog, for the chosen
    session (the final)."""
    written: dict[ExportKind, Path] = {}
    for kind in ExportKind:
        suffix = ".xlsx" if kind is ExportKind.WORKBOOK else ".pdf"
        target = folder / f"{kind.value}{suffix}"
        with answering(file_dialog(target)) as answers:
            action = window.export_menu.findChild(
                QAction, f"export_{kind.value.replace('-', '_')}")
            action.trigger()
        assert answers.seen == ["Export"]
        assert target.is_file() and target.stat().st_size > 0, kind
        assert window.message_bar.text() == f"Wrote {target}"
        written[kind] = target
    return written


def test_a_whole_small_event_through_the_real_window(real_window: MainWindow, tmp_path: Path,
                                                      shots: Shots) -> None:
    window = real_window
    assert window.size().width() == SCREEN[0] and window.size().height() == SCREEN[1]
    create_event(window, tmp_path)
    set_up_a_cut_and_final(window, shots)
    import_players(window, tmp_path, shots)

    draw_and_publish(window, 1, repeats=0)
    record_the_wind_draw_at_table_one(window, shots)
    start_session(window, 1)
    table_one = enter_table_one(window, shots)
    penalties(window, table_one)
    sign(window, table_one)
    shots.take(window, "signed")
    correct_table_one(window, table_one, shots)
    play_other_tables(window, range(1, 2))
    finish_session(window, 1)
    check_standings(window, shots, "standings-after-session-1")

    finalists = make_the_cut(window, shots)
    draw_and_publish(window, 2, repeats=2)
    window.seating_page.draw_all_button.click()
    start_session(window, 2)
    play_other_tables(window, range(1))
    finish_session(window, 2)
    with window.context.unit_of_work() as uow:
        final = uow.sessions.list(number=2)[0]
        seated = {s.player_id for t in uow.tables.list(session_id=final.id)
                  for s in uow.seats.list(table_id=t.id)}
    assert seated == finalists
    check_standings(window, shots, "final-standings")

    written = export_everything(window, tmp_path)
    text = "".join(page.extract_text() for page in PdfReader(written[ExportKind.SHEETS]).pages)
    assert "verified" in text
    standings_text = "".join(
        page.extract_text() for page in PdfReader(written[ExportKind.STANDINGS]).pages)
    assert all(name in standings_text for name in ("Ágnes Kovács", "陳大文"))
    workbook = load_workbook(written[ExportKind.WORKBOOK])
    assert "Corrections" in workbook.sheetnames
    corrections = [row for row in workbook["Corrections"].iter_rows(values_only=True)]
    assert any("hand 2 self-drawn value misread" in str(cell) for row in corrections
               for cell in row)
    assert verify(window.context.unit_of_work()).findings == ()
    assert len(shots.taken) >= 10
