"""Seating commands: a swap is its own inverse; the other acts have inverse services.

Finishing a session is not among them: a finished session is part of the record the
standings and cuts are built on, so it is finished after a confirmation and reopened only
by the head judge (his passphrase and a reason), never by Edit ▸ Undo. Nor is a re-pick of
winds the format does not have: the head judge allows it with his passphrase, which is
never kept on the undo stack, so the page makes that act outside it.

The wind commands remember why the service refused them (`refusal`), so the page can tell
a re-pick that needs the head judge from any other refusal without parsing words.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from PySide6.QtCore import QCoreApplication

from tournament_manager.domain.seat_pick import SeatPick
from tournament_manager.gui.changes import Topic
from tournament_manager.gui.commands.base import CommandContext, Question, ServiceCommand
from tournament_manager.rules.tiles import Wind
from tournament_manager.services.errors import ServiceError, ServiceProblem
from tournament_manager.services.ports import UnitOfWork
from tournament_manager.services.score_sheets import starting_winds
from tournament_manager.services.seat_picks import (
    ReportedDraw,
    record_table_draw,
    record_table_winds,
    simulate_table_seat_pick,
)
from tournament_manager.services.seating import (
    SessionDraw,
    StoodBefore,
    held_again,
    publish_draw,
    restore_stood,
    stood_before,
    swap_players,
    unpublish_session,
)
from tournament_manager.services.sessions import has_hands, start_session, unstart_session

translate = QCoreApplication.translate  # by this name, so pyside6-lupdate finds the words


def table_arrival(uow: UnitOfWork, table_id: int) -> tuple[int, ...]:
    """The table's players in the chairs they sat down in (counter-clockwise), as the
    dice count them; the order every wind draw at the table starts from."""
    with uow:
        seats = uow.seats.list(table_id=table_id, cycle=1)
    return tuple(seat.player_id for seat in sorted(seats, key=lambda s: s.arrival))


def table_winds(uow: UnitOfWork, table_id: int, cycle: int) -> dict[int, Wind]:
    """Each player's starting wind for `cycle` as it stands."""
    with uow:
        return starting_winds(uow.seats.list(table_id=table_id), cycle)


class SwapPlayers(ServiceCommand):
    topic = Topic.SESSIONS

    def __init__(self, context: CommandContext, session_id: int, session_number: int,
                 a: int, b: int, names: tuple[str, str]) -> None:
        super().__init__(
            context,
            translate("SeatingCommands", "Swap {a} and {b} in session {session}").format(
                a=names[0], b=names[1], session=session_number
            ),
        )
        self.session_id, self.a, self.b = session_id, a, b

    def do(self) -> None:
        swap_players(self.uow(), self.session_id, self.a, self.b)

    def revert(self) -> None:
        swap_players(self.uow(), self.session_id, self.a, self.b)


class PublishDraw(ServiceCommand):
    """A computed draw made official; undone by withdrawing it before the session starts, or,
    where it replaced a published draw, by putting that one back."""

    topic = Topic.SESSIONS

    def __init__(self, context: CommandContext, draw: SessionDraw,
                 pending: Callable[[SessionDraw, bool], None] = lambda _draw, _on: None
                 ) -> None:
        """`pending(draw, True)` after an undo: the page holds the draw again, unpublished,
        to swap in or publish (the undo threw it away and only Redo brought it back);
        `pending(draw, False)` once it is published again."""
        super().__init__(
            context,
            translate("SeatingCommands", "Publish the draw of session {n}").format(
                n=draw.session_number
            ),
        )
        self.draw = draw
        self._pending = pending
        self._before: StoodBefore | None = None
        self._read = False

    def do(self) -> None:
        if not self._read:
            # A session published before (its seating posted in the morning): the undo
            # puts its tables back, not an empty session.
            self._before = stood_before(self.uow(), self.draw.session_id)
            self._read = True
        publish_draw(self.uow(), self.draw)
        self._pending(self.draw, False)

    def revert(self) -> None:
        if self._before is not None:
            # The posted draw stands again, and the page shows it (with what has changed
            # since), not the new draw held over it as if nothing were published.
            restore_stood(self.uow(), self._before)
            self._pending(self.draw, False)
        else:
            unpublish_session(self.uow(), self.draw.session_id)
            # The plan's tables went with the undo: held again over the session as it
            # stands now, or Redo (and Publish) were refused as changed elsewhere.
            self.draw = held_again(self.uow(), self.draw)
            self._pending(self.draw, True)

    def second_thought(self, undoing: bool) -> Question | None:
        """The posted seating is what the players are walking to: asked before Undo takes
        it down."""
        if not undoing:
            return None
        number = self.draw.session_number
        return Question(
            title=translate("SeatingCommands", "Withdraw the Draw"),
            question=translate("SeatingCommands",
                               "Withdraw the published draw of session {n}?").format(n=number),
            details=(translate("SeatingCommands",
                               "The draw published before it stands again.")
                     if self._before is not None else
                     translate("SeatingCommands",
                               "Session {n} has no published seating until Edit ▸ Redo "
                               "publishes it again.").format(n=number)),
            act=translate("SeatingCommands", "Withdraw the Draw"))


