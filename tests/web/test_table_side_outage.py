"""The table server over an event on a real PostgreSQL server that stops answering: a
hand sent meanwhile is refused with 503 in words (the page keeps it and sends it again),
never a bare 500 with a traceback in the log, and is taken once the server is back."""

from __future__ import annotations

import httpx

from tests.helpers.postgres import Outage
from tests.web.conftest import Running, _free_port
from tournament_manager.application.events import open_event, parse_address
from tournament_manager.cli.main import run_cli
from tournament_manager.web.server import table_side


def test_a_hand_sent_while_the_database_is_down_is_refused_in_words(server_url: str) -> None:
    assert run_cli(["new", server_url, "--name", "Harbour Open"]) == 0
    for n in range(4):
        assert run_cli(["players", "add", server_url, "--name", f"P{n}"]) == 0
    assert run_cli(["session", "draw", server_url, "1", "--publish"]) == 0
    assert run_cli(["session", "start", server_url, "1"]) == 0
    event = open_event(parse_address(server_url))
    side = table_side(event.unit_of_work, server_url)
    [(_session, _table, code)] = side.table_codes()
    running = Running(side.app, _free_port())
    outage = Outage(server_url)
    running.start()
    try:
        with httpx.Client(base_url=f"http://127.0.0.1:{running.port}", timeout=60) as client:
            state = client.post("/api/login", json={"code": code}).json()
            ids = [p["id"] for p in state["players"]]
            hand = {"result": "win", "win_type": "discard", "discarder_id": ids[1],
                    "winners": [{"player_id": ids[0], "value": 25}], "number": 1}
            headers = {"X-CSRF-Token": state["csrf"]}
            outage.allow(False)
            try:
                refused = client.post("/api/hands", json=hand, headers=headers)
                assert refused.status_code == 503, refused.text
                assert "cannot be reached" in refused.json()["problem"]
            finally:
                outage.allow(True)
            taken = client.post("/api/hands", json=hand, headers=headers)
            assert taken.status_code == 200, taken.text
            assert [h["number"] for h in taken.json()["hands"]] == [1]
    finally:
        running.stop()
        outage.close()
        event.close()
