from __future__ import annotations

import pytest

from tests.helpers.seated_event import Seated, seat_event
from tournament_manager.storage.document import Document


@pytest.fixture
def seated(document: Document) -> Seated:
    return seat_event(document)
