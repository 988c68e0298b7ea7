"""Several stations at once on one event (the concurrency test and benchmarks/bench_stations):
an event with a running session, one process per table and desk, and the record read back."""

from __future__ import annotations

import dataclasses
import json
import os
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

from tests.helpers.seated_event import seat_event
from tests.helpers.station_worker import HANDS
from tournament_manager.application.events import create_event, open_event, parse_address
from tournament_manager.domain.model import SheetState
from tournament_manager.domain.presets import Preset, preset_settings
from tournament_manager.services.standings import standings
from tournament_manager.services.tournaments import create_tournament
from tournament_manager.services.verification import verify

ROOT = Path(__file__).resolve().parents[2]


@dataclass(frozen=True)
class StationRun:
    tried: int
    committed: int
    refusals: tuple[str, ...]


@dataclass(frozen=True)
class RecordCheck:
    hands_lost: int
    hands_doubled: int
    unlocked_sheets: int
    players_registered: int
    registration_numbers_doubled: int
    second_session_seated: tuple[int, ...]
    """Each player seated in session 2, as often as seated (once each when drawn)."""
    findings: tuple[object, ...]
    raw_sum: int


def make_event(address: str, tables: int) -> tuple[int, ...]:
    """A new event at `address` with `tables` tables seated and session 1 running."""
    event = create_event(parse_address(address))
    try:
        settings = dataclasses.replace(preset_settings(Preset.OPEN, 2), hands_per_session=HANDS)
        create_tournament(event.unit_of_work(), "Busy Open", settings)
        return seat_event(event, players=4 * tables).tables  # type: ignore[arg-type]
    finally:
        event.close(backup=False)


def run_stations(address: str, tables: tuple[int, ...], desks: int,
                 late_players: int, draws: int = 0) -> StationRun:
    """One process per table and desk, and a judge drawing session 2 (up to `draws`
    attempts) when `draws` is given."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), *sys.path])}
    roles = ([("table", str(table)) for table in tables]
             + [("desk", str(late_players))] * desks
             + ([("judge", str(draws))] if draws else []))
    children = [subprocess.Popen(
        [sys.executable, "-m", "tests.helpers.station_worker", address, role, argument],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env, cwd=ROOT)
        for role, argument in roles]
    reports = []
    for child in children:
        out, err = child.communicate(timeout=900)
        if child.returncode != 0:
            raise AssertionError(f"a station failed: {err}")
        reports.append(json.loads(out.strip().splitlines()[-1]))
    return StationRun(sum(r["tried"] for r in reports), sum(r["committed"] for r in reports),
                      tuple(text for r in reports for text in r["refused"]))


def check_record(address: str, tables: tuple[int, ...]) -> RecordCheck:
    event = open_event(parse_address(address), read_only=True)
    try:
        lost = doubled = unlocked = 0
        with event.unit_of_work() as uow:
            for table_id in tables:
                numbers = [h.number for h in uow.hands.list(table_id=table_id)]
                lost += len(set(range(1, HANDS + 1)) - set(numbers))
                doubled += len(numbers) - len(set(numbers))
                unlocked += uow.tables.get(table_id).sheet_state is not SheetState.LOCKED
            players = uow.players.list()
            numbers = [p.registration_id for p in players]
            second = next(s for s in uow.sessions.list() if s.number == 2)
            seated = tuple(seat.player_id for t in uow.tables.list(session_id=second.id)
                           for seat in uow.seats.list(table_id=t.id, cycle=1))
        report = verify(event.unit_of_work())
        ranked = standings(event.unit_of_work())
        return RecordCheck(lost, doubled, unlocked,
                           sum(p.name.startswith("Late ") for p in players),
                           len(numbers) - len(set(numbers)), seated, report.findings,
                           round(sum(row.raw_total for row in ranked.rows)))
    finally:
        event.close(backup=False)
