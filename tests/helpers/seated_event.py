"""A small seated event on a real document, for service tests."""

from __future__ import annotations

import dataclasses
import random
from dataclasses import dataclass

from tournament_manager.domain.model import Player
from tournament_manager.services.players import register_player
from tournament_manager.services.sessions import start_session
from tournament_manager.services.tables import publish_seating, seat_table
from tournament_manager.storage.document import Document


@dataclass(frozen=True)
class Seated:
    document: Document
    players: tuple[int, ...]
    """The first four sit at table 1 as E, S, W, N, the next four at table 2, and so on."""
    tables: tuple[int, ...]
    session_id: int


def seat_event(document: Document, players: int = 8, session_number: int = 1,
               seed: int = 7, *, running: bool = True) -> Seated:
    """Players seated table by table; the session is running (its clock started), as
    hands are entered only then, unless `running` is False."""
    rng = random.Random(seed)
    ids = tuple(register_player(document.unit_of_work(), Player(name=f"Player {i}"),
                                rng=rng).id for i in range(players))
    with document.unit_of_work() as uow:
        session_id = next(s.id for s in uow.sessions.list() if s.number == session_number)
    tables = tuple(seat_table(document.unit_of_work(), session_id, n + 1, ids[4 * n:4 * n + 4]).id
                   for n in range(players // 4))
    if running:
        start_seated_session(document, session_id)
    return Seated(document, ids, tables, session_id)


def start_seated_session(document: Document, session_id: int) -> None:
    """Publish the tables seated by hand and start the session, as a judge would."""
    publish_seating(document.unit_of_work(), session_id)
    start_session(document.unit_of_work(), session_id, lambda: None)


def set_draws(document: Document, draws: dict[int, int]) -> None:
    """Players' recorded tie-break draws set as given (player id: draw), as if drawn so."""
    with document.unit_of_work() as uow:
        for player_id, draw in draws.items():
            uow.players.update(dataclasses.replace(uow.players.get(player_id),
                                                   tiebreak_draw=draw))
        uow.commit()
