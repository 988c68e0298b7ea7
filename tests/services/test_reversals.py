"""Each act the GUI can undo has an inverse service that puts the data back exactly."""

from __future__ import annotations

import dataclasses

import pytest

from tests.helpers.head_judge import CREDENTIAL, name_head_judge
from tests.helpers.seated_event import Seated, seat_event
from tournament_manager.domain.model import HandResult, SheetState, StageStatus
from tournament_manager.services.errors import ServiceError, ServiceProblem
from tournament_manager.services.score_sheets import (
    HandEntry,
    correct_sheet,
    enter_hand,
    resume_play,
    revert_correction,
    sign_sheet,
    stop_on_time,
    withdraw_signature,
)
from tournament_manager.services.seating import draw_session, publish_draw, unpublish_session
from tournament_manager.services.sessions import start_session, unstart_session
from tournament_manager.services.standings import make_cut, undo_cut
from tournament_manager.storage.document import Document

PNG = b"\x89PNG signature"


def drawn(player: int, version: int = 1) -> bytes:
    """A signature as a pad gives it: a new drawing every time it is drawn."""
    return PNG + f" {player} v{version}".encode()


def _full_sheet(seated: Seated) -> None:
    for _ in range(16):
        enter_hand(seated.document.unit_of_work(), seated.tables[0], HandEntry(HandResult.DRAW))


def test_a_signature_is_withdrawn_while_the_sheet_is_open(seated: Seated) -> None:
    uow = seated.document.unit_of_work
    _full_sheet(seated)
    first = sign_sheet(uow(), seated.tables[0], seated.players[0], drawn(seated.players[0]))
    assert withdraw_signature(uow(), first.signature.id).sheet_state is SheetState.OPEN
    with uow() as work:
        assert work.signatures.count(table_id=seated.tables[0]) == 0


def test_the_locking_signature_cannot_be_withdrawn(seated: Seated) -> None:
    """Undo never turns a signed and locked sheet back into an editable one: that is the
    head judge's correction, with his passphrase and a reason."""
    uow = seated.document.unit_of_work
    _full_sheet(seated)
    results = [sign_sheet(uow(), seated.tables[0], p, drawn(p)) for p in seated.players[:4]]
    assert results[-1].locked
    for result in results:
        with pytest.raises(ServiceError) as caught:
            withdraw_signature(uow(), result.signature.id)
        assert caught.value.problem is ServiceProblem.SHEET_LOCKED
    with uow() as work:
        assert work.tables.get(seated.tables[0]).sheet_state is SheetState.LOCKED
        assert work.snapshots.count(table_id=seated.tables[0]) == 1
        assert work.signatures.count(table_id=seated.tables[0]) == 4


def test_a_correction_opened_by_mistake_relocks_only_while_unchanged(seated: Seated) -> None:
    uow = seated.document.unit_of_work
    credential = name_head_judge(seated.document)
    _full_sheet(seated)
    for player in seated.players[:4]:
        sign_sheet(uow(), seated.tables[0], player, drawn(player))
    correct_sheet(uow(), seated.tables[0], "opened the wrong table", credential)
    relocked = revert_correction(uow(), seated.tables[0])
    assert relocked.sheet_state is SheetState.LOCKED and relocked.sheet_version == 1
    with uow() as work:
        assert work.corrections.count(table_id=seated.tables[0]) == 0
    correct_sheet(uow(), seated.tables[0], "hand 16 was a win", credential)
    with uow() as work:
        last = work.hands.list(table_id=seated.tables[0])[-1]
    from tournament_manager.services.score_sheets import delete_hand

    delete_hand(uow(), last.id)
    with pytest.raises(ServiceError) as caught:
        revert_correction(uow(), seated.tables[0])
    assert caught.value.problem is ServiceProblem.SHEET_CHANGED_SINCE


def test_resume_after_a_stop_on_time(seated: Seated) -> None:
    uow = seated.document.unit_of_work
    stop_on_time(uow(), seated.tables[0])
    assert resume_play(uow(), seated.tables[0]).stopped_after_hand is None
    enter_hand(uow(), seated.tables[0], HandEntry(HandResult.DRAW))


