"""The service tests run on both kinds of event: a `.tmt` file and a database on a real
PostgreSQL server (`tests.helpers.postgres`), through the same `document` fixture. Tests
that look into the SQLite file itself (tampering with it, its backups) ask for
`file_document` instead."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.helpers.seated_event import Seated, seat_event
from tournament_manager.application.events import create_event, parse_address
from tournament_manager.domain.presets import Preset, preset_settings
from tournament_manager.services.tournaments import create_tournament
from tournament_manager.storage.document import Document, create_document


def _with_tournament(event: Document) -> Document:
    create_tournament(event.unit_of_work(), "Test Open", preset_settings(Preset.WSOM_2015))
    return event


@pytest.fixture
def file_document(tmp_path: Path) -> Iterator[Document]:
    """A wsom_2015 tournament in a file (for tests of the file itself)."""
    event = _with_tournament(create_document(tmp_path / "file-event.tmt"))
    yield event
    event.close(backup=False)


@pytest.fixture(params=["file", "server"])
def document(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Document]:
    """A wsom_2015 tournament, in a file or on a server."""
    if request.param == "file":
        event = create_document(tmp_path / "event.tmt")
    else:
        event = create_event(parse_address(request.getfixturevalue("server_url")))  # type: ignore[assignment]
    _with_tournament(event)
    yield event
    event.close(backup=False)


@pytest.fixture
def seated(document: Document) -> Seated:
    return seat_event(document)
