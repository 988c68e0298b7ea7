"""Files that cannot be opened as they are: a worded, non-modal message and a way forward."""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Callable
from pathlib import Path

import pytest

from tournament_manager.gui.main_window import MainWindow
from tournament_manager.storage.backup import list_backups
from tournament_manager.storage.document import open_document
from tournament_manager.storage.lock import lock_path

from .canned import CannedDialogs


def _damage(path: Path) -> None:
    """Garbage over everything but the first and last page: quick_check fails."""
    data = bytearray(path.read_bytes())
    page = 4096
    assert len(data) > 3 * page
    data[page:-page] = b"\xa5" * (len(data) - 2 * page)
    path.write_bytes(bytes(data))


@pytest.fixture
def cup(tmp_path: Path, make_tournament_file: Callable[[Path, str], Path]) -> Path:
    return make_tournament_file(tmp_path / "cup.tmt", "Cup")


def test_a_locked_file_names_its_holder_and_the_window_carries_on(
        window: MainWindow, canned: CannedDialogs, cup: Path):
    canned.open_paths.append(cup)
    with open_document(cup):  # "another instance"
        window.action_open.trigger()

        message = window.message_bar.text()
        assert "already open in another Tournament Manager" in message
        assert f"process {os.getpid()}" in message
        assert window.message_bar.isVisible()
        assert window.controller.document is None


def test_a_failed_open_keeps_the_current_document(
        window: MainWindow, canned: CannedDialogs, tmp_path: Path, cup: Path,
        make_tournament_file: Callable[[Path, str], Path]):
    other = make_tournament_file(tmp_path / "other.tmt", "Other")
    canned.open_paths.extend([cup, other])
    window.action_open.trigger()

    with open_document(other):
        window.action_open.trigger()

    assert window.windowTitle() == "Cup — Tournament Manager"
    assert lock_path(cup).exists()


def test_a_damaged_file_offers_the_newest_backup_and_restores_it(
        qtbot, window: MainWindow, canned: CannedDialogs, cup: Path):
    newest = list_backups(cup)[0]
    _damage(cup)
    canned.open_paths.append(cup)

    window.action_open.trigger()

    assert "is damaged" in window.message_bar.text()
    assert window.controller.document is None
    [restore] = window.message_bar.buttons()
    assert restore.text() == "Restore Newest Backup"

    with qtbot.waitSignal(window.controller.document_changed, timeout=1000):
        restore.click()

    assert window.windowTitle() == "Cup — Tournament Manager"
    assert window.message_bar.text() == ""
    assert not window.message_bar.isVisible()
    window.close()
    assert list(cup.parent.glob("cup.tmt.replaced-*")), "the damaged file is kept aside"
    with sqlite3.connect(cup) as restored, sqlite3.connect(newest) as backup:
        assert restored.execute("PRAGMA quick_check").fetchall() == [("ok",)]
        assert (restored.execute("SELECT name FROM tournament").fetchall()
                == backup.execute("SELECT name FROM tournament").fetchall())


def test_a_damaged_file_without_backups_is_only_reported(
        window: MainWindow, canned: CannedDialogs, cup: Path):
    for backup in list_backups(cup):
        backup.unlink()
    _damage(cup)
    canned.open_paths.append(cup)

    window.action_open.trigger()

    assert "is damaged" in window.message_bar.text()
    assert window.message_bar.buttons() == []


def test_a_file_from_a_newer_version_is_refused_untouched(
        window: MainWindow, canned: CannedDialogs, cup: Path):
    with sqlite3.connect(cup) as connection:
        connection.execute("UPDATE alembic_version SET version_num = 'ffff'")
    connection.close()
    before = cup.read_bytes()
    canned.open_paths.append(cup)

    window.action_open.trigger()

    assert "written by a newer version" in window.message_bar.text()
    assert window.message_bar.buttons() == []
    assert window.controller.document is None
    assert not lock_path(cup).exists()
    assert cup.read_bytes() == before


