"""Small commits to an open event file, one unit of work each, as a judge makes them: hand
entries at one table (each checked against the sheet, stored and audited) and renames
of the event. Prints the time of each run of commits, per commit, and the sizes of the
.tmt and its -wal once they are done (the document still open): the cost of keeping the
.tmt itself up to date after every write (`SqlUnitOfWork.commit`'s checkpoint).

    cd /work/main && .venv/bin/python -m benchmarks.bench_commits [--commits 500] [--runs 3]
"""

from __future__ import annotations

import argparse
import dataclasses
import os
import statistics
import tempfile
import time
from pathlib import Path

from tests.helpers.seated_event import seat_event
from tournament_manager import paths
from tournament_manager.domain.model import HandResult, Win, WinType
from tournament_manager.domain.presets import Preset, preset_settings
from tournament_manager.services.score_sheets import HandEntry, enter_hand
from tournament_manager.services.setup import rename_event
from tournament_manager.services.tournaments import create_tournament
from tournament_manager.storage.document import Document, create_document


def _event(path: Path, commits: int) -> tuple[Document, int, list[int]]:
    document = create_document(path)
    create_tournament(document.unit_of_work(), "Bench Open", preset_settings(Preset.WSOM_2015))
    with document.unit_of_work() as uow:
        tournament = uow.tournaments.list()[0]
        uow.tournaments.update(dataclasses.replace(
            tournament, settings=dataclasses.replace(tournament.settings,
                                                     hands_per_session=commits + 1)))
        uow.commit()
    seated = seat_event(document, players=4)
    return document, seated.tables[0], list(seated.players)


def _sizes(path: Path) -> str:
    wal = path.with_name(path.name + "-wal")
    return (f".tmt {path.stat().st_size / 1024:.0f} KB, "
            f"-wal {wal.stat().st_size / 1024 if wal.exists() else 0:.0f} KB")


def _one_run(folder: Path, run: int, commits: int) -> tuple[float, float, str]:
    path = folder / f"bench-{run}.tmt"
    document, table_id, players = _event(path, commits)
    try:
        started = time.perf_counter()
        for number in range(1, commits + 1):
            winner, discarder = players[number % 4], players[(number + 1) % 4]
            enter_hand(document.unit_of_work(), table_id, HandEntry(
                result=HandResult.WIN, win_type=WinType.DISCARD, discarder_id=discarder,
                wins=(Win(winner, 5 * (1 + number % 40), discarder),)), number)
        hands = time.perf_counter() - started
        started = time.perf_counter()
        for number in range(commits):
            rename_event(document.unit_of_work(), "Bench Open", f"Hall {number}")
        renames = time.perf_counter() - started
        sizes = _sizes(path)
    finally:
        document.close(backup=False)
    return hands, renames, sizes


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--commits", type=int, default=500)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        os.environ[paths.DATA_DIR_ENV] = str(Path(folder) / "data")
        results = [_one_run(Path(folder), run, args.commits) for run in range(args.runs)]
    for kind, times in (("hand entries", [r[0] for r in results]),
                        ("renames", [r[1] for r in results])):
        print(f"{args.commits} {kind}: " + ", ".join(f"{t:.2f} s" for t in times)
              + f"; median {statistics.median(times):.2f} s "
              f"({statistics.median(times) / args.commits * 1000:.2f} ms a commit)")
    print(f"after the last run, still open: {results[-1][2]}")


if __name__ == "__main__":
    main()
