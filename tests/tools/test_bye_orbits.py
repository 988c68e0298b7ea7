"""`tools/seating_search/bye_orbits.py`, the offline search behind bye_orbits.json, run as
its command (it builds `plain_search.c` with gcc): on small fields of each kind of bye it
finds a base session that verifies, prints the entry the draw reads, and writes it."""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tournament_manager.domain.seating.chair_library import sound_with_byes
from tournament_manager.domain.seating.orbits import OrbitStructure, expand

TOOL = Path(__file__).resolve().parents[2] / "tools" / "seating_search" / "bye_orbits.py"


def _run(*arguments: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(TOOL), *arguments], capture_output=True,
                          text=True, timeout=600, check=False)


@pytest.mark.parametrize(("players", "out"), [(31, 3), (33, 1), (34, 2)])
def test_the_base_session_it_prints_seats_the_field_without_a_repeat(players: int,
                                                                     out: int) -> None:
    done = _run("--players", str(players), "--sessions", "10", "--seed", "1")
    assert done.returncode == 0, done.stderr
    entry: dict[str, Any] = json.loads(done.stdout)
    assert (entry["players"], entry["sessions"], entry["cycle"]) == (players, 10, 10)
    schedule = expand(OrbitStructure(entry["cycle"], tuple(entry["speeds"])), entry["base"], 10)
    assert sound_with_byes(schedule, players)
    assert all(len(session) == players // 4 for session in schedule)
    assert f"--players {players} --sessions 10 --seed" in entry["command"]


def test_a_field_the_structure_cannot_hold_is_refused_in_words() -> None:
    for players, sessions in ((32, 10), (29, 10)):  # no bye; fewer than three levels' worth
        done = _run("--players", str(players), "--sessions", str(sessions))
        assert done.returncode == 2
        assert "do not fit" in done.stderr and "Traceback" not in done.stderr


def test_write_puts_the_entry_in_the_file_in_order(tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    spec = importlib.util.spec_from_file_location("bye_orbits", TOOL)
    assert spec is not None and spec.loader is not None
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    entries = tmp_path / "bye_orbits.json"
    entries.write_text('{"entries": [\n  {"players": 70, "sessions": 22}\n]}\n', encoding="utf-8")
    monkeypatch.setattr(tool, "ENTRIES", entries)
    assert tool.main(["--players", "31", "--sessions", "10", "--write"]) == 0
    written = json.loads(entries.read_text(encoding="utf-8"))["entries"]
    assert [(e["players"], e["sessions"]) for e in written] == [(31, 10), (70, 22)]
    assert sound_with_byes(expand(OrbitStructure(10, (1, 1, 1)), written[0]["base"], 10), 31)
