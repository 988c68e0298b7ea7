"""Several stations at once on one event, on a file and on a server: four tables enter
their sheets and sign them while a desk registers late players and reads the standings.
Nothing is lost or given twice, every refusal is in words, and the record verifies.

Without the unit of work's one-writer-at-a-time on a server, this test fails: the
stations' audit entries fork the chain (seen: 17 to 29 breaks a run)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.helpers.station_worker import HANDS
from tests.helpers.stations import check_record, make_event, run_stations

TABLES = 4
LATE_PLAYERS = 8


@pytest.fixture(params=["file", "server"])
def address(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "file":
        return str(tmp_path / "busy.tmt")
    return str(request.getfixturevalue("server_url"))


def test_stations_at_once_lose_nothing_and_word_every_refusal(address: str) -> None:
    tables = make_event(address, TABLES)
    run = run_stations(address, tables, desks=1, late_players=LATE_PLAYERS)
    assert run.tried == TABLES * (HANDS + 4) + 2 * LATE_PLAYERS
    assert run.committed + len(run.refusals) == run.tried
    assert all(text and "Traceback" not in text for text in run.refusals)
    assert run.refusals == (), "waiting their turn, no station was turned away"

    record = check_record(address, tables)
    assert (record.hands_lost, record.hands_doubled, record.unlocked_sheets) == (0, 0, 0)
    assert record.players_registered == LATE_PLAYERS
    assert record.registration_numbers_doubled == 0
    assert record.findings == ()
    assert record.raw_sum == 0
