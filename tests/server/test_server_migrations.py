"""An event kept on a server by an older version is brought up to date when a station
opens it, as a file is: the same migrations, in portable SQL."""

from __future__ import annotations

from sqlalchemy import inspect, text

from tests.exports.sample_event import build_sample_event
from tournament_manager.application.events import create_event, open_event, parse_address
from tournament_manager.domain.model import PlayerStatus
from tournament_manager.domain.presets import Preset, preset_settings
from tournament_manager.services.players import set_player_status
from tournament_manager.services.tournaments import create_tournament
from tournament_manager.services.verification import verify
from tournament_manager.storage.migrate import _config


def test_a_0002_event_on_a_server_is_upgraded_when_opened(server_url: str) -> None:
    """As `test_a_0002_file_gets_its_corrections_withdrawals_and_audit_chain`, on a
    server: the correction recovered from the audit log, the withdrawal dated, the round
    status following play, the audit sealed as a chain, and the record verifies."""
    from alembic import command

    address = parse_address(server_url)
    event = create_event(address)
    create_tournament(event.unit_of_work(), "Old Open", preset_settings(Preset.WSOM_2015))
    sample = build_sample_event(event)  # type: ignore[arg-type]
    set_player_status(event.unit_of_work(), sample.players[7], PlayerStatus.WITHDRAWN)
    with event.unit_of_work() as uow:
        (before,) = uow.corrections.list()
    with event.engine.connect() as connection, connection.begin():
        command.downgrade(_config(connection), "0002")
        connection.execute(text(
            "DELETE FROM audit WHERE entity IN ('head_judge', 'sheet_correction')"))
    columns = [c["name"] for c in inspect(event.engine).get_columns("audit")]
    assert "chain" not in columns
    event.close()

    upgraded = open_event(address)
    try:
        with upgraded.unit_of_work() as uow:
            (after,) = uow.corrections.list()
            withdrawn = uow.players.get(sample.players[7])
            assert uow.rounds.list(number=1)[0].status.value == "running"
        assert (after.table_id, after.version, after.reason, after.head_judge) == (
            before.table_id, before.version, before.reason, before.head_judge)
        assert withdrawn.withdrawn_after == 1
        report = verify(upgraded.unit_of_work())
        assert report.ok, report.findings
    finally:
        upgraded.close()
