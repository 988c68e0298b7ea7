"""File ▸ Export writes the same documents as the CLI, for the session chosen on Seating."""

from __future__ import annotations

from pathlib import Path

from openpyxl import load_workbook
from pypdf import PdfReader

from tests.gui.canned import CannedDialogs
from tournament_manager.exports.jobs import ExportKind
from tournament_manager.gui.main_window import MainWindow


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


def test_an_unwritable_target_is_worded(event_window: MainWindow, canned: CannedDialogs,
                                        tmp_path: Path) -> None:
    canned.export_paths.append(tmp_path / "no such folder" / "x.pdf")
    assert event_window.export_menu.export(ExportKind.SEATING) is None
    assert "folder" in event_window.message_bar.text().lower()
