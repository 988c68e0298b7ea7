"""One table's sheet: the grid, the entry bar, penalties, totals, signatures, lock, and
the sheet's record (its corrections, the hash its players signed and whether it still
matches).

Every change goes through a command (undoable); the widget then re-reads the `SheetView`,
so what is shown is always what the service stored. Acts that cannot be taken back
lightly ask first: stopping a table on time, and unlocking a signed sheet (the head
judge's dialog, with his passphrase and a reason).
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QScrollArea,
    QSplitter,
    QTableView,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from tournament_manager.domain.model import PenaltyReason
from tournament_manager.domain.settings import OnTimeOut
from tournament_manager.gui.app_context import AppContext
from tournament_manager.gui.changes import Topic
from tournament_manager.gui.commands.sheet import (
    AddPenalty,
    CorrectSheet,
    DeleteHand,
    EnterHand,
    RemovePenalty,
    ReplaceHand,
    SignSheet,
    StopOnTime,
)
from tournament_manager.gui.confirm import confirm
from tournament_manager.gui.countdown import SessionCountdown, format_left
from tournament_manager.gui.errors import EXPECTED_ERRORS, describe_error
from tournament_manager.gui.formatting import local_date_time, mark_negative
from tournament_manager.gui.head_judge_dialog import ask_head_judge
from tournament_manager.gui.models.sheet_model import PATTERNS, SheetModel
from tournament_manager.gui.sheet.entry_bar import HandEntryBar
from tournament_manager.gui.sheet.penalty_panel import PenaltyPanel
from tournament_manager.gui.sheet.signature_panel import SignaturePanel
from tournament_manager.gui.sheet.state import blocked_note, can_change
from tournament_manager.gui.sheet.totals import TotalsPanel
from tournament_manager.services.score_sheets import HandEntry, entry_of
from tournament_manager.services.views import SheetView, sheet_view


class SheetWidget(QWidget):
    def __init__(self, context: AppContext, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("sheet_widget")
        self._context = context
        self._table_id: int | None = None
        self._clock: SessionCountdown | None = None
        self.view: SheetView | None = None

        self.header = QLabel(self)
        self.header.setObjectName("sheet_header")
        font = self.header.font()
        font.setPointSizeF(font.pointSizeF() * 1.25)
        font.setBold(True)
        self.header.setFont(font)
        self.stop_button = QPushButton(self.tr("Stop on time…"), self)
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
        self.signed_hash = QLabel(self)
        self.signed_hash.setObjectName("sheet_signed_hash")
        self.signed_hash.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)

        self.model = SheetModel(self)
        self.grid = QTableView(self)
        self.grid.setObjectName("sheet_grid")
        self.grid.setModel(self.model)
        self.grid.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.grid.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.grid.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.grid.setAlternatingRowColors(True)
        self.grid.verticalHeader().hide()
        self.grid.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.grid.horizontalHeader().setSectionResizeMode(PATTERNS, QHeaderView.ResizeMode.Stretch)
        self.grid.installEventFilter(self)
        self.grid.doubleClicked.connect(lambda index: self._edit_row(index.row()))

        self.entry = HandEntryBar(self)
        self.entry.submitted.connect(self._submit)
        self.penalties = PenaltyPanel(self)
        self.penalties.add_requested.connect(self._add_penalty)
        self.penalties.remove_requested.connect(self._remove_penalty)
        self.totals = TotalsPanel(self)
        self.signatures = SignaturePanel(self)
        self.signatures.sign_requested.connect(self._sign)
        self.signatures.correct_requested.connect(self.correct)

        top = QHBoxLayout()
        top.addWidget(self.header, 1)
        top.addWidget(self.signed_hash)
        top.addSpacing(12)
        top.addWidget(self.stop_button)
        upper = QWidget(self)
        upper_layout = QVBoxLayout(upper)
        upper_layout.setContentsMargins(0, 0, 0, 0)
        upper_layout.addLayout(top)
        upper_layout.addWidget(self.corrections)
        upper_layout.addWidget(self.grid, 1)
        upper_layout.addWidget(self.notice)
        upper_layout.addWidget(self.entry)
        upper_layout.addWidget(self.totals)
        self.tools = QTabWidget(self)
        self.tools.setObjectName("sheet_tools")
        self._tool_areas: dict[QWidget, QScrollArea] = {}
        self.add_tool(self.penalties, self.tr("Penalties"))
        self.add_tool(self.signatures, self.tr("Signatures and lock"))
        splitter = QSplitter(Qt.Orientation.Vertical, self)
        splitter.addWidget(upper)
        splitter.addWidget(self.tools)
        splitter.setStretchFactor(0, 3)
        splitter.setStretchFactor(1, 2)
        splitter.setChildrenCollapsible(False)
        splitter.setSizes([600, 300])
        self.splitter = splitter
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(splitter)
        context.hub.changed.connect(self._changed)
        self._show(None)

    @property
    def table_id(self) -> int | None:
        return self._table_id

    def show_table(self, table_id: int | None) -> None:
        if table_id != self._table_id:
            self._table_id = table_id
            self.entry.start_new()
        self.refresh()

    def refresh(self) -> None:
        view = None
        if self._table_id is not None and self._context.has_document:
            try:
                view = sheet_view(self._context.unit_of_work(), self._table_id)
            except EXPECTED_ERRORS as error:
                self._context.messages.show_problem(describe_error(error))
                self._table_id = None
        self._show(view)

    def _changed(self, topic: str) -> None:
        if topic in (Topic.SHEET, Topic.PLAYERS, Topic.DOCUMENT):
            self.refresh()

    def set_clock(self, countdown: SessionCountdown) -> None:
        """The session clock, for the time left when a table is stopped on time."""
        self._clock = countdown

    def add_tool(self, widget: QWidget, label: str, first: bool = False) -> None:
        """A panel beside penalties and signatures (the page adds the calculator). Each
        scrolls in its own area, so a tall panel never squeezes the grid on a laptop."""
        area = QScrollArea(self.tools)
        area.setObjectName(f"{widget.objectName() or 'tool'}_area")
        area.setWidgetResizable(True)
        area.setFrameShape(QScrollArea.Shape.NoFrame)
        area.setWidget(widget)
        self._tool_areas[widget] = area
        if first:
            self.tools.insertTab(0, area, label)
            self.tools.setCurrentIndex(0)
        else:
            self.tools.addTab(area, label)

    def show_tool(self, widget: QWidget) -> None:
        self.tools.setCurrentWidget(self._tool_areas.get(widget, widget))

    def _show(self, view: SheetView | None) -> None:
        self.view = view
        self.model.set_view(view)
        self.entry.set_view(view)
        self.penalties.set_view(view)
        self.totals.set_view(view)
        self.signatures.set_view(view)
        self.stop_button.setEnabled(can_change(view) and view is not None
                                    and view.table.stopped_after_hand is None)
        note = blocked_note(view)
        self.notice.setText(note)
        self.notice.setVisible(bool(note))
        self._show_record(view)
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

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.grid and event.type() == QEvent.Type.KeyPress:
            assert isinstance(event, QKeyEvent)
            row = self.grid.currentIndex().row()
            if row >= 0 and event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_F2):
                self._edit_row(row)
                return True
            if row >= 0 and event.key() == Qt.Key.Key_Delete:
                self._delete_row(row)
                return True
        return super().eventFilter(watched, event)

    def _edit_row(self, row: int) -> None:
        if not can_change(self.view):
            return
        hand = self.model.row_at(row).hand
        self.entry.edit(hand.number, entry_of(hand))

    def _delete_row(self, row: int) -> None:
        if self.view is None or not can_change(self.view):
            return
        number = self.model.row_at(row).hand.number
        self._context.run(DeleteHand(self._context.runner.context, self.view.table.id,
                                     self.view.table.number, number))

    # --- actions

    def _submit(self, entry: HandEntry, number: int, replacing: bool) -> None:
        view = self.view
        if view is None:
            return
        context = self._context.runner.context
        command = (ReplaceHand(context, view.table.id, view.table.number, number, entry)
                   if replacing else
                   EnterHand(context, view.table.id, view.table.number, entry, number))
        problem = self._context.runner.run(command)
        if problem is not None:
            self.entry.show_problem(problem)  # next to the row, not a dialog
            return
        self.entry.accepted()
        self.entry.value_edit.setFocus()

    def _add_penalty(self, player_id: int, reason: PenaltyReason, points: int,
                     hand: int | None, note: str) -> None:
        if self.view is None:
            return
        if self._context.run(AddPenalty(self._context.runner.context, self.view.table.id,
                                        self.view.table.number, player_id, reason, points,
                                        hand, note)):
            self.penalties.accepted()

    def _remove_penalty(self, penalty_id: int) -> None:
        if self.view is not None:
            self._context.run(RemovePenalty(self._context.runner.context,
                                            self.view.table.number, penalty_id))

    def _sign(self, player_id: int, png: bytes) -> None:
        if self.view is None:
            return
        name = next((p.name for p in self.view.players if p.id == player_id), str(player_id))
        command = SignSheet(self._context.runner.context, self.view.table.id,
                            self.view.table.number, player_id, name, png)
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
                             version=view.table.sheet_version + 1),
            act_label=self.tr("Unlock for Correction"))
        if act is None:
            return
        self._context.run(CorrectSheet(self._context.runner.context, view.table.id,
                                       view.table.number, act.reason, act.credential))

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
            done=completed, planned=settings.hands_per_session)]
        clock = self._clock
        if clock is not None and clock.running and clock.session == view.session.number:
            left = clock.seconds_left()
            details.append(self.tr("Time left on the session clock: {left}.").format(
                left=format_left(left)) if left > 0
                else self.tr("The session clock has run out."))
        details.append(self.tr("Edit ▸ Undo takes the stop back."))
        if not confirm(self, self.tr("Stop on Time"),
                       self.tr("Stop table {table} of session {session} on time?").format(
                           table=view.table.number, session=view.session.number),
                       "\n".join(details), self.tr("Stop on Time"),
                       object_name="stop_on_time_confirm"):
            return
        self._context.run(StopOnTime(self._context.runner.context, view.table.id,
                                     view.table.number))
