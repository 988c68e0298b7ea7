"""One table's sheet: the grid, the entry bar, penalties, totals, signatures, lock, the
table's time left, and the sheet's record (its corrections, the hash its players signed
and whether it still matches).

Sixteen hands with their running totals, the entry bar and the totals fit a 1280 × 800
window together: rows are compact, the columns always fit the grid's width (names are
elided, `grid_columns`), and the tools wait in a drawer under the sheet.

Every change goes through a command (undoable); the widget then re-reads the `SheetView`,
so what is shown is always what the service stored. Acts that cannot be taken back
lightly ask first: stopping a table on time, giving it extra time, and unlocking a
signed sheet (the head judge's dialog, with his passphrase and a reason).
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QApplication,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from tournament_manager.domain.model import StageStatus
from tournament_manager.domain.settings import OnTimeOut
from tournament_manager.gui.app_context import AppContext
from tournament_manager.gui.changes import Topic
from tournament_manager.gui.commands.sheet import (
    CorrectSheet,
    DeleteHand,
    EnterHand,
    ReplaceHand,
    SignSheet,
    StopOnTime,
)
from tournament_manager.gui.confirm import confirm
from tournament_manager.gui.countdown import SessionCountdown, format_left
from tournament_manager.gui.errors import EXPECTED_ERRORS, describe_error
from tournament_manager.gui.formatting import local_date_time, mark_negative
from tournament_manager.gui.head_judge_dialog import ask_head_judge
from tournament_manager.gui.models.sheet_model import (
    NAME_COLUMNS,
    PATTERNS,
    SheetModel,
    player_columns,
)
from tournament_manager.gui.sheet.elide import ElidedButton, ElidedLabel
from tournament_manager.gui.sheet.entry_bar import HandEntryBar
from tournament_manager.gui.sheet.extra_time_dialog import ask_extra_minutes
from tournament_manager.gui.sheet.grid_columns import fit_columns
from tournament_manager.gui.sheet.penalty_commands import run_penalty_commands
from tournament_manager.gui.sheet.penalty_panel import PenaltyPanel
from tournament_manager.gui.sheet.signature_panel import SignaturePanel
from tournament_manager.gui.sheet.state import blocked_note, can_change
from tournament_manager.gui.sheet.table_clock import TableClock
from tournament_manager.gui.sheet.tool_drawer import ToolDrawer
from tournament_manager.gui.sheet.totals import TotalsPanel
from tournament_manager.services.clock import extend_clock, session_clock
from tournament_manager.services.score_sheets import HandEntry, entry_of, preview_hand
from tournament_manager.services.standings import cut_made_after
from tournament_manager.services.views import SheetView

ROW_PADDING = 8
"""Pixels above and below the text of a grid row."""


class SheetWidget(QWidget):
    def __init__(self, context: AppContext, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("sheet_widget")
        self._context = context
        self._table_id: int | None = None
        self._clock: SessionCountdown | None = None
        self.view: SheetView | None = None
        self._edit_seen: str | None = None
        """The sheet's content hash when a stored hand was loaded for a change (F2)."""

        self.header = ElidedLabel("", self)
        self.header.setObjectName("sheet_header")
        font = self.header.font()
        font.setPointSizeF(font.pointSizeF() * 1.25)
        font.setBold(True)
        self.header.setFont(font)
        self.table_clock = TableClock(self)
        self.extra_time_button = ElidedButton(self.tr("Extra time…"), self)
        self.extra_time_button.setObjectName("extra_time")
        self.extra_time_button.setToolTip(self.tr(
            "Give this table minutes of its own on the session clock (a ruling held it up)"))
        self.extra_time_button.clicked.connect(self.give_extra_time)
        self.stop_button = ElidedButton(self.tr("Stop on time…"), self)
        self.stop_button.setObjectName("stop_on_time")
        self.stop_button.setToolTip(self.tr("The session clock ran out: no later hand is scored"))
        self.stop_button.clicked.connect(self.stop_on_time)
        self.notice = QLabel(self)
        self.notice.setObjectName("sheet_notice")
        self.notice.setWordWrap(True)
        mark_negative(self.notice)
        self.corrections = QLabel(self)
        self.corrections.setObjectName("sheet_corrections")
        self.corrections.setWordWrap(True)
        self.corrections.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.signed_hash = ElidedLabel("", self)
        self.signed_hash.setObjectName("sheet_signed_hash")

        self.model = SheetModel(self)
        self.grid = QTableView(self)
        self.grid.setObjectName("sheet_grid")
        self.grid.setModel(self.model)
        self.grid.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.grid.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.grid.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.grid.setAlternatingRowColors(True)
        self.grid.setWordWrap(False)
        self.grid.setTextElideMode(Qt.TextElideMode.ElideRight)
        self.grid.horizontalHeader().setTextElideMode(Qt.TextElideMode.ElideRight)
        self.grid.horizontalHeader().setMinimumSectionSize(24)
        rows = self.grid.verticalHeader()
        rows.hide()
        # Compact rows: sixteen hands and the totals fit a laptop screen with the entry bar.
        rows.setMinimumSectionSize(self.fontMetrics().height() + 2)
        rows.setDefaultSectionSize(self.fontMetrics().height() + ROW_PADDING)
        rows.setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        self.grid.installEventFilter(self)
        self.grid.viewport().installEventFilter(self)
        self.grid.doubleClicked.connect(lambda index: self._edit_row(index.row()))

        self.entry = HandEntryBar(self)
        self.entry.submitted.connect(self._submit)
        self.entry.set_previewer(self._preview)
        self.penalties = PenaltyPanel(self)
        run_penalty_commands(self.penalties, context, lambda: self.view)
        self.totals = TotalsPanel(self)
        self.signatures = SignaturePanel(self)
        self.signatures.sign_requested.connect(self._sign)
        self.signatures.correct_requested.connect(self.correct)
        self.signatures.drawing.connect(self._context.messages.forget)

        top = QHBoxLayout()
        top.addWidget(self.header, 3)
        top.addWidget(self.signed_hash, 2)
        top.addSpacing(8)
        top.addWidget(self.table_clock)
        top.addWidget(self.extra_time_button)
        top.addWidget(self.stop_button)
        upper = QWidget(self)
        upper_layout = QVBoxLayout(upper)
        upper_layout.setContentsMargins(0, 0, 0, 0)
        upper_layout.setSpacing(4)
        upper_layout.addLayout(top)
        upper_layout.addWidget(self.corrections)
        upper_layout.addWidget(self.grid, 1)
        upper_layout.addWidget(self.notice)
        upper_layout.addWidget(self.entry)
        upper_layout.addWidget(self.totals)
        self.tools = ToolDrawer(upper, self)
        self.tools.add_tool(self.penalties, self.tr("Penalties"))
        self.tools.add_tool(self.signatures, self.tr("Signatures and lock"))
        self.splitter = self.tools.splitter
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.tools)
        context.hub.changed.connect(self._changed)
        self._show(None)

    @property
    def table_id(self) -> int | None:
        return self._table_id

    def show_table(self, table_id: int | None) -> None:
        if table_id != self._table_id:
            self._table_id = table_id
            self._edit_seen = None
            self.entry.start_new()
        self.refresh()

    def forget(self) -> None:
        """Another document: no table, nothing typed, an empty penalty form (ids begin
        again in every document, so nothing may be kept by id)."""
        self.show_table(None)
        self.penalties.forget()

    def refresh(self) -> None:
        view = None
        if self._table_id is not None and self._context.has_document:
            try:
                view = self._context.sheet_view(self._table_id)
            except EXPECTED_ERRORS as error:
                self._context.messages.show_problem(describe_error(error))
                self._table_id = None
        self._show(view)

    def _changed(self, topic: str) -> None:
        """Hands, penalties, signatures and names are this widget's to follow; a new
        document, session or setting reaches it through the page (which may pick another
        table). Any other change (Topic.CLOCK: a pause, extra time) may move the clock."""
        if topic in (Topic.SHEET, Topic.PLAYERS):
            self.refresh()
        elif topic != Topic.DOCUMENT:
            self._read_clock()

    def set_clock(self, countdown: SessionCountdown) -> None:
        """The room's session clock (the status bar's), for a table whose own clock
        cannot be read."""
        self._clock = countdown

    def _running(self) -> bool:
        view = self.view
        return view is not None and view.session.status is StageStatus.RUNNING

    def _read_clock(self) -> None:
        """The table's time left: the session clock with its pauses and extra minutes, the
        room's and this table's own; shown only while its session runs and the table still
        plays (not once it is locked or stopped on time)."""
        view = self.view
        clock = None
        playing = (view is not None and not view.locked
                   and view.table.stopped_after_hand is None)
        if view is not None and playing and self._running() and self._context.has_document:
            try:
                clock = session_clock(self._context.unit_of_work(), view.session.id)
            except EXPECTED_ERRORS:
                clock = None
        self.table_clock.set_clock(clock, view.table.number if view is not None else None)

    def add_tool(self, widget: QWidget, label: str, first: bool = False) -> None:
        """A panel beside penalties and signatures (the page adds the calculator), in the
        drawer under the sheet."""
        self.tools.add_tool(widget, label, first)

    def show_tool(self, widget: QWidget) -> None:
        self.tools.show_tool(widget)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.grid.viewport() and event.type() == QEvent.Type.Resize:
            self._fit_columns()
        elif watched is self.grid and event.type() == QEvent.Type.KeyPress:
            assert isinstance(event, QKeyEvent)
            if self._grid_key(event):
                return True
        return super().eventFilter(watched, event)

    def _fit_columns(self) -> None:
        players = len(self.view.players) if self.view is not None else 0
        fit_columns(self.grid, names=NAME_COLUMNS, named=player_columns(players),
                    stretch=PATTERNS)

    def _show(self, view: SheetView | None) -> None:
        self.view = view
        self.model.set_view(view)
        self.entry.set_view(view)
        self.penalties.set_view(view)
        self.totals.set_view(view)
        self.signatures.set_view(view)
        self._fit_columns()
        running = view is not None and view.session.status is StageStatus.RUNNING
        self.stop_button.setEnabled(running and can_change(view) and view is not None
                                    and view.table.stopped_after_hand is None)
        self.extra_time_button.setEnabled(running and view is not None and not view.locked
                                          and not view.reading_only)
        note = blocked_note(view)
        self.notice.setText(note)
        self.notice.setVisible(bool(note))
        self._show_record(view)
        self._label_tools(view)
        self._read_clock()
        if view is None:
            self.header.setText(self.tr("Pick a session and a table"))
            return
        text = self.tr("Session {session} · Table {table}").format(
            session=view.session.number, table=view.table.number)
        if view.locked:
            text += self.tr(" · locked")
        if view.corrected:
            text += self.tr(" · corrected (version {v})").format(v=view.table.sheet_version)
        if view.table.stopped_after_hand is not None:
            text += self.tr(" · stopped on time after hand {n}").format(
                n=view.table.stopped_after_hand)
        self.header.setText(text)
        if view.rows:
            self.grid.scrollToBottom()

    def _label_tools(self, view: SheetView | None) -> None:
        """The drawer's tabs say what is inside while it is closed."""
        penalties = len(view.penalties) if view is not None else 0
        self.tools.set_label(self.penalties, self.tr("Penalties ({n})").format(n=penalties)
                             if penalties else self.tr("Penalties"))
        signed = sum(1 for s in view.signatures if s.current) if view is not None else 0
        label = self.tr("Signatures and lock")
        if view is not None and view.locked:
            label += self.tr(" · locked")
        elif signed:
            label += f" · {signed}/4"
        self.tools.set_label(self.signatures, label)

    def _show_record(self, view: SheetView | None) -> None:
        """Every correction of the sheet, and the hash its players signed with whether the
        sheet still matches it."""
        lines = [self.tr("Corrected v{version} — {reason} — {when} — {judge}").format(
                     version=c.version, reason=c.reason, when=local_date_time(c.opened_at),
                     judge=c.head_judge)
                 for c in (view.corrections if view is not None else ())]
        self.corrections.setText("\n".join(lines))
        self.corrections.setVisible(bool(lines))
        verified = view.verified if view is not None else None
        if view is None or verified is None:
            self.signed_hash.clear()
            self.signed_hash.hide()
            return
        version = view.table.sheet_version - (0 if view.locked else 1)
        text = self.tr("Signed hash (version {v}): {hash}").format(
            v=version, hash=view.signed_hash[:16])
        self.signed_hash.setPalette(self.palette())
        self.signed_hash.setFont(self.font())
        if verified:
            text += self.tr(" · verified")
        else:
            text += self.tr(" · DOES NOT MATCH SIGNATURES")
            mark_negative(self.signed_hash)
        self.signed_hash.setText(text)
        self.signed_hash.show()

    # --- grid keys: Enter/F2 edits the selected hand, Delete removes it

    def _grid_key(self, event: QKeyEvent) -> bool:
        row = self.grid.currentIndex().row()
        if row >= 0 and event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_F2):
            self._edit_row(row)
            return True
        if row >= 0 and event.key() == Qt.Key.Key_Delete:
            self._delete_row(row)
            return True
        return self._to_entry(event)

    def _to_entry(self, event: QKeyEvent) -> bool:
        """A hand typed with the focus on the sheet goes to the entry bar, which takes it
        from its first key (seen under Xvfb: a judge clicked the sheet, typed S W 8 and
        Enter, and nothing happened). Navigation keys and shortcuts stay the grid's."""
        text = event.text()
        if (not text or not text.isprintable() or text.isspace()
                or event.modifiers() & (Qt.KeyboardModifier.ControlModifier
                                        | Qt.KeyboardModifier.AltModifier)
                or not self.entry.isEnabled()):
            return False
        field = self.entry.value_edit
        field.setFocus(Qt.FocusReason.OtherFocusReason)
        QApplication.sendEvent(field, QKeyEvent(event.type(), event.key(), event.modifiers(),
                                                text, event.isAutoRepeat(), event.count()))
        return True

    def _edit_row(self, row: int) -> None:
        if not can_change(self.view):
            self._say_blocked()
            return
        hand = self.model.row_at(row).hand
        self._edit_seen = self.view.content_hash if self.view is not None else None
        self.entry.edit(hand.number, entry_of(hand))

    def _delete_row(self, row: int) -> None:
        if self.view is None or not can_change(self.view):
            self._say_blocked()
            return
        number = self.model.row_at(row).hand.number
        self._context.run(DeleteHand(self._context.runner.context, self.view.table.id,
                                     self.view.table.number, number,
                                     seen=self.view.content_hash))

    def _say_blocked(self) -> None:
        """F2, Enter or Delete on a hand that cannot change says why, not nothing."""
        note = blocked_note(self.view)
        if note:
            self._context.messages.show_problem(note)

    def _preview(self, entry: HandEntry, number: int) -> tuple[tuple[int, int], ...] | None:
        """The deltas the service would store for `entry` as hand `number` (nothing stored)."""
        if self._table_id is None or not self._context.has_document:
            return None
        try:
            return preview_hand(self._context.unit_of_work(), self._table_id, entry,
                                number).deltas
        except EXPECTED_ERRORS:
            return None

    # --- actions

    def _submit(self, entry: HandEntry, number: int, replacing: bool) -> None:
        view = self.view
        if view is None:
            return
        context = self._context.runner.context
        seen = view.content_hash  # what the typist was shown, checked by the service
        if replacing and self._edit_seen is not None:
            # The hand as it was loaded (F2): another station's change to the sheet since
            # refreshes the row on screen, not the value the typist is retyping over.
            seen = self._edit_seen
        self._edit_seen = None  # refused once, said why: Enter again replaces it
        command = (ReplaceHand(context, view.table.id, view.table.number, number, entry,
                               seen=seen)
                   if replacing else
                   EnterHand(context, view.table.id, view.table.number, entry, number,
                             seen=seen))
        problem = self._context.runner.run(command)
        if problem is not None:
            self.entry.show_problem(problem)  # next to the row, not a dialog
            return
        self.entry.accepted()
        self.entry.value_edit.setFocus()

    def _sign(self, player_id: int, png: bytes) -> None:
        if self.view is None:
            return
        name = next((p.name for p in self.view.players if p.id == player_id), str(player_id))
        if self.entry.replacing:
            # He would sign the sheet as it stands while the judge changes a hand of it:
            # the fourth signature locked it and the change was lost.
            self._context.messages.show_problem(self.tr(
                "Hand {hand} is open for a change in the entry bar: record it (Enter) or "
                "leave it (Esc) before {name} signs.").format(hand=self.entry.number,
                                                              name=name))
            return
        command = SignSheet(self._context.runner.context, self.view.table.id,
                            self.view.table.number, player_id, name, png,
                            seen=self.view.content_hash)  # he signs what he was shown
        if self._context.run(command):
            self.signatures.signature_accepted(player_id)
            if command.locked:
                self._context.messages.clear()

    def correct(self) -> None:
        """The head judge unlocks the signed sheet for a correction (his dialog asks the
        reason and the passphrase, and checks it before anything is done)."""
        view = self.view
        if view is None or not view.locked:
            return
        act = ask_head_judge(
            self, self._context.unit_of_work,
            title=self.tr("Unlock for Correction"),
            what=self.tr("Unlock table {table} of session {session} for a correction: its "
                         "players will have to sign version {version}.").format(
                             table=view.table.number, session=view.session.number,
                             version=view.table.sheet_version + 1) + self._cut_made_note(view),
            act_label=self.tr("Unlock for Correction"))
        if act is None:
            return
        self._context.run(CorrectSheet(self._context.runner.context, view.table.id,
                                       view.table.number, act.reason, act.credential))

    def _cut_made_note(self, view: SheetView) -> str:
        """A correction of a round whose cut is made can move the line: say so first."""
        made = self._context.call(lambda uow: cut_made_after(uow, view.session.round_id))
        if made is None:
            return ""
        note = self.tr("The cut after round {round} has been made. The scores its players "
                       "carry follow the corrected totals once the sheet is signed again; if "
                       "the correction changes who goes through, the Cuts page says so.").format(
                           round=made.round_number)
        if made.next_drawn:
            return "\n\n" + note + " " + self.tr(
                "Round {next} is drawn: the cut itself stands as made.").format(
                    next=made.round_number + 1)
        return "\n\n" + note + " " + self.tr(
            "It can be taken back and made again while round {next} has no draw.").format(
                next=made.round_number + 1)

    def stop_on_time(self) -> None:
        """The session clock ran out at this table: ask, then stop it."""
        view = self.view
        if view is None or not can_change(view):
            return
        settings = view.tournament.settings
        completed = len(view.rows)
        last = max((row.hand.number for row in view.rows), default=0)
        if settings.on_time_out is OnTimeOut.FINISH_CURRENT_HAND:
            effect = self.tr("The hand in play (hand {next}) is still finished and scored; "
                             "no hand after it is.").format(next=last + 1)
        else:
            effect = self.tr("The hand in play is void: no hand after hand {last} is "
                             "scored.").format(last=last)
        details = [effect, self.tr("Hands completed: {done} of {planned}.").format(
            done=completed, planned=view.planned_hands)]
        left = self._seconds_left(view)
        if left is not None:
            details.append(self.tr("Time left on the session clock: {left}.").format(
                left=format_left(int(left))) if left > 0
                else self.tr("The session clock has run out."))
        details.append(self.tr("Edit ▸ Undo takes the stop back."))
        if not confirm(self, self.tr("Stop on Time"),
                       self.tr("Stop table {table} of session {session} on time?").format(
                           table=view.table.number, session=view.session.number),
                       "\n".join(details), self.tr("Stop on Time"),
                       object_name="stop_on_time_confirm"):
            return
        self._context.run(StopOnTime(self._context.runner.context, view.table.id,
                                     view.table.number, seen=view.content_hash))

    def _seconds_left(self, view: SheetView) -> float | None:
        """This table's time left (its own extra minutes too), else the room's."""
        left = self.table_clock.seconds_left()
        if left is not None:
            return left
        clock = self._clock
        if clock is not None and clock.running and clock.session == view.session.number:
            return clock.seconds_left()
        return None

    def give_extra_time(self) -> None:
        """Minutes of its own for this table, after the judge has read what they do."""
        view = self.view
        if view is None or not self._running():
            return
        minutes = ask_extra_minutes(self, view.table.number, view.session.number,
                                    self.table_clock.seconds_left())
        if minutes is None:
            return
        session_id, table = view.session.id, view.table.number
        self._context.call(lambda uow: extend_clock(uow, session_id, minutes,
                                                    table_number=table), Topic.CLOCK)
