"""Changing the tournament's settings (name, venue, format) before the start."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication

from tournament_manager.domain.settings import TournamentSettings
from tournament_manager.gui.changes import Topic
from tournament_manager.gui.commands.base import CommandContext, ServiceCommand
from tournament_manager.services.setup import update_settings
from tournament_manager.services.tournaments import current_tournament


class UpdateSettings(ServiceCommand):
    topic = Topic.SETTINGS

    def __init__(self, context: CommandContext, settings: TournamentSettings, name: str,
                 venue: str) -> None:
        super().__init__(context, QCoreApplication.translate("SetupCommands",
                                                             "Change settings"))
        self.new = (settings, name, venue)
        self.old: tuple[TournamentSettings, str, str] | None = None

    def do(self) -> None:
        with self.uow() as uow:
            tournament = current_tournament(uow)
        self.old = (tournament.settings, tournament.name, tournament.venue)
        settings, name, venue = self.new
        update_settings(self.uow(), settings, name=name, venue=venue)

    def revert(self) -> None:
        assert self.old is not None
        settings, name, venue = self.old
        update_settings(self.uow(), settings, name=name, venue=venue)
