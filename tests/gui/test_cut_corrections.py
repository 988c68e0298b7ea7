"""A sheet of round 1 corrected after the cut, in the window: the head judge is told
before he unlocks it, and a correction that moves the line is shown on the Cuts page,
where he takes the cut back (Undo puts it back) and makes it again."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel

from tests.helpers.head_judge import CREDENTIAL, PASSPHRASE
from tournament_manager.domain.model import HandResult, Win, WinType
from tournament_manager.gui.confirm import READABLE_LINE
from tournament_manager.gui.main_window import MainWindow
from tournament_manager.services.score_sheets import (
    HandEntry,
    correct_sheet,
    replace_hand,
    sign_sheet,
)
from tournament_manager.storage.document import open_document

from .canned import CannedDialogs
from .event_files import cut_event_file
from .modal import answering, as_head_judge, click


def _entrants(window: MainWindow) -> set[int]:
    with window.context.unit_of_work() as uow:
        return {entry.player_id for entry in uow.round_entries.list()}


def test_unlocking_a_sheet_of_a_cut_round_says_what_follows(window: MainWindow,
                                                            tmp_path: Path) -> None:
    path, _seated = cut_event_file(tmp_path / "cut.tmt")
    assert window.controller.open(path)
    window.show_page(window.sheets_page)
    sheet = window.sheets_page.sheet
    assert sheet.view is not None and sheet.view.locked
    said: list[str] = []
    with answering(as_head_judge("hand 4 was 40, not 25", PASSPHRASE, said)):
        sheet.signatures.correct_button.click()
    assert said[0].startswith("Unlock table 1 of session 1 for a correction")
    assert ("The cut after round 1 has been made. The scores its players carry follow the "
            "corrected totals once the sheet is signed again; if the correction changes who "
            "goes through, the Cuts page says so. It can be taken back and made again while "
            "round 2 has no draw.") in said[0]
    assert not sheet.view.locked


def test_a_moved_line_is_shown_and_the_cut_taken_back_and_made_again(
        window: MainWindow, tmp_path: Path) -> None:
    path, seated = cut_event_file(tmp_path / "cut.tmt")
    leader = seated.players[0]
    with open_document(path) as document:
        with document.unit_of_work() as uow:
            went_on = {e.player_id for e in uow.round_entries.list()}
            hands = uow.hands.list(table_id=seated.tables[0])
        [unlucky] = [p for p in seated.players[1:4] if p in went_on]
        correct_sheet(document.unit_of_work(), seated.tables[0], "every hand misread",
                      CREDENTIAL)
        for hand in hands:  # he discarded all four, at 60: last now
            replace_hand(document.unit_of_work(), hand.id, HandEntry(
                HandResult.WIN, WinType.DISCARD, discarder_id=unlucky,
                wins=(Win(leader, 60, unlucky),)))
        for column, player in enumerate(seated.players[:4]):
            sign_sheet(document.unit_of_work(), seated.tables[0], player,
                       b"\x89PNG v2 %d" % column)
    assert window.controller.open(path)
    assert window.message_bar.text().startswith("This record does not verify")
    window.show_page(window.cuts_page)
    page = window.cuts_page
    page.table.selectRow(0)
    preview = page.preview
    assert preview is not None and preview.overtaken
    [gaining] = set(preview.qualifiers) - went_on
    names = {row.player.id: row.player.name for row in preview.rows}
    assert page.warning.isVisible()
    assert page.warning.text() == (
        f"A sheet of round 1 was corrected after the cut: {names[gaining]} would now go on "
        f"instead of {names[unlucky]}. Take the cut back and make it again.")
    goes_on = {page.rows.item(r, 2).text() for r in range(page.rows.rowCount())
               if page.rows.item(r, 6) is not None and page.rows.item(r, 6).text() == "yes"}
    assert goes_on == {names[p] for p in went_on}, "the cut as it was made"
    assert page.take_back_button.isVisible() and not page.cut_button.isEnabled()
    assert page.box.title() == "The cut", "made: no longer a preview"

    asked: list[str] = []

    def take_back(box) -> None:
        asked.append(box.text())
        # In readable lines: the details stood in a narrow column of seven.
        details = box.findChild(QLabel, "qt_msgbox_informativelabel")
        assert details.width() >= min(box.fontMetrics().averageCharWidth() * READABLE_LINE,
                                      box.screen().availableGeometry().width() // 2)
        click(box, "confirm_yes")

    with answering(take_back):
        page.take_back_button.click()
    assert asked == ["Take back the cut after round 1?"]
    assert _entrants(window) == set()
    assert page.cut_button.isEnabled() and not page.take_back_button.isVisible()
    assert page.box.title() == "Cut preview"

    with answering(take_back) as seen:  # Edit ▸ Undo: the cut as it was, same players
        window.action_undo.trigger()
    assert seen.seen == ["Make the Cut"] and asked[-1] == "Make the cut after round 1 again?"
    assert _entrants(window) == went_on
    with answering(take_back):
        window.action_redo.trigger()
    assert asked[-1] == "Take back the cut after round 1?"
    assert _entrants(window) == set()

    with answering(lambda box: click(box, "confirm_yes")):
        page.cut_button.click()
    assert _entrants(window) == set(preview.qualifiers)
    assert not page.warning.isVisible()
    assert window.message_bar.text() == "The record verifies again."  # the banner goes


def test_the_standings_page_shows_what_the_finalists_carried(window: MainWindow,
                                                             tmp_path: Path) -> None:
    """As the printed standings and the workbook do: a final's total is its sessions plus
    the carry, which the page showed nowhere."""
    from tournament_manager.gui.models.standings_model import CARRIED, TOTAL

    path, _seated = cut_event_file(tmp_path / "cut.tmt")
    assert window.controller.open(path)
    window.show_page(window.standings_page)
    model = window.standings_page.model
    assert model.headerData(CARRIED, Qt.Orientation.Horizontal) == "Carried"
    assert model.headerData(CARRIED + 1, Qt.Orientation.Horizontal) == "S1"
    finalists = [r for r in range(model.rowCount()) if model.row_at(r).round_number == 2]
    assert len(finalists) == 4
    for r in finalists:
        row = model.row_at(r)
        assert row.carried != 0
        assert model.index(r, CARRIED).data() == f"{row.carried:.2f}".replace("-", "−")
        assert model.index(r, TOTAL).data() == f"{row.converted_total:.2f}".replace("-", "−")
    eliminated = next(r for r in range(model.rowCount()) if model.row_at(r).round_number == 1)
    assert model.index(eliminated, CARRIED).data() == ""
    page = window.standings_page
    assert page.provisional.isVisibleTo(page)
    assert page.provisional.text() == ("Round 2 has not begun: its 4 players stand at what "
                                       "they carried into it (50% of their totals).")


def test_after_a_fresh_start_cut_the_standings_say_the_round_has_not_begun(
        window: MainWindow, canned: CannedDialogs, tmp_path: Path) -> None:
    """Carry 0: the four finalists head the standings level at 0, placed by the recorded
    draw (tournament rules §4), the preliminary's winner marked 1†. The page, the
    projector and the printed standings now say why; the projector showed it bare."""
    import dataclasses

    from pypdf import PdfReader

    from tournament_manager.gui.export_menu import ExportKind

    path, _seated = cut_event_file(tmp_path / "cut.tmt")
    with open_document(path) as document, document.unit_of_work() as uow:
        [final] = [r for r in uow.rounds.list() if r.number == 2]
        uow.rounds.update(dataclasses.replace(final, carry=0.0))
        for entry in uow.round_entries.list(round_id=final.id):
            uow.round_entries.update(dataclasses.replace(entry, carried_score=0.0,
                                                         carried_raw=0.0))
        uow.commit()
    assert window.controller.open(path)
    window.show_page(window.standings_page)
    page = window.standings_page
    said = ("Round 2 has not begun: its 4 players start level at 0, listed in the order of "
            "the recorded draw.")
    assert page.provisional.isVisibleTo(page) and page.provisional.text() == said
    leaders = [page.model.row_at(r) for r in range(4)]
    assert all(row.round_number == 2 and row.converted_total == 0 for row in leaders)

    projector = window.show_projector()
    projector.advance()
    assert projector.notice.isVisible() and projector.notice.text() == said
    projector.close()

    canned.export_paths.append(tmp_path / "standings.pdf")
    written = window.export_menu.export(ExportKind.STANDINGS)
    assert written is not None
    text = " ".join("".join(p.extract_text() for p in PdfReader(written).pages).split())
    assert said in text


def test_the_workbook_says_who_was_cut(window: MainWindow, canned: CannedDialogs,
                                       tmp_path: Path) -> None:
    """The Standings sheet's Status column was empty for the four cut after round 1,
    beside the finalists: read alone, a sorted sheet did not say who was still in."""
    from openpyxl import load_workbook

    from tournament_manager.gui.export_menu import ExportKind

    path, _seated = cut_event_file(tmp_path / "cut.tmt")
    assert window.controller.open(path)
    went_on = _entrants(window)
    canned.export_paths.append(tmp_path / "event.xlsx")
    written = window.export_menu.export(ExportKind.WORKBOOK)
    assert written is not None
    rows = list(load_workbook(written)["Standings"].iter_rows(values_only=True))
    status, round_ = rows[0].index("Status"), rows[0].index("Round")
    assert len(rows) == 9
    for row in rows[1:]:
        if row[round_] == 2:
            assert "cut" not in (row[status] or ""), row
        else:
            assert row[status].startswith("cut after round 1"), row
    assert sum(1 for row in rows[1:] if row[round_] == 2) == len(went_on)
