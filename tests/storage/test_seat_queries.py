"""The light seat query standings use gives what the full records give."""

from __future__ import annotations

from pathlib import Path

from tests.helpers.seated_event import seat_event
from tournament_manager.domain.presets import Preset, preset_settings
from tournament_manager.services.tournaments import create_tournament
from tournament_manager.storage.document import create_document


def test_players_by_table_is_the_seats_of_the_cycle_in_arrival_order(tmp_path: Path) -> None:
    with create_document(tmp_path / "seats.tmt") as document:
        create_tournament(document.unit_of_work(), "Seats", preset_settings(Preset.OPEN))
        seated = seat_event(document, players=12)
        with document.unit_of_work() as uow:
            light = uow.seats.players_by_table(cycle=1)
            full = {table: [s.player_id for s in sorted(uow.seats.list(table_id=table, cycle=1),
                                                        key=lambda s: (s.arrival, s.id))]
                    for table in seated.tables}
            assert {table: list(players) for table, players in light.items()} == full
            assert sorted(p for players in light.values() for p in players) == sorted(
                seated.players)
            assert uow.seats.players_by_table(cycle=2) == {}
