"""`tools/seating_search/chairs_search.py`, the offline search behind chairs.json, run as
its command: on a small field it finds chairs that verify, and prints the entry the draw
would read."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from tournament_manager.domain.seating.chair_library import (
    core_schedule,
    sound_with_byes,
    stood_in,
)

TOOL = Path(__file__).resolve().parents[2] / "tools" / "seating_search" / "chairs_search.py"


def _run(*arguments: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(TOOL), *arguments], capture_output=True,
                          text=True, timeout=600, check=False)


def test_the_chairs_it_prints_seat_two_extra_players_without_a_repeat() -> None:
    done = _run("--players", "30", "--sessions", "9", "--seconds", "300")
    assert done.returncode == 0, done.stderr
    entry = json.loads(done.stdout)
    assert (entry["players"], entry["sessions"], entry["core"]) == (30, 9, 28)
    core = core_schedule(28, 9)
    assert core is not None
    assert sound_with_byes(stood_in(core, entry["chairs"]), 30)


def test_a_field_of_a_multiple_of_four_is_refused_in_words() -> None:
    done = _run("--players", "32", "--sessions", "10")
    assert done.returncode == 2
    assert "4T + 1 or 4T + 2" in done.stderr
    assert "Traceback" not in done.stderr


def test_two_extra_players_on_the_affine_core_are_found_through_its_symmetry() -> None:
    """66 x 21: CP-SAT left the two extras undecided after 20 minutes; with the second the
    first moved by x -> a x (every parallel class of AG(3, 4) kept), in about a second."""
    done = _run("--players", "66", "--sessions", "21", "--seconds", "300",
                "--symmetry", "scale")
    assert done.returncode == 0, done.stderr
    entry = json.loads(done.stdout)
    core = core_schedule(64, 21)
    assert core is not None
    assert sound_with_byes(stood_in(core, entry["chairs"]), 66)


def test_a_symmetry_the_core_does_not_have_is_refused_in_words() -> None:
    done = _run("--players", "30", "--sessions", "9", "--symmetry", "scale")
    assert done.returncode != 0
    assert "does not map this core" in done.stderr
    assert "Traceback" not in done.stderr
