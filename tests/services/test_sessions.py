"""A session starts only when drawn, after a backup, and ends only when all sheets are locked."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.helpers.seated_event import Seated, seat_event
from tournament_manager.domain.model import HandResult, StageStatus
from tournament_manager.services.errors import ServiceError, ServiceProblem
from tournament_manager.services.score_sheets import HandEntry, enter_hand, sign_sheet
from tournament_manager.services.sessions import check_finish, finish_session, start_session
from tournament_manager.services.tables import publish_seating
from tournament_manager.storage.backup import BackupReason
from tournament_manager.storage.document import Document


@pytest.fixture
def seated(document: Document) -> Seated:
    """Tables seated by hand, the session not yet published or started."""
    return seat_event(document, running=False)


def _publish(seated: Seated) -> None:
    publish_seating(seated.document.unit_of_work(), seated.session_id)


def test_start_takes_a_backup_first_and_finish_needs_locked_sheets(seated: Seated) -> None:
    document = seated.document
    with pytest.raises(ServiceError) as caught:
        start_session(document.unit_of_work(), seated.session_id, lambda: None)
    assert caught.value.problem is ServiceProblem.SESSION_NOT_DRAWN
    _publish(seated)
    taken: list[Path] = []
    started = start_session(document.unit_of_work(), seated.session_id,
                            lambda: taken.append(document.backup(BackupReason.SESSION_START)))
    assert started.status is StageStatus.RUNNING and started.started_at is not None
    [backup] = taken  # a file's backup, or a server event's: a .tmt either way
    assert backup.is_file() and backup.suffix == ".tmt" and "session" in backup.name
    with pytest.raises(ServiceError) as caught:
        finish_session(document.unit_of_work(), seated.session_id)
    assert caught.value.problem is ServiceProblem.SHEETS_NOT_SIGNED
    assert caught.value.details["tables"] == [1, 2]
    for table, players in ((seated.tables[0], seated.players[:4]),
                           (seated.tables[1], seated.players[4:8])):
        for _ in range(16):
            enter_hand(document.unit_of_work(), table, HandEntry(HandResult.DRAW))
        for player in players:
            sign_sheet(document.unit_of_work(), table, player, b"png of %d" % player)
    finished = finish_session(document.unit_of_work(), seated.session_id)
    assert finished.status is StageStatus.FINISHED and finished.ended_at is not None


def test_check_finish_refuses_as_finish_would_and_changes_nothing(seated: Seated) -> None:
    """The window asks before its confirmation: the same refusal, naming the tables."""
    document = seated.document
    _publish(seated)
    start_session(document.unit_of_work(), seated.session_id, lambda: None)
    table, players = seated.tables[0], seated.players[:4]
    for _ in range(16):
        enter_hand(document.unit_of_work(), table, HandEntry(HandResult.DRAW))
    for player in players:
        sign_sheet(document.unit_of_work(), table, player, b"png of %d" % player)
    with pytest.raises(ServiceError) as checked:
        check_finish(document.unit_of_work(), seated.session_id)
    with pytest.raises(ServiceError) as finishing:
        finish_session(document.unit_of_work(), seated.session_id)
    assert checked.value.problem is finishing.value.problem is ServiceProblem.SHEETS_NOT_SIGNED
    assert checked.value.details == finishing.value.details == {"session": 1, "tables": [2]}
    for _ in range(16):
        enter_hand(document.unit_of_work(), seated.tables[1], HandEntry(HandResult.DRAW))
    for player in seated.players[4:8]:
        sign_sheet(document.unit_of_work(), seated.tables[1], player, b"png of %d" % player)
    assert check_finish(document.unit_of_work(), seated.session_id).status is (
        StageStatus.RUNNING)
    with document.unit_of_work() as uow:
        assert uow.sessions.get(seated.session_id).status is StageStatus.RUNNING


def test_tables_seated_by_hand_are_published_before_the_start(document: Document) -> None:
    with document.unit_of_work() as uow:
        empty = uow.sessions.list(number=2)[0].id
    with pytest.raises(ServiceError) as caught:
        publish_seating(document.unit_of_work(), empty)
    assert caught.value.problem is ServiceProblem.SESSION_NOT_DRAWN
    seated = seat_event(document, running=False)
    published = publish_seating(document.unit_of_work(), seated.session_id)
    assert published.status is StageStatus.PUBLISHED
    with document.unit_of_work() as uow:  # and so is its round (the Cuts page says so)
        assert uow.rounds.get(published.round_id).status is StageStatus.PUBLISHED
    with pytest.raises(ServiceError):
        publish_seating(document.unit_of_work(), seated.session_id)


def test_a_session_does_not_start_while_another_is_played(seated: Seated) -> None:
    """Session 2 was published and started beside session 1 still running: its clock took
    the status bar and its players sat at two tables at once."""
    from tournament_manager.messages.services import describe
    from tournament_manager.services.tables import seat_table

    document = seated.document
    _publish(seated)
    start_session(document.unit_of_work(), seated.session_id, lambda: None)
    with document.unit_of_work() as uow:
        second = next(s for s in uow.sessions.list() if s.number == 2)
    for n in range(2):
        seat_table(document.unit_of_work(), second.id, n + 1,
                   seated.players[4 * n:4 * n + 4])
    publish_seating(document.unit_of_work(), second.id)
    with pytest.raises(ServiceError) as refused:
        start_session(document.unit_of_work(), second.id, lambda: None)
    assert refused.value.problem is ServiceProblem.ANOTHER_SESSION_RUNNING
    assert describe(refused.value) == (
        "session 1 is still being played: finish it before session 2 starts")
    with document.unit_of_work() as uow:
        assert uow.sessions.get(second.id).status is StageStatus.PUBLISHED


def test_a_session_seating_a_withdrawn_player_does_not_start(seated: Seated) -> None:
    """A player withdrew after the session was published: started as it stood, his table sat
    three. Refused with his name; reinstated (or the session drawn again), it starts."""
    from tournament_manager.domain.model import PlayerStatus
    from tournament_manager.messages.services import describe
    from tournament_manager.services.players import set_player_status

    document = seated.document
    _publish(seated)
    gone = seated.players[2]
    set_player_status(document.unit_of_work(), gone, PlayerStatus.WITHDRAWN)
    with pytest.raises(ServiceError) as refused:
        start_session(document.unit_of_work(), seated.session_id, lambda: None)
    assert refused.value.problem is ServiceProblem.SESSION_SEATS_WITHDRAWN
    with document.unit_of_work() as uow:
        name = uow.players.get(gone).name
        assert uow.sessions.get(seated.session_id).status is StageStatus.PUBLISHED
    assert describe(refused.value) == (
        f"session 1 seats {name}, who withdrew after it was drawn: draw it again to seat the "
        "players present before it starts")
    set_player_status(document.unit_of_work(), gone, PlayerStatus.ACTIVE)
    assert start_session(document.unit_of_work(), seated.session_id,
                         lambda: None).status is StageStatus.RUNNING
