"""`tools/seating_search/bye_proof.py`, the proof behind `proved.PROVED_LEAST_EXCESS`, run
as its command: the model first finds the 16 x 5 design (so it does not forbid too much),
then refutes every case of 17 x 5 without a repeat."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

TOOL = Path(__file__).resolve().parents[2] / "tools" / "seating_search" / "bye_proof.py"


def test_seventeen_players_cannot_play_five_sessions_without_a_repeat() -> None:
    done = subprocess.run([sys.executable, str(TOOL)], capture_output=True, text=True,
                          timeout=1800, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    lines = done.stdout.splitlines()
    assert lines[0].startswith("control: the model finds the 16 x 5 design")
    cases = [line for line in lines if line.startswith("H = ")]
    assert len(cases) == 26 and all(": refuted in " in line for line in cases)
    assert lines[-1].startswith("17 x 5 with fair byes cannot be drawn without a repeated")
