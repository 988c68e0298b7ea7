"""Gathering the read models an export lays out, through the services only.

Every function here runs inside a unit of work the caller has opened (`jobs.run_export`
opens one), so an export and the verification printed on it read the same state of the
file: a sheet cannot be shown as verified by a check that ran before or after it was read.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from tournament_manager.domain.model import Player, Round, Session, Tournament
from tournament_manager.exports.errors import ExportError, ExportProblem
from tournament_manager.services.ports import UnitOfWork
from tournament_manager.services.standings import Standings, compute_standings
from tournament_manager.services.tournaments import current_tournament
from tournament_manager.services.views import (
    SessionSeating,
    SheetView,
    build_session_seating,
    build_sheet_view,
)

Progress = Callable[[int, int], None]


@dataclass(frozen=True)
class EventFacts:
    tournament: Tournament
    rounds: dict[int, Round]
    """By id."""
    sessions: tuple[Session, ...]
    """The sessions asked for, in number order."""
    all_sessions: tuple[Session, ...]
    players: tuple[Player, ...]


def _facts(uow: UnitOfWork, session_number: int | None, *, drawn_only: bool) -> EventFacts:
    """Inside an open unit of work: the event and the sessions an export covers."""
    tournament = current_tournament(uow)
    sessions = tuple(sorted(uow.sessions.list(), key=lambda s: s.number))
    if session_number is not None:
        chosen = tuple(s for s in sessions if s.number == session_number)
        if not chosen:
            raise ExportError(ExportProblem.NO_SUCH_SESSION, session=session_number)
    else:
        chosen = sessions
    if drawn_only:
        chosen = tuple(s for s in chosen if uow.tables.count(session_id=s.id))
        if not chosen:
            raise ExportError(ExportProblem.NOTHING_DRAWN, session=session_number)
    return EventFacts(tournament, {r.id: r for r in uow.rounds.list()}, chosen, sessions,
                      tuple(uow.players.list()))


def sheet_views(uow: UnitOfWork, session_number: int | None,
                progress: Progress | None = None, *, require_drawn: bool = True
                ) -> tuple[EventFacts, list[SheetView]]:
    """Every table's sheet of the chosen sessions (all drawn sessions when None)."""
    facts = _facts(uow, session_number, drawn_only=require_drawn)
    tables = [table for session in facts.sessions
              for table in sorted(uow.tables.list(session_id=session.id),
                                  key=lambda t: t.number)]
    views = []
    for done, table in enumerate(tables, start=1):
        views.append(build_sheet_view(uow, table.id))
        if progress is not None:
            progress(done, len(tables))
    return facts, views


def seatings(uow: UnitOfWork, session_number: int | None
             ) -> tuple[EventFacts, list[SessionSeating]]:
    facts = _facts(uow, session_number, drawn_only=True)
    return facts, [build_session_seating(uow, session.id) for session in facts.sessions]


def ranked(uow: UnitOfWork, session_number: int | None) -> tuple[EventFacts, Standings]:
    facts = _facts(uow, session_number, drawn_only=False)
    if not facts.players:
        raise ExportError(ExportProblem.NO_PLAYERS)
    return facts, compute_standings(uow, session_number)


@dataclass(frozen=True)
class WorkbookData:
    facts: EventFacts
    views: tuple[SheetView, ...]
    standings: Standings


def workbook_data(uow: UnitOfWork, session_number: int | None) -> WorkbookData:
    """Every sheet of the chosen sessions (drawn or not) and the standings after them."""
    facts, views = sheet_views(uow, session_number, require_drawn=False)
    return WorkbookData(facts, tuple(views), compute_standings(uow, session_number))


def session_of(views: Sequence[SheetView], session: Session) -> list[SheetView]:
    return [view for view in views if view.session.id == session.id]
