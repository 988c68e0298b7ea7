"""Player cards at the results desk, through the real window and dialog: the WSOM record
(seed 001, Appendix B: "Each player records any points gained or lost by every player on
the Score Record Card ... passes his card around his three opponents to be signed"; spec
tournament.md §5: "the four cards must agree, and a mismatch is shown before the session
can close")."""

from __future__ import annotations

from pathlib import Path

from pypdf import PdfReader
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QWidget

from tests.gui.canned import CannedDialogs
from tests.gui.event_files import play_table, seated_event_file
from tests.gui.modal import answering, click
from tournament_manager.domain.model import SheetState, StageStatus
from tournament_manager.domain.presets import Preset
from tournament_manager.domain.settings import RecordStyle
from tournament_manager.exports.jobs import ExportKind
from tournament_manager.gui.main_window import MainWindow
from tournament_manager.gui.sheet.player_cards_dialog import PlayerCardsDialog
from tournament_manager.storage.document import open_document


def _yes(box: QWidget) -> None:
    click(box, "confirm_yes")


def _finish(window: MainWindow, *, refused: bool = False) -> None:
    """Finish session 1 from the Seating page: confirmed, or `refused` at once (no
    confirmation is asked for a finish the cards stop)."""
    page = window.seating_page
    window.show_page(page)
    page.choose_session(1)
    with answering(*([] if refused else [_yes])) as answers:
        page.finish_button.click()
    assert answers.seen == ([] if refused else ["Finish Session"])


def _type_card(dialog: PlayerCardsDialog, *lines: str) -> None:
    """The card typed line by line, Enter after each, as at the desk."""
    for line in lines:
        QTest.keyClicks(dialog.text, line)
        QTest.keyClick(dialog.text, Qt.Key.Key_Return)


def _status(dialog: PlayerCardsDialog) -> list[str]:
    return [dialog.status.item(row, 3).text() for row in range(dialog.status.rowCount())]


def test_four_cards_typed_compared_and_the_session_held_until_they_agree(
        window: MainWindow, tmp_path: Path) -> None:
    path, seated = seated_event_file(tmp_path / "cards.tmt", players=4, preset=Preset.WSOM_2015,
                                     record_style=RecordStyle.PLAYER_CARDS)
    with open_document(path) as document:  # E wins 30 off S four times
        play_table(document, seated.tables[0], seated.players, sign=False)
    assert window.controller.open(path)
    page = window.sheets_page
    window.show_page(page)
    assert page.cards_button.isVisibleTo(page)
    page.cards_button.click()
    dialog = page.findChild(PlayerCardsDialog)
    assert dialog is not None and dialog.isVisible()
    assert dialog.owner() == seated.players[0]

    # East's card: the sheet was typed from it.
    dialog.save.click()
    assert dialog.message.text().startswith("say who is typing (Typed by)")
    QTest.keyClicks(dialog.typist, "Desk 1")
    dialog.copy.click()
    # Zung Jung §3: V = 30 off a discard: the discarder pays 3V − 50 = 40, the others 25.
    assert dialog.text.toPlainText().splitlines()[0] == "1: 90 -40 -25 -25"
    dialog.signed.click()
    QTest.keyClick(dialog.text, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    assert "agrees with the sheet" in dialog.message.text()
    assert dialog.owner() == seated.players[1], "on to the next card still to type"

    # South wrote hand 3 wrong: West +25 and North −50.
    _type_card(dialog, "90 -40 -25 -25", "90 -40 -25 -25", "90 -40 25 -75", "90 -40 -25 -25")
    dialog.signed.click()
    dialog.save.click()
    assert "differs from the sheet: hand 3: W Player 2, N Player 3" in dialog.message.text()
    assert _status(dialog)[:2] == ["agrees", "hand 3: W Player 2, N Player 3"]
    # A line that is not a hand is refused in words, and nothing is stored.
    dialog.choose(seated.players[2])
    _type_card(dialog, "90 -40 -25")
    dialog.save.click()
    assert dialog.message.text().startswith("Line 1 (“90 -40 -25”) is not a hand")
    assert dialog.status.item(2, 1).text() == "not typed"
    dialog.close()

    _finish(window, refused=True)
    assert window.message_bar.text() == (
        "Session 1 cannot close yet: table 1 still needs the player card of Player 2 and "
        "Player 3.")

    window.show_page(page)
    page.cards_button.click()
    dialog = page.findChildren(PlayerCardsDialog)[-1]
    dialog.choose(seated.players[1])  # South's card as written after all
    dialog.text.clear()
    _type_card(dialog, *["90 -40 -25 -25"] * 4)
    dialog.save.click()
    for player in seated.players[2:]:
        dialog.choose(player)
        dialog.copy.click()
        dialog.signed.click()
        dialog.save.click()
    assert _status(dialog) == ["agrees"] * 4
    assert dialog.message.text() == ("The four cards agree with the sheet: it is signed and "
                                     "locked.")
    dialog.close()
    with window.context.unit_of_work() as uow:
        assert uow.tables.get(seated.tables[0]).sheet_state is SheetState.LOCKED
    _finish(window)
    with window.context.unit_of_work() as uow:
        assert uow.sessions.list(number=1)[0].status is StageStatus.FINISHED


def test_no_player_cards_at_an_event_with_one_sheet_per_table(window: MainWindow,
                                                               tmp_path: Path) -> None:
    path, _seated = seated_event_file(tmp_path / "sheet.tmt")
    assert window.controller.open(path)
    window.show_page(window.sheets_page)
    assert not window.sheets_page.cards_button.isVisibleTo(window.sheets_page)


def test_the_cards_are_printed_from_the_export_menu_of_a_card_event(
        window: MainWindow, canned: CannedDialogs, tmp_path: Path) -> None:
    path, _seated = seated_event_file(tmp_path / "cards.tmt", players=4,
                                      record_style=RecordStyle.PLAYER_CARDS)
    assert window.controller.open(path)
    menu = window.export_menu
    menu.aboutToShow.emit()
    shown = {a.objectName() for a in menu.actions() if a.isVisible()}
    assert {"export_player_cards", "export_blank_player_cards"} <= shown
    canned.export_paths.append(tmp_path / "cards.pdf")
    written = menu.export(ExportKind.BLANK_PLAYER_CARDS)
    assert written is not None
    text = "".join(page.extract_text() for page in PdfReader(written).pages)
    assert text.count("SCORE RECORD CARD") == 4

    other, _ = seated_event_file(tmp_path / "sheet.tmt")
    assert window.controller.open(other)
    menu.aboutToShow.emit()
    assert not {a.objectName() for a in menu.actions() if a.isVisible()} & {
        "export_player_cards", "export_blank_player_cards"}
