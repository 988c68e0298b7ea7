"""Building an offline C search for its tests, as its header says (`gcc -O2 -o NAME NAME.c`)."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

from tournament_manager.domain.seating.library import _expanded, sound

SEATING_SEARCH = Path(__file__).resolve().parents[2] / "tools" / "seating_search"


def built(name: str, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """`tools/seating_search/<name>.c` compiled into a fresh temporary directory."""
    binary = tmp_path_factory.mktemp(name) / name
    subprocess.run(["gcc", "-O2", "-o", str(binary), str(SEATING_SEARCH / f"{name}.c")],
                   check=True)
    return binary


def ran(binary: Path, *args: int | str) -> subprocess.CompletedProcess[str]:
    """The search run with its arguments, its output kept, its exit code left to the test."""
    return subprocess.run([str(binary), *map(str, args)], capture_output=True, text=True,
                          timeout=600, check=False)


def printed_base(done: subprocess.CompletedProcess[str]) -> list[list[int]]:
    """The base session a search printed after 'TABLES ', having ended well."""
    assert done.returncode == 0, done.stdout + done.stderr
    line = next(line for line in done.stdout.splitlines() if line.startswith("TABLES "))
    base: list[list[int]] = json.loads(line.removeprefix("TABLES "))
    return base


def assert_refused_completely(done: subprocess.CompletedProcess[str]) -> None:
    """The search ended within its nodes without a solution: none exists in what it searched."""
    assert done.returncode == 1
    assert done.stdout.startswith("no solution (search complete"), done.stdout


def assert_sound_level_base(base: list[list[int]], players: int, cycle: int) -> None:
    """A base session on three levels of Z_cycle with kept fixed players, as a library entry
    ("cycle": cycle, "speeds": [1, 1, 1]) would ship it: every player seated once, and
    every pair meeting once at most over the cycle's sessions."""
    assert sorted(p for table in base for p in table) == list(range(players))
    entry = {"players": players, "sessions": cycle, "cycle": cycle, "speeds": [1, 1, 1],
             "base": base}
    schedule = _expanded(entry, cycle)
    assert len(schedule) == cycle
    assert sound(schedule, players)
