"""Every entity comes back exactly as it was stored, and audited, from a real SQLite
file and from a real PostgreSQL server alike."""

from __future__ import annotations

import dataclasses
import json
from datetime import UTC, datetime
from pathlib import Path

import pytest

from tournament_manager.application.events import create_event, open_event, parse_address
from tournament_manager.domain.model import (
    Hand,
    HandResult,
    Penalty,
    PenaltyReason,
    Player,
    PlayerKind,
    PlayerStatus,
    RoundEntry,
    SeatAssignment,
    SessionTable,
    SheetSnapshot,
    SheetState,
    Signature,
    StageStatus,
    Win,
    WinType,
)
from tournament_manager.domain.presets import Preset, preset_settings
from tournament_manager.domain.settings import PenaltyMode, SeatPickMode
from tournament_manager.rules.tiles import Wind
from tournament_manager.services.ports import NotFound
from tournament_manager.services.seating import SEED_RANGE
from tournament_manager.services.tournaments import create_tournament
from tournament_manager.storage.document import Document
from tournament_manager.storage.server import ServerEvent

WHEN = datetime(2026, 5, 1, 9, 30, 15, 123456, tzinfo=UTC)


@pytest.fixture(params=["file", "server"])
def document(request: pytest.FixtureRequest, tmp_path: Path):  # type: ignore[no-untyped-def]
    """A wsom_2015 tournament in a file or on a server."""
    address = (tmp_path / "event.tmt" if request.param == "file"
               else parse_address(request.getfixturevalue("server_url")))
    event = create_event(address)
    create_tournament(event.unit_of_work(), "Test Open", preset_settings(Preset.WSOM_2015))
    yield event
    event.close(backup=False)


def _players(document: Document) -> list[Player]:
    names = ["Ørjan Åsmund", "王小明", "佐藤 花子", "Zoë Ñúñez"]
    with document.unit_of_work() as uow:
        stored = [uow.players.add(Player(name=name, native_name=name[::-1], country="NO",
                                         club=f"club {i}", kind=PlayerKind.REGULAR,
                                         tiebreak_draw=i * 7))
                  for i, name in enumerate(names)]
        uow.commit()
    return stored


def _table(document: Document) -> SessionTable:
    with document.unit_of_work() as uow:
        session = uow.sessions.list()[0]
        table = uow.tables.add(SessionTable(session_id=session.id, number=3, seat_pick_seed=99))
        uow.commit()
    return table


def test_tournament_settings_and_round_plan_survive_reopening(document: Document) -> None:
    with document.unit_of_work() as uow:
        before = uow.tournaments.list()[0]
        changed = dataclasses.replace(before, settings=dataclasses.replace(
            before.settings, seat_pick=SeatPickMode.PER_CYCLE, bye_score=-10,
            rule_options={"payoff_scheme": "uniform", "pattern_values": {"2.1.2": 100}},
            keep_apart=("team",)))
        uow.tournaments.update(changed)
        uow.commit()
    address = document.address if isinstance(document, ServerEvent) else document.path
    document.close(backup=False)
    reopened = open_event(address)
    try:
        with reopened.unit_of_work() as uow:
            after = uow.tournaments.list()[0]
        assert after == changed
        assert [plan.advance for plan in after.settings.rounds] == [32, 16, 8, 4, None]
    finally:
        reopened.close(backup=False)


def test_flat_entities_round_trip(document: Document) -> None:
    players = _players(document)
    table = _table(document)
    with document.unit_of_work() as uow:
        round_id = uow.rounds.list()[0].id
        originals = [
            uow.round_entries.add(RoundEntry(round_id=round_id, player_id=players[0].id,
                                             carried_score=12.25, carried_raw=-30)),
            uow.seats.add(SeatAssignment(table_id=table.id, player_id=players[1].id,
                                         wind=Wind.W, arrival=2, cycle=3)),
            uow.penalties.add(Penalty(table_id=table.id, player_id=players[2].id,
                                      reason=PenaltyReason.TIME, points=15,
                                      mode=PenaltyMode.DISTRIBUTE, hand_number=4,
                                      note="45 s over")),
            uow.signatures.add(Signature(table_id=table.id, player_id=players[3].id,
                                         signed_at=WHEN, image_png=b"\x89PNG\x00\xff",
                                         content_hash="ab" * 32, sheet_version=2)),
            uow.snapshots.add(SheetSnapshot(table_id=table.id, version=1,
                                            content_json='{"hands": []}',
                                            content_hash="cd" * 32, locked_at=WHEN)),
        ]
        session = uow.sessions.list()[0]
        uow.sessions.update(dataclasses.replace(session, status=StageStatus.RUNNING,
                                                started_at=WHEN, draw_seed=SEED_RANGE - 1))
        uow.tables.update(dataclasses.replace(table, sheet_state=SheetState.LOCKED,
                                              stopped_after_hand=11))
        uow.commit()
    with document.unit_of_work() as uow:
        assert uow.round_entries.get(originals[0].id) == originals[0]
        assert uow.seats.get(originals[1].id) == originals[1]
        assert uow.penalties.get(originals[2].id) == originals[2]
        assert uow.signatures.get(originals[3].id) == originals[3]
        assert uow.snapshots.get(originals[4].id) == originals[4]
        assert uow.players.list() == players
        reread = uow.sessions.get(session.id)
        assert (reread.status, reread.started_at, reread.draw_seed) == (
            StageStatus.RUNNING, WHEN, SEED_RANGE - 1)
        assert uow.tables.get(table.id).sheet_state is SheetState.LOCKED


