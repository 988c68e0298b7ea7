"""Opening a file runs the verification: a record changed behind the application's back
is named in the message bar (never a silent load), with every finding behind Details…;
View ▸ Verify Record… runs the same checks on demand."""

from __future__ import annotations

import os
import shutil
import sqlite3
import subprocess
import sys
import textwrap
from pathlib import Path

from tournament_manager.gui.main_window import MainWindow
from tournament_manager.messages.verification import describe_report
from tournament_manager.services.verification import verify

from .canned import CannedDialogs
from .event_files import signed_event_file
from .modal import answering


def _tampered_copy(original: Path, copy: Path, table_number: int) -> Path:
    """A copy whose first hand at `table_number` pays one player 5 points more."""
    shutil.copy(original, copy)
    with sqlite3.connect(copy) as connection:
        connection.execute(
            "UPDATE hand_delta SET delta = delta + 5 WHERE id = ("
            " SELECT hand_delta.id FROM hand_delta JOIN hand ON hand.id = hand_delta.hand_id"
            " JOIN session_table ON session_table.id = hand.table_id"
            " WHERE session_table.number = ? ORDER BY hand.number, hand_delta.id LIMIT 1)",
            (table_number,))
    connection.close()
    return copy


def test_opening_a_tampered_file_names_the_sheet_in_doubt(
        window: MainWindow, canned: CannedDialogs, tmp_path: Path):
    original, _seated = signed_event_file(tmp_path / "signed.tmt")
    copy = _tampered_copy(original, tmp_path / "copy.tmt", table_number=2)
    canned.open_paths.append(copy)

    window.action_open.trigger()

    bar = window.message_bar
    assert bar.isVisible()
    assert "does not verify" in bar.text()
    assert "sheets in doubt: session 1 table 2" in bar.text()
    assert "table 1" not in bar.text()
    [details] = [b for b in bar.buttons() if b.text() == "Details…"]
    details.click()
    assert bar.isVisible(), "reading the details keeps the warning up"
    dialog = bar.details_dialog
    assert dialog is not None and dialog.isVisible()
    expected = describe_report(verify(window.context.unit_of_work()))
    assert dialog.lines() == expected
    assert any(line.startswith("session 1, table 2, hand 1:") for line in expected)
    dialog.close()

    window.show_page(window.sheets_page)
    pages = window.sheets_page
    pages.tables.setCurrentRow(1)
    assert pages.sheet.signed_hash.text().endswith("· DOES NOT MATCH SIGNATURES")


def test_a_sound_file_opens_quietly_and_verifies_on_demand(
        window: MainWindow, canned: CannedDialogs, tmp_path: Path):
    original, _seated = signed_event_file(tmp_path / "signed.tmt")
    canned.open_paths.append(original)
    window.action_open.trigger()
    assert not window.message_bar.isVisible()
    sheet = window.sheets_page.sheet
    assert sheet.signed_hash.text().endswith("· verified")

    said: list[str] = []

    def read(box) -> None:
        said.append(box.text())
        box.accept()

    with answering(read):
        window.action_verify.trigger()
    assert said[0].startswith("Verified: 2 signed sheets, 8 hands and ")


def test_verify_on_demand_lists_what_changed_since_opening(window: MainWindow, tmp_path: Path):
    original, _seated = signed_event_file(tmp_path / "signed.tmt")
    assert window.controller.open(original)
    document = window.controller.document
    assert document is not None
    with document.engine.begin() as connection:  # another program writes to the file
        connection.exec_driver_sql(
            "UPDATE hand_delta SET delta = delta - 5 WHERE id = (SELECT MIN(id) FROM hand_delta)")

    report = window.verify_record()
    assert report is not None and not report.ok
    assert "session 1 table 1" in window.message_bar.text()
    dialog = window.message_bar.details_dialog
    assert dialog is not None and dialog.lines() == describe_report(report)
    dialog.close()


def test_an_evening_of_qt_calls_cannot_free_none():
    """PySide6 6.12 drops a reference to None on every Qt call that returns nothing (and
    on every empty item data read back): on Python 3.11 a few hundred hands of entry would
    free None and abort the process. Importing the GUI package guards against it."""
    script = textwrap.dedent("""
        import sys
        from PySide6.QtWidgets import QApplication, QComboBox, QLabel
        app = QApplication([])
        label, empty = QLabel(), QComboBox()
        calls = 2 * sys.getrefcount(None) + 20_000  # enough to free an unguarded None
        import tournament_manager.gui
        for _ in range(calls):
            label.setText("hand entered")
            empty.currentData()
        print("still alive")
    """)
    result = subprocess.run([sys.executable, "-c", script], check=False, capture_output=True,
                            text=True,
                            timeout=120, env={**os.environ, "QT_QPA_PLATFORM": "offscreen"})
    assert result.returncode == 0, result.stderr[-2000:]
    assert result.stdout.strip() == "still alive"
