"""A copy of the .tmt file alone, taken in a file manager while the event is open, holds
every change committed before it: head judges back up that way, and a copy that lacked
the last minutes (still in the -wal beside it) would be a stale backup nobody notices."""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path

from tournament_manager.domain.model import Player
from tournament_manager.services.players import register_player
from tournament_manager.services.setup import rename_event
from tournament_manager.storage.document import Document


def _copy_of_the_file_alone(document: Document, folder: Path) -> Path:
    """What a file manager copies when the user picks the .tmt: never its -wal or -shm."""
    folder.mkdir()
    copy = folder / "copy.tmt"
    shutil.copyfile(document.path, copy)
    assert sorted(p.name for p in folder.iterdir()) == ["copy.tmt"]
    return copy


def _read(copy: Path, query: str) -> list[tuple[object, ...]]:
    connection = sqlite3.connect(copy)
    try:
        return connection.execute(query).fetchall()
    finally:
        connection.close()


def test_a_copy_of_the_open_file_alone_holds_the_last_change(document: Document,
                                                            tmp_path: Path) -> None:
    register_player(document.unit_of_work(), Player(name="Early"))
    rename_event(document.unit_of_work(), "Test Open", "Hall B")
    with document.unit_of_work() as uow:  # the document stays open, and is read on
        assert uow.tournaments.list()[0].venue == "Hall B"

    copy = _copy_of_the_file_alone(document, tmp_path / "usb")

    assert _read(copy, "SELECT name, venue FROM tournament") == [("Test Open", "Hall B")]
    assert _read(copy, "SELECT name FROM player") == [("Early",)]
    assert _read(copy, "PRAGMA quick_check") == [("ok",)]


def test_a_later_change_reaches_a_later_copy(document: Document, tmp_path: Path) -> None:
    """Every write, not only the first: the file keeps up all through the event."""
    rename_event(document.unit_of_work(), "Test Open", "Hall B")
    _copy_of_the_file_alone(document, tmp_path / "first")
    rename_event(document.unit_of_work(), "Test Open", "Hall C")
    register_player(document.unit_of_work(), Player(name="Late"))

    copy = _copy_of_the_file_alone(document, tmp_path / "second")

    assert _read(copy, "SELECT venue FROM tournament") == [("Hall C",)]
    assert _read(copy, "SELECT name FROM player") == [("Late",)]
