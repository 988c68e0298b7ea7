"""The offline C search that found the squares of order 34 (tools/seating_search/
cycle_search.c), built with gcc as its header says.

The search itself takes minutes to hours, so what is tested is the part that makes the
shipped data: from the columns it finds, `check` develops the matrix that goes into
square_rows.json and checks all fifteen pairs of rows. The file's entry of order 34 must come
back from its own base columns, and columns one entry off must be refused.
"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path
from typing import Any

import pytest

from tests.helpers.c_tools import built
from tournament_manager.domain.seating.table_squares import _file_entries


@pytest.fixture(scope="module")
def cycle_search(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return built("cycle_search", tmp_path_factory)


def _entry_34() -> dict[str, Any]:
    return next(entry for entry in _file_entries()[34] if "matrix" in entry)


def _columns(matrix: list[list[int | None]]) -> list[str]:
    """The lines the search prints for the base columns of a matrix it made: column 5k is full
    base column k (c_0..c_5), column 25 the one blank in row 0 (c_1..c_5), columns 30..34 the
    kept ones (a in row 0, f in row 5 or the blank)."""
    def value(v: int | None) -> str:
        return "-1" if v is None else str(v)

    lines = [f"FIXED {matrix[0][c]} {value(matrix[5][c])}" for c in range(30, 35)]
    lines.append("BLANK " + " ".join(value(matrix[r][25]) for r in range(1, 6)))
    lines += ["FULL " + " ".join(value(matrix[r][c]) for r in range(6)) for c in range(0, 25, 5)]
    return lines


def _check(binary: Path, lines: list[str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(binary), "check"], input="\n".join(lines) + "\n",
                          capture_output=True, text=True, timeout=60, check=False)


def test_the_entry_of_order_34_comes_back_from_its_base_columns(cycle_search: Path) -> None:
    entry = _entry_34()
    assert entry["group"] == [33] and entry["blanks"] == 1
    assert "cycle_search" in entry["found_by"]
    done = _check(cycle_search, _columns(entry["matrix"]))
    assert done.returncode == 0, done.stdout
    matrix_line = next(line for line in done.stdout.splitlines() if line.startswith("MATRIX "))
    assert json.loads(matrix_line.removeprefix("MATRIX ")) == entry["matrix"]


def test_columns_one_entry_off_are_not_a_matrix(cycle_search: Path) -> None:
    lines = _columns(_entry_34()["matrix"])
    full = lines[-1].split()
    full[6] = str((int(full[6]) + 1) % 33)  # one c_5 moved: row 5 repeats a difference
    done = _check(cycle_search, [*lines[:-1], " ".join(full)])
    assert done.returncode == 1 and done.stdout.splitlines()[-1] == "NOT SOUND"


def test_input_that_is_not_the_columns_is_refused(cycle_search: Path) -> None:
    lines = _columns(_entry_34()["matrix"])
    assert _check(cycle_search, lines[:-1]).returncode == 2  # a FULL line short
    assert _check(cycle_search, ["FIXED 1"]).returncode == 2
