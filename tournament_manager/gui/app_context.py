"""What every page is handed: the document, the change hub, the command runner, messages.

Pages never keep a Document: they ask for a unit of work per service call, so closing or
switching the document happens only in the controller.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import TypeVar

from PySide6.QtCore import QObject

from tournament_manager.errors import TournamentError
from tournament_manager.gui.changes import ChangeHub, Topic
from tournament_manager.gui.commands.base import CommandRunner, ServiceCommand
from tournament_manager.gui.document_controller import DocumentController
from tournament_manager.gui.errors import EXPECTED_ERRORS, describe_error
from tournament_manager.gui.message_bar import Answers, MessageBar
from tournament_manager.services.live_standings import LiveStandings
from tournament_manager.services.ports import UnitOfWork
from tournament_manager.services.standings import Standings
from tournament_manager.services.views import SheetView, sheet_view

T = TypeVar("T")


class NoDocument(TournamentError, RuntimeError):
    """A page acted with no document open (its controls should have been disabled)."""


class AppContext(QObject):
    def __init__(self, controller: DocumentController, messages: MessageBar,
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.controller = controller
        self.messages = Answers(messages)
        self.hub = ChangeHub(self)
        self.runner = CommandRunner(self.unit_of_work, self.hub, self)
        self.runner.problem.connect(self.messages.show_problem)
        self.runner.acting.connect(self.messages.forget)
        self._standings = LiveStandings()
        controller.document_changed.connect(self._document_changed)

    @property
    def has_document(self) -> bool:
        return self.controller.document is not None

    @property
    def read_only(self) -> bool:
        """The event is open to read only (a file this computer may not write, a projector
        station): the pages offer no change the record would refuse."""
        document = self.controller.document
        return document is not None and document.read_only

    def sheet_view(self, table_id: int) -> SheetView:
        """A table's sheet as this window shows it: `reading_only` where the event is open
        to read only, so the sheet's controls are greyed out with the reason (a projector
        station's Extra time… opened its dialog, to be refused after it was filled in)."""
        view = sheet_view(self.unit_of_work(), table_id)
        return dataclasses.replace(view, reading_only=True) if self.read_only else view

    def unit_of_work(self) -> UnitOfWork:
        document = self.controller.document
        if document is None:
            raise NoDocument
        return document.unit_of_work()

    def standings(self, through_session: int | None = None) -> Standings:
        """The standings, reading only what changed since they were last asked for (one
        feed for the standings page and the projector)."""
        return self._standings.standings(self.unit_of_work(), through_session)

    def run(self, command: ServiceCommand) -> bool:
        """Execute and push an undoable command; a refusal goes to the message bar."""
        self.messages.forget()
        problem = self.runner.run(command)
        if problem is not None:
            self.messages.show_problem(problem)
            return False
        return True

    def call(self, action: Callable[[UnitOfWork], T], topic: str | None = None) -> T | None:
        """A service call that is not undoable (signing, correcting, a cut); None if refused."""
        self.messages.forget()
        try:
            result = action(self.unit_of_work())
        except EXPECTED_ERRORS as error:
            self.messages.show_problem(describe_error(error))
            return None
        if topic is not None:
            self.hub.notify(topic)
        return result

    def _document_changed(self) -> None:
        self.runner.reset()
        self._standings = LiveStandings()
        self.hub.notify(Topic.DOCUMENT)
