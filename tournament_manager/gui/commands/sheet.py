"""Score sheet commands: hands by (table, number), penalties by id (aliased on re-entry)."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QCoreApplication

from tournament_manager.domain.model import Hand, Penalty, PenaltyReason
from tournament_manager.gui.changes import Topic
from tournament_manager.gui.commands.base import CommandContext, Question, ServiceCommand
from tournament_manager.services.head_judge import HeadJudgeCredential
from tournament_manager.services.ports import NotFound, UnitOfWork
from tournament_manager.services.score_sheets import (
    HandEntry,
    add_penalty,
    check_unchanged,
    correct_sheet,
    delete_hand,
    enter_hand,
    entry_of,
    remove_penalty,
    replace_hand,
    restore_penalty,
    resume_play,
    revert_correction,
    sheet_locked,
    sheet_now,
    sign_sheet,
    standing_signers,
    stop_on_time,
    withdraw_signature,
)
from tournament_manager.services.views import sheet_view

translate = QCoreApplication.translate  # by this name, so pyside6-lupdate finds the words

PENALTY = "penalty"


def hand_at(command: ServiceCommand, table_id: int, number: int) -> Hand:
    """The stored hand `number` of a table (ids change when an undo re-enters a hand)."""
    for row in sheet_view(command.uow(), table_id).rows:
        if row.hand.number == number:
            return row.hand
    raise NotFound("hand", number)


class SheetCommand(ServiceCommand):
    """An act on a sheet as this window showed it: `seen` is the content hash of the
    sheet on screen, checked by the service on the first run (another station may have
    changed the sheet since). Every undo and redo after it checks that the sheet is still
    as this command left it (`_left`): an undo at the results desk must not take away a
    hand the head judge has corrected since, nor a redo put back what he replaced."""

    topic = Topic.SHEET

    def __init__(self, context: CommandContext, text: str, seen: str | None) -> None:
        super().__init__(context, text)
        self._seen = seen
        self._left: str | None = None

    def execute(self) -> None:
        super().execute()
        self._left = self._now()

    def _guarded(self, step: Callable[[], None], *, undoing: bool) -> bool:
        def checked() -> None:
            table_id = self.sheet()
            if table_id is not None and self._left is not None:
                check_unchanged(self.uow(), table_id, self._left)
            step()
            self._left = self._now()

        return super()._guarded(checked, undoing=undoing)

    def _now(self) -> str | None:
        table_id = self.sheet()
        return None if table_id is None else sheet_now(self.uow(), table_id)

    def seen(self) -> str | None:
        seen, self._seen = self._seen, None
        return seen

    def sheet(self) -> int | None:
        """The id of the table whose sheet this command changes (None if not known yet)."""
        return getattr(self, "table_id", None)

    def spent(self, unit_of_work: Callable[[], UnitOfWork]) -> bool:
        table_id = self.sheet()
        return table_id is not None and sheet_locked(unit_of_work(), table_id)

    changes_content = True
    """A hand or a penalty: the sheet's content changes, and signatures given on it lapse."""

    def question(self) -> Question | None:
        return self._voids(translate("SheetCommands", "Change table {table}'s sheet: “{act}”?"))

    def second_thought(self, undoing: bool) -> Question | None:
        step = (translate("SheetCommands", "Undo “{act}” on table {table}'s sheet?")
                if undoing else
                translate("SheetCommands", "Redo “{act}” on table {table}'s sheet?"))
        return self._voids(step)

    def _voids(self, asked: str) -> Question | None:
        """`asked` (its {table} and {act} filled in) where players have signed the sheet
        as it stands: the change leaves their signatures on the old content (kept, not
        current), and they must sign again. A judge who corrected a hand while the third
        player signed learnt it from the count going back to none."""
        table_id = self.sheet()
        if not self.changes_content or table_id is None:
            return None
        if sheet_locked(self.uow(), table_id):
            return None  # the service refuses it in words; nothing to ask
        signed = standing_signers(self.uow(), table_id)
        if not signed.players:
            return None
        names = ", ".join(signed.players)
        return Question(
            title=translate("SheetCommands", "Signed Sheet"),
            question=asked.format(table=signed.table, act=self.text()),
            details=translate(
                "SheetCommands",
                "Signed as it stands by: {names}. After the change they must sign again; "
                "their signatures stay on the record for the sheet as it was.",
            ).format(names=names),
            act=translate("SheetCommands", "Change the Sheet"),
            kept=translate("SheetCommands",
                           "Nothing changed: table {table}'s sheet keeps the signatures of "
                           "{names}.").format(table=signed.table, names=names))


