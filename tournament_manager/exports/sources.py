"""Gathering the read models an export lays out, through the services only.

Every function here runs inside a unit of work the caller has opened (`jobs.run_export`
opens one), so an export and the verification printed on it read the same state of the
file: a sheet cannot be shown as verified by a check that ran before or after it was read.

A session is *drawn* once its tables are published (or it has started, or finished). A
session that has tables while still planned holds only the round's provisional plan: it
is printed only when the caller asks (`include_provisional`), and the layouts then mark
every page of it, since its tables change when the session is drawn.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

from tournament_manager.domain.model import Player, Round, Session, StageStatus, Tournament
from tournament_manager.domain.names import name_order
from tournament_manager.exports.errors import ExportError, ExportProblem
from tournament_manager.services.ports import UnitOfWork
from tournament_manager.services.standings import (
    Standings,
    compute_standings,
    load_facts,
    session_scores,
)
from tournament_manager.services.tournaments import current_tournament
from tournament_manager.services.views import (
    SessionSeating,
    SheetView,
    build_session_seating,
    build_sheet_view,
    read_sheet_records,
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
    byes: Mapping[int, tuple[Player, ...]] = field(default_factory=dict)
    """Session id -> the players with a bye in it (seating lists only), A to Z."""


def is_provisional(session: Session) -> bool:
    """Tables of a session still planned are the round's plan, not its draw (a session
    without tables is neither: there is nothing of it to print)."""
    return session.status is StageStatus.PLANNED


def _facts(uow: UnitOfWork, session_number: int | None, *, drawn_only: bool,
           include_provisional: bool = False) -> EventFacts:
    """Inside an open unit of work: the event and the sessions an export covers.

    With `drawn_only`, sessions without tables are left out, and so are the ones holding
    only a provisional plan unless `include_provisional`; when nothing is left, the
    refusal says how many plans were left out (`provisional`), for a hint."""
    tournament = current_tournament(uow)
    sessions = tuple(sorted(uow.sessions.list(), key=lambda s: s.number))
    if session_number is not None:
        chosen = tuple(s for s in sessions if s.number == session_number)
        if not chosen:
            raise ExportError(ExportProblem.NO_SUCH_SESSION, session=session_number)
    else:
        chosen = sessions
    if drawn_only:
        with_tables = tuple(s for s in chosen if uow.tables.count(session_id=s.id))
        chosen = tuple(s for s in with_tables
                       if include_provisional or not is_provisional(s))
        if not chosen:
            raise ExportError(ExportProblem.NOTHING_DRAWN, session=session_number,
                              provisional=len(with_tables))
    return EventFacts(tournament, {r.id: r for r in uow.rounds.list()}, chosen, sessions,
                      tuple(uow.players.list()))


def sheet_views(uow: UnitOfWork, session_number: int | None,
                progress: Progress | None = None, *, require_drawn: bool = True,
                include_provisional: bool = False) -> tuple[EventFacts, list[SheetView]]:
    """Every table's sheet of the chosen sessions (all drawn sessions when None)."""
    facts = _facts(uow, session_number, drawn_only=require_drawn,
                   include_provisional=include_provisional)
    tables = [table for session in facts.sessions
              for table in sorted(uow.tables.list(session_id=session.id),
                                  key=lambda t: t.number)]
    records = read_sheet_records(uow, [table.id for table in tables])
    views = []
    for done, table in enumerate(tables, start=1):
        views.append(build_sheet_view(uow, table.id, records))
        if progress is not None:
            progress(done, len(tables))
    return facts, views


def seatings(uow: UnitOfWork, session_number: int | None, *,
             include_provisional: bool = False) -> tuple[EventFacts, list[SessionSeating]]:
    """The tables of the chosen sessions, and (in the facts) who has a bye in each."""
    facts = _facts(uow, session_number, drawn_only=True,
                   include_provisional=include_provisional)
    facts = dataclasses.replace(facts, byes=_byes(uow, facts))
    return facts, [build_session_seating(uow, session.id) for session in facts.sessions]


def _byes(uow: UnitOfWork, facts: EventFacts) -> dict[int, tuple[Player, ...]]:
    """The players who sit a session out, as the standings count them (a bye score)."""
    scores = session_scores(load_facts(uow), facts.sessions)
    players = {p.id: p for p in facts.players}
    byes: dict[int, list[Player]] = {}
    by_number = {s.number: s.id for s in facts.sessions}
    for player_id, rows in scores.items():
        for row in rows:
            if row.table_number is None and row.session_number in by_number:
                byes.setdefault(by_number[row.session_number], []).append(players[player_id])
    return {session: tuple(sorted(found, key=lambda p: name_order(p.name)))
            for session, found in byes.items()}


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


def workbook_data(uow: UnitOfWork, session_number: int | None, *,
                  include_provisional: bool = False) -> WorkbookData:
    """Every sheet of the chosen sessions and the standings after them; the tables of a
    provisional plan only when asked (they are marked so in the Tables sheet)."""
    facts, views = sheet_views(uow, session_number, require_drawn=False)
    kept = tuple(view for view in views
                 if include_provisional or not is_provisional(view.session))
    return WorkbookData(facts, kept, compute_standings(uow, session_number))


def session_of(views: Sequence[SheetView], session: Session) -> list[SheetView]:
    return [view for view in views if view.session.id == session.id]
