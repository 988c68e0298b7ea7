"""Tournament files for GUI tests, built through the services like a real event."""

from __future__ import annotations

import dataclasses
from datetime import UTC, datetime
from pathlib import Path

from tests.helpers.seated_event import Seated, seat_event
from tournament_manager.domain.model import StageStatus
from tournament_manager.domain.presets import Preset, preset_settings
from tournament_manager.services.tournaments import create_tournament
from tournament_manager.storage.document import create_document

SHORT_SESSION_HANDS = 4


def seated_event_file(path: Path, *, players: int = 8, hands: int = SHORT_SESSION_HANDS,
                      running: bool = True, preset: Preset = Preset.OPEN,
                      rule_set: str = "zung-jung") -> tuple[Path, Seated]:
    """A closed document: an event with `players` seated in session 1 (running)."""
    settings = dataclasses.replace(preset_settings(preset, rule_set=rule_set),
                                   hands_per_session=hands)
    with create_document(path) as document:
        create_tournament(document.unit_of_work(), "Spring Open", settings, venue="Hall A")
        seated = seat_event(document, players=players)
        if running:
            with document.unit_of_work() as uow:
                session = uow.sessions.get(seated.session_id)
                uow.sessions.update(dataclasses.replace(
                    session, status=StageStatus.RUNNING, started_at=datetime.now(UTC)))
                uow.commit()
    return path, seated