class EnterHand(SheetCommand):
    def __init__(self, context: CommandContext, table_id: int, table_number: int,
                 entry: HandEntry, number: int | None = None, *,
                 seen: str | None = None) -> None:
        super().__init__(context, translate("SheetCommands", "Enter hand"), seen)
        self.table_id, self.table_number = table_id, table_number
        self.entry, self.number = entry, number

    def do(self) -> None:
        hand = enter_hand(self.uow(), self.table_id, self.entry, self.number,
                          seen=self.seen())
        self.number = hand.number
        self.setText(
            translate("SheetCommands", "Enter hand T{table} #{hand}").format(
                table=self.table_number, hand=hand.number
            )
        )

    def revert(self) -> None:
        assert self.number is not None
        delete_hand(self.uow(), hand_at(self, self.table_id, self.number).id)


class ReplaceHand(SheetCommand):
    def __init__(self, context: CommandContext, table_id: int, table_number: int,
                 number: int, entry: HandEntry, *, seen: str | None = None) -> None:
        super().__init__(context, translate("SheetCommands", "Change hand T{table} #{hand}").format(
            table=table_number, hand=number), seen)
        self.table_id, self.number, self.entry = table_id, number, entry
        self.old: HandEntry | None = None

    def do(self) -> None:
        hand = hand_at(self, self.table_id, self.number)
        self.old = entry_of(hand)
        replace_hand(self.uow(), hand.id, self.entry, seen=self.seen())

    def revert(self) -> None:
        assert self.old is not None
        replace_hand(self.uow(), hand_at(self, self.table_id, self.number).id, self.old)


class DeleteHand(SheetCommand):
    def __init__(self, context: CommandContext, table_id: int, table_number: int,
                 number: int, *, seen: str | None = None) -> None:
        super().__init__(context, translate("SheetCommands", "Delete hand T{table} #{hand}").format(
            table=table_number, hand=number), seen)
        self.table_id, self.number = table_id, number
        self.old: HandEntry | None = None

    def do(self) -> None:
        removed = delete_hand(self.uow(), hand_at(self, self.table_id, self.number).id,
                              seen=self.seen())
        self.old = entry_of(removed)

    def revert(self) -> None:
        assert self.old is not None
        enter_hand(self.uow(), self.table_id, self.old, self.number)


class AddPenalty(SheetCommand):
    def __init__(self, context: CommandContext, table_id: int, table_number: int,
                 player_id: int, reason: PenaltyReason, points: int,
                 hand_number: int | None = None, note: str = "", *,
                 seen: str | None = None) -> None:
        super().__init__(
            context,
            translate("SheetCommands", "Add penalty T{table}").format(table=table_number),
            seen,
        )
        self.args = (table_id, player_id, reason, points)
        self.table_id = table_id
        self.hand_number, self.note = hand_number, note
        self.penalty_id: int | None = None
        self.removed: Penalty | None = None

    def do(self) -> None:
        if self.removed is not None:
            stored = restore_penalty(self.uow(), self.removed)
            self._context.aliases.moved(PENALTY, self.removed.id, stored.id)
        else:
            stored = add_penalty(self.uow(), *self.args, hand_number=self.hand_number,
                                 note=self.note, seen=self.seen())
            self.penalty_id = stored.id

    def revert(self) -> None:
        assert self.penalty_id is not None
        self.removed = remove_penalty(
            self.uow(), self._context.aliases.resolve(PENALTY, self.penalty_id))


