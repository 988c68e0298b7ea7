"""Round commands: a cut, undone while the next round has no draw.

A cut is made on the qualifiers the head judge confirmed in the preview: if the standings
moved since (a sheet corrected meanwhile), the service refuses rather than cut on numbers
nobody looked at.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QCoreApplication

from tournament_manager.domain.model import RoundEntry
from tournament_manager.gui.changes import Topic
from tournament_manager.gui.commands.base import CommandContext, Question, ServiceCommand
from tournament_manager.services.standings import make_cut, restore_cut, undo_cut

translate = QCoreApplication.translate  # by this name, so pyside6-lupdate finds the words


class MakeCut(ServiceCommand):
    topic = Topic.ROUNDS

    def __init__(self, context: CommandContext, round_number: int,
                 expected: Sequence[int] | None = None) -> None:
        super().__init__(context, translate(
            "RoundCommands", "Cut after round {n}").format(n=round_number))
        self.round_number = round_number
        self.expected = tuple(expected) if expected is not None else None
        self.advancing: list[int] = []

    def do(self) -> None:
        self.advancing = make_cut(self.uow(), self.round_number, expected=self.expected)

    def revert(self) -> None:
        undo_cut(self.uow(), self.round_number)

    def second_thought(self, undoing: bool) -> Question | None:
        return cut_question(self.round_number, make=not undoing, again_by_redo=True)


class TakeBackCut(ServiceCommand):
    """The head judge takes a cut back (a correction moved the line, or it was made too
    soon); Undo puts back exactly the players it had taken on, with their carry."""

    topic = Topic.ROUNDS

    def __init__(self, context: CommandContext, round_number: int) -> None:
        super().__init__(context, translate(
            "RoundCommands", "Take back the cut after round {n}").format(n=round_number))
        self.round_number = round_number
        self.taken_back: list[RoundEntry] = []

    def do(self) -> None:
        self.taken_back = undo_cut(self.uow(), self.round_number)

    def revert(self) -> None:
        restore_cut(self.uow(), self.round_number, self.taken_back)

    def second_thought(self, undoing: bool) -> Question | None:
        return cut_question(self.round_number, make=undoing, again_by_redo=False)


def cut_question(round_number: int, *, make: bool, again_by_redo: bool) -> Question:
    """A cut made or taken back by Edit ▸ Undo or Redo changes who is still in the event,
    which the room sees on the projector: never at one stray keystroke. A cut taken back by
    undoing it is made again by Redo (`again_by_redo`); one taken back by redoing "Take
    back the cut", by Undo."""
    if make:
        return Question(
            title=translate("RoundCommands", "Make the Cut"),
            question=translate("RoundCommands",
                               "Make the cut after round {n} again?").format(n=round_number),
            details=translate("RoundCommands",
                              "The players it took on go on to the next round again, and "
                              "the others leave the standings of that round."),
            act=translate("RoundCommands", "Make the Cut"))
    return Question(
        title=translate("RoundCommands", "Take Back the Cut"),
        question=translate("RoundCommands",
                           "Take back the cut after round {n}?").format(n=round_number),
        details=(translate("RoundCommands",
                           "Everyone plays on in round {n}'s standings again, as before the "
                           "cut; Edit ▸ Redo makes it again.") if again_by_redo else
                 translate("RoundCommands",
                           "Everyone plays on in round {n}'s standings again, as before the "
                           "cut; Edit ▸ Undo makes it again.")).format(n=round_number),
        act=translate("RoundCommands", "Take Back the Cut"))
