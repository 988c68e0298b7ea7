"""What the disk does to a document: full, read-only, a backup folder that is full,
fragments of unfinished backups, a migration that fails. Each is a worded problem with
the safe action, on real disks (tests/storage/disks.py): a full disk is never "damaged"
(whose remedy, replacing the file with a backup, would throw away an intact one).
"""

from __future__ import annotations

import errno
import hashlib
import os
import shutil
import sqlite3
from pathlib import Path

import pytest
from alembic.operations import Operations

from tests.storage.disks import fill, read_only_file, read_only_folder, small_disk
from tournament_manager import paths
from tournament_manager.domain.model import Player
from tournament_manager.domain.presets import Preset, preset_settings
from tournament_manager.messages.documents import describe, describe_backup_failure
from tournament_manager.services.players import register_player
from tournament_manager.services.tournaments import create_tournament
from tournament_manager.storage import document as document_module
from tournament_manager.storage.backup import (
    BackupReason,
    backup_folder,
    list_backups,
    take_backup,
)
from tournament_manager.storage.document import create_document, open_document
from tournament_manager.storage.engine import make_engine
from tournament_manager.storage.errors import DocumentError, DocumentProblem, problem_of
from tournament_manager.storage.migrate import _config


def _event(path: Path, players: int = 2) -> Path:
    document = create_document(path)
    create_tournament(document.unit_of_work(), "Disk Open", preset_settings(Preset.WSOM_2015))
    for index in range(players):
        register_player(document.unit_of_work(), Player(name=f"Player {index}"))
    document.close(backup=False)
    return path


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _names(path: Path) -> list[str]:
    connection = sqlite3.connect(os.fspath(path))
    try:
        return [name for (name,) in connection.execute("SELECT name FROM player ORDER BY id")]
    finally:
        connection.close()


# --- a full disk


def test_a_document_on_a_full_disk_is_no_space_never_damaged(tmp_path: Path) -> None:
    source = _event(tmp_path / "event.tmt")
    with small_disk(tmp_path / "stick", 512) as stick:
        path = stick / "event.tmt"
        shutil.copyfile(source, path)
        before = _digest(path)
        filler = fill(stick)
        for read_only in (False, True):
            with pytest.raises(DocumentError) as caught:
                open_document(path, read_only=read_only)
            assert caught.value.problem is DocumentProblem.NO_SPACE
            assert "no space" in describe(caught.value)
            assert "damaged" not in describe(caught.value)
        assert _digest(path) == before
        assert not path.with_name("event.tmt.lock").exists()
        filler.unlink()
        reopened = open_document(path)
        try:
            with reopened.unit_of_work() as uow:
                assert [p.name for p in uow.players.list()] == ["Player 0", "Player 1"]
        finally:
            reopened.close(backup=False)


def test_a_disk_filling_up_during_work_refuses_the_action_and_keeps_the_rest(
        tmp_path: Path) -> None:
    source = _event(tmp_path / "event.tmt")
    with small_disk(tmp_path / "stick", 768) as stick:
        path = stick / "event.tmt"
        shutil.copyfile(source, path)
        document = open_document(path)
        filler = fill(stick, leave=16 * 1024)
        registered = 2
        with pytest.raises(DocumentError) as caught:
            for index in range(2000):
                register_player(document.unit_of_work(),
                                Player(name=f"Late {index}", club="x" * 200,
                                       team="y" * 200, native_name="z" * 200))
                registered += 1
        assert caught.value.problem is DocumentProblem.NO_SPACE
        filler.unlink()
        document.close(backup=False)
        reopened = open_document(path)
        try:
            assert reopened.integrity_problems() == []
            with reopened.unit_of_work() as uow:
                assert uow.players.count() == registered
        finally:
            reopened.close(backup=False)