class RemovePenalty(SheetCommand):
    def __init__(self, context: CommandContext, table_number: int, penalty_id: int, *,
                 seen: str | None = None, table_id: int | None = None) -> None:
        """`table_id`, where the caller knows it, lets the first run ask about signatures;
        the penalty removed names it for every undo and redo."""
        super().__init__(
            context,
            translate("SheetCommands", "Remove penalty T{table}").format(table=table_number),
            seen,
        )
        self.penalty_id = penalty_id
        self._table_id = table_id
        self.removed: Penalty | None = None

    def sheet(self) -> int | None:
        return self._table_id if self.removed is None else self.removed.table_id

    def do(self) -> None:
        self.removed = remove_penalty(
            self.uow(), self._context.aliases.resolve(PENALTY, self.penalty_id),
            seen=self.seen())

    def revert(self) -> None:
        assert self.removed is not None
        stored = restore_penalty(self.uow(), self.removed)
        self._context.aliases.moved(PENALTY, self.removed.id, stored.id)


class SignSheet(SheetCommand):
    """A player's signature; undone by withdrawing it (and the lock, if it made one)."""

    def __init__(self, context: CommandContext, table_id: int, table_number: int,
                 player_id: int, player_name: str, png: bytes, *,
                 seen: str | None = None) -> None:
        super().__init__(context, translate("SheetCommands", "Sign T{table} ({name})").format(
            table=table_number, name=player_name), seen)
        self.table_id, self.player_id, self.png = table_id, player_id, png
        self.table_number, self.player_name = table_number, player_name
        self.signature_id: int | None = None
        self.locked = False

    changes_content = False

    def second_thought(self, undoing: bool) -> Question | None:
        """Undo withdraws a signature the player gave in front of the judge: asked, as the
        player has left the table by the time a stray Ctrl+Z is noticed."""
        if not undoing:
            return None
        return Question(
            title=translate("SheetCommands", "Withdraw a Signature"),
            question=translate("SheetCommands",
                               "Withdraw {name}'s signature from table {table}'s sheet?").format(
                name=self.player_name, table=self.table_number),
            details=translate("SheetCommands",
                              "The sheet cannot lock until {name} signs it again.").format(
                name=self.player_name),
            act=translate("SheetCommands", "Withdraw the Signature"))

    def do(self) -> None:
        result = sign_sheet(self.uow(), self.table_id, self.player_id, self.png,
                            seen=self.seen())
        self.signature_id, self.locked = result.signature.id, result.locked

    def revert(self) -> None:
        assert self.signature_id is not None
        withdraw_signature(self.uow(), self.signature_id)


class CorrectSheet(ServiceCommand):
    """The head judge opens a signed sheet; undone by re-locking it as it was signed,
    while nothing has changed (a correction opened by mistake).

    The passphrase is not kept for a redo: once undone, the command leaves the stack, and
    opening the sheet again is the head judge's act again, through his dialog.
    """

    topic = Topic.SHEET

    def __init__(self, context: CommandContext, table_id: int, table_number: int,
                 reason: str, credential: HeadJudgeCredential) -> None:
        super().__init__(
            context, translate("SheetCommands", "Correct T{table}").format(table=table_number)
        )
        self.table_id, self.reason = table_id, reason
        self._credential: HeadJudgeCredential | None = credential

    def do(self) -> None:
        credential, self._credential = self._credential, None
        if credential is None:  # a redo: never reached, the undo made the command obsolete
            self.setObsolete(True)
            return
        correct_sheet(self.uow(), self.table_id, self.reason, credential)

    def revert(self) -> None:
        revert_correction(self.uow(), self.table_id)
        self.setObsolete(True)


class StopOnTime(SheetCommand):
    def __init__(self, context: CommandContext, table_id: int, table_number: int, *,
                 seen: str | None = None) -> None:
        super().__init__(
            context,
            translate("SheetCommands", "Stop T{table} on time").format(table=table_number),
            seen,
        )
        self.table_id = table_id

    def do(self) -> None:
        stop_on_time(self.uow(), self.table_id, seen=self.seen())

    def revert(self) -> None:
        resume_play(self.uow(), self.table_id)
