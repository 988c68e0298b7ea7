"""Round commands: a cut, undone while the next round has no draw."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication

from tournament_manager.gui.changes import Topic
from tournament_manager.gui.commands.base import CommandContext, ServiceCommand
from tournament_manager.services.standings import make_cut, undo_cut


class MakeCut(ServiceCommand):
    topic = Topic.ROUNDS

    def __init__(self, context: CommandContext, round_number: int) -> None:
        super().__init__(context, QCoreApplication.translate(
            "RoundCommands", "Cut after round {n}").format(n=round_number))
        self.round_number = round_number
        self.advancing: list[int] = []

    def do(self) -> None:
        self.advancing = make_cut(self.uow(), self.round_number)

    def revert(self) -> None:
        undo_cut(self.uow(), self.round_number)
