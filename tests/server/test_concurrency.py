"""Several stations at once on one event, on a file and on a server: four tables enter
their sheets and sign them while a desk registers late players and reads the standings
and the head judge draws and publishes the next session. Nothing is lost or given twice,
every refusal is in words, and the record verifies.

Without the unit of work's one-writer-at-a-time on a server, this test fails: the
stations' audit entries fork the chain (seen: 17 to 29 breaks a run)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.helpers.station_worker import HANDS
from tests.helpers.stations import check_record, make_event, run_stations

TABLES = 4
LATE_PLAYERS = 8
DRAWS = 20


@pytest.fixture(params=["file", "server"])
def address(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "file":
        return str(tmp_path / "busy.tmt")
    return str(request.getfixturevalue("server_url"))


def test_stations_at_once_lose_nothing_and_word_every_refusal(address: str) -> None:
    tables = make_event(address, TABLES)
    run = run_stations(address, tables, desks=1, late_players=LATE_PLAYERS, draws=DRAWS)
    draws_tried = run.tried - TABLES * (HANDS + 4) - 2 * LATE_PLAYERS
    assert 1 <= draws_tried <= DRAWS
    assert run.committed + len(run.refusals) == run.tried
    assert all(text and "Traceback" not in text for text in run.refusals)
    # Waiting their turn, no station was turned away; only a draw the desk's late
    # players outdated while it was computed is refused (and drawn again).
    assert all(text.startswith("the field of session 2 changed since this draw")
               for text in run.refusals), run.refusals
    assert len(run.refusals) == draws_tried - 1

    record = check_record(address, tables)
    assert (record.hands_lost, record.hands_doubled, record.unlocked_sheets) == (0, 0, 0)
    assert record.players_registered == LATE_PLAYERS
    assert record.registration_numbers_doubled == 0
    seated = record.second_session_seated
    assert seated and len(seated) % 4 == 0 and len(set(seated)) == len(seated)
    assert record.findings == ()
    assert record.raw_sum == 0
