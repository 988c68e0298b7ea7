"""Several commands on one file at once, as a results desk's scripts run them: each
waits its turn for the file instead of failing, and nothing is lost or given twice."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from tournament_manager.cli.main import run_cli

RACERS = 16


def test_sixteen_commands_at_once_all_register_their_player(tmp_path: Path, capsys) -> None:
    path = tmp_path / "busy.tmt"
    assert run_cli(["new", str(path), "--name", "Busy Desk"]) == 0
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    children = [subprocess.Popen(
        [sys.executable, "-m", "tournament_manager", "players", "add", str(path),
         "--name", f"Racer {n:02}"], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        text=True, env=env) for n in range(RACERS)]
    results = [(child.wait(timeout=300), *child.communicate()) for child in children]
    refused = [err for code, _out, err in results if code != 0]
    assert refused == [], refused
    capsys.readouterr()
    assert run_cli(["players", "list", str(path), "--json"]) == 0
    players = json.loads(capsys.readouterr().out)
    assert sorted(p["name"] for p in players) == [f"Racer {n:02}" for n in range(RACERS)]
    numbers = [p["registration_id"] for p in players]
    assert sorted(numbers, key=int) == [str(n) for n in range(1, RACERS + 1)]
    assert run_cli(["verify", str(path)]) == 0
