"""The base of every command, and the runner that executes it before it joins the stack.

A command is executed once by `CommandRunner.run`; only if the service accepts it is it
pushed (the stack's first `redo` is then skipped), so a refused request never leaves an
entry in the Edit menu. Commands store ids, never entities; when an undo re-creates an
entity under a new id (a re-entered penalty, a restored player), `IdAliases` records the
move so older commands still find it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from PySide6.QtCore import QCoreApplication, QObject, QTimer, Signal
from PySide6.QtGui import QUndoCommand, QUndoStack

from tournament_manager.errors import TournamentError
from tournament_manager.gui.changes import ChangeHub
from tournament_manager.gui.errors import EXPECTED_ERRORS, describe_error
from tournament_manager.gui.user_text import no_mnemonic
from tournament_manager.messages.sentence import sentence
from tournament_manager.services.ports import NotFound, UnitOfWork


class IdAliases:
    def __init__(self) -> None:
        self._moved: dict[tuple[str, int], int] = {}

    def moved(self, kind: str, old: int, new: int) -> None:
        if old != new:
            self._moved[(kind, old)] = new

    def resolve(self, kind: str, entity_id: int) -> int:
        seen = set()
        while (kind, entity_id) in self._moved and entity_id not in seen:
            seen.add(entity_id)
            entity_id = self._moved[(kind, entity_id)]
        return entity_id

    def clear(self) -> None:
        self._moved.clear()


class CommandContext:
    """What a command needs: a fresh unit of work per service call, the hub, the aliases."""

    def __init__(self, unit_of_work: Callable[[], UnitOfWork], hub: ChangeHub,
                 report: Callable[[str], None],
                 acting: Callable[[], None] = lambda: None,
                 moved: Callable[[ServiceCommand, bool], None] = lambda _c, _u: None) -> None:
        self.unit_of_work = unit_of_work
        self.hub = hub
        self.report = report
        self.acting = acting
        """Called as an undo or a redo begins: the judge's act, as a new command is."""
        self.moved = moved
        """Called when an undo (True) or a redo (False) has been done."""
        self.aliases = IdAliases()


@dataclass(frozen=True)
class Question:
    """What the judge is asked before a command runs, or is undone or redone, where a slip
    would change what the players have seen or signed: a stray Ctrl+Z on the Players page
    took back the cut made an hour before, without a word."""

    title: str
    question: str
    details: str
    act: str
    """The button that goes ahead; the default answer is always to leave things be."""
    kept: str = ""
    """Said where the judge declined a new command (the refusal's place): what stands."""


class ServiceCommand(QUndoCommand):
    """Subclasses implement `do` and `revert`; `topic` names what they change."""

    topic = "document"

    def __init__(self, context: CommandContext, text: str) -> None:
        super().__init__()
        self.setText(text)
        self._context = context
        self._skip_redo = False

    def setText(self, text: str) -> None:
        """`text()` as written (the status bar's "Undone: …"); `actionText()`, which the
        Edit menu's Undo and Redo show, with its '&' doubled (`user_text.no_mnemonic`):
        "Add player Seán & Co" is no Alt+C. Qt takes the part after a newline as the
        action text."""
        line = text.replace("\n", " ")
        super().setText(f"{line}\n{no_mnemonic(line)}" if line else "")

    def uow(self) -> UnitOfWork:
        return self._context.unit_of_work()

    def do(self) -> None:
        raise NotImplementedError

    def revert(self) -> None:
        raise NotImplementedError

    def spent(self, unit_of_work: Callable[[], UnitOfWork]) -> bool:
        """True when the record has moved on so that this command can never be undone (its
        sheet signed and locked since): the runner drops it rather than offer it. A unit of
        work is opened only by a command that needs one to tell."""
        del unit_of_work
        return False

    def question(self) -> Question | None:
        """Asked before the first run (it may read the record); None to run at once."""
        return None

    def second_thought(self, undoing: bool) -> Question | None:
        """Asked before Edit ▸ Undo (`undoing`) or Redo moves this command; None to move it
        at once, as for most commands: Ctrl+Z is for slips, and must stay quick."""
        del undoing
        return None

    def execute(self) -> None:
        """The first run, before the push: errors propagate to the runner."""
        self.do()
        self._skip_redo = True
        self._context.hub.notify(self.topic)

    def redo(self) -> None:
        if self._skip_redo:
            self._skip_redo = False
            return
        if self._guarded(self.do, undoing=False):
            self._context.moved(self, False)

    def undo(self) -> None:
        if self._guarded(self.revert, undoing=True):
            self._context.moved(self, True)

    def sheet(self) -> int | None:
        """The table whose sheet this command changes, if any (the window names it when
        an undo reaches a sheet other than the one on screen)."""
        return None

    def _guarded(self, step: Callable[[], None], *, undoing: bool) -> bool:
        """True when done; else said, and the command dropped: the data may have moved on
        (a sheet signed since)."""
        self._context.acting()
        try:
            step()
        except NotFound:
            # What it changed is gone: "There is no table 173" named a row id, after
            # another station had published a new draw over the tables it had changed.
            self.setObsolete(True)
            self._context.report((QCoreApplication.translate(
                "ServiceCommand", "“{act}” cannot be undone: what it changed is no longer "
                "there (removed or replaced since, at another station perhaps).") if undoing
                else QCoreApplication.translate(
                    "ServiceCommand", "“{act}” cannot be done again: what it changed is no "
                    "longer there (removed or replaced since, at another station perhaps).")
            ).format(act=no_mnemonic(self.text())))
            return False
        except EXPECTED_ERRORS as error:
            self.setObsolete(True)
            self._context.report(sentence(describe_error(error)))  # the bar's own line
            return False
        finally:
            self._context.hub.notify(self.topic)
        return True


