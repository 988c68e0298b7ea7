"""Building an offline C search for its tests, as its header says (`gcc -O2 -o NAME NAME.c`)."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

SEATING_SEARCH = Path(__file__).resolve().parents[2] / "tools" / "seating_search"


def built(name: str, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """`tools/seating_search/<name>.c` compiled into a fresh temporary directory."""
    binary = tmp_path_factory.mktemp(name) / name
    subprocess.run(["gcc", "-O2", "-o", str(binary), str(SEATING_SEARCH / f"{name}.c")],
                   check=True)
    return binary
