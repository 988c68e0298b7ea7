"""The session clock: pauses and extra time kept on record, read the same everywhere."""

from __future__ import annotations

import dataclasses
from datetime import UTC, datetime, timedelta

import pytest

from tests.helpers.seated_event import Seated
from tournament_manager.domain.clock import ClockState
from tournament_manager.services.clock import (
    extend_clock,
    pause_clock,
    resume_clock,
    session_clock,
)
from tournament_manager.services.errors import ServiceError, ServiceProblem

START = datetime(2026, 11, 21, 9, 0, tzinfo=UTC)


def test_time_left_counts_pauses_and_extra_time() -> None:
    state = ClockState(limit_seconds=150 * 60, started_at=START, paused_seconds=300,
                       extra_seconds=600)
    assert state.seconds_left(START + timedelta(minutes=60)) == (150 - 60 + 5 + 10) * 60
    assert state.seconds_left(START + timedelta(minutes=60), 120) == (105 + 2) * 60
    paused = ClockState(150 * 60, START, 0, START + timedelta(minutes=30))
    assert paused.paused and not paused.running
    assert paused.seconds_left(START + timedelta(hours=5)) == 120 * 60
    assert ClockState(150 * 60, START).seconds_left(START + timedelta(hours=3)) < 0


def _started(seated: Seated) -> None:
    with seated.document.unit_of_work() as uow:
        session = uow.sessions.get(seated.session_id)
        uow.sessions.update(dataclasses.replace(session, started_at=START))
        uow.commit()


def test_pause_resume_and_extend_are_on_record(seated: Seated) -> None:
    uow = seated.document.unit_of_work
    _started(seated)
    pause_clock(uow(), seated.session_id, clock=lambda: START + timedelta(minutes=40))
    with pytest.raises(ServiceError) as caught:
        pause_clock(uow(), seated.session_id)
    assert caught.value.problem is ServiceProblem.CLOCK_ALREADY_PAUSED
    frozen = session_clock(uow(), seated.session_id)
    assert frozen.state.paused
    assert frozen.seconds_left(START + timedelta(hours=9)) == 110 * 60
    resume_clock(uow(), seated.session_id, clock=lambda: START + timedelta(minutes=55))
    extend_clock(uow(), seated.session_id, 10)
    extend_clock(uow(), seated.session_id, 7, table_number=2)
    state = session_clock(uow(), seated.session_id)
    at = START + timedelta(minutes=100)
    assert state.seconds_left(at) == (150 - 100 + 15 + 10) * 60
    assert state.seconds_left(at, 2) == (75 + 7) * 60
    assert state.table_extra == {2: 420}
    with uow() as work:
        assert [e.entity for e in work.audit.list()[-4:]] == [
            "session", "session", "session", "session_table"]
    for minutes, table in ((0, None), (500, None), (-30, None), (-8, 2)):
        with pytest.raises(ServiceError) as caught:
            extend_clock(uow(), seated.session_id, minutes, table)
        assert caught.value.problem is ServiceProblem.BAD_EXTRA_TIME
    with pytest.raises(ServiceError) as caught:
        extend_clock(uow(), seated.session_id, 5, table_number=9)
    assert caught.value.problem is ServiceProblem.NO_SUCH_TABLE
    with pytest.raises(ServiceError) as caught:
        resume_clock(uow(), seated.session_id)
    assert caught.value.problem is ServiceProblem.CLOCK_NOT_PAUSED
