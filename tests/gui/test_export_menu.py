"""File ▸ Export writes the same documents as the CLI, for the session chosen on Seating."""

from __future__ import annotations

from pathlib import Path

import pytest
from openpyxl import load_workbook
from pypdf import PdfReader
from PySide6.QtCore import QTimer
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMenu

from tests.gui.canned import CannedDialogs
from tournament_manager.exports.jobs import ExportKind
from tournament_manager.gui.main_window import MainWindow
from tournament_manager.gui.settings import AppSettings


def test_sheets_and_workbook_from_the_menu(event_window: MainWindow, canned: CannedDialogs,
                                           tmp_path: Path) -> None:
    canned.export_paths += [tmp_path / "sheets.pdf", tmp_path / "event.xlsx", None]
    menu = event_window.export_menu
    written = menu.export(ExportKind.BLANK_SHEETS)
    assert written == tmp_path / "sheets.pdf"
    text = "".join(page.extract_text() for page in PdfReader(written).pages)
    assert "Player 0" in text and "Table 2" in text
    assert "sheets.pdf" in event_window.message_bar.text()
    assert [b.text() for b in event_window.message_bar.buttons()] == ["Open"]
    workbook = menu.export(ExportKind.WORKBOOK)
    assert workbook is not None and "Standings" in load_workbook(workbook).sheetnames
    assert menu.export(ExportKind.STANDINGS) is None  # the dialog was cancelled


def _opener(folder: Path, status: int) -> Path:
    """An xdg-open that notes what it was asked to open and ends with `status` (3 is
    xdg-open's own "no program handles this file"). The real one would start a browser."""
    folder.mkdir()
    script = folder / "xdg-open"
    script.write_text(f'#!/bin/sh\necho "$1" > "{folder}/asked"\nexit {status}\n')
    script.chmod(0o755)
    return folder


@pytest.mark.parametrize("status", [3, 0])
def test_open_says_so_when_no_program_opens_the_file(
        event_window: MainWindow, canned: CannedDialogs, tmp_path: Path, qtbot, monkeypatch,
        status: int) -> None:
    """A laptop or kiosk without a PDF viewer: the Open button must not be silent (and is
    quiet when the file opens)."""
    bin_dir = _opener(tmp_path / "bin", status)
    monkeypatch.setenv("PATH", f"{bin_dir}:/usr/bin:/bin")
    canned.export_paths.append(tmp_path / "seating.pdf")
    written = event_window.export_menu.export(ExportKind.SEATING)
    bar = event_window.message_bar
    bar.buttons()[0].click()
    menu = event_window.export_menu
    qtbot.waitUntil(lambda: not [t for t in menu.findChildren(QTimer) if t.isActive()])
    assert (bin_dir / "asked").read_text().strip() == str(written)
    if status:
        assert bar.isVisible() and bar.kind() == "problem"
        assert bar.text() == (f"No program on this computer opened {written}: open it from "
                              "the file manager, or install a viewer for it.")
    else:
        assert not bar.isVisible()


def test_an_unwritable_target_is_worded(event_window: MainWindow, canned: CannedDialogs,
                                        tmp_path: Path) -> None:
    canned.export_paths.append(tmp_path / "no such folder" / "x.pdf")
    assert event_window.export_menu.export(ExportKind.SEATING) is None
    assert "folder" in event_window.message_bar.text().lower()


def test_a_record_that_does_not_verify_is_exported_with_a_warning(
        window: MainWindow, canned: CannedDialogs, tmp_path: Path) -> None:
    import shutil
    import sqlite3

    from tests.gui.event_files import signed_event_file

    original, _seated = signed_event_file(tmp_path / "signed.tmt")
    copy = tmp_path / "copy.tmt"
    shutil.copy(original, copy)
    with sqlite3.connect(copy) as connection:  # one hand pays 5 points more than signed
        connection.execute("UPDATE hand_delta SET delta = delta + 5 WHERE id = "
                           "(SELECT MIN(id) FROM hand_delta)")
    connection.close()
    assert window.controller.open(copy)
    canned.export_paths.append(tmp_path / "sheets.pdf")

    written = window.export_menu.export(ExportKind.SHEETS)

    assert written == tmp_path / "sheets.pdf" and written.stat().st_size > 0
    bar = window.message_bar
    assert bar.kind() == "problem"
    assert bar.text().startswith(f"Wrote {written}, but the record does not verify: ")
    assert [b.text() for b in bar.buttons()] == ["Open", "Details…"]
    bar.buttons()[1].click()
    assert bar.details_dialog is not None and any(
        "does not match the signatures" in line for line in bar.details_dialog.lines())
    bar.details_dialog.close()


