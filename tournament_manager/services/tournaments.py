"""Creating a tournament and summarising one."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime

from tournament_manager.domain.model import (
    PlayerKind,
    PlayerStatus,
    Round,
    Session,
    StageStatus,
    Tournament,
)
from tournament_manager.domain.settings import TournamentSettings, settings_problems
from tournament_manager.services.errors import ServiceError, ServiceProblem
from tournament_manager.services.head_judge import (
    HeadJudgeSetup,
    check_new_passphrase,
    store_head_judge,
)
from tournament_manager.services.ports import UnitOfWork
from tournament_manager.services.text_fields import EVENT_NAME, VENUE, checked_text


def _now() -> datetime:
    return datetime.now(UTC)


def create_tournament(uow: UnitOfWork, name: str, settings: TournamentSettings, *,
                      venue: str = "", head_judge: HeadJudgeSetup | None = None,
                      clock: Callable[[], datetime] = _now) -> Tournament:
    """Store the tournament with its rounds and their sessions, all still to be drawn,
    and its head judge with his passphrase (in the same transaction: all or nothing)."""
    name = checked_text(name, EVENT_NAME)
    venue = checked_text(venue, VENUE)
    if not name:
        raise ServiceError(ServiceProblem.EMPTY_NAME)
    problems = settings_problems(settings)
    if problems:
        raise ServiceError(ServiceProblem.BAD_SETTINGS, problems=problems)
    if head_judge is not None:
        check_new_passphrase(head_judge.passphrase)
    with uow:
        if uow.tournaments.list():
            raise ServiceError(ServiceProblem.TOURNAMENT_EXISTS)
        tournament = uow.tournaments.add(
            Tournament(name=name, venue=venue.strip(), settings=settings, created_at=clock())
        )
        store_round_plan(uow, settings)
        if head_judge is not None:
            store_head_judge(uow, head_judge.name, head_judge.passphrase, clock=clock)
        uow.commit()
    return tournament


def store_round_plan(uow: UnitOfWork, settings: TournamentSettings) -> None:
    """The format's rounds and their sessions, numbered through the event, still to draw."""
    session_number = 0
    for round_number, plan in enumerate(settings.rounds, start=1):
        stored_round = uow.rounds.add(Round(number=round_number, kind=plan.kind,
                                            sessions=plan.sessions, advance=plan.advance,
                                            carry=plan.carry))
        for _ in range(plan.sessions):
            session_number += 1
            uow.sessions.add(Session(round_id=stored_round.id, number=session_number))


def current_tournament(uow: UnitOfWork) -> Tournament:
    """The document's tournament (read within an open unit of work)."""
    tournaments = uow.tournaments.list()
    if not tournaments:
        raise ServiceError(ServiceProblem.NO_TOURNAMENT)
    return tournaments[0]


@dataclass(frozen=True)
class Overview:
    """What `info` and the GUI's title bar tell about a document at a glance."""

    tournament: Tournament
    players: int
    withdrawn: int
    substitutes: int
    rounds: int
    sessions: int
    sessions_played: int
    sessions_drawn: int
    """Sessions whose tables are published (drawn), played or not."""
    sessions_provisional: int
    """Later sessions holding only the provisional plan of their round: not drawn yet,
    they change as results come in."""
    tables: int
    """Tables of drawn sessions (a provisional plan's tables are not counted)."""
    hands: int
    penalties: int
    signatures: int
    last_change: datetime | None


def overview(uow: UnitOfWork) -> Overview:
    with uow:
        tournament = current_tournament(uow)
        sessions = uow.sessions.list()
        drawn = [s for s in sessions if s.status is not StageStatus.PLANNED]
        return Overview(
            tournament=tournament,
            players=uow.players.count(kind=PlayerKind.REGULAR),
            withdrawn=uow.players.count(status=PlayerStatus.WITHDRAWN),
            substitutes=uow.players.count(kind=PlayerKind.SUBSTITUTE),
            rounds=uow.rounds.count(),
            sessions=uow.sessions.count(),
            sessions_played=uow.sessions.count(status=StageStatus.FINISHED),
            sessions_drawn=len(drawn),
            sessions_provisional=sum(1 for s in sessions if s.status is StageStatus.PLANNED
                                     and uow.tables.count(session_id=s.id)),
            tables=sum(uow.tables.count(session_id=s.id) for s in drawn),
            hands=uow.hands.count(),
            penalties=uow.penalties.count(),
            signatures=uow.signatures.count(),
            last_change=uow.audit.last_change(),
        )
