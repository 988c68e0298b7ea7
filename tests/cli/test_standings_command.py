"""`standings` prints the ranked field as text or JSON."""

from __future__ import annotations

import dataclasses
import json

import pytest

from tests.helpers.seated_event import seat_event
from tournament_manager.cli.main import run_cli
from tournament_manager.domain.model import HandResult, StageStatus, Win, WinType
from tournament_manager.services.score_sheets import HandEntry, enter_hand
from tournament_manager.storage.document import Document


def test_standings_json_and_text(document: Document, capsys: pytest.CaptureFixture[str]) -> None:
    seated = seat_event(document)
    p = seated.players
    enter_hand(document.unit_of_work(), seated.tables[0], HandEntry(
        HandResult.WIN, WinType.DISCARD, p[2], (Win(p[1], 30, p[2]),)))
    with document.unit_of_work() as uow:
        uow.sessions.update(dataclasses.replace(uow.sessions.get(seated.session_id),
                                                status=StageStatus.RUNNING))
        uow.commit()
    path = document.path
    document.close(backup=False)
    assert run_cli(["standings", str(path), "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)["rows"]
    assert rows[0]["player_id"] == p[1] and rows[0]["raw_total"] == 90
    assert rows[0]["sessions"] == [{"session": 1, "table": 1, "raw": 90.0,
                                    "converted": pytest.approx(90 ** 0.5)}]
    assert rows[0]["registration_id"] == str(p.index(p[1]) + 1) and not rows[0]["withdrawn"]
    assert run_cli(["standings", str(path)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "standings: 8 ranked"
    assert len(lines) == 11 and "Player 1" in lines[2] and "9.49" in lines[2]
    # Table 2 has not played: its four are level, and the draw placed them.
    assert sum("†" in line.split()[0] for line in lines[2:10]) >= 4
    assert lines[10] == "“†” after a rank: equal score and raw total, placed by the recorded draw."


def test_standings_show_registration_numbers_and_withdrawals(
        document: Document, capsys: pytest.CaptureFixture[str]) -> None:
    from tournament_manager.domain.model import PlayerStatus
    from tournament_manager.services.players import set_player_status

    seated = seat_event(document)
    with document.unit_of_work() as uow:
        for index, player_id in enumerate(seated.players):
            uow.players.update(dataclasses.replace(uow.players.get(player_id),
                                                   registration_id=f"AU-{index:03}"))
        uow.commit()
    set_player_status(document.unit_of_work(), seated.players[3], PlayerStatus.WITHDRAWN)
    path = document.path
    document.close(backup=False)
    assert run_cli(["standings", str(path), "--session", "1"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "standings after session 1: 7 ranked, 1 withdrawn"
    [withdrawn] = [line for line in lines if "AU-003" in line]
    assert withdrawn.split()[:2] == ["-", "AU-003"] and withdrawn.endswith("withdrawn")
    assert lines.index(withdrawn) == 9, "after the ranked field, before the marks' legend"
    assert all(f"AU-{index:03}" in "\n".join(lines) for index in range(8))