def test_a_full_backup_folder_is_reported_not_silent(tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    path = _event(tmp_path / "event.tmt")
    # Room for one backup of the event once the filler is gone.
    with small_disk(tmp_path / "data", 512) as data:
        monkeypatch.setenv(paths.DATA_DIR_ENV, str(data))
        filler = fill(data)
        document = open_document(path)
        assert [(f.reason, f.error.problem) for f in document.backup_failures] == [
            (BackupReason.OPEN, DocumentProblem.NO_SPACE)]
        register_player(document.unit_of_work(), Player(name="Still recorded"))
        failure = document.close()
        assert failure is not None and failure.error.problem is DocumentProblem.NO_SPACE
        text = describe_backup_failure(str(path), failure)
        assert "backup" in text and "no space" in text and "intact" in text
        assert not list(backup_folder(path).glob("*.partial*"))  # no fragment left
        assert "Still recorded" in _names(path)
        filler.unlink()
        take_backup(path, BackupReason.SESSION_START)
        assert len(list_backups(path)) == 1


def test_os_and_sqlite_errors_are_sorted_into_problems(tmp_path: Path) -> None:
    """The classification the disks above rely on, also where no disk can be mounted."""
    path = tmp_path / "event.tmt"
    assert problem_of(OSError(errno.ENOSPC, "No space"), path).problem \
        is DocumentProblem.NO_SPACE  # type: ignore[union-attr]
    assert problem_of(OSError(errno.EROFS, "Read-only"), path).problem \
        is DocumentProblem.UNWRITABLE  # type: ignore[union-attr]
    assert problem_of(ValueError("a bug"), path) is None
    _event(path)
    connection = sqlite3.connect(f"{path.as_uri()}?mode=ro", uri=True)
    try:
        with pytest.raises(sqlite3.OperationalError) as caught:
            connection.execute("DELETE FROM player")
    finally:
        connection.close()
    assert problem_of(caught.value, path).problem \
        is DocumentProblem.READ_ONLY_FILE  # type: ignore[union-attr]


# --- read-only files and folders


def _copy_into(source: Path) -> object:
    return lambda folder: shutil.copyfile(source, folder / source.name)


def test_a_read_only_folder_opens_read_only_with_a_note(tmp_path: Path) -> None:
    source = _event(tmp_path / "event.tmt")
    with read_only_folder(tmp_path / "cdrom", _copy_into(source)) as folder:  # type: ignore[arg-type]
        path = folder / "event.tmt"
        document = open_document(path)
        try:
            assert document.read_only
            assert document.read_only_notice is not None
            assert document.read_only_notice.problem is DocumentProblem.READ_ONLY_FILE
            assert "read-only" in describe(document.read_only_notice)
            with document.unit_of_work() as uow:
                assert uow.players.count() == 2
            with pytest.raises(DocumentError) as caught:
                register_player(document.unit_of_work(), Player(name="Refused"))
            assert caught.value.problem is DocumentProblem.READ_ONLY_FILE
            copy = tmp_path / "work" / "event.tmt"
            document.save_copy(copy)  # the way to work on it
        finally:
            document.close()
        assert sorted(p.name for p in folder.iterdir()) == ["event.tmt"]
    assert _names(copy) == ["Player 0", "Player 1"]
    writable = open_document(copy)
    assert not writable.read_only and writable.read_only_notice is None
    writable.close(backup=False)


def test_a_read_only_file_opens_read_only_with_a_note(tmp_path: Path) -> None:
    path = _event(tmp_path / "event.tmt")
    with read_only_file(path):
        document = open_document(path)
        try:
            assert document.read_only and document.read_only_notice is not None
            assert document.read_only_notice.details["where"] == "file"
            with pytest.raises(DocumentError):
                register_player(document.unit_of_work(), Player(name="Refused"))
        finally:
            document.close()
    assert _names(path) == ["Player 0", "Player 1"]


def test_creating_in_a_read_only_folder_is_refused_in_words(tmp_path: Path) -> None:
    with read_only_folder(tmp_path / "cdrom", lambda folder: None) as folder:
        with pytest.raises(DocumentError) as caught:
            create_document(folder / "new.tmt")
        assert caught.value.problem is DocumentProblem.UNWRITABLE
        assert "read-only" in describe(caught.value)
        assert list(folder.iterdir()) == []


# --- fragments of unfinished backups


def test_unfinished_backup_fragments_are_cleaned_up(tmp_path: Path) -> None:
    path = _event(tmp_path / "event.tmt")
    folder = backup_folder(path)
    folder.mkdir(parents=True)
    old = folder / "20260101T090000000000Z-open.tmt.partial"
    old_journal = folder / "20260101T090000000000Z-open.tmt.partial-journal"
    fresh = folder / "20260101T100000000000Z-close.tmt.partial"
    for fragment in (old, old_journal, fresh):
        shutil.copyfile(path, fragment)  # what a killed copy leaves: a database, cut short
        fragment.write_bytes(fragment.read_bytes()[:8192])
    long_ago = os.stat(path).st_mtime - 3600
    for fragment in (old, old_journal):
        os.utime(fragment, (long_ago, long_ago))
    assert list_backups(path) == []
    assert sorted(p.name for p in folder.iterdir()) == [fresh.name]  # may be in progress
    made = take_backup(path, BackupReason.SESSION_START)  # only the lock holder backs up
    assert sorted(p.name for p in folder.iterdir()) == [made.name]
    assert _names(made) == ["Player 0", "Player 1"]


# --- a migration that fails


def _downgrade(path: Path, revision: str) -> None:
    from alembic import command

    engine = make_engine(path, foreign_keys=False)
    with engine.connect() as connection, connection.begin():
        command.downgrade(_config(connection), revision)
    engine.dispose()


def _revision(path: Path) -> str:
    connection = sqlite3.connect(os.fspath(path))
    try:
        return str(connection.execute("SELECT version_num FROM alembic_version").fetchone()[0])
    finally:
        connection.close()


def test_a_failing_migration_leaves_the_file_as_it_was(tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    path = _event(tmp_path / "event.tmt")
    _downgrade(path, "0003")
    before = _digest(path)
    real = Operations.batch_alter_table

    def failing_midway(self: Operations, table: str, *args: object, **kwargs: object):  # type: ignore[no-untyped-def]
        if table == "session_table":  # the second table of 0004, after the first changed
            raise sqlite3.OperationalError("simulated failure in the middle of 0004")
        return real(self, table, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(Operations, "batch_alter_table", failing_midway)
    with pytest.raises(DocumentError) as caught:
        open_document(path)
    error = caught.value
    assert error.problem is DocumentProblem.MIGRATION_FAILED
    text = describe(error)
    assert "left as it was" in text and "simulated" not in text and "sqlite" not in text
    assert _digest(path) == before
    assert not path.with_name("event.tmt.lock").exists()
    backup = Path(error.details["backup"])
    assert _revision(backup) == "0003" and _names(backup) == ["Player 0", "Player 1"]
    monkeypatch.undo()
    upgraded = open_document(path)  # once the cause is gone, it opens and upgrades
    upgraded.close(backup=False)
    assert _revision(path) != "0003"


def test_a_migration_that_changed_the_file_before_failing_is_undone(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Should a failure get past the transaction (a step that commits), the file is put
    back from the backup taken before the upgrade; the changed one is kept aside."""
    path = _event(tmp_path / "event.tmt")
    _downgrade(path, "0003")
    real_upgrade = document_module.upgrade_to_head

    def committing_then_failing(connection, target="head"):  # type: ignore[no-untyped-def]
        real_upgrade(connection, target)  # committed: a rollback cannot undo it
        raise RuntimeError("failed after its changes were committed")

    monkeypatch.setattr(document_module, "upgrade_to_head", committing_then_failing)
    with pytest.raises(DocumentError) as caught:
        open_document(path)
    assert caught.value.problem is DocumentProblem.MIGRATION_FAILED
    assert _revision(path) == "0003"
    assert _names(path) == ["Player 0", "Player 1"]
    assert [p.name for p in tmp_path.glob("event.tmt.replaced-*")]
