"""Renaming the event (its name and venue), which stays possible after the first draw.

Unlike the settings, the name and venue change no result: a typo found on the first
printout is put right mid-event, and Edit ▸ Undo puts the old ones back.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication

from tournament_manager.gui.changes import Topic
from tournament_manager.gui.commands.base import CommandContext, ServiceCommand
from tournament_manager.services.setup import rename_event
from tournament_manager.services.tournaments import current_tournament


class RenameEvent(ServiceCommand):
    topic = Topic.SETTINGS

    def __init__(self, context: CommandContext, name: str, venue: str) -> None:
        super().__init__(context, QCoreApplication.translate("SetupCommands",
                                                             "Rename the event"))
        self.new = (name, venue)
        self.old: tuple[str, str] | None = None

    def do(self) -> None:
        with self.uow() as uow:
            tournament = current_tournament(uow)
        self.old = (tournament.name, tournament.venue)
        rename_event(self.uow(), *self.new)

    def revert(self) -> None:
        assert self.old is not None
        rename_event(self.uow(), *self.old)