def test_unpublish_and_unstart(document: Document) -> None:
    """Each step and its inverse; the round's stage (stored, and as the Cuts page reads
    it) follows its session's both ways."""
    from tournament_manager.domain.model import Player
    from tournament_manager.services.players import register_player
    from tournament_manager.services.setup import round_summaries

    def round_stage() -> StageStatus:
        [summary, *_] = round_summaries(document.unit_of_work())
        with document.unit_of_work() as uow:
            assert uow.rounds.get(summary.round.id).status is summary.status
        return summary.status

    for i in range(8):
        register_player(document.unit_of_work(), Player(name=f"P{i}"))
    with document.unit_of_work() as uow:
        session = uow.sessions.list(number=1)[0]
    assert round_stage() is StageStatus.PLANNED
    publish_draw(document.unit_of_work(), draw_session(document.unit_of_work(), session.id,
                                                       seed=1, time_limit=2))
    assert round_stage() is StageStatus.PUBLISHED
    assert unpublish_session(document.unit_of_work(), session.id).status is StageStatus.PLANNED
    assert round_stage() is StageStatus.PLANNED
    with document.unit_of_work() as uow:
        assert uow.tables.count(session_id=session.id) == 0
    publish_draw(document.unit_of_work(), draw_session(document.unit_of_work(), session.id,
                                                       seed=1, time_limit=2))
    start_session(document.unit_of_work(), session.id, lambda: None)
    assert round_stage() is StageStatus.RUNNING
    back = unstart_session(document.unit_of_work(), session.id)
    assert back.status is StageStatus.PUBLISHED and back.started_at is None
    assert round_stage() is StageStatus.PUBLISHED
    start_session(document.unit_of_work(), session.id, lambda: None)
    with document.unit_of_work() as uow:
        table = uow.tables.list(session_id=session.id)[0]
    enter_hand(document.unit_of_work(), table.id, HandEntry(HandResult.DRAW))
    with pytest.raises(ServiceError) as caught:
        unstart_session(document.unit_of_work(), session.id)
    assert caught.value.problem is ServiceProblem.SESSION_HAS_HANDS


def test_undo_cut_while_the_next_round_is_undrawn(document: Document) -> None:
    seat_event(document, players=40)
    with document.unit_of_work() as uow:
        for session in uow.sessions.list():
            uow.sessions.update(dataclasses.replace(session, status=StageStatus.FINISHED))
        uow.commit()
    assert len(make_cut(document.unit_of_work(), 1)) == 32
    undo_cut(document.unit_of_work(), 1)
    with document.unit_of_work() as uow:
        second = uow.rounds.list(number=2)[0]
        assert uow.round_entries.count(round_id=second.id) == 0
    assert len(make_cut(document.unit_of_work(), 1)) == 32


def test_a_finished_session_reopens_until_its_round_is_cut(seated: Seated) -> None:
    from tournament_manager.services.sessions import finish_session, reopen_session

    uow = seated.document.unit_of_work
    credential = name_head_judge(seated.document)
    for table, players in zip(seated.tables, (seated.players[:4], seated.players[4:])):
        for _ in range(16):
            enter_hand(uow(), table, HandEntry(HandResult.DRAW))
        for player in players:
            sign_sheet(uow(), table, player, drawn(player))
    finish_session(uow(), seated.session_id)
    for wrong, problem in ((CREDENTIAL.__class__("not the passphrase"),
                            ServiceProblem.WRONG_PASSPHRASE),):
        with pytest.raises(ServiceError) as caught:
            reopen_session(uow(), seated.session_id, "table 2 appealed in time", wrong)
        assert caught.value.problem is problem
    with pytest.raises(ServiceError) as caught:
        reopen_session(uow(), seated.session_id, "appeal", credential)
    assert caught.value.problem is ServiceProblem.REASON_REQUIRED
    reopened = reopen_session(uow(), seated.session_id, "table 2 appealed in time", credential)
    assert reopened.status is StageStatus.RUNNING
    with uow() as work:
        entry = work.audit.list(entity="session", entity_id=seated.session_id)[-1]
    assert (entry.actor, entry.reason) == ("Ada Judge", "table 2 appealed in time")
    with pytest.raises(ServiceError) as caught:
        reopen_session(uow(), seated.session_id, "table 2 appealed in time", credential)
    assert caught.value.problem is ServiceProblem.SESSION_NOT_FINISHED
