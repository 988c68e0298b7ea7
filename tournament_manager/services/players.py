"""Registering players."""

from __future__ import annotations

import dataclasses
import random

from tournament_manager.domain.model import Player
from tournament_manager.services.errors import ServiceError, ServiceProblem
from tournament_manager.services.ports import UnitOfWork

TIEBREAK_DRAW_RANGE = 1_000_000_000

_system_random = random.SystemRandom()


def register_player(uow: UnitOfWork, player: Player, *,
                    rng: random.Random = _system_random) -> Player:
    """Store a new player with his tie-break draw, made now and kept for the whole event.

    Drawing at registration (not when a tie happens) means the order of tied players is
    fixed before anyone knows the scores, and a re-computation always gives the same order.
    """
    name = player.name.strip()
    if not name:
        raise ServiceError(ServiceProblem.EMPTY_NAME)
    draft = dataclasses.replace(player, name=name,
                                tiebreak_draw=rng.randrange(TIEBREAK_DRAW_RANGE))
    with uow:
        stored = uow.players.add(draft)
        uow.commit()
    return stored
