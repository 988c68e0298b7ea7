"""A terminal's `info` or `players list` beside the window never takes the window's work.

SQLite's locks are POSIX locks: a process loses them all when it closes any descriptor of
the file, and the window's file dialogs open the .tmt to sniff its type (QMimeDatabase
reads its first bytes). A read-write reader in another process then believed itself the
last one when it closed, folded the journal back and removed it, and the window wrote on
into a journal no longer on disk: `info` showed three players where the window had
eight, and a crash lost five. Readers beside a journal are read-only now."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from tournament_manager.application.events import open_event
from tournament_manager.cli.main import run_cli
from tournament_manager.domain.model import Player
from tournament_manager.services.players import register_player

ROOT = Path(__file__).resolve().parents[2]


def _command(*args: str) -> str:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), *sys.path])}
    done = subprocess.run([sys.executable, "-m", "tournament_manager", *args],
                          capture_output=True, text=True, env=env, check=True)
    return done.stdout


def _open_descriptors(path: Path) -> list[str]:
    found = []
    for fd in os.listdir("/proc/self/fd"):
        try:
            target = os.readlink(f"/proc/self/fd/{fd}")
        except OSError:
            continue
        if target.startswith(str(path)):
            found.append(target)
    return found


def test_a_reader_in_another_process_leaves_the_windows_journal_alone(tmp_path: Path) -> None:
    path = tmp_path / "event.tmt"
    assert run_cli(["new", str(path), "--name", "Beside"]) == 0
    window = open_event(path)  # as the window holds it: open, writing
    try:
        register_player(window.unit_of_work(), Player(name="Ann"))
        with path.open("rb") as sniffed:  # what a file dialog's type sniffing does
            sniffed.read(16)
        assert "Beside" in _command("info", str(path))
        assert "Ann" in _command("players", "list", str(path))
        if Path("/proc/self/fd").is_dir():
            assert not [d for d in _open_descriptors(path) if d.endswith("(deleted)")]
        register_player(window.unit_of_work(), Player(name="Bo"))
        listed = _command("players", "list", str(path))
        assert "Ann" in listed and "Bo" in listed, "the window's work reaches the file"
    finally:
        window.close(backup=False)
    assert "Bo" in _command("players", "list", str(path))
