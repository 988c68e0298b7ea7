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
    from alembic import command  # what `migrate` runs, imported when a file needs it

    seen: list[int] = []
    real_upgrade = command.upgrade

    def spying_upgrade(config, revision):  # type: ignore[no-untyped-def]
        connection = config.attributes["connection"]
        seen.append(connection.exec_driver_sql("PRAGMA foreign_keys").scalar())
        real_upgrade(config, revision)

    monkeypatch.setattr(command, "upgrade", spying_upgrade)
    create_document(tmp_path / "spy.tmt").close(backup=False)
    assert seen == [0]


def test_a_populated_0001_file_is_upgraded_with_its_data(tmp_path: Path) -> None:
    """A file written by the first release keeps every row and gets the new defaults."""
    from tournament_manager.storage.migrate import upgrade_to_head
    from tournament_manager.storage.sqlite_file import APPLICATION_ID

    path = tmp_path / "old.tmt"
    engine = make_engine(path, foreign_keys=False)
    with engine.connect() as connection:
        connection.exec_driver_sql(f"PRAGMA application_id = {APPLICATION_ID}")
        connection.commit()
        upgrade_to_head(connection, "0001")
        with connection.begin():
            connection.exec_driver_sql(
                "INSERT INTO tournament (id, name, venue, created_at, rule_set, rule_options, "
                "format_preset, hands_per_session, seat_pick, time_limit_minutes, on_time_out,"
                " penalty_mode, session_conversion, record_style, final_seating, odd_field, "
                "bye_score, keep_apart) VALUES (1, 'Old Open', '', '2025-05-01T09:00:00+00:00',"
                " 'zung-jung', '{}', 'open', 16, 'per_session', 150, 'void_current_hand', "
                "'deduct', 'match_points', 'table_sheet', 'by_rank_snake', 'substitutes', 0, "
                "'club,country')")
            connection.exec_driver_sql(
                "INSERT INTO round (id, number, kind, sessions, advance, carry, status) "
                "VALUES (1, 1, 'preliminary', 1, NULL, 1.0, 'planned')")
            connection.exec_driver_sql(
                "INSERT INTO session (id, round_id, number, status, draw_seed) "
                "VALUES (1, 1, 1, 'running', 0)")
            for player in range(1, 5):
                connection.exec_driver_sql(
                    "INSERT INTO player (id, name, native_name, registration_id, country, club,"
                    f" team, kind, status, tiebreak_draw) VALUES ({player}, 'P{player}', '', "
                    "'', '', '', '', 'regular', 'active', 0)")
            connection.exec_driver_sql(
                "INSERT INTO session_table (id, session_id, number, seat_pick_seed, "
                "sheet_state, sheet_version, content_hash) VALUES (1, 1, 1, 0, 'open', 1, '')")
            connection.exec_driver_sql(
                "INSERT INTO hand (id, table_id, number, dealer_id, result) "
                "VALUES (1, 1, 1, 1, 'draw')")
            for player in range(1, 5):
                connection.exec_driver_sql(
                    "INSERT INTO hand_delta (hand_id, player_id, delta) "
                    f"VALUES (1, {player}, 0)")
    engine.dispose()
    document = open_document(path)
    try:
        with document.unit_of_work() as uow:
            tournament = uow.tournaments.list()[0]
            hand = uow.hands.get(1)
        assert tournament.name == "Old Open"
        assert tournament.settings.seat_rotation.value == "none"
        assert tournament.settings.false_win_points == 0
        assert hand.deltas == ((1, 0), (2, 0), (3, 0), (4, 0)) and hand.player_points == ()
        assert document.integrity_problems() == []
    finally:
        document.close(backup=False)
    assert any(b.stem.endswith("migration") for b in list_backups(path))


def test_a_0002_file_gets_its_corrections_withdrawals_and_audit_chain(
        document: Document) -> None:
    """A file from before 0003, with a correction and a withdrawal made by that version:
    the correction is recovered from the audit log, the withdrawal dated, the audit log
    sealed as a chain, and the whole record verifies."""
    from alembic import command

    from tests.exports.sample_event import build_sample_event
    from tournament_manager.domain.model import PlayerStatus
    from tournament_manager.services.players import set_player_status
    from tournament_manager.services.verification import verify
    from tournament_manager.storage.migrate import _config

    sample = build_sample_event(document)
    set_player_status(document.unit_of_work(), sample.players[7], PlayerStatus.WITHDRAWN)
    with document.unit_of_work() as uow:
        (before,) = uow.corrections.list()
    path = document.path
    document.close(backup=False)
    engine = make_engine(path, foreign_keys=False)
    with engine.connect() as connection, connection.begin():
        command.downgrade(_config(connection), "0002")
        # A 0002 file never knew these records.
        connection.exec_driver_sql(
            "DELETE FROM audit WHERE entity IN ('head_judge', 'sheet_correction')")
    engine.dispose()
    with sqlite3.connect(path) as connection:
        columns = [row[1] for row in connection.execute("PRAGMA table_info(audit)")]
    assert "chain" not in columns
    upgraded = open_document(path)
    try:
        with upgraded.unit_of_work() as uow:
            (after,) = uow.corrections.list()
            withdrawn = uow.players.get(sample.players[7])
        assert (after.table_id, after.version, after.reason, after.head_judge) == (
            before.table_id, before.version, before.reason, before.head_judge)
        assert withdrawn.withdrawn_after == 1
        with upgraded.unit_of_work() as uow:
            assert uow.rounds.list(number=1)[0].status.value == "running"
        report = verify(upgraded.unit_of_work())
        assert report.ok, report.findings
    finally:
        upgraded.close(backup=False)


def test_the_revisions_read_from_the_files_are_alembics() -> None:
    """`schema_state` reads the shipped revisions without alembic (a third of a second at
    every start); they must be exactly what alembic itself finds."""
    from alembic.config import Config
    from alembic.script import ScriptDirectory

    from tournament_manager.storage.revisions import MIGRATIONS_DIR, revisions

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS_DIR))
    script = ScriptDirectory.from_config(config)
    known, head = revisions()
    assert known == {revision.revision for revision in script.walk_revisions()}
    assert head == script.get_current_head()


def test_a_current_file_opens_without_importing_alembic(tmp_path: Path) -> None:
    import subprocess
    import sys

    from tournament_manager.storage.document import create_document

    path = tmp_path / "current.tmt"
    create_document(path).close(backup=False)
    code = ("import sys; from pathlib import Path; "
            "from tournament_manager.storage.document import open_document; "
            f"open_document(Path({str(path)!r})).close(backup=False); "
            "print('alembic' in sys.modules)")
    shown = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                           check=True).stdout.strip()
    assert shown == "False"
