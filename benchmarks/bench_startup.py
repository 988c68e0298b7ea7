"""How fast the application starts: commands and the window, against bare baselines measured
in the same interleaved run (medians of wall times from process spawn).

    .venv/bin/python -m benchmarks.bench_startup [--runs 15] [--window]

Commands run as installed: `tournament-manager` beside the interpreter, with compiled
bytecode (written by a first run where the environment forbade it).

- `score FILE` of one hand against `startup/bare_scorer.py` (a single-file scorer using only
  the standard library, run the same way): target at most 3x;
- `info FILE` against the same bare scorer: at most 10x;
- `--help` and `--version` against `python -c` building and running an argument parser:
  at most 2x;
- with `--window` (a display, or QT_QPA_PLATFORM=offscreen): the main window first painted
  ("window shown", target under 1 s), and painted again with a 256-player event open in it
  ("window opened": the application opens its first document once the window is up).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
HAND = {"concealed": "123m456m789m11p22s", "winning_tile": "2s", "win_type": "self_draw",
        "seat_wind": "E"}
ARGPARSE = "import argparse; argparse.ArgumentParser(prog='x').parse_args([])"


def _wall(command: list[str], env: dict[str, str]) -> dict[str, float]:
    """Seconds from spawn to the end ("done"), and to each line the process prints."""
    started = time.perf_counter()
    marks: dict[str, float] = {}
    with subprocess.Popen(command, env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                          text=True) as process:
        assert process.stdout is not None
        for line in process.stdout:
            marks.setdefault(line.strip(), time.perf_counter() - started)
        if process.wait():
            raise SystemExit(f"{command} failed")
    marks["done"] = time.perf_counter() - started
    return marks


def _installed_command(python: str) -> list[str]:
    """`tournament-manager` as installed beside this interpreter (the issue's command, and
    what a judge types), or `python -m tournament_manager` where no script was installed."""
    script = Path(python).with_name("tournament-manager")
    return [str(script)] if script.exists() else [python, "-m", "tournament_manager"]


def _event(folder: Path) -> Path:
    sys.path.insert(0, str(HERE.parent))
    from tests.gui.event_files import seated_event_file

    path, _ = seated_event_file(folder / "event.tmt", players=256)
    return path


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--window", action="store_true")
    options = parser.parse_args()
    python = sys.executable
    app = _installed_command(python)
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        hand = root / "hand.json"
        hand.write_text(json.dumps(HAND))
        event = _event(root)
        env = {**os.environ, "TOURNAMENT_MANAGER_DATA_DIR": str(root / "data")}
        # As installed: modules compiled once (pip compiles them; the frozen build holds
        # them), not recompiled from source at every start as PYTHONDONTWRITEBYTECODE would.
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        for command in (*app, "score", str(hand)), (*app, "info", str(event)):
            _wall(list(command), env)  # writes the bytecode of whatever has none yet
        cases: dict[str, tuple[list[str], tuple[str, ...]]] = {
            "bare scorer": ([python, str(HERE / "startup" / "bare_scorer.py"), str(hand)],
                            ("done",)),
            "argparse": ([python, "-c", ARGPARSE], ("done",)),
            "score": ([*app, "score", "--rules", "zung-jung", str(hand)], ("done",)),
            "info": ([*app, "info", str(event)], ("done",)),
            "--help": ([*app, "--help"], ("done",)),
            "--version": ([*app, "--version"], ("done",)),
        }
        if options.window:
            cases["window"] = ([python, str(HERE / "startup" / "window_shown.py"), str(event)],
                               ("shown", "opened"))
        times: dict[str, list[float]] = {}
        for _ in range(options.runs):  # interleaved: a busy moment hits every case alike
            for name, (command, marks) in cases.items():
                measured = _wall(command, env)
                for mark in marks:
                    key = name if mark == "done" else f"{name} {mark}"
                    times.setdefault(key, []).append(measured[mark])
    median = {name: statistics.median(values) for name, values in times.items()}
    targets = {"score": ("bare scorer", 3.0), "info": ("bare scorer", 10.0),
               "--help": ("argparse", 2.0), "--version": ("argparse", 2.0)}
    print(f"{'case':<12} {'median ms':>10} {'min ms':>8} {'ratio':>12}  target")
    for name, values in times.items():
        ratio, target = "", ""
        if name in targets:
            base, limit = targets[name]
            ratio = f"{median[name] / median[base]:.1f}x {base}"
            target = f"<= {limit:g}x"
        elif name == "window shown":
            target = "< 1000 ms"
        print(f"{name:<12} {median[name] * 1000:>10.0f} {min(values) * 1000:>8.0f} "
              f"{ratio:>12}  {target}")


if __name__ == "__main__":
    main()
