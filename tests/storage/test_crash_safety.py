"""A process killed with SIGKILL mid-entry loses no committed hand and leaves no damage."""

from __future__ import annotations

import dataclasses
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.helpers.seated_event import start_seated_session
from tournament_manager.domain.model import Player
from tournament_manager.services.players import register_player
from tournament_manager.services.tables import seat_table
from tournament_manager.storage.document import Document, open_document

CHILD = Path(__file__).resolve().parent.parent / "helpers" / "crash_child.py"
KILLS = 30

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL is POSIX")


def _prepare(document: Document) -> int:
    """One seated table in a tournament whose sessions are long enough for every kill."""
    with document.unit_of_work() as uow:
        tournament = uow.tournaments.list()[0]
        uow.tournaments.update(dataclasses.replace(
            tournament, settings=dataclasses.replace(tournament.settings,
                                                     hands_per_session=100_000)))
        uow.commit()
    players = [register_player(document.unit_of_work(), Player(name=f"P{i}")).id
               for i in range(4)]
    with document.unit_of_work() as uow:
        session_id = uow.sessions.list()[0].id
    table = seat_table(document.unit_of_work(), session_id, 1, players)
    start_seated_session(document, session_id)
    return table.id


def _run_until_killed(path: Path, table_id: int, first: int, delay: float) -> list[int]:
    child = subprocess.Popen(
        [sys.executable, str(CHILD), str(path), str(table_id), str(first)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=os.environ.copy(),
    )
    assert child.stdout is not None
    first_line = child.stdout.readline()  # the child is up and has committed a hand
    assert first_line.strip(), child.stderr.read() if child.stderr else ""
    time.sleep(delay)
    child.send_signal(signal.SIGKILL)
    rest = child.stdout.read()  # not communicate(): it would skip readline's buffer
    child.wait()
    child.stdout.close()
    if child.stderr is not None:
        child.stderr.close()
    return [int(line) for line in (first_line + rest).split()]


def test_every_committed_hand_survives_sigkill(document: Document) -> None:
    table_id = _prepare(document)
    path = document.path
    document.close(backup=False)
    rng = random.Random(20261121)
    reported: list[int] = []
    committed_unreported: set[int] = set()
    next_number = 1
    for _kill in range(KILLS):
        reported += _run_until_killed(path, table_id, next_number, rng.uniform(0.0, 0.25))
        reopened = open_document(path)
        try:
            assert reopened.integrity_problems() == []
            with reopened.unit_of_work() as uow:
                stored = [hand.number for hand in uow.hands.list(table_id=table_id)]
        finally:
            reopened.close(backup=False)
        assert set(reported) <= set(stored), "a hand reported committed was lost"
        # At most the one hand being reported when the kill came may be stored unreported.
        new_unreported = set(stored) - set(reported) - committed_unreported
        assert len(new_unreported) <= 1
        committed_unreported |= new_unreported
        next_number = max(stored) + 1
    assert len(reported) > KILLS
