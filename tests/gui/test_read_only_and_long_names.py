"""An event open to read only offers no change the record would refuse; a very long name
is cut in its column rather than pushing the others off a laptop's screen."""

from __future__ import annotations

import dataclasses
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from tournament_manager.application.stations import Station, StationRole
from tournament_manager.gui.main_window import MainWindow
from tournament_manager.gui.pages.players_page import MAX_COLUMN_WIDTH
from tournament_manager.services.players import update_player
from tournament_manager.storage.document import open_document

from .event_files import seated_event_file


def test_a_read_only_event_offers_no_change(window: MainWindow, tmp_path: Path) -> None:
    """Before, the name field and Apply stayed enabled: Apply was refused and the field
    kept the new name, as if it had been saved."""
    path, _seated = seated_event_file(tmp_path / "shown.tmt")
    assert window.controller.open(path, station=Station("Hall screen", StationRole.PROJECTOR))
    assert window.context.read_only
    setup = window.setup_page
    window.show_page(setup)
    assert not setup.form.isEnabled() and not setup.apply_button.isEnabled()
    assert not setup.judge_box.isEnabled()
    assert setup.note.text() == "This event is open to read only: nothing here can change."
    players = window.players_page
    window.show_page(players)
    players.table.selectRow(0)
    assert not players.form_box.isEnabled() and not players.import_button.isEnabled()
    assert not players.save_button.isEnabled() and not players.remove_button.isEnabled()
    # The score sheets too: Extra time… opened its dialog on a projector, to be refused
    # once filled in, and the entry bar invited F2.
    sheets = window.sheets_page
    window.show_page(sheets)
    sheet = sheets.sheet
    assert sheet.view is not None and sheet.view.reading_only
    assert not sheet.extra_time_button.isEnabled() and not sheet.stop_button.isEnabled()
    assert not sheet.penalties.isEnabled()
    assert sheet.notice.text().startswith("This station only shows the event")
    sheet.entry.value_edit.setFocus()
    QTest.keyClicks(sheet.entry.value_edit, "EW30")
    QTest.keyClick(sheet.entry.value_edit, Qt.Key.Key_Return)
    with window.context.unit_of_work() as uow:
        assert uow.hands.list() == []

    window.controller.close()
    assert window.controller.open(path)  # the same file, to write: everything back
    assert not window.context.read_only
    window.show_page(setup)
    assert setup.form.isEnabled() and setup.apply_button.isEnabled()
    window.show_page(players)
    assert players.form_box.isEnabled() and players.import_button.isEnabled()
    window.show_page(sheets)
    assert sheets.sheet.view is not None and not sheets.sheet.view.reading_only
    assert sheets.sheet.extra_time_button.isEnabled() and sheets.sheet.penalties.isEnabled()


def test_a_very_long_name_is_cut_in_its_column(window: MainWindow, tmp_path: Path) -> None:
    path, seated = seated_event_file(tmp_path / "long.tmt")
    long_name = "Maximilian " * 17 + "von Habsburg"  # 199: the most a name may hold
    with open_document(path) as document:
        with document.unit_of_work() as uow:
            player = uow.players.get(seated.players[0])
        update_player(document.unit_of_work(), dataclasses.replace(player, name=long_name))
    window.resize(1280, 800)
    assert window.controller.open(path)
    page = window.players_page
    window.show_page(page)
    table = page.table
    assert all(table.columnWidth(c) <= MAX_COLUMN_WIDTH for c in range(page.model.columnCount()))
    last = page.model.columnCount() - 1
    assert table.columnViewportPosition(last) + table.columnWidth(last) <= (
        table.viewport().width()), "the status column stays in view"
    row = next(r for r in range(page.model.rowCount())
               if page.model.index(r, 0).data() == long_name)
    assert page.model.index(row, 0).data(Qt.ItemDataRole.ToolTipRole) == long_name
    assert page.model.index(row, 3).data(Qt.ItemDataRole.ToolTipRole) is None


def test_a_very_long_word_in_the_message_bar_leaves_the_window_as_wide(
        window: MainWindow) -> None:
    """"Registered xxxx…" (a pasted 5,000-character name) made the window 32,767 pixels
    wide: the form and the bar's own close button went off the screen on every page."""
    window.resize(1280, 800)
    window.show()
    window.message_bar.show_info("Registered " + "x" * 5000 + " as player 9.")
    from PySide6.QtWidgets import QApplication

    QApplication.processEvents()
    assert window.width() == 1280 and window.minimumSizeHint().width() < 1280
    close = window.message_bar.findChild(object, "message_dismiss")
    assert close.mapTo(window, close.rect().topRight()).x() < 1280
