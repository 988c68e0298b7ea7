"""Several stations at once on one event, on a file and on a PostgreSQL server (a
station per table entering and signing its sheet, desks registering late players and
reading the standings, the head judge drawing the next session): acts tried, committed,
refused (each in words: a draw outdated by a late player meanwhile) and lost, and the
time the whole run took.

    .venv/bin/python -m benchmarks.bench_stations --tables 8 --desks 2 --late 10

Needs Debian's postgresql installed (as .ci/run does); the server is started for the run
on a free port and removed after it."""

from __future__ import annotations

import argparse
import os
import tempfile
import time
from pathlib import Path

from tests.helpers.postgres import postgres_server
from tests.helpers.stations import check_record, make_event, run_stations
from tournament_manager import paths


def _one(label: str, address: str, tables: int, desks: int, late: int) -> None:
    seated = make_event(address, tables)
    start = time.perf_counter()
    run = run_stations(address, seated, desks, late, draws=20)
    seconds = time.perf_counter() - start
    record = check_record(address, seated)
    lost = (record.hands_lost + record.hands_doubled + record.registration_numbers_doubled
            + (desks * late - record.players_registered))
    print(f"{label:7} stations {len(seated) + desks + 1:3}  acts tried {run.tried:5}  committed "
          f"{run.committed:5}  refused {len(run.refusals):3}  lost {lost}  findings "
          f"{len(record.findings)}  {seconds:6.1f} s  ({run.committed / seconds:6.1f} acts/s)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=8)
    parser.add_argument("--desks", type=int, default=2)
    parser.add_argument("--late", type=int, default=10)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        os.environ[paths.DATA_DIR_ENV] = str(Path(folder) / "data")  # backups stay here
        _one("file", str(Path(folder) / "busy.tmt"), args.tables, args.desks, args.late)
    with postgres_server() as base:
        _one("server", base + "bench_stations", args.tables, args.desks, args.late)


if __name__ == "__main__":
    main()