class CommandRunner(QObject):
    """Owns the window's one undo stack."""

    problem = Signal(str)
    acting = Signal()
    """An undo or a redo begins."""
    moved = Signal(object, bool)
    """An undo (True) or a redo (False) of this command is done."""

    def __init__(self, unit_of_work: Callable[[], UnitOfWork], hub: ChangeHub,
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.stack = QUndoStack(self)
        self.context = CommandContext(unit_of_work, hub, self.problem.emit, self.acting.emit,
                                      self.moved.emit)
        self._prune_soon = QTimer(self)
        self._prune_soon.setSingleShot(True)
        self._prune_soon.timeout.connect(self.prune)
        # After each act, undo or redo, and each change seen (another station's too); never
        # inside the stack's own undo, which is where a refused undo notifies the hub.
        self.stack.indexChanged.connect(lambda _index: self._prune_soon.start(0))
        hub.changed.connect(lambda _topic: self._prune_soon.start(0))
        self._redo_orphaned = False
        """An undone command left the stack (`_left`): what it had under its redo goes too."""
        self.moved.connect(self._left)
        self.ask: Callable[[Question], bool] = lambda _question: True
        """The window's confirmation (`confirm`), set by the window that shows the stack."""

    def undo(self) -> None:
        """Edit ▸ Undo: the top command is undone, after its question if it has one."""
        self._step(self.stack.index() - 1, undoing=True)

    def redo(self) -> None:
        """Edit ▸ Redo, likewise."""
        self._step(self.stack.index(), undoing=False)

    def _step(self, index: int, *, undoing: bool) -> None:
        stack = self.stack
        if not 0 <= index < stack.count():
            return
        command = stack.command(index)
        if isinstance(command, ServiceCommand):
            try:
                question = command.second_thought(undoing)
            except EXPECTED_ERRORS:
                question = None  # unreadable now: the undo itself will say why
            if question is not None and (not self.ask(question)
                                         or stack.command(index) is not command
                                         or stack.index() != index + undoing):
                return  # kept; or the stack moved while he was asked (another station)
        if undoing:
            stack.undo()
        else:
            stack.redo()

    def _left(self, command: ServiceCommand, undone: bool) -> None:
        """A command undone and made obsolete by its undo leaves the stack (a correction
        opened by mistake: its passphrase is not kept for a redo). The commands done after
        it were done on top of it, and are no redo without it: after "Undo Correct T5",
        Edit offered "Redo Change hand T5 #16" on the locked sheet, only to refuse it."""
        if undone and command.isObsolete():
            self._redo_orphaned = True

    def prune(self) -> None:
        """Drop from the top of the stack every command the record no longer lets anyone
        undo (a sheet signed and locked since: only the head judge's correction opens it).
        The Edit menu offered "Undo Sign T1" over a locked sheet; each Ctrl+Z was refused
        and used up, and the judge at table 3 met three refusals about table 1 before his
        own hand went. Dropped unseen: an obsolete command is removed, not undone."""
        stack = self.stack
        if self._redo_orphaned:
            self._redo_orphaned = False
            self._drop_redo()
        while stack.index() > 0:
            command = stack.command(stack.index() - 1)
            if not isinstance(command, ServiceCommand):
                return
            try:
                if not command.spent(self.context.unit_of_work):
                    return
            except TournamentError:
                return  # unreadable now (a lost server, no event): an undo would say why
            command.setObsolete(True)
            stack.undo()

    def _drop_redo(self) -> None:
        """Empty the stack's redo area. QUndoStack keeps it until a push: one is made with
        a command that does nothing, which then leaves as an obsolete command does."""
        stack = self.stack
        if stack.index() == stack.count():
            return
        marker = QUndoCommand()
        stack.push(marker)
        marker.setObsolete(True)
        stack.undo()

    def run(self, command: ServiceCommand) -> str | None:
        """None when done, else the worded refusal (nothing was changed), or what stands
        where the judge answered the command's question by leaving things be."""
        try:
            question = command.question()
            if question is not None and not self.ask(question):
                return question.kept or QCoreApplication.translate("CommandRunner",
                                                                   "Nothing changed.")
            command.execute()
        except EXPECTED_ERRORS as error:
            return describe_error(error)
        self.stack.push(command)
        return None

    def reset(self) -> None:
        """A different document: the old commands' ids mean nothing in it."""
        self.stack.clear()
        self.context.aliases.clear()
