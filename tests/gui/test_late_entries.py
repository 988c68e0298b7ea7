"""A late entry in the standings: his sessions before he registered are marked, not left
empty as if he had sat them out, on the page, in the printed standings and the workbook."""

from __future__ import annotations

from pathlib import Path

from openpyxl import load_workbook
from pypdf import PdfReader
from PySide6.QtCore import Qt

from tournament_manager.gui.export_menu import ExportKind
from tournament_manager.gui.main_window import MainWindow
from tournament_manager.gui.models.standings_model import PLAYER

from .canned import CannedDialogs
from .event_files import signed_event_file


def test_a_late_entry_is_marked_in_the_standings(window: MainWindow, canned: CannedDialogs,
                                                 tmp_path: Path) -> None:
    path, _seated = signed_event_file(tmp_path / "late.tmt")
    assert window.controller.open(path)
    players = window.players_page
    window.show_page(players)
    players.new_button.click()
    players.fields["name"].setText("Late Entry")
    players.add_button.click()
    assert window.message_bar.text().endswith(
        "Session 1 was drawn before he registered: he is seated from session 2.")

    window.show_page(window.standings_page)
    model = window.standings_page.model
    [row] = [r for r in range(model.rowCount()) if model.row_at(r).player.name == "Late Entry"]
    first_session = next(c for c in range(model.columnCount())
                         if model.headerData(c, Qt.Orientation.Horizontal) == "S1")
    assert model.index(row, first_session).data() == "late"
    assert model.index(row, PLAYER).data(Qt.ItemDataRole.ToolTipRole) == (
        "entered after session 1")
    others = [r for r in range(model.rowCount()) if r != row]
    assert all(model.index(r, first_session).data() != "late" for r in others)

    canned.export_paths += [tmp_path / "standings.pdf", tmp_path / "event.xlsx"]
    pdf = window.export_menu.export(ExportKind.STANDINGS)
    assert pdf is not None
    text = " ".join("".join(p.extract_text() for p in PdfReader(pdf).pages).split())
    assert "Late Entry entered after session 1" in text
    book = window.export_menu.export(ExportKind.WORKBOOK)
    assert book is not None
    rows = list(load_workbook(book)["Standings"].iter_rows(values_only=True))
    status = rows[0].index("Status")
    by_name = {r[2]: r[status] for r in rows[1:]}
    assert by_name["Late Entry"] == "entered after session 1"
    assert not any("entered" in (by_name[name] or "") for name in by_name
                   if name != "Late Entry")
