"""Seating commands: a manual swap is its own inverse."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication

from tournament_manager.gui.changes import Topic
from tournament_manager.gui.commands.base import CommandContext, ServiceCommand
from tournament_manager.services.seating import swap_players


class SwapPlayers(ServiceCommand):
    topic = Topic.SESSIONS

    def __init__(self, context: CommandContext, session_id: int, session_number: int,
                 a: int, b: int, names: tuple[str, str]) -> None:
        super().__init__(context, QCoreApplication.translate(
            "SeatingCommands", "Swap {a} and {b} in session {session}").format(
                a=names[0], b=names[1], session=session_number))
        self.session_id, self.a, self.b = session_id, a, b

    def do(self) -> None:
        swap_players(self.uow(), self.session_id, self.a, self.b)

    def revert(self) -> None:
        swap_players(self.uow(), self.session_id, self.a, self.b)
