"""The command line on odd paths, addresses, full and read-only disks and stale locks:
every case is one worded line and status 1 (never an internal error, status 70), and a
file is only ever created under the name given. Run as real processes on real files.
"""

from __future__ import annotations

import json
import os
import shutil
import sqlite3
import subprocess
import sys
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from tests.storage.disks import fill, read_only_folder, small_disk
from tournament_manager import paths
from tournament_manager.cli.documents import event_address
from tournament_manager.cli.main import _commands, build_parser, run_cli
from tournament_manager.storage.backup import list_backups

ROOT = Path(__file__).resolve().parents[2]
ADDRESS = "mysql://judge@db.example.org/open2026"
"""An address of a kind no event is kept at (a PostgreSQL one is a server event)."""


def _run(*args: str, cwd: Path | None = None, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "tournament_manager", *args], input=stdin,
        capture_output=True, text=True, cwd=cwd or ROOT, check=False, timeout=120,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )


def _one_line(completed: subprocess.CompletedProcess[str]) -> str:
    assert completed.returncode == 1, completed.stderr
    assert "Traceback" not in completed.stderr and "internal error" not in completed.stderr
    lines = completed.stderr.strip().splitlines()
    assert len(lines) == 1, completed.stderr
    return lines[0]


def _names(path: Path) -> list[str]:
    connection = sqlite3.connect(os.fspath(path))
    try:
        return [name for (name,) in connection.execute("SELECT name FROM player ORDER BY id")]
    finally:
        connection.close()


@pytest.mark.parametrize("name", ["Open%202026.tmt", "who?.tmt", "club #3 東京.tmt"])
def test_new_and_players_add_use_exactly_the_name_given(tmp_path: Path, name: str) -> None:
    path = tmp_path / name
    created = _run("new", str(path), "--name", "Odd Open")
    assert created.returncode == 0, created.stderr
    added = _run("players", "add", str(path), "--name", "Ada")
    assert added.returncode == 0, added.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == [name]
    assert _names(path) == ["Ada"]
    assert _names(list_backups(path)[0]) == ["Ada"]  # backups hold the data


# Each command that takes an event (a file or a server address), with the arguments it
# requires.
DOCUMENT_COMMANDS = {
    "demo": ["demo", "{file}"],
    "export": ["export", "{file}", "--what", "standings", "--out", "out.pdf"],
    "head-judge": ["head-judge", "{file}"],
    "info": ["info", "{file}"],
    "new": ["new", "{file}", "--name", "X"],
    "players import": ["players", "import", "{file}", "players.csv"],
    "players add": ["players", "add", "{file}", "--name", "Ada"],
    "players list": ["players", "list", "{file}"],
    "players withdraw": ["players", "withdraw", "{file}", "1"],
    "players reinstate": ["players", "reinstate", "{file}", "1"],
    "session draw": ["session", "draw", "{file}", "1"],
    "session show": ["session", "show", "{file}", "1"],
    "session swap": ["session", "swap", "{file}", "1", "2", "3"],
    "session seat-pick": ["session", "seat-pick", "{file}", "1", "1"],
    "session start": ["session", "start", "{file}", "1"],
    "session finish": ["session", "finish", "{file}", "1"],
    "session clock": ["session", "clock", "{file}", "1"],
    "session reopen": ["session", "reopen", "{file}", "1", "--reason", "appeal"],
    "standings": ["standings", "{file}"],
    "verify": ["verify", "{file}"],
    "copy": ["copy", "{file}", "copy.tmt"],
    "serve": ["serve", "{file}", "--host", "127.0.0.1", "--port", "0"],
}


def test_every_command_on_a_tournament_file_is_covered() -> None:
    """A new command that takes a file must be added above (and so be checked)."""
    taking_a_file = {
        command.prog.removeprefix("tournament-manager ") for command in _commands(build_parser())
        if any(action.type is event_address for action in command._actions)}
    assert taking_a_file == set(DOCUMENT_COMMANDS)


@pytest.mark.parametrize("command", sorted(DOCUMENT_COMMANDS))
def test_a_database_address_is_refused_by_every_command(
        command: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "players.csv").write_text("Name\nAda\n", encoding="utf-8")
    before = sorted(p.name for p in tmp_path.iterdir())
    argv = [item.replace("{file}", ADDRESS) for item in DOCUMENT_COMMANDS[command]]
    assert run_cli(argv) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert f"{ADDRESS} is an address (mysql://…) this application cannot use" in err
    assert sorted(p.name for p in tmp_path.iterdir()) == before  # no folder "postgresql:"