def test_hand_with_three_winners_round_trips(document: Document) -> None:
    players = _players(document)
    table = _table(document)
    a, b, c, d = (p.id for p in players)
    hand = Hand(table_id=table.id, number=7, dealer_id=b, result=HandResult.WIN,
                win_type=WinType.DISCARD, discarder_id=d,
                wins=(Win(a, 30, d, ("10.2",)), Win(b, 1, d, ("chicken",)),
                      Win(c, 85, d, ("2.1.1", "4.1", "3.1", "4.2.1"))),
                deltas=((a, 90), (b, 3), (c, 255), (d, -348)))
    with document.unit_of_work() as uow:
        stored = uow.hands.add(hand)
        draw = uow.hands.add(Hand(table_id=table.id, number=8, dealer_id=c,
                                  result=HandResult.DRAW, deltas=tuple((p, 0) for p in
                                                                       (a, b, c, d))))
        uow.commit()
    with document.unit_of_work() as uow:
        assert uow.hands.list(table_id=table.id) == [stored, draw]
        assert uow.hands.get(stored.id).delta_of(d) == -348


def test_every_change_is_audited_with_before_and_after(document: Document) -> None:
    (player, *_rest) = _players(document)
    with document.unit_of_work(actor="judge T3") as uow:
        uow.audit_reason("typo in the name")
        uow.players.update(dataclasses.replace(player, name="Orjan Asmund",
                                               status=PlayerStatus.WITHDRAWN))
        uow.players.remove(player.id)
        uow.commit()
    with document.unit_of_work() as uow:
        entries = uow.audit.list(entity="player", entity_id=player.id)
    assert [e.action for e in entries] == ["add", "update", "remove"]
    update, remove = entries[1], entries[2]
    assert update.actor == "judge T3" and update.reason == "typo in the name"
    assert json.loads(update.before or "")["name"] == "Ørjan Åsmund"
    assert json.loads(update.after or "")["status"] == "withdrawn"
    assert remove.after is None and json.loads(remove.before or "")["name"] == "Orjan Asmund"


def test_uncommitted_work_is_rolled_back(document: Document) -> None:
    with document.unit_of_work() as uow:
        uow.players.add(Player(name="Ghost"))
    with pytest.raises(RuntimeError), document.unit_of_work() as uow:
        uow.players.add(Player(name="Ghost 2"))
        raise RuntimeError("the action failed half-way")
    with document.unit_of_work() as uow:
        assert uow.players.count() == 0
        assert uow.audit.list(entity="player") == []


def test_missing_ids_raise_not_found(document: Document) -> None:
    with document.unit_of_work() as uow, pytest.raises(NotFound) as caught:
        uow.players.get(404)
    assert (caught.value.entity, caught.value.entity_id) == ("player", 404)


def test_foreign_keys_are_enforced(document: Document, tmp_path: Path) -> None:
    from sqlalchemy.exc import IntegrityError

    with pytest.raises(IntegrityError), document.unit_of_work() as uow:
        uow.seats.add(SeatAssignment(table_id=12345, player_id=1, wind=Wind.E))
        uow.commit()


def test_pragmas_are_set_on_every_connection(tmp_path: Path) -> None:
    """SQLite's own settings (a server has its own): on every connection to a file."""
    document = create_event(tmp_path / "pragmas.tmt")
    try:
        with document.engine.connect() as connection:
            values = [connection.exec_driver_sql(f"PRAGMA {name}").scalar()
                      for name in ("foreign_keys", "journal_mode", "synchronous", "busy_timeout")]
    finally:
        document.close(backup=False)
    assert values == [1, "wal", 2, 5000]
