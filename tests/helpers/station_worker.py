"""One station of a concurrency test, run as its own process:

    python -m tests.helpers.station_worker ADDRESS ROLE ARG

`table TABLE_ID`: enter the table's 16 hands, then its four signatures, one act each;
`desk N`: register N late players, reading the standings between acts; `judge N`:
draw session 2 and publish it, up to N times (a draw outdated meanwhile by the desk's
late players is refused, and drawn again). On a file every
act opens the file for its moment, as a command does (waiting its turn); on a server the
station keeps its connection, as a window does. Prints one JSON line: the acts tried,
committed and refused (each refusal in the words a user would read)."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from tournament_manager.application.events import open_event, parse_address
from tournament_manager.domain.model import HandResult, Player, Win, WinType
from tournament_manager.messages.documents import describe as describe_document
from tournament_manager.messages.services import describe as describe_service
from tournament_manager.services.errors import ServiceError
from tournament_manager.services.players import register_player
from tournament_manager.services.ports import UnitOfWork
from tournament_manager.services.score_sheets import HandEntry, enter_hand, sign_sheet
from tournament_manager.services.seating import draw_session, publish_draw
from tournament_manager.services.standings import standings
from tournament_manager.storage.document import LockWait
from tournament_manager.storage.errors import DocumentError
from tournament_manager.storage.server import ServerAddress

HANDS = 16


def main(address_text: str, role: str, argument: int) -> None:
    address = parse_address(address_text)
    on_server = isinstance(address, ServerAddress)
    kept = open_event(address) if on_server else None
    tried = committed = 0
    refused: list[str] = []

    @contextmanager
    def station() -> Iterator[Callable[[], UnitOfWork]]:
        if kept is not None:
            yield kept.unit_of_work
            return
        event = open_event(address, lock_wait=LockWait(120))
        try:
            yield event.unit_of_work
        finally:
            event.close(backup=False)

    def act(do: Callable[[Callable[[], UnitOfWork]], object]) -> None:
        nonlocal tried, committed
        tried += 1
        try:
            with station() as unit_of_work:
                do(unit_of_work)
            committed += 1
        except DocumentError as error:
            refused.append(describe_document(error))
        except ServiceError as error:
            refused.append(describe_service(error))

    if role == "table":
        table_id = argument
        with station() as unit_of_work, unit_of_work() as uow:
            seats = [s.player_id for s in uow.seats.list(table_id=table_id, cycle=1)]
        for number in range(HANDS):
            winner, discarder = seats[number % 4], seats[(number + 1) % 4]
            act(lambda uow, w=winner, d=discarder: enter_hand(uow(), table_id, HandEntry(
                HandResult.WIN, WinType.DISCARD, discarder_id=d, wins=(Win(w, 25, d),))))
        for player in seats:
            act(lambda uow, p=player: sign_sheet(uow(), table_id, p,
                                                 b"\x89PNG " + str(p).encode() * 8))
    elif role == "desk":
        for n in range(argument):
            act(lambda uow, n=n: register_player(uow(), Player(name=f"Late {n}")))
            act(lambda uow: standings(uow()))
    elif role == "judge":
        with station() as unit_of_work, unit_of_work() as uow:
            second = next(s.id for s in uow.sessions.list() if s.number == 2)
        for _attempt in range(argument):
            before = committed
            act(lambda uow: publish_draw(uow(), draw_session(uow(), second, seed=7,
                                                             time_limit=5)))
            if committed > before:
                break
    if kept is not None:
        kept.close(backup=False)
    print(json.dumps({"tried": tried, "committed": committed, "refused": refused}))


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], int(sys.argv[3]))