@pytest.mark.parametrize(("typed", "said"), [
    ("", "an empty name stands where a file's name (or a server address) belongs"),
    ("   ", "an empty name stands where a file's name (or a server address) belongs"),
    ("postgresql://", ("postgresql:// cannot be used as a server address: it names no "
                       "database (…/event at the end)")),
])
def test_an_empty_or_bare_address_is_refused_as_typed(
        typed: str, said: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """`standings ""` read the current folder (". cannot be read: [Errno 21] Is a
    directory"), and `standings postgresql://` a file "postgresql:" (the path had lost
    its "//")."""
    monkeypatch.chdir(tmp_path)
    assert run_cli(["standings", typed]) == 1
    assert capsys.readouterr().err == f"tournament-manager: {said}\n"
    assert list(tmp_path.iterdir()) == []


def test_an_address_as_the_output_of_an_export_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "event.tmt"
    assert _run("new", str(path), "--name", "Open").returncode == 0
    line = _one_line(_run("export", str(path), "--what", "standings", "--out",
                          "https://example.org/standings.pdf", cwd=tmp_path))
    assert "is an address (https://…)" in line
    assert not (tmp_path / "https:").exists()


def test_a_server_that_cannot_be_reached_is_one_line(tmp_path: Path) -> None:
    line = _one_line(_run("info", "postgresql://judge@127.0.0.1:1/open2026", cwd=tmp_path))
    assert line.startswith("tournament-manager: the server of postgresql://judge@127.0.0.1:1/"
                           "open2026 cannot be reached (")
    assert list(tmp_path.iterdir()) == []


def _event(path: Path) -> Path:
    created = _run("new", str(path), "--name", "Disk Open")
    assert created.returncode == 0, created.stderr
    assert _run("players", "add", str(path), "--name", "Ada").returncode == 0
    return path


def test_a_read_only_disk_refuses_writes_in_one_line_and_still_reads(tmp_path: Path) -> None:
    source = _event(tmp_path / "event.tmt")

    def prepare(folder: Path) -> None:
        shutil.copyfile(source, folder / "event.tmt")

    with read_only_folder(tmp_path / "cdrom", prepare) as folder:
        path = folder / "event.tmt"
        line = _one_line(_run("players", "add", str(path), "--name", "Bo"))
        assert "read-only" in line and "nothing was changed" in line
        shown = _run("players", "list", str(path))
        assert shown.returncode == 0 and "Ada" in shown.stdout, shown.stderr
        assert "Disk Open" in _run("info", str(path)).stdout
        line = _one_line(_run("new", str(folder / "other.tmt"), "--name", "X"))
        assert "read-only" in line


def test_a_full_disk_is_no_space_never_damaged(tmp_path: Path) -> None:
    source = _event(tmp_path / "event.tmt")
    with small_disk(tmp_path / "stick", 512) as stick:
        path = stick / "event.tmt"
        shutil.copyfile(source, path)
        filler = fill(stick)
        for command in (["players", "add", str(path), "--name", "Bo"], ["info", str(path)]):
            line = _one_line(_run(*command))
            assert "no space" in line and "damaged" not in line and "backup" not in line
        filler.unlink()
        assert _run("players", "add", str(path), "--name", "Bo").returncode == 0
    assert _names(source) == ["Ada"]


def test_a_full_backup_folder_is_a_warning_and_the_work_is_done(tmp_path: Path) -> None:
    path = _event(tmp_path / "event.tmt")
    with small_disk(tmp_path / "data", 256) as data:
        fill(data)
        completed = subprocess.run(
            [sys.executable, "-m", "tournament_manager", "players", "add", str(path),
             "--name", "Bo"], capture_output=True, text=True, cwd=ROOT, check=False,
            timeout=120, env={**os.environ, "PYTHONPATH": str(ROOT),
                              paths.DATA_DIR_ENV: str(data)})
    assert completed.returncode == 0, completed.stderr
    warnings = [line for line in completed.stderr.splitlines()
                if line.startswith("tournament-manager: warning:")]
    assert len(warnings) == 2, completed.stderr  # on opening and on closing
    assert all("backup" in line and "no space" in line for line in warnings)
    assert _names(path) == ["Ada", "Bo"]


def _lock(path: Path, **record: object) -> None:
    path.with_name(path.name + ".lock").write_text(json.dumps(record), encoding="utf-8")


def test_take_over_lock_breaks_a_lock_from_another_host_and_says_whose(tmp_path: Path) -> None:
    path = _event(tmp_path / "event.tmt")
    since = (datetime.now(UTC) - timedelta(days=2)).isoformat(timespec="seconds")
    _lock(path, pid=4242, host="judge-laptop-2", user="anna", since=since)
    line = _one_line(_run("players", "add", str(path), "--name", "Bo"))
    assert "anna on judge-laptop-2" in line and "for 2 days" in line
    assert "--take-over-lock" in line
    taken = _run("players", "add", str(path), "--name", "Bo", "--take-over-lock")
    assert taken.returncode == 0, taken.stderr
    assert taken.stderr.count("\n") == 1
    assert "took over the lock" in taken.stderr and "anna on judge-laptop-2" in taken.stderr
    assert _names(path) == ["Ada", "Bo"]
    assert not path.with_name("event.tmt.lock").exists()


_HOLD = ("import sys; from pathlib import Path; "
         "from tournament_manager.storage.document import open_document; "
         "document = open_document(Path(sys.argv[1])); print('holding', flush=True); "
         "sys.stdin.read(); document.close(backup=False)")


def test_take_over_lock_never_breaks_a_lock_held_here(tmp_path: Path) -> None:
    path = _event(tmp_path / "event.tmt")
    holder = subprocess.Popen([sys.executable, "-c", _HOLD, str(path)], stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE, text=True, cwd=ROOT,
                              env={**os.environ, "PYTHONPATH": str(ROOT)})
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "holding"
        line = _one_line(_run("players", "add", str(path), "--name", "Bo",
                              "--take-over-lock"))
        assert f"process {holder.pid}" in line and "close the file there" in line
    finally:
        holder.communicate("", timeout=60)
    assert _names(path) == ["Ada"]
