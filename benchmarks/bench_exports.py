"""Filled score sheets as PDF: a 256-player session (64 pages) and a whole 8-session event
(512 pages). Target: under 10 s per 256 pages, read models gathered included.

The event is built through the services (256 players, 64 tables per session seated with
`seat_table`, 16 hands per table entered with `enter_hand`, every sheet signed with a
signature image, each session finished before the next starts); that setup is slow and not
timed, so the built file is kept at `--data` and reused by the next run. Only `run_export`
is timed.

    cd /work/main && .venv/bin/python -m benchmarks.bench_exports [--data /tmp/bench_exports.tmt]
    cd /work/main && .venv/bin/python -m benchmarks.bench_exports --profile   # cProfile top 25
"""

from __future__ import annotations

import argparse
import cProfile
import os
import pstats
import random
import sys
import tempfile
import time
from pathlib import Path

from pypdf import PdfReader

from tournament_manager.domain.model import HandResult, Player, Win, WinType
from tournament_manager.domain.presets import Preset, preset_settings
from tournament_manager.exports.jobs import ExportKind, run_export
from tournament_manager.services.demo import scribble_png
from tournament_manager.services.players import import_players
from tournament_manager.services.score_sheets import HandEntry, enter_hand, sign_sheet
from tournament_manager.services.sessions import finish_session, start_session
from tournament_manager.services.tables import publish_seating, seat_table
from tournament_manager.services.tournaments import create_tournament
from tournament_manager.storage.document import Document, create_document, open_document

PLAYERS = 256
SESSIONS = 8
FIRST = ("王", "佐藤", "Ørjan", "María", "Zoë", "Chan", "Kim", "Liam", "Åsa", "Jürgen")
LAST = ("小明", "花子", "Åsmund", "Fernández", "Müller", "Tai Man", "Min-jun", "O'Brien")


def _entry(rng: random.Random, seats: list[int]) -> HandEntry:
    roll = rng.random()
    if roll < 0.08:
        return HandEntry(HandResult.DRAW)
    winner, loser = rng.sample(seats, 2)
    value = rng.choice((5, 10, 15, 25, 30, 40, 60))
    if roll < 0.4:
        return HandEntry(HandResult.WIN, WinType.SELF_DRAW, None, (Win(winner, value, None),))
    return HandEntry(HandResult.WIN, WinType.DISCARD, loser,
                     (Win(winner, value, loser, ("1.1",)),))


def build(path: Path, field: int = PLAYERS, length: int = SESSIONS) -> None:
    """The event of `field` players and `length` sessions, played through the services."""
    started = time.perf_counter()
    document = create_document(path)
    try:
        uow = document.unit_of_work
        create_tournament(uow(), "Benchmark Open 2026", preset_settings(Preset.OPEN, length))
        rng = random.Random(1)
        players = import_players(uow(), [
            Player(name=f"{rng.choice(FIRST)} {rng.choice(LAST)} {n}", country="CHN",
                   registration_id=f"P{n:04d}") for n in range(field)], rng=rng)
        ids = [p.id for p in players]
        with uow() as work:
            sessions = sorted(work.sessions.list(), key=lambda s: s.number)
        for session in sessions:
            rng.shuffle(ids)
            tables = []
            for table_number in range(field // 4):
                seats = ids[4 * table_number:4 * table_number + 4]
                tables.append(seat_table(uow(), session.id, table_number + 1, seats))
            publish_seating(uow(), session.id)
            start_session(uow(), session.id, lambda: None)
            for table_number, table in enumerate(tables):
                seats = ids[4 * table_number:4 * table_number + 4]
                for _ in range(16):
                    enter_hand(uow(), table.id, _entry(rng, seats))
                for player in seats:  # new strokes each time: the same twice is refused
                    sign_sheet(uow(), table.id, player, scribble_png(rng))
            finish_session(uow(), session.id)  # the next session starts after this one
            print(f"  built session {session.number} "
                  f"({time.perf_counter() - started:.0f} s so far)", file=sys.stderr)
    except BaseException:
        document.close(backup=False)
        document.discard_files()
        raise
    document.close(backup=False)


def timed(document: Document, out: Path, session: int | None) -> tuple[int, float]:
    started = time.perf_counter()
    run_export(document.unit_of_work(), ExportKind.SHEETS, out, session_number=session)
    seconds = time.perf_counter() - started
    return len(PdfReader(out).pages), seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=Path(tempfile.gettempdir())
                        / "bench_exports.tmt", help="the built event, reused when present")
    parser.add_argument("--profile", action="store_true")
    args = parser.parse_args()
    os.environ.setdefault("TOURNAMENT_MANAGER_DATA_DIR", tempfile.mkdtemp())
    if not args.data.exists():
        print(f"building {args.data} (setup, not timed) ...", file=sys.stderr)
        build(args.data)
    document = open_document(args.data, read_only=True)
    try:
        with tempfile.TemporaryDirectory() as folder:
            run_export(document.unit_of_work(), ExportKind.SHEETS, Path(folder) / "warm.pdf",
                       session_number=1)  # font loading and imports, once per process
            if args.profile:
                profiler = cProfile.Profile()
                profiler.runcall(timed, document, Path(folder) / "all.pdf", None)
                pstats.Stats(profiler).sort_stats("cumulative").print_stats(25)
                return
            print(f"{'export':<26}{'pages':>6}{'seconds':>9}{'s/256 pages':>13}")
            for label, session in (("session 1 (256 players)", 1), ("whole event", None)):
                pages, seconds = timed(document, Path(folder) / "sheets.pdf", session)
                print(f"{label:<26}{pages:>6}{seconds:>9.2f}{seconds * 256 / pages:>13.2f}")
    finally:
        document.close(backup=False)


if __name__ == "__main__":
    main()
