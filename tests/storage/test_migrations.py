"""The migrations build exactly the schema the code declares, and refuse newer files."""

from __future__ import annotations

import hashlib
import sqlite3
from pathlib import Path

import pytest
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext

from tournament_manager.storage import schema
from tournament_manager.storage.backup import list_backups
from tournament_manager.storage.document import Document, create_document, open_document
from tournament_manager.storage.engine import make_engine
from tournament_manager.storage.errors import DocumentError, DocumentProblem
from tournament_manager.storage.migrate import schema_state


def test_empty_to_head_matches_the_declared_schema(tmp_path: Path) -> None:
    document = create_document(tmp_path / "fresh.tmt")
    document.close(backup=False)
    engine = make_engine(tmp_path / "fresh.tmt")
    try:
        with engine.connect() as connection:
            differences = compare_metadata(MigrationContext.configure(connection),
                                           schema.metadata)
            state = schema_state(connection)
    finally:
        engine.dispose()
    assert differences == []
    assert state.is_current and not state.is_newer


def _stamp(path: Path, revision: str) -> None:
    connection = sqlite3.connect(path)
    with connection:
        connection.execute("UPDATE alembic_version SET version_num = ?", (revision,))
    connection.close()


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def test_a_file_from_a_newer_version_is_refused_untouched(document: Document) -> None:
    path = document.path
    document.close(backup=False)
    _stamp(path, "9999_from_the_future")
    before = _digest(path)
    with pytest.raises(DocumentError) as caught:
        open_document(path)
    assert caught.value.problem is DocumentProblem.TOO_NEW
    assert caught.value.details["revision"] == "9999_from_the_future"
    assert _digest(path) == before
    assert not path.with_name(path.name + ".lock").exists()


def test_an_older_file_is_backed_up_then_upgraded(document: Document) -> None:
    """A file at revision 0 (no schema yet, but ours) is migrated on open after a backup."""
    path = document.path
    document.close(backup=False)
    connection = sqlite3.connect(path)
    with connection:
        for (name,) in connection.execute(
                "SELECT name FROM sqlite_master WHERE type='table'").fetchall():
            connection.execute(f'DROP TABLE "{name}"')
    connection.close()
    reopened = open_document(path)
    try:
        assert reopened.integrity_problems() == []
        reasons = sorted(backup.stem.split("-", 1)[1] for backup in list_backups(path))
        assert reasons == ["migration", "open"]
    finally:
        reopened.close(backup=False)


def test_migrations_run_with_foreign_keys_off(tmp_path: Path, monkeypatch: pytest.MonkeyPatch
                                              ) -> None:
    """A batch migration recreates tables; with foreign keys on it would cascade-delete."""
    from tournament_manager.storage import migrate

    seen: list[int] = []
    real_upgrade = migrate.command.upgrade

    def spying_upgrade(config, revision):  # type: ignore[no-untyped-def]
        connection = config.attributes["connection"]
        seen.append(connection.exec_driver_sql("PRAGMA foreign_keys").scalar())
        real_upgrade(config, revision)

    monkeypatch.setattr(migrate.command, "upgrade", spying_upgrade)
    create_document(tmp_path / "spy.tmt").close(backup=False)
    assert seen == [0]
