"""Starting and finishing a session: the points where the event's state moves on."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from datetime import UTC, datetime

from tournament_manager.domain.model import (
    PlayerStatus,
    Session,
    SheetState,
    StageStatus,
    round_stage,
)
from tournament_manager.services.errors import ServiceError, ServiceProblem
from tournament_manager.services.head_judge import HeadJudgeCredential, authorize
from tournament_manager.services.player_cards import check_session_cards
from tournament_manager.services.ports import UnitOfWork


def _now() -> datetime:
    return datetime.now(UTC)


def start_session(uow: UnitOfWork, session_id: int, take_backup: Callable[[], object], *,
                  clock: Callable[[], datetime] = _now) -> Session:
    """Start the clock of a drawn session, after a backup of the document.

    The backup is taken first because a session start is the last quiet moment before
    the busiest hours of the event; the caller (who holds the document) supplies it.
    """
    with uow:
        session = uow.sessions.get(session_id)
        if session.status is not StageStatus.PUBLISHED:
            raise ServiceError(ServiceProblem.SESSION_NOT_DRAWN, session=session.number)
        running = [s.number for s in uow.sessions.list()
                   if s.status is StageStatus.RUNNING and s.id != session.id]
        if running:
            # Started beside session 1 still in play, session 2 took the status bar's clock
            # and put its players at two tables at once.
            raise ServiceError(ServiceProblem.ANOTHER_SESSION_RUNNING, session=session.number,
                               running=min(running))
        seated = {seat.player_id for table in uow.tables.list(session_id=session.id)
                  for seat in uow.seats.list(table_id=table.id, cycle=1)}
        gone = sorted((p for p in uow.players.list()
                       if p.id in seated and p.status is PlayerStatus.WITHDRAWN),
                      key=lambda p: p.id)
        if gone:
            # A withdrawal after the draw was published (a day's seating printed in the
            # morning) left the session seating him: started, his table sat three.
            raise ServiceError(ServiceProblem.SESSION_SEATS_WITHDRAWN, session=session.number,
                               players=", ".join(p.name for p in gone))
    take_backup()
    with uow:
        started = uow.sessions.update(dataclasses.replace(
            uow.sessions.get(session_id), status=StageStatus.RUNNING, started_at=clock()))
        round_follows_sessions(uow, started.round_id)
        uow.commit()
    return started


def finish_session(uow: UnitOfWork, session_id: int, *,
                   clock: Callable[[], datetime] = _now) -> Session:
    """Close a running session once every table's sheet is signed and locked (and, where
    the event keeps player cards, every table's four cards agree with its sheet)."""
    with uow:
        session = _finishable(uow, session_id)
        finished = uow.sessions.update(dataclasses.replace(
            session, status=StageStatus.FINISHED, ended_at=clock()))
        round_follows_sessions(uow, session.round_id)
        uow.commit()
    return finished


def check_finish(uow: UnitOfWork, session_id: int) -> Session:
    """The session, when `finish_session` would close it now; otherwise the very refusal
    it would raise (the tables whose sheets are not signed, a table's player cards that
    disagree), and nothing changes.

    Asked before a confirmation, so that a finish bound to be refused is refused first,
    not after the head judge has said yes to it."""
    with uow:
        return _finishable(uow, session_id)


def _finishable(uow: UnitOfWork, session_id: int) -> Session:
    """Inside an open unit of work: the session, if it may be finished; the refusal
    otherwise (`finish_session` and `check_finish` both ask here)."""
    session = uow.sessions.get(session_id)
    if session.status is not StageStatus.RUNNING:
        raise ServiceError(ServiceProblem.SESSION_NOT_RUNNING, session=session.number)
    open_tables = [t.number for t in uow.tables.list(session_id=session_id)
                   if t.sheet_state is not SheetState.LOCKED]
    check_session_cards(uow, session)
    if open_tables:
        raise ServiceError(ServiceProblem.SHEETS_NOT_SIGNED, session=session.number,
                           tables=open_tables)
    return session


def has_hands(uow: UnitOfWork, session_id: int) -> bool:
    """Whether any sheet of the session holds a hand: from then on its start is no slip to
    take back (`unstart_session` refuses, and the window's Undo no longer offers it)."""
    with uow:
        return _has_hands(uow, session_id)


def _has_hands(uow: UnitOfWork, session_id: int) -> bool:
    """Two queries whatever the number of tables: the window asks after every change."""
    tables = [t.id for t in uow.tables.list(session_id=session_id)]
    return bool(tables) and bool(uow.hands.totals_by_table(tables))


def unstart_session(uow: UnitOfWork, session_id: int) -> Session:
    """Take back a start made by mistake (the undo of `start_session`), before any hand."""
    with uow:
        session = uow.sessions.get(session_id)
        if session.status is not StageStatus.RUNNING:
            raise ServiceError(ServiceProblem.SESSION_NOT_RUNNING, session=session.number)
        if _has_hands(uow, session_id):
            raise ServiceError(ServiceProblem.SESSION_HAS_HANDS, session=session.number)
        back = uow.sessions.update(dataclasses.replace(
            session, status=StageStatus.PUBLISHED, started_at=None))
        round_follows_sessions(uow, session.round_id)
        uow.commit()
    return back


def reopen_session(uow: UnitOfWork, session_id: int, reason: str,
                   credential: HeadJudgeCredential) -> Session:
    """Take back a finish (the undo of `finish_session`) while its round is not cut.

    A finished session is part of the record standings are built on: reopening it is the
    head judge's act, with his passphrase and a reason on record.
    """
    with uow:
        authorize(uow, credential, reason)
        session = uow.sessions.get(session_id)
        if session.status is not StageStatus.FINISHED:
            raise ServiceError(ServiceProblem.SESSION_NOT_FINISHED, session=session.number)
        round_ = uow.rounds.get(session.round_id)
        following = [r for r in uow.rounds.list() if r.number == round_.number + 1]
        if following and uow.round_entries.count(round_id=following[0].id):
            raise ServiceError(ServiceProblem.CUT_ALREADY_MADE, round=round_.number)
        back = uow.sessions.update(dataclasses.replace(
            session, status=StageStatus.RUNNING, ended_at=None))
        round_follows_sessions(uow, session.round_id)
        uow.commit()
    return back


def round_follows_sessions(uow: UnitOfWork, round_id: int) -> None:
    """Store the round's stage as its sessions now give it (`round_stage`), after any
    change to a session's: drawn, withdrawn, started, finished or reopened."""
    round_ = uow.rounds.get(round_id)
    status = round_stage(s.status for s in uow.sessions.list(round_id=round_id))
    if status is not round_.status:
        uow.rounds.update(dataclasses.replace(round_, status=status))
