"""Pausing the session clock and giving extra time, for the whole room or one table.

Every change is on record (audited) and read back by every window and the projector, so
all stations show the same time left.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime

from tournament_manager.domain.clock import ClockState
from tournament_manager.domain.model import Session, StageStatus
from tournament_manager.services.errors import ServiceError, ServiceProblem
from tournament_manager.services.ports import UnitOfWork
from tournament_manager.services.tournaments import current_tournament

MAX_EXTRA_MINUTES = 120
"""A larger change is a typing slip, not a ruling."""


def _now() -> datetime:
    return datetime.now(UTC)


@dataclass(frozen=True)
class SessionClock:
    """A session's clock as every station shows it."""

    session: int
    state: ClockState
    table_extra: dict[int, int]
    """Table number -> extra seconds for that table alone (tables without are absent)."""

    def seconds_left(self, now: datetime, table: int | None = None) -> float:
        return self.state.seconds_left(now, self.table_extra.get(table, 0) if table else 0)


def clock_state(session: Session, limit_minutes: int) -> ClockState:
    return ClockState(limit_seconds=limit_minutes * 60, started_at=session.started_at,
                      paused_seconds=session.clock_paused_seconds,
                      paused_at=session.clock_paused_at,
                      extra_seconds=session.clock_extra_seconds)


def session_clock(uow: UnitOfWork, session_id: int) -> SessionClock:
    with uow:
        session = uow.sessions.get(session_id)
        limit = current_tournament(uow).settings.time_limit_minutes
        return SessionClock(session.number, clock_state(session, limit), {
            table.number: table.clock_extra_seconds
            for table in uow.tables.list(session_id=session_id) if table.clock_extra_seconds})


def _running_session(uow: UnitOfWork, session_id: int) -> Session:
    session = uow.sessions.get(session_id)
    if session.status is not StageStatus.RUNNING:
        raise ServiceError(ServiceProblem.SESSION_NOT_RUNNING, session=session.number)
    return session


def pause_clock(uow: UnitOfWork, session_id: int, *,
                clock: Callable[[], datetime] = _now) -> Session:
    """Stop the clock for every table (it resumes where it stood)."""
    with uow:
        session = _running_session(uow, session_id)
        if session.clock_paused_at is not None:
            raise ServiceError(ServiceProblem.CLOCK_ALREADY_PAUSED, session=session.number)
        paused = uow.sessions.update(dataclasses.replace(session, clock_paused_at=clock()))
        uow.commit()
    return paused


def resume_clock(uow: UnitOfWork, session_id: int, *,
                 clock: Callable[[], datetime] = _now) -> Session:
    with uow:
        session = _running_session(uow, session_id)
        if session.clock_paused_at is None:
            raise ServiceError(ServiceProblem.CLOCK_NOT_PAUSED, session=session.number)
        pause = int((clock() - session.clock_paused_at).total_seconds())
        resumed = uow.sessions.update(dataclasses.replace(
            session, clock_paused_at=None,
            clock_paused_seconds=session.clock_paused_seconds + max(pause, 0)))
        uow.commit()
    return resumed


def extend_clock(uow: UnitOfWork, session_id: int, minutes: int,
                 table_number: int | None = None) -> None:
    """Add minutes (or, to undo a slip, take them back) for the room or one table."""
    if minutes == 0 or abs(minutes) > MAX_EXTRA_MINUTES:
        raise ServiceError(ServiceProblem.BAD_EXTRA_TIME, minutes=minutes,
                           most=MAX_EXTRA_MINUTES)
    with uow:
        session = _running_session(uow, session_id)
        if table_number is None:
            total = session.clock_extra_seconds + 60 * minutes
            if total < 0:
                raise ServiceError(ServiceProblem.BAD_EXTRA_TIME, minutes=minutes,
                                   most=MAX_EXTRA_MINUTES)
            uow.sessions.update(dataclasses.replace(session, clock_extra_seconds=total))
        else:
            tables = uow.tables.list(session_id=session_id, number=table_number)
            if not tables:
                raise ServiceError(ServiceProblem.NO_SUCH_TABLE, session=session.number,
                                   table=table_number)
            table = tables[0]
            total = table.clock_extra_seconds + 60 * minutes
            if total < 0:
                raise ServiceError(ServiceProblem.BAD_EXTRA_TIME, minutes=minutes,
                                   most=MAX_EXTRA_MINUTES)
            uow.tables.update(dataclasses.replace(table, clock_extra_seconds=total))
        uow.commit()
