"""Backups are taken, rotated and restorable; a damaged document is detected on open."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from tournament_manager.domain.model import Player
from tournament_manager.services.players import register_player
from tournament_manager.storage import backup as backup_module
from tournament_manager.storage.backup import (
    BackupReason,
    list_backups,
    restore_backup,
    take_backup,
)
from tournament_manager.storage.document import Document, open_document
from tournament_manager.storage.errors import DocumentError, DocumentProblem


def _player_names(path: Path) -> list[str]:
    connection = sqlite3.connect(path)
    try:
        return [name for (name,) in connection.execute("SELECT name FROM player ORDER BY id")]
    finally:
        connection.close()


def test_backups_on_open_and_close_hold_the_data_of_that_moment(document: Document) -> None:
    register_player(document.unit_of_work(), Player(name="Before close"))
    path = document.path
    document.close()
    reopened = open_document(path)
    register_player(reopened.unit_of_work(), Player(name="After reopening"))
    reopened.close()
    backups = list_backups(path)
    reasons = [b.stem.split("-", 1)[1] for b in backups]
    assert reasons == ["close", "open", "close"]
    assert _player_names(backups[0]) == ["Before close", "After reopening"]
    assert _player_names(backups[2]) == ["Before close"]


def test_backups_rotate(document: Document, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(backup_module, "KEEP_BACKUPS", 3)
    made = [take_backup(document.path, BackupReason.SESSION_START) for _ in range(5)]
    assert list_backups(document.path) == sorted(made[-3:], reverse=True)


def _damage(path: Path) -> None:
    """Overwrite pages in the middle of the file, as a failing disk or stick would."""
    data = bytearray(path.read_bytes())
    page = 4096
    for offset in range(2 * page, min(len(data), 6 * page), 7):
        data[offset] = 0xA5
    path.write_bytes(bytes(data))


def test_damaged_document_is_refused_and_the_newest_backup_restores(document: Document
                                                                    ) -> None:
    for i in range(60):
        register_player(document.unit_of_work(), Player(name=f"Player {i}", club="x" * 50))
    path = document.path
    document.close()
    newest = list_backups(path)[0]
    _damage(path)
    with pytest.raises(DocumentError) as caught:
        open_document(path)
    assert caught.value.problem is DocumentProblem.DAMAGED
    assert not path.with_name(path.name + ".lock").exists()
    aside = restore_backup(newest, path)
    assert aside.exists()
    restored = open_document(path)
    try:
        assert restored.integrity_problems() == []
        with restored.unit_of_work() as uow:
            assert uow.players.count() == 60
    finally:
        restored.close(backup=False)


def test_save_copy_is_a_complete_document(document: Document, tmp_path: Path) -> None:
    register_player(document.unit_of_work(), Player(name="Copied"))
    copy = tmp_path / "usb" / "copy.tmt"
    document.save_copy(copy)
    opened = open_document(copy)
    try:
        with opened.unit_of_work() as uow:
            assert [p.name for p in uow.players.list()] == ["Copied"]
    finally:
        opened.close(backup=False)


def test_not_a_tournament_file_is_refused(tmp_path: Path) -> None:
    other = tmp_path / "other.sqlite"
    connection = sqlite3.connect(other)
    connection.execute("CREATE TABLE t (x)")
    connection.close()
    text = tmp_path / "notes.tmt"
    text.write_text("hello")
    for path in (other, text):
        with pytest.raises(DocumentError) as caught:
            open_document(path)
        assert caught.value.problem is DocumentProblem.NOT_A_TOURNAMENT


def test_a_failed_restore_leaves_the_document_in_place(document: Document, tmp_path: Path
                                                       ) -> None:
    path = document.path
    document.close(backup=False)
    before = path.read_bytes()
    with pytest.raises(DocumentError):
        restore_backup(tmp_path / "vanished-backup.tmt", path)
    assert path.read_bytes() == before


def test_a_copy_never_targets_the_document_itself(document: Document) -> None:
    with pytest.raises(DocumentError) as caught:
        document.save_copy(document.path)
    assert caught.value.problem is DocumentProblem.SAME_FILE


def test_a_copy_clears_a_stale_journal_at_the_destination(document: Document, tmp_path: Path
                                                         ) -> None:
    register_player(document.unit_of_work(), Player(name="Fresh"))
    target = tmp_path / "old.tmt"
    (tmp_path / "old.tmt-wal").write_bytes(b"stale journal of another file" * 100)
    document.save_copy(target)
    assert not (tmp_path / "old.tmt-wal").exists()
    assert _player_names(target) == ["Fresh"]


def test_a_broken_header_on_a_backed_up_document_counts_as_damage(document: Document) -> None:
    path = document.path
    document.close()
    data = bytearray(path.read_bytes())
    data[:16] = b"\x00" * 16
    path.write_bytes(bytes(data))
    with pytest.raises(DocumentError) as caught:
        open_document(path)
    assert caught.value.problem is DocumentProblem.DAMAGED
