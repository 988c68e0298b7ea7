"""Seating four players at a table of a session."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from tournament_manager.domain.model import SeatAssignment, Session, SessionTable, StageStatus
from tournament_manager.rules.tiles import Wind
from tournament_manager.services.errors import ServiceError, ServiceProblem
from tournament_manager.services.ports import UnitOfWork
from tournament_manager.services.sessions import round_follows_sessions

WIND_ORDER = (Wind.E, Wind.S, Wind.W, Wind.N)


def seat_table(uow: UnitOfWork, session_id: int, number: int,
               players_by_wind: Sequence[int], *, seat_pick_seed: int = 0) -> SessionTable:
    """Open table `number` of a session with its players in starting-wind order E, S, W, N."""
    if len(players_by_wind) != 4 or len(set(players_by_wind)) != 4:
        raise ServiceError(ServiceProblem.TABLE_NOT_FOUR, table=number)
    with uow:
        uow.sessions.get(session_id)
        seated = {seat.player_id
                  for table in uow.tables.list(session_id=session_id)
                  for seat in uow.seats.list(table_id=table.id)}
        for player_id in players_by_wind:
            uow.players.get(player_id)
            if player_id in seated:
                raise ServiceError(ServiceProblem.PLAYER_SEATED_TWICE, player=player_id)
        table = uow.tables.add(SessionTable(session_id=session_id, number=number,
                                            seat_pick_seed=seat_pick_seed))
        for arrival, (wind, player_id) in enumerate(zip(WIND_ORDER, players_by_wind)):
            uow.seats.add(SeatAssignment(table_id=table.id, player_id=player_id, wind=wind,
                                         arrival=arrival))
        uow.commit()
    return table


def publish_seating(uow: UnitOfWork, session_id: int) -> Session:
    """Publish a session whose tables were seated one by one (not drawn): its tables are
    then official, and the session can start."""
    with uow:
        session = uow.sessions.get(session_id)
        if session.status is not StageStatus.PLANNED or not uow.tables.count(
                session_id=session_id):
            raise ServiceError(ServiceProblem.SESSION_NOT_DRAWN, session=session.number)
        published = uow.sessions.update(dataclasses.replace(session,
                                                            status=StageStatus.PUBLISHED))
        round_follows_sessions(uow, session.round_id)
        uow.commit()
    return published
