"""Documents whose paths hold `%20`, `?`, `#`, spaces, CJK or are very long: the document,
its lock, its backups, Save a Copy and a restore all use exactly that file.

SQLAlchemy's `sqlite:///{path}` once read `?` as options, `#` as a fragment and `%20` as a
space: `who?.tmt` became a file `who`, and every backup was an empty database with a stray
empty file beside it. A path that is a server address, or too long for SQLite, is refused
in words before anything is created.
"""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

import pytest

from tournament_manager.domain.model import Player
from tournament_manager.domain.presets import Preset, preset_settings
from tournament_manager.messages.documents import describe
from tournament_manager.services.players import register_player
from tournament_manager.services.tournaments import create_tournament
from tournament_manager.storage.backup import backup_folder, list_backups, restore_backup
from tournament_manager.storage.document import create_document, open_document
from tournament_manager.storage.errors import DocumentError, DocumentProblem
from tournament_manager.storage.sqlite_file import COMPANION_SUFFIX, MAX_PATH_BYTES

ODD_NAMES = ["Open%202026.tmt", "who?.tmt", "club #3.tmt", "100% open.tmt",
             "with  spaces .tmt", "東京 オープン 2026.tmt", "a?b#c%d&e=f.tmt"]


def _player_names(path: Path) -> list[str]:
    """Read straight from the file by its name (no URI), as a test must."""
    assert path.exists(), path
    connection = sqlite3.connect(os.fspath(path))
    try:
        return [name for (name,) in connection.execute("SELECT name FROM player ORDER BY id")]
    finally:
        connection.close()


def _new_event(path: Path, *names: str) -> None:
    document = create_document(path)
    create_tournament(document.unit_of_work(), "Odd Open", preset_settings(Preset.WSOM_2015))
    for name in names:
        register_player(document.unit_of_work(), Player(name=name))
    assert path.with_name(path.name + ".lock").exists()
    document.close()


def _deep_folder(base: Path, total_bytes: int, name: str) -> Path:
    """A folder under `base` such that folder / name is `total_bytes` long (UTF-8)."""
    folder = base
    segment = "深い-folder-" * 4
    while len(os.fsencode(folder / segment / name)) < total_bytes:
        folder = folder / segment
    remaining = total_bytes - len(os.fsencode(folder / name)) - 1
    return folder / ("d" * remaining) if remaining > 0 else folder


@pytest.mark.parametrize("name", ODD_NAMES)
def test_document_lock_backups_copy_and_restore_keep_an_odd_name(tmp_path: Path,
                                                                 name: str) -> None:
    folder = tmp_path / "events"
    path = folder / name
    _new_event(path, "Ada", "Bo")
    assert sorted(p.name for p in folder.iterdir()) == [name]  # no stray file beside it
    assert _player_names(path) == ["Ada", "Bo"]

    reopened = open_document(path)
    register_player(reopened.unit_of_work(), Player(name="Cy"))
    copy = tmp_path / "usb" / name
    reopened.save_copy(copy)
    reopened.close()
    assert sorted(p.name for p in copy.parent.iterdir()) == [name]
    assert _player_names(copy) == ["Ada", "Bo", "Cy"]

    backups = list_backups(path)
    assert [b.stem.split("-", 1)[1] for b in backups] == ["close", "open", "close"]
    assert all(b.parent == backup_folder(path) for b in backups)
    assert _player_names(backups[0]) == ["Ada", "Bo", "Cy"]
    assert _player_names(backups[2]) == ["Ada", "Bo"]
    assert sorted(p.name for p in backup_folder(path).iterdir()) == sorted(b.name
                                                                           for b in backups)

    restore_backup(backups[2], path)  # the backup restores real data
    restored = open_document(path)
    try:
        with restored.unit_of_work() as uow:
            assert [p.name for p in uow.players.list()] == ["Ada", "Bo"]
    finally:
        restored.close(backup=False)


def test_a_very_long_path_works_up_to_what_sqlite_holds(tmp_path: Path) -> None:
    """As long as a new document may be: the longest file beside it still fits."""
    name = "長い名前の大会 " * 8 + ".tmt"
    longest = MAX_PATH_BYTES - len(COMPANION_SUFFIX)
    path = _deep_folder(tmp_path, longest, name) / name
    assert longest - 10 < len(os.fsencode(path)) <= longest
    _new_event(path, "Ada")
    document = open_document(path)
    copy = path.with_name(name.replace(" ", "_", 1))
    document.save_copy(copy)
    document.close()
    assert _player_names(copy) == ["Ada"]
    assert _player_names(list_backups(path)[0]) == ["Ada"]
    restore_backup(list_backups(path)[0], path)
    assert _player_names(path) == ["Ada"]


def test_a_path_too_long_for_sqlite_is_refused_in_words(tmp_path: Path) -> None:
    short = tmp_path / "event.tmt"
    _new_event(short, "Ada")
    too_long = _deep_folder(tmp_path, MAX_PATH_BYTES + 40, "event.tmt") / "event.tmt"
    assert len(os.fsencode(too_long)) > MAX_PATH_BYTES
    with pytest.raises(DocumentError) as created:
        create_document(too_long)
    assert created.value.problem is DocumentProblem.PATH_TOO_LONG
    assert "too long" in describe(created.value)
    assert not too_long.parent.exists()
    document = open_document(short)
    try:
        with pytest.raises(DocumentError) as copied:
            document.save_copy(too_long)
        assert copied.value.problem is DocumentProblem.PATH_TOO_LONG
    finally:
        document.close(backup=False)
    with pytest.raises(DocumentError) as named:
        create_document(tmp_path / ("n" * 240 + ".tmt"))  # no room for lock and journal
    assert named.value.problem is DocumentProblem.PATH_TOO_LONG


@pytest.mark.parametrize("address", ["postgresql://judge@db.example.org/open2026",
                                     "postgresql+psycopg://u:p@localhost:5432/db",
                                     "sqlite:///event.tmt", "https://example.org/event.tmt"])
def test_a_database_address_is_refused_and_creates_nothing(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, address: str) -> None:
    monkeypatch.chdir(tmp_path)
    for attempt in (lambda: create_document(Path(address)),
                    lambda: open_document(Path(address)),
                    lambda: open_document(Path(address), read_only=True)):
        with pytest.raises(DocumentError) as caught:
            attempt()
        assert caught.value.problem is DocumentProblem.DATABASE_URL
        assert " is an address (" in describe(caught.value)
    assert list(tmp_path.iterdir()) == []


def test_a_path_given_as_text_is_the_same_file(tmp_path: Path) -> None:
    """A script's `create_document("event.tmt")` once failed with an AttributeError (a
    str has no `.parent`); text and Path now name the same file, created and reopened."""
    name = os.fspath(tmp_path / "who?.tmt")
    with create_document(name) as document:
        register_player(document.unit_of_work(), Player(name="Text Path"))
    with open_document(name) as document:
        assert document.path == tmp_path / "who?.tmt"
    assert _player_names(tmp_path / "who?.tmt") == ["Text Path"]
