"""Registering, editing, withdrawing and importing players."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Mapping, Sequence

from tournament_manager.domain.model import Player, PlayerStatus, StageStatus
from tournament_manager.domain.player_rows import PlayerField, RowIssue, players_from_rows
from tournament_manager.services.errors import ServiceError, ServiceProblem
from tournament_manager.services.ports import UnitOfWork

TIEBREAK_DRAW_RANGE = 1_000_000_000

_system_random = random.SystemRandom()


def _checked(player: Player) -> Player:
    name = player.name.strip()
    if not name:
        raise ServiceError(ServiceProblem.EMPTY_NAME)
    return dataclasses.replace(player, name=name)


def register_player(uow: UnitOfWork, player: Player, *,
                    rng: random.Random = _system_random) -> Player:
    """Store a new player (before the event or as a late entry) with his tie-break draw.

    Drawing at registration (not when a tie happens) means the order of tied players is
    fixed before anyone knows the scores, and a re-computation always gives the same order.
    """
    return import_players(uow, [player], rng=rng)[0]


def import_players(uow: UnitOfWork, players: Sequence[Player], *,
                   rng: random.Random = _system_random) -> list[Player]:
    """Store several players in one action: all of them, or (on any error) none."""
    drafts = [dataclasses.replace(_checked(p), tiebreak_draw=rng.randrange(TIEBREAK_DRAW_RANGE))
              for p in players]
    with uow:
        stored = [uow.players.add(draft) for draft in drafts]
        uow.commit()
    return stored


def update_player(uow: UnitOfWork, player: Player) -> Player:
    """Correct a player's details; his draw, kind and status are kept as they were."""
    with uow:
        current = uow.players.get(player.id)
        updated = dataclasses.replace(_checked(player), tiebreak_draw=current.tiebreak_draw,
                                      kind=current.kind, status=current.status,
                                      withdrawn_after=current.withdrawn_after)
        uow.players.update(updated)
        uow.commit()
    return updated


def set_player_status(uow: UnitOfWork, player_id: int, status: PlayerStatus) -> Player:
    """Withdraw a player (he keeps his results and is not seated again) or reinstate him.

    A withdrawal is dated by the last session that had started, so standings after an
    earlier session still rank him as he stood then.
    """
    with uow:
        started = [s.number for s in uow.sessions.list()
                   if s.status in (StageStatus.RUNNING, StageStatus.FINISHED)]
        player = dataclasses.replace(
            uow.players.get(player_id), status=status,
            withdrawn_after=max(started, default=0) if status is PlayerStatus.WITHDRAWN
            else None)
        uow.players.update(player)
        uow.commit()
    return player


def import_player_rows(uow: UnitOfWork, rows: Sequence[Sequence[str]],
                       mapping: Mapping[PlayerField, int], *,
                       rng: random.Random = _system_random) -> list[Player]:
    """Players from a registration table's rows, in one action; any bad row refuses all,
    with every bad row named (`ImportRefused.issues`)."""
    with uow:
        known = frozenset(p.registration_id for p in uow.players.list() if p.registration_id)
        players, issues = players_from_rows(rows, mapping, known)
        if issues:
            raise ImportRefused(issues)
        stored = [uow.players.add(dataclasses.replace(
            p, tiebreak_draw=rng.randrange(TIEBREAK_DRAW_RANGE))) for p in players]
        uow.commit()
    return stored


class ImportRefused(ServiceError):
    """Rows of an import that cannot be taken; nothing was imported."""

    def __init__(self, issues: Sequence[RowIssue]) -> None:
        super().__init__(ServiceProblem.IMPORT_ROWS_INVALID, rows=len(issues))
        self.issues = tuple(issues)
