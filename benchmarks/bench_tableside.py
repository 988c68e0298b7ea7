"""64 tables entering their sheets at once through the table-side server: every table a
thread of its own, logging in with its code and entering 16 hands (then signing), over a
file and over a PostgreSQL server. Prints entries per second, errors and hands lost.

    .venv/bin/python -m benchmarks.bench_tableside --tables 64 [--double-entry]

With --double-entry the event checks every hand twice (Bridgemate's way): each table is
two phones, the recorder's and a confirming player's, and a hand counts when both sent it.

Needs Debian's postgresql installed (as .ci/run does) for the server half."""

from __future__ import annotations

import argparse
import base64
import dataclasses
import os
import socket
import tempfile
import threading
import time
from pathlib import Path

import httpx
import uvicorn

from tests.helpers.postgres import postgres_server
from tests.helpers.seated_event import seat_event
from tournament_manager import paths
from tournament_manager.application.events import create_event, open_event, parse_address
from tournament_manager.domain.presets import Preset, preset_settings
from tournament_manager.services.tournaments import create_tournament
from tournament_manager.web.server import listen, table_side

HANDS = 16


def _port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _table(url: str, code: str, errors: list[str], double: bool) -> None:
    with httpx.Client(base_url=url, timeout=120) as phone, \
            httpx.Client(base_url=url, timeout=120) as second:
        state = phone.post("/api/login", json={"code": code}).json()
        other = second.post("/api/login", json={"code": code}).json() if double else {}
        ids = [p["id"] for p in state["players"]]
        for number in range(HANDS):
            hand = {"result": "win", "win_type": "discard",
                    "discarder_id": ids[(number + 1) % 4],
                    "winners": [{"player_id": ids[number % 4], "value": 25}]}
            answer = phone.post("/api/hands", headers={"X-CSRF-Token": state["csrf"]},
                                json=hand | {"seen": state["seen"], "entrant_id": ids[0]})
            if answer.status_code == 200 and double:
                answer = second.post("/api/hands", headers={"X-CSRF-Token": other["csrf"]},
                                     json=hand | {"seen": state["seen"],
                                                  "entrant_id": ids[2]})
            if answer.status_code != 200:
                errors.append(answer.text)
                return
            # Each phone keeps its own token; the sheet as the last answer showed it.
            state = state | {key: value for key, value in answer.json().items()
                             if key != "csrf"}
        for n, player in enumerate(ids):
            png = base64.b64encode(b"\x89PNG strokes %d" % (player * 10 + n)).decode()
            answer = phone.post("/api/sign", headers={"X-CSRF-Token": state["csrf"]},
                                json={"player_id": player, "png": png, "seen": state["seen"]})
            if answer.status_code != 200:
                errors.append(answer.text)
                return
            state = answer.json()


def _one(label: str, address: str, tables: int, double: bool) -> None:
    made = create_event(parse_address(address))
    create_tournament(made.unit_of_work(), "Load Open", dataclasses.replace(
        preset_settings(Preset.OPEN), double_entry=double))
    seated = seat_event(made, players=4 * tables)  # type: ignore[arg-type]
    made.close(backup=False)
    event = open_event(parse_address(address))
    side = table_side(event.unit_of_work, address)
    codes = [code for _session, _table, code in side.table_codes()]
    port = _port()
    server = uvicorn.Server(uvicorn.Config(side.app, log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True,
                              kwargs={"sockets": [listen("127.0.0.1", port)]})
    thread.start()
    errors: list[str] = []
    start = time.perf_counter()
    phones = [threading.Thread(target=_table,
                               args=(f"http://127.0.0.1:{port}", code, errors, double))
              for code in codes]
    for phone in phones:
        phone.start()
    for phone in phones:
        phone.join()
    seconds = time.perf_counter() - start
    server.should_exit = True
    thread.join()
    with event.unit_of_work() as uow:
        stored = sum(len(uow.hands.list(table_id=t)) for t in seated.tables)
        locked = sum(uow.tables.get(t).sheet_state.value == "locked" for t in seated.tables)
    event.close(backup=False)
    acts = tables * (HANDS * (2 if double else 1) + 4)
    print(f"{label:7} {tables} tables at once: {acts} acts in {seconds:5.1f} s "
          f"({acts / seconds:5.1f} acts/s, {tables * HANDS / seconds:5.1f} hands/s); "
          f"errors {len(errors)}; hands lost {tables * HANDS - stored}; sheets locked "
          f"{locked}/{tables}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=64)
    parser.add_argument("--double-entry", action="store_true",
                        help="every hand typed by two players of the table")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        os.environ[paths.DATA_DIR_ENV] = str(Path(folder) / "data")
        _one("file", str(Path(folder) / "load.tmt"), args.tables, args.double_entry)
        with postgres_server() as base:
            _one("server", base + "bench_tableside", args.tables, args.double_entry)


if __name__ == "__main__":
    main()
