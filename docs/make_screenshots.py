"""Screenshots of the main screens, for the README: `python docs/make_screenshots.py`,
and in another language: `python docs/make_screenshots.py --language zh_CN` (or zh_TW)
writes the same pictures into docs/screenshots/<language>/.

Runs offscreen on a throwaway data folder: builds a small event through the services
(16 players, session 1 running, hands entered by keyboard on table 1), then grabs each
page with `QWidget.grab()` into docs/screenshots/.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from PySide6.QtCore import QItemSelectionModel, QPoint, QSettings, Qt, QTimer
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QLineEdit, QPushButton, QWidget

OUT = ROOT / "docs" / "screenshots"
SIZE = (1280, 800)
NAMES = ["Ann Visser", "Bao Nguyen", "Carla Rossi", "Daichi Sato", "Elena Petrova",
         "Felix Wagner", "Grace Ho", "Hugo Martin", "Ines Duarte", "Jonas Berg",
         "Kim Min-jun", "Lena Novak", "Mateo Silva", "Nora Lund", "Oliver King", "王小明"]
HEAD_JUDGE_PASSPHRASE = "correct horse battery"
COUNTRIES = ["NL", "VN", "IT", "JP", "RU", "DE", "HK", "FR", "PT", "SE", "KR", "CZ", "BR",
             "DK", "GB", "CN"]


def build_event(folder: Path) -> Path:
    from tournament_manager.domain.model import Player
    from tournament_manager.domain.presets import Preset, preset_settings
    from tournament_manager.services.head_judge import set_head_judge
    from tournament_manager.services.players import register_player
    from tournament_manager.services.sessions import start_session
    from tournament_manager.services.tables import publish_seating, seat_table
    from tournament_manager.services.tournaments import create_tournament
    from tournament_manager.storage.document import create_document

    path = folder / "Spring Open.tmt"
    with create_document(path) as document:
        create_tournament(document.unit_of_work(), "Spring Open 2026",
                          preset_settings(Preset.WSOM_2015), venue="Harbour Hall")
        set_head_judge(document.unit_of_work(), "Ada Judge", HEAD_JUDGE_PASSPHRASE)
        ids = [register_player(document.unit_of_work(),
                               Player(name=name, country=country, club=f"{country} MA",
                                      registration_id=str(100 + n))).id
               for n, (name, country) in enumerate(zip(NAMES, COUNTRIES))]
        with document.unit_of_work() as uow:
            session = next(s for s in uow.sessions.list() if s.number == 1)
        for table in range(4):
            seat_table(document.unit_of_work(), session.id, table + 1,
                       ids[table::4])
        publish_seating(document.unit_of_work(), session.id)
        start_session(document.unit_of_work(), session.id, lambda: None)
    return path


def _language() -> str | None:
    if "--language" in sys.argv:
        return sys.argv[sys.argv.index("--language") + 1]
    return None


if _language() is not None:
    OUT = OUT / str(_language())


def grab(widget: QWidget, name: str) -> None:
    QApplication.processEvents()
    widget.grab().save(str(OUT / f"{name}.png"))
    print("wrote", OUT / f"{name}.png")


def type_hands(window: object, hands: list[str]) -> None:
    entry = window.sheets_page.sheet.entry  # type: ignore[attr-defined]
    for keys in hands:
        QTest.keyClicks(entry.value_edit, keys)
        QTest.keyClick(entry.value_edit, Qt.Key.Key_Return)


def main() -> None:
    app = QApplication.instance() or QApplication([])
    from tournament_manager.gui.main_window import MainWindow
    from tournament_manager.gui.settings import AppSettings
    from tournament_manager.gui.theme import apply_theme
    from tournament_manager.gui.translation import install_translations
    from tournament_manager.languages import Language

    if _language() is not None:
        install_translations(app, Language(_language()))
    apply_theme(app)  # type: ignore[arg-type]
    OUT.mkdir(parents=True, exist_ok=True)
    folder = Path(tempfile.mkdtemp())
    os.environ["TOURNAMENT_MANAGER_DATA_DIR"] = str(folder / "data")
    path = build_event(folder)
    window = MainWindow(AppSettings(QSettings(str(folder / "s.ini"),
                                              QSettings.Format.IniFormat)))
    window.resize(*SIZE)
    window.show()
    window.controller.open(path)

    window.show_page(window.setup_page)
    grab(window, "setup")
    window.show_page(window.players_page)
    window.players_page.search.setText("")
    grab(window, "players")

    seating = window.seating_page
    window.show_page(seating)
    seating.choose_session(2)  # session 2: drawn against session 1's tables
    seating.draw(time_limit=5)
    seating.publish()
    seating.view.selectionModel().select(
        seating.model.index(0, 1), QItemSelectionModel.SelectionFlag.Select)
    seating.wind_draw()
    grab(window, "seating")

    window.show_page(window.sheets_page)
    window.sheets_page.show_calculator()  # the tools drawer is closed by default
    type_hands(window, ["EW30", "ST40", "D", "NE10", "WS25IE", "ET15", "SN70", "D", "EN10"])
    calculator = window.sheets_page.calculator
    QTest.keyClicks(calculator.concealed, "1p1p1p2p2p2p3p3p9m9m3p")
    QTest.keyClicks(calculator.melds, "RdRdRd")
    calculator.seat.setCurrentIndex(calculator.seat.findData("S"))
    calculator.discarder.setCurrentIndex(calculator.discarder.findData("W"))
    calculator.use_button.click()  # winner S, discarder W and the value: Enter is left
    grab(window, "score-sheet")

    sheet = window.sheets_page.sheet
    type_hands(window, ["", "EN20"] + ["D"] * 5)
    penalties = sheet.penalties
    penalties.reason.setCurrentIndex(penalties.reason.findData("time"))
    penalties.seconds.setValue(40)
    penalties.hand.setValue(6)
    penalties.findChild(QWidget, "penalty_add").click()
    sheet.show_tool(sheet.signatures)
    for column in range(3):
        pad = sheet.signatures.pads[column]
        QTest.mousePress(pad, Qt.MouseButton.LeftButton, pos=QPoint(20, 50))
        for step in range(1, 12):
            QTest.mouseMove(pad, QPoint(20 + step * 15, 50 - (step % 3) * 12))
        QTest.mouseRelease(pad, Qt.MouseButton.LeftButton, pos=QPoint(200, 40))
        sheet.signatures.sign_buttons[column].click()
    pad = sheet.signatures.pads[3]
    QTest.mousePress(pad, Qt.MouseButton.LeftButton, pos=QPoint(30, 30))
    for step in range(1, 10):
        QTest.mouseMove(pad, QPoint(30 + step * 12, 30 + (step % 2) * 25))
    QTest.mouseRelease(pad, Qt.MouseButton.LeftButton, pos=QPoint(150, 45))
    grab(window, "signatures")

    sheet.signatures.sign_buttons[3].click()  # the fourth signature locks the sheet

    def answer_head_judge() -> None:
        dialog = QApplication.activeModalWidget()
        if dialog is None:
            QTimer.singleShot(20, answer_head_judge)
            return
        QTest.keyClicks(dialog.findChild(QLineEdit, "head_judge_reason"),
                        "hand 4 was 15, not 10 (table's appeal)")
        QTest.keyClicks(dialog.findChild(QLineEdit, "head_judge_passphrase"),
                        HEAD_JUDGE_PASSPHRASE)
        grab(dialog, "correction-dialog")
        dialog.findChild(QPushButton, "head_judge_ok").click()

    QTimer.singleShot(20, answer_head_judge)
    sheet.correct()
    sheet.grid.setCurrentIndex(sheet.model.index(3, 0))
    QTest.keyClick(sheet.grid, Qt.Key.Key_F2)
    sheet.entry.value_edit.selectAll()
    QTest.keyClicks(sheet.entry.value_edit, "15")
    QTest.keyClick(sheet.entry.value_edit, Qt.Key.Key_Return)
    sheet.show_tool(sheet.signatures)
    grab(window, "corrected-sheet")

    # The results desk: table 2's paper sheet typed in, the paper's totals checked twice.
    page = window.sheets_page
    page.transcribing.setChecked(True)
    page.tables.setCurrentRow(1)
    desk = page.transcription
    desk.typist.setText("Mei (results desk)")
    rows = ["EW30", "ST40", "D", "NE25", "WS25", "EN40=120 20 -55 -85", "D", "ST10",
            "WT30", "NW60", "D", "ES25=130 -30 -130 30"]
    QTest.keyClicks(desk.line, "".join(rows).lower())
    QTest.keyClick(desk.line, Qt.Key.Key_Return)
    QTest.keyClicks(desk.line, "sw3")
    grab(window, "results-desk")
    page.transcribing.setChecked(False)

    window.show_page(window.standings_page)
    grab(window, "standings")
    window.show_page(window.cuts_page)
    grab(window, "cuts")

    projector = window.show_projector()
    projector.resize(1280, 720)
    QApplication.processEvents()
    projector.advance()  # page 2, then back to page 1: the rows fit the screen again
    projector.advance()
    grab(projector, "projector")
    projector.close()
    window.close()


if __name__ == "__main__":
    main()
