"""A 1,000-player, 10-session event end to end: the demo played through the services
(`tournament-manager demo`, target under 3 minutes) and its Excel workbook
(`tournament-manager export --what workbook`, target under 10 s and under 200 MB).

Each runs as its own process, as a judge runs them; wall time from spawn to exit, the CPU
time of the process and the ones it waited for, and the peak resident memory of the
largest of them (from `wait4`) are printed. The workbook's export verifies the file in a
second process beside the layout (`storage.verify_aside`): its wall time is the layout's
when another core is free, the sum of both when the machine is busy. `--runs N` exports
N times and prints the median too.

    cd /work/main && .venv/bin/python -m benchmarks.bench_big_event [--players 1000] [--sessions 10]
    cd /work/main && .venv/bin/python -m benchmarks.bench_big_event --reuse /tmp/big.tmt --runs 3
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def _run(command: list[str]) -> tuple[float, float, float]:
    """Seconds from spawn to exit, CPU seconds (with the processes it waited for), and
    the peak resident memory in MB."""
    started = time.perf_counter()
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _pid, status, usage = os.wait4(process.pid, 0)
    seconds = time.perf_counter() - started
    if os.waitstatus_to_exitcode(status):
        raise SystemExit(f"{' '.join(command)} failed")
    return seconds, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=1000)
    parser.add_argument("--sessions", type=int, default=10)
    parser.add_argument("--reuse", type=Path, help="an event already played: the workbook only")
    parser.add_argument("--runs", type=int, default=1, help="workbook exports (median printed)")
    args = parser.parse_args()
    app = [sys.executable, "-m", "tournament_manager"]
    with tempfile.TemporaryDirectory() as folder:
        event = args.reuse or Path(folder) / "big.tmt"
        if args.reuse is None:
            seconds, _cpu, megabytes = _run([*app, "demo", str(event), "--players",
                                             str(args.players), "--preset", "open",
                                             "--sessions", str(args.sessions)])
            print(f"demo {args.players} players x {args.sessions} sessions: {seconds:.1f} s, "
                  f"peak {megabytes:.0f} MB (target < 180 s)")
        times = []
        for _run_number in range(args.runs):
            seconds, cpu, megabytes = _run([*app, "export", str(event), "--what", "workbook",
                                            "--out", str(Path(folder) / "big.xlsx")])
            times.append(seconds)
            print(f"workbook: {seconds:.1f} s, CPU {cpu:.1f} s, peak {megabytes:.0f} MB "
                  f"(target < 10 s, < 200 MB; load average {os.getloadavg()[0]:.1f})",
                  flush=True)
        if args.runs > 1:
            print(f"workbook: median {statistics.median(times):.1f} s of {args.runs}")


if __name__ == "__main__":
    main()