def test_plans_are_printed_only_when_the_menu_says_so(window: MainWindow,
                                                      canned: CannedDialogs,
                                                      tmp_path: Path) -> None:
    from tests.gui.test_seating_page import _event
    from tournament_manager.exports.text import PROVISIONAL_BANNER

    assert window.controller.open(_event(tmp_path / "plan.tmt"))
    seating = window.seating_page
    seating.draw(time_limit=5)
    seating.publish()
    seating.choose_session(2)
    menu = window.export_menu
    assert not menu.include_provisional.isChecked()
    canned.export_paths += [tmp_path / "plan.pdf", tmp_path / "plan.pdf"]

    assert menu.export(ExportKind.TABLE_CARDS) is None
    assert window.message_bar.text() == (
        "Session 2 has no tables drawn yet: publish the seating first (its tables are only "
        "the round's plan: tick File ▸ Export ▸ Include Provisional Plans to print them, "
        "marked provisional). The session printed is the one shown on the Score sheets page, "
        "else the one chosen on the Seating page: choose another there.")
    assert not (tmp_path / "plan.pdf").exists()

    menu.include_provisional.setChecked(True)
    written = menu.export(ExportKind.TABLE_CARDS)
    assert written is not None
    pages = [page.extract_text() for page in PdfReader(written).pages]
    assert len(pages) == 4 and all(PROVISIONAL_BANNER in page for page in pages)
    assert window.message_bar.kind() == "information"


def test_documents_in_a_language_of_their_own(event_window: MainWindow, canned: CannedDialogs,
                                              app_settings: AppSettings,
                                              tmp_path: Path) -> None:
    """File ▸ Export ▸ Document Language: an English window writes sheets headed in
    Traditional Chinese and English, remembers the choice, and says so in English; "As
    the Window" goes back to English documents."""
    menu = event_window.findChild(QMenu, "document_language_menu")
    assert menu is not None and menu.parent() is event_window.export_menu
    labels = [action.text() for action in menu.actions()]
    assert labels == ["As the Window", "English", "简体中文", "繁體中文",
                      "English + 简体中文", "English + 繁體中文"]
    assert [action.isChecked() for action in menu.actions()] == [True] + [False] * 5
    menu.findChild(QAction, "document_language_en_zh_TW").trigger()
    assert app_settings.document_language() == "en+zh_TW"
    assert [action.isChecked() for action in menu.actions()] == [False] * 5 + [True]

    canned.export_paths += [tmp_path / "both.pdf", tmp_path / "english.pdf"]
    both = event_window.export_menu.export(ExportKind.BLANK_SHEETS)
    assert both is not None
    text = " ".join("".join(page.extract_text() for page in PdfReader(both).pages).split())
    assert "記分表" in text and "和牌者" in text and "Winner(s)" in text
    assert event_window.message_bar.text().startswith("Wrote ")

    menu.findChild(QAction, "document_language_window").trigger()
    assert app_settings.document_language() is None
    english = event_window.export_menu.export(ExportKind.BLANK_SHEETS)
    assert english is not None
    text = "".join(page.extract_text() for page in PdfReader(english).pages)
    assert "Winner(s)" in text and "和牌者" not in text


def test_sheets_print_for_the_session_on_the_score_sheets_page(
        event_window: MainWindow, canned: CannedDialogs, tmp_path: Path) -> None:
    """With session 1's sheets on screen, File ▸ Export ▸ Blank Score Sheets took the
    session chosen on the Seating page instead (here session 2, not drawn yet)."""
    window = event_window
    page = window.seating_page
    page.session_list.setCurrentIndex(page.sessions.index(1, 0))  # session 2
    assert page.current_session().session.number == 2
    window.show_page(window.sheets_page)
    canned.export_paths.append(tmp_path / "sheets.pdf")
    written = window.export_menu.export(ExportKind.BLANK_SHEETS)
    assert written == tmp_path / "sheets.pdf"
    text = " ".join(page.extract_text() for page in PdfReader(written).pages)
    assert "Session 1" in text and "Session 2" not in text


def test_printed_and_projected_standings_are_those_the_page_shows(
        event_window: MainWindow, canned: CannedDialogs, tmp_path: Path) -> None:
    """The Standings page set to "session 1": the PDF printed, and the projector its
    button fills, are the standings after session 1. Both showed every session, saying
    nothing of it, while the page and the judge looked at session 1's."""
    window = event_window
    page = window.standings_page
    window.show_page(page)
    page.through.setCurrentIndex(page.through.findData(1))
    assert page.through_session() == 1
    canned.export_paths.append(tmp_path / "standings.pdf")
    written = window.export_menu.export(ExportKind.STANDINGS)
    assert written is not None
    text = "".join(p.extract_text() for p in PdfReader(written).pages)
    assert "Standings after session 1" in text

    page.projector_button.click()
    projector = window.projector
    assert window.projector_feed.through == 1
    assert projector.current() == (projector.slides.index(window._standings_slide), 0)
    assert projector.heading.text().endswith("Standings · after session 1")
    projector.close()

    # From another page, the standings printed are every session's: a look at session
    # 1's earlier does not make the final standings those after session 1.
    window.show_page(window.sheets_page)
    canned.export_paths.append(tmp_path / "final.pdf")
    written = window.export_menu.export(ExportKind.STANDINGS)
    assert written is not None
    assert "Standings after session" not in "".join(
        p.extract_text() for p in PdfReader(written).pages)

    page.through.setCurrentIndex(0)  # every session played, on both
    assert page.through_session() is None
    page.projector_button.click()
    assert window.projector_feed.through is None
    projector.close()

    page.through.setCurrentIndex(page.through.findData(1))
    path = window.controller.document.path
    window.controller.close()
    assert window.controller.open(path)
    assert page.through_session() is None, "another event opens on its standings as they are"
