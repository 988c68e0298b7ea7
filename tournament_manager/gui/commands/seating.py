"""Seating commands: a swap is its own inverse; the other acts have inverse services.

Finishing a session is not among them: a finished session is part of the record the
standings and cuts are built on, so it is finished after a confirmation and reopened only
by the head judge (his passphrase and a reason), never by Edit ▸ Undo.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QCoreApplication

from tournament_manager.domain.seat_pick import SeatPick
from tournament_manager.gui.changes import Topic
from tournament_manager.gui.commands.base import CommandContext, ServiceCommand
from tournament_manager.rules.tiles import Wind
from tournament_manager.services.score_sheets import starting_winds
from tournament_manager.services.seat_picks import record_table_winds, simulate_table_seat_pick
from tournament_manager.services.seating import (
    SessionDraw,
    publish_draw,
    swap_players,
    unpublish_session,
)
from tournament_manager.services.sessions import start_session, unstart_session


def _tr(text: str) -> str:
    return QCoreApplication.translate("SeatingCommands", text)


class SwapPlayers(ServiceCommand):
    topic = Topic.SESSIONS

    def __init__(self, context: CommandContext, session_id: int, session_number: int,
                 a: int, b: int, names: tuple[str, str]) -> None:
        super().__init__(context, _tr("Swap {a} and {b} in session {session}").format(
                a=names[0], b=names[1], session=session_number))
        self.session_id, self.a, self.b = session_id, a, b

    def do(self) -> None:
        swap_players(self.uow(), self.session_id, self.a, self.b)

    def revert(self) -> None:
        swap_players(self.uow(), self.session_id, self.a, self.b)


class PublishDraw(ServiceCommand):
    """A computed draw made official; undone by withdrawing it before the session starts."""

    topic = Topic.SESSIONS

    def __init__(self, context: CommandContext, draw: SessionDraw) -> None:
        super().__init__(context, _tr("Publish the draw of session {n}").format(
            n=draw.session_number))
        self.draw = draw

    def do(self) -> None:
        publish_draw(self.uow(), self.draw)

    def revert(self) -> None:
        unpublish_session(self.uow(), self.draw.session_id)


class StartSession(ServiceCommand):
    """The clock starts after a backup; undone while no hand is on any sheet."""

    topic = Topic.SESSIONS

    def __init__(self, context: CommandContext, session_id: int, session_number: int,
                 take_backup: Callable[[], object]) -> None:
        super().__init__(context, _tr("Start session {n}").format(n=session_number))
        self.session_id, self.take_backup = session_id, take_backup

    def do(self) -> None:
        start_session(self.uow(), self.session_id, self.take_backup)

    def revert(self) -> None:
        unstart_session(self.uow(), self.session_id)


class WindDraw(ServiceCommand):
    """A table's simulated wind draw; undone by putting back the winds it replaced."""

    topic = Topic.SHEET

    def __init__(self, context: CommandContext, table_id: int, table_number: int) -> None:
        super().__init__(context, _tr("Wind draw at T{table}").format(table=table_number))
        self.table_id = table_id
        self.pick: SeatPick | None = None
        self.before: dict[int, Wind] = {}

    def do(self) -> None:
        with self.uow() as uow:
            self.before = starting_winds(uow.seats.list(table_id=self.table_id), 1)
        self.pick = simulate_table_seat_pick(self.uow(), self.table_id)

    def revert(self) -> None:
        record_table_winds(self.uow(), self.table_id, self.before)