def test_a_file_that_is_not_a_tournament_is_refused(
        window: MainWindow, canned: CannedDialogs, tmp_path: Path):
    notes = tmp_path / "notes.tmt"
    notes.write_text("seating ideas", encoding="utf-8")
    canned.open_paths.append(notes)

    window.action_open.trigger()

    assert "is not a tournament file" in window.message_bar.text()


def test_the_message_can_be_dismissed(window: MainWindow, canned: CannedDialogs,
                                      tmp_path: Path):
    canned.open_paths.append(tmp_path / "gone.tmt")
    window.action_open.trigger()
    assert window.message_bar.isVisible()

    window.message_bar.findChild(object, "message_dismiss").click()

    assert not window.message_bar.isVisible()


def test_a_lock_from_another_computer_is_taken_over_only_on_confirmation(
        window: MainWindow, cup: Path):
    """The window names the holder, offers the take-over, asks first (No leaves it), then
    opens the file and says whose lock it broke."""
    import json
    from datetime import UTC, datetime, timedelta

    from PySide6.QtWidgets import QPushButton

    from .modal import answering, click

    since = (datetime.now(UTC) - timedelta(days=2)).isoformat(timespec="seconds")
    lock_path(cup).write_text(json.dumps({"pid": 4242, "host": "judge-laptop-2",
                                          "user": "anna", "since": since}))
    window.controller.open(cup)
    assert window.controller.document is None
    assert "anna on judge-laptop-2" in window.message_bar.text()
    offer = next(b for b in window.message_bar.buttons()
                 if b.text().startswith("Take Over the Lock"))
    assert isinstance(offer, QPushButton)
    with answering(lambda box: click(box, "confirm_no")):
        offer.click()
    assert window.controller.document is None and lock_path(cup).exists()
    offer = next(b for b in window.message_bar.buttons()
                 if b.text().startswith("Take Over the Lock"))
    with answering(lambda box: click(box, "confirm_yes")):
        offer.click()
    assert window.controller.document is not None
    assert "Took over the lock" in window.message_bar.text()
    assert "judge-laptop-2" in window.message_bar.text()


def test_a_full_disk_is_not_offered_a_backup_over_the_good_file(
        window: MainWindow, cup: Path):
    from tournament_manager.storage.errors import DocumentError, DocumentProblem

    window.controller._report_open_failure(  # the failure as open_document raises it
        cup, DocumentError(DocumentProblem.NO_SPACE, str(cup)))
    assert "no space" in window.message_bar.text().lower()
    assert not any("Restore" in button.text() for button in window.message_bar.buttons())


def test_a_file_on_a_read_only_disk_opens_read_only_and_says_so(
        window: MainWindow, canned: CannedDialogs, tmp_path: Path,
        make_tournament_file: Callable[[Path, str], Path]):
    from tests.storage.disks import read_only_folder
    from tournament_manager.domain.model import Player
    from tournament_manager.gui.commands.players import AddPlayer

    with read_only_folder(tmp_path / "stick",
                          lambda folder: make_tournament_file(folder / "ro.tmt", "RO")) as stick:
        assert window.controller.open(stick / "ro.tmt")
        assert "read-only" in window.message_bar.text()
        refusal = window.context.runner.run(AddPlayer(window.context.runner.context,
                                                      Player(name="Late Entry")))
        assert refusal and "internal" not in refusal.lower()
        seating = window.seating_page  # nothing that writes is offered
        window.show_page(seating)
        assert not seating.draw_button.isEnabled() and not seating.start_button.isEnabled()
        # "To work on it, save a copy": the message of the copy saved opens it.
        copy = tmp_path / "work copy.tmt"
        canned.copy_paths.append(copy)
        window.action_save_copy.trigger()
        [open_copy] = window.message_bar.buttons()
        assert open_copy.text() == "Open the Copy"
        open_copy.click()
        assert window.controller.document.path == copy
        assert not window.controller.document.read_only
        assert seating.draw_button.isEnabled()
        window.controller.close()