class StartSession(ServiceCommand):
    """The clock starts after a backup; undone while no hand is on any sheet."""

    topic = Topic.SESSIONS

    def __init__(self, context: CommandContext, session_id: int, session_number: int,
                 take_backup: Callable[[], object]) -> None:
        super().__init__(
            context, translate("SeatingCommands", "Start session {n}").format(n=session_number)
        )
        self.session_id, self.take_backup = session_id, take_backup
        self.session_number = session_number

    def do(self) -> None:
        start_session(self.uow(), self.session_id, self.take_backup)

    def revert(self) -> None:
        unstart_session(self.uow(), self.session_id)

    def second_thought(self, undoing: bool) -> Question | None:
        """The room's clock is running: asked before Undo stops it."""
        if not undoing:
            return None
        return Question(
            title=translate("SeatingCommands", "Undo the Start"),
            question=translate("SeatingCommands",
                               "Undo the start of session {n}?").format(n=self.session_number),
            details=translate("SeatingCommands",
                              "Its clock stops and is cleared; the session can be "
                              "redrawn before it starts again."),
            act=translate("SeatingCommands", "Undo the Start"))

    def spent(self, unit_of_work: Callable[[], UnitOfWork]) -> bool:
        """Hands on its sheets (their own entries signed and gone from the stack, or
        entered at another station): Edit offered "Undo Start session 1" over 80 hands,
        only to refuse it."""
        return has_hands(unit_of_work(), self.session_id)


class _TableWinds(ServiceCommand):
    """A new pick of one table's winds for one cycle; undone by putting back the winds it
    replaced (for a later cycle not picked before: the ones carried into it)."""

    topic = Topic.SHEET

    def __init__(self, context: CommandContext, table_id: int, cycle: int, text: str) -> None:
        super().__init__(context, text)
        self.table_id, self.cycle = table_id, cycle
        self.before: dict[int, Wind] = {}
        self.refusal: ServiceProblem | None = None
        """Why the service refused the first run (REPICK_NOT_IN_FORMAT: ask the head judge)."""

    def pick(self) -> None:
        raise NotImplementedError

    def do(self) -> None:
        self.before = table_winds(self.uow(), self.table_id, self.cycle)
        try:
            self.pick()
        except ServiceError as error:
            self.refusal = error.problem
            raise

    def revert(self) -> None:
        record_table_winds(self.uow(), self.table_id, self.before, self.cycle)


def _cycle_text(text: str, table_number: int, cycle: int) -> str:
    where = translate("SeatingCommands", "T{table}").format(table=table_number)
    if cycle > 1:
        where = translate("SeatingCommands", "T{table}, cycle {cycle}").format(
            table=table_number, cycle=cycle
        )
    return text.format(where=where)


class WindDraw(_TableWinds):
    """A table's wind draw simulated from its stored seed (a table without a judge)."""

    def __init__(self, context: CommandContext, table_id: int, table_number: int,
                 cycle: int = 1) -> None:
        super().__init__(
            context,
            table_id,
            cycle,
            _cycle_text(translate("SeatingCommands", "Wind draw at {where}"), table_number, cycle),
        )
        self.result: SeatPick | None = None

    def pick(self) -> None:
        self.result = simulate_table_seat_pick(self.uow(), self.table_id, self.cycle)


class RecordTableDraw(_TableWinds):
    """The throws and tiles of a draw done at the table, as its players report them."""

    def __init__(self, context: CommandContext, table_id: int, table_number: int,
                 draw: ReportedDraw, cycle: int = 1) -> None:
        super().__init__(
            context,
            table_id,
            cycle,
            _cycle_text(
                translate("SeatingCommands", "Record the wind draw at {where}"), table_number, cycle
            ),
        )
        self.draw = draw
        self.result: SeatPick | None = None

    def pick(self) -> None:
        self.result = record_table_draw(self.uow(), self.table_id, self.draw, self.cycle)


class RecordTableWinds(_TableWinds):
    """Who took which wind at the table, when only that was reported."""

    def __init__(self, context: CommandContext, table_id: int, table_number: int,
                 winds: Mapping[int, Wind], cycle: int = 1) -> None:
        super().__init__(
            context,
            table_id,
            cycle,
            _cycle_text(
                translate("SeatingCommands", "Record the winds at {where}"), table_number, cycle
            ),
        )
        self.winds = dict(winds)

    def pick(self) -> None:
        record_table_winds(self.uow(), self.table_id, self.winds, self.cycle)
