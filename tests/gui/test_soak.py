"""A day's typing in one process: 2,000 hands keyed into the Score sheets page.

A big event's session is 125 tables of 16 hands. The judges key every hand through the
entry bar, one table after another, with the progress board, the standings and every
other page following each change. This catches what one sheet never shows: a refresh
that grows with the number of tables or of hands, a leak that only bites after hours,
a table list that loses its place. It took 148 s on the 2-core development machine
(`pytest -m slow tests/gui/test_soak.py`, about 75 ms a hand with every page following);
it asserts nothing about time.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from tests.gui.event_files import seated_event_file
from tournament_manager.domain.model import HandResult
from tournament_manager.gui.main_window import MainWindow
from tournament_manager.services.views import TableState

TABLES = 125
HANDS = 16
ROUND = ("EW30", "ST40", "D", "2N10", "WS25IE", "EN30+W20+S10", "NT15", "SE1")
"""Discard wins, self-draws, a draw, immunity, a triple win, a chicken hand: eight hands
that every table plays twice."""


@pytest.mark.slow
def test_two_thousand_hands_by_keyboard_in_one_process(window: MainWindow, tmp_path: Path):
    path, seated = seated_event_file(tmp_path / "big.tmt", players=4 * TABLES, hands=HANDS)
    assert window.controller.open(path)
    window.show_page(window.sheets_page)
    page = window.sheets_page
    sheet = page.sheet
    assert page.tables.count() == TABLES

    for row in range(TABLES):
        item = page.tables.item(row)
        page.tables.scrollToItem(item)
        QTest.mouseClick(page.tables.viewport(), Qt.MouseButton.LeftButton,
                         pos=page.tables.visualItemRect(item).center())
        assert sheet.view.table.id == seated.tables[row]
        edit = sheet.entry.value_edit
        for keys in ROUND * (HANDS // len(ROUND)):
            QTest.keyClicks(edit, keys)
            QTest.keyClick(edit, Qt.Key.Key_Return)
            QApplication.processEvents()  # as between two hands typed by a person
        assert sheet.entry.message.isHidden(), sheet.entry.message.text()
        assert sheet.model.rowCount() == HANDS
        assert page.progress.state_of(seated.tables[row]) is TableState.COMPLETE

    with window.controller.document.unit_of_work() as uow:
        counts = [uow.hands.count(table_id=table) for table in seated.tables]
        draws = sum(1 for table in seated.tables[:3] for hand in uow.hands.list(table_id=table)
                    if hand.result is HandResult.DRAW)
    assert counts == [HANDS] * TABLES and sum(counts) == 2000
    assert draws == 3 * 2
    assert page.progress.summary.text() == f"{TABLES} tables: {TABLES} complete"
    assert window.undo_stack.count() == 2000
    assert window.isVisible() and sheet.entry.isEnabled() is False  # full: nothing to add
