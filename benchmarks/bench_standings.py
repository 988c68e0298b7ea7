"""Standings for 1,000 players x 10 sessions x 16 hands: a full recompute (target
< 150 ms) and a hand entry reflected in the live standings (target < 50 ms).

The event is written straight through the storage collections in one transaction per
session (setup, not timed). Timed: `services.standings.standings`, which loads every
hand, seat and penalty from the SQLite file and ranks the field; then, for as many
runs, one more hand added to a table (not timed) and the live feed
(`services.live_standings.LiveStandings`, as the window's standings page uses it)
brought up to date and ranked again.

    cd /work/main && .venv/bin/python -m benchmarks.bench_standings [--players 1000]
"""

from __future__ import annotations

import argparse
import dataclasses
import random
import statistics
import tempfile
import time
from pathlib import Path

from tournament_manager.domain.model import (
    Hand,
    HandResult,
    Player,
    SeatAssignment,
    SessionTable,
    StageStatus,
    Win,
    WinType,
)
from tournament_manager.domain.presets import Preset, preset_settings
from tournament_manager.rules.hand import WinType as RulesWinType
from tournament_manager.rules.registry import get_rule_set
from tournament_manager.rules.settlement import TableOutcome
from tournament_manager.rules.settlement import Win as RulesWin
from tournament_manager.rules.tiles import Wind
from tournament_manager.services.live_standings import LiveStandings
from tournament_manager.services.standings import standings
from tournament_manager.services.tournaments import create_tournament
from tournament_manager.storage.document import Document, create_document

WINDS = (Wind.E, Wind.S, Wind.W, Wind.N)


def _random_hand(rng: random.Random, table_id: int, number: int, seats: list[int]) -> Hand:
    rule_set = get_rule_set("zung-jung")
    winner, discarder = rng.sample(range(4), 2)
    value = rng.choice((1, 5, 10, 15, 30, 40, 85, 160))
    payments = rule_set.settle(TableOutcome(RulesWinType.DISCARD,
                                            (RulesWin(WINDS[winner], value, WINDS[discarder]),),
                                            WINDS[discarder]), rule_set.default_options())
    return Hand(table_id=table_id, number=number, dealer_id=seats[(number - 1) % 4],
                result=HandResult.WIN, win_type=WinType.DISCARD,
                discarder_id=seats[discarder],
                wins=(Win(seats[winner], value, seats[discarder]),),
                deltas=tuple((seats[i], payments[WINDS[i]]) for i in range(4)))


def build(path: Path, players: int, sessions: int, hands: int, seed: int) -> Document:
    rng = random.Random(seed)
    document = create_document(path)
    create_tournament(document.unit_of_work(), "Bench", preset_settings(Preset.OPEN, sessions))
    with document.unit_of_work() as uow:
        ids = [uow.players.add(Player(name=f"Player {i}", tiebreak_draw=rng.randrange(10**9))).id
               for i in range(players)]
        uow.commit()
    with document.unit_of_work() as uow:
        for session in uow.sessions.list():
            order = ids[:]
            rng.shuffle(order)
            for number in range(players // 4):
                table = uow.tables.add(SessionTable(session_id=session.id, number=number + 1))
                seats = order[4 * number:4 * number + 4]
                for arrival, player in enumerate(seats):
                    uow.seats.add(SeatAssignment(table_id=table.id, player_id=player,
                                                 wind=WINDS[arrival], arrival=arrival))
                for hand in range(1, hands + 1):
                    uow.hands.add(_random_hand(rng, table.id, hand, seats))
            uow.sessions.update(dataclasses.replace(session, status=StageStatus.FINISHED))
        uow.commit()
    return document


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=1000)
    parser.add_argument("--sessions", type=int, default=10)
    parser.add_argument("--hands", type=int, default=16)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        started = time.perf_counter()
        document = build(Path(folder) / "bench.tmt", args.players, args.sessions, args.hands, 1)
        print(f"setup: {args.players} players, {args.sessions} sessions, "
              f"{args.players // 4 * args.sessions * args.hands} hands "
              f"in {time.perf_counter() - started:.1f} s")
        timings = []
        for _ in range(args.runs):
            started = time.perf_counter()
            table = standings(document.unit_of_work())
            timings.append(time.perf_counter() - started)
        live = _live_timings(document, args.runs)
        document.close(backup=False)
    print(f"standings of {len(table.rows)} players:"
          f" median {statistics.median(timings) * 1000:.0f} ms,"
          f" best {min(timings) * 1000:.0f} ms over {args.runs} runs (target < 150 ms)")
    print(f"a hand entry in the live standings: median {statistics.median(live) * 1000:.1f} ms,"
          f" worst {max(live) * 1000:.1f} ms over {args.runs} entries (target < 50 ms)")


def _live_timings(document: Document, runs: int) -> list[float]:
    rng = random.Random(2)
    feed = LiveStandings()
    feed.standings(document.unit_of_work())
    with document.unit_of_work() as uow:
        tables = list(uow.tables.list())
        seats = uow.seats.players_by_table(cycle=1)
    timings = []
    for run in range(runs):
        table = rng.choice(tables)
        with document.unit_of_work() as uow:
            uow.hands.add(_random_hand(rng, table.id, 100 + run, list(seats[table.id])))
            uow.commit()
        started = time.perf_counter()
        feed.standings(document.unit_of_work())
        timings.append(time.perf_counter() - started)
    return timings


if __name__ == "__main__":
    main()
