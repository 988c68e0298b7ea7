"""`verify`, `head-judge` and `new --head-judge`, as real processes where the exit status
and the terminal-less passphrase input matter."""

from __future__ import annotations

import os
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

from tests.exports.sample_event import build_sample_event
from tests.helpers.head_judge import CREDENTIAL
from tournament_manager.services.head_judge import check_passphrase, head_judge
from tournament_manager.storage.document import Document, open_document


def _run(*args: str, stdin: str = "", env: dict[str, str] | None = None
         ) -> subprocess.CompletedProcess[str]:
    environment = {key: value for key, value in os.environ.items()
                   if not key.startswith("TOURNAMENT_MANAGER_") or key.endswith("DATA_DIR")}
    environment.update(env or {})
    return subprocess.run([sys.executable, "-m", "tournament_manager", *args], input=stdin,
                          capture_output=True, text=True, env=environment, check=False)


def test_verify_exits_zero_on_a_clean_file_and_one_per_problem_line(
        document: Document, tmp_path: Path) -> None:
    build_sample_event(document)
    document.close(backup=False)
    clean = _run("verify", str(document.path))
    assert clean.returncode == 0, clean.stderr
    assert clean.stdout.startswith("verified: 2 signed sheets, 32 hands")
    tampered = tmp_path / "tampered.tmt"
    shutil.copy(document.path, tampered)
    with sqlite3.connect(tampered) as connection:
        connection.execute("DELETE FROM hand WHERE number = 16 AND table_id = "
                           "(SELECT max(id) FROM session_table)")
    result = _run("verify", str(tampered))
    assert result.returncode == 1
    lines = result.stdout.splitlines()
    assert lines[0] == ("session 1, table 2: does not match the signatures of version 1: "
                        "hand 16 removed")
    assert lines[-1] == "2 problems found; sheets in doubt: session 1 table 2"


def test_verify_of_a_missing_file_is_one_line(tmp_path: Path) -> None:
    result = _run("verify", str(tmp_path / "none.tmt"))
    assert result.returncode == 1 and len(result.stderr.splitlines()) == 1


def test_new_sets_the_head_judge_from_standard_input(tmp_path: Path) -> None:
    path = tmp_path / "event.tmt"
    created = _run("new", str(path), "--name", "Open", "--head-judge", "Ada Judge",
                   "--passphrase-stdin", stdin=CREDENTIAL.passphrase + "\n")
    assert created.returncode == 0, created.stderr
    assert created.stderr == ""
    document = open_document(path, read_only=True)
    try:
        judge = head_judge(document.unit_of_work())
        assert judge is not None and judge.name == "Ada Judge"
        assert CREDENTIAL.passphrase not in judge.key
        assert check_passphrase(document.unit_of_work(), CREDENTIAL).name == "Ada Judge"
    finally:
        document.close(backup=False)


def test_new_refuses_a_short_passphrase_and_leaves_no_file(tmp_path: Path) -> None:
    path = tmp_path / "event.tmt"
    result = _run("new", str(path), "--name", "Open", "--passphrase-stdin", stdin="short\n")
    assert result.returncode == 1
    assert result.stderr.strip() == ("tournament-manager: the head judge passphrase needs at "
                                     "least 8 characters")
    assert not path.exists()


def test_new_without_a_terminal_says_how_to_set_one(tmp_path: Path) -> None:
    result = _run("new", str(tmp_path / "event.tmt"), "--name", "Open")
    assert result.returncode == 0
    assert "tournament-manager head-judge" in result.stderr


def test_changing_the_passphrase_needs_the_current_one(tmp_path: Path) -> None:
    path = tmp_path / "event.tmt"
    _run("new", str(path), "--name", "Open", env={
        "TOURNAMENT_MANAGER_PASSPHRASE": CREDENTIAL.passphrase})
    wrong = _run("head-judge", str(path), "--passphrase-stdin",
                 stdin="not the passphrase\nanother passphrase\n")
    assert wrong.returncode == 1
    assert "not the head judge's passphrase" in wrong.stderr
    changed = _run("head-judge", str(path), "--name", "Bo Judge", "--passphrase-stdin",
                   stdin=f"{CREDENTIAL.passphrase}\nanother passphrase\n")
    assert changed.returncode == 0, changed.stderr
    document = open_document(path, read_only=True)
    try:
        judge = head_judge(document.unit_of_work())
        assert judge is not None and judge.name == "Bo Judge"
        from tournament_manager.services.head_judge import HeadJudgeCredential
        check_passphrase(document.unit_of_work(), HeadJudgeCredential("another passphrase"))
    finally:
        document.close(backup=False)


def test_reopening_a_finished_session_needs_the_passphrase_and_a_reason(
        document: Document) -> None:
    build_sample_event(document)
    document.close(backup=False)
    path = str(document.path)
    wrong = _run("session", "reopen", path, "1", "--reason", "table 2 appealed in time",
                 "--passphrase-stdin", stdin="not the passphrase\n")
    assert (wrong.returncode, wrong.stderr.strip()) == (
        1, "tournament-manager: that is not the head judge's passphrase")
    short = _run("session", "reopen", path, "1", "--reason", "appeal", "--passphrase-stdin",
                 stdin=CREDENTIAL.passphrase + "\n")
    assert short.returncode == 1 and "at least 10 characters" in short.stderr
    done = _run("session", "reopen", path, "1", "--reason", "table 2 appealed in time",
                env={"TOURNAMENT_MANAGER_PASSPHRASE": CREDENTIAL.passphrase})
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "session 1 reopened"
    no_terminal = _run("session", "reopen", path, "1", "--reason", "table 2 appealed again")
    assert no_terminal.returncode == 2 and "--passphrase-stdin" in no_terminal.stderr
