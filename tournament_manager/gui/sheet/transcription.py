"""The results desk: a paper Score Record Sheet typed in as fast as it was written.

The grid is laid out like the printed sheet — hand rows grouped by cycle, then dealer,
result, winner(s), win type, discarder, responsible, value and the four deltas — and the
typist fills it from one line, in the order the eye reads the paper (`row_text`): "EW30"
is East winning 30 off West's discard, "ST40" a self-draw, "D" a draw; the next row's first
key starts the next row, so a whole sheet is typed as one stream ("EW30ST40DNE25…") with
no Enter between rows. The rules settle each row as it is typed (its deltas are shown
before it is stored) and every row goes through the same undoable commands as the entry
bar. "=" then four numbers types the paper's running totals for a row as a check: the
first row where the paper and the rules part is marked and worded. Penalties and incidents
are in the drawer below; when the paper carries all four signatures and the totals agree,
F9 ticks "signed on paper by all four", which locks the sheet as drawn signatures do and
records who transcribed it and when.

Up and Down go back to a stored row to check or change it (its text is shown again);
Escape clears the line.

At a double-entry event (Setup ▸ Play ▸ Double entry) a row is the typist's entry, not yet
the sheet's: two typists type the sheet blind (neither sees the other's rows) and a hand
reaches the sheet when both typed the same (`services.double_entry`, the check the table
pages use). Rows typed only once wait; rows that differ are tinted and listed with who
typed what, and the head judge's progress board flags the table until the hand is typed
again or entered by the head judge.
"""

from __future__ import annotations

import dataclasses

from PySide6.QtCore import QT_TRANSLATE_NOOP, QEvent, QObject, Qt, QTimer, Signal
from PySide6.QtGui import QAction, QBrush, QColor, QKeyEvent, QKeySequence
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from tournament_manager.domain.model import Hand, TableEntry
from tournament_manager.domain.rotation import HANDS_PER_CYCLE
from tournament_manager.gui.app_context import AppContext
from tournament_manager.gui.changes import Topic
from tournament_manager.gui.commands.sheet import (
    EnterHand,
    ReplaceHand,
)
from tournament_manager.gui.confirm import confirm
from tournament_manager.gui.errors import EXPECTED_ERRORS, describe_error
from tournament_manager.gui.formatting import mark_negative
from tournament_manager.gui.models.wording import number as number_text
from tournament_manager.gui.models.wording import result_label, signed, win_type_label
from tournament_manager.gui.sheet.elide import ElidedLabel
from tournament_manager.gui.sheet.grid_columns import fit_columns
from tournament_manager.gui.sheet.penalty_commands import run_penalty_commands
from tournament_manager.gui.sheet.penalty_panel import PenaltyPanel
from tournament_manager.gui.sheet.row_text import (
    COLUMN_KEYS,
    RowProblem,
    TypedRow,
    next_row_at,
    parse_row,
    row_text_of,
)
from tournament_manager.gui.sheet.state import blocked_note, can_change
from tournament_manager.gui.sheet.tool_drawer import ToolDrawer
from tournament_manager.rules.registry import get_rule_set
from tournament_manager.services.double_entry import (
    EntryOutcome,
    Submitted,
    differing_entries,
    entry_of_content,
    submit_entry,
    typist_entries,
)
from tournament_manager.services.score_sheets import (
    HandEntry,
    entry_of,
    intercepted,
    preview_hand,
    sign_on_paper,
)
from tournament_manager.services.views import SheetView

FIXED = (
    QT_TRANSLATE_NOOP("TranscriptionView", "#"),
    QT_TRANSLATE_NOOP("TranscriptionView", "Dealer"),
    QT_TRANSLATE_NOOP("TranscriptionView", "Result"),
    QT_TRANSLATE_NOOP("TranscriptionView", "Winner"),
    QT_TRANSLATE_NOOP("TranscriptionView", "Win type"),
    QT_TRANSLATE_NOOP("TranscriptionView", "Discarder"),
    QT_TRANSLATE_NOOP("TranscriptionView", "Responsible"),
    QT_TRANSLATE_NOOP("TranscriptionView", "Value"),
)
NUMBER, DEALER, RESULT, WINNER, WIN_TYPE, DISCARDER, RESPONSIBLE, VALUE = range(len(FIXED))
DELTAS = len(FIXED)
RULES_TOTALS = DELTAS + 4
PAPER_TOTALS = RULES_TOTALS + 1
TYPED = PAPER_TOTALS + 1
COLUMNS = TYPED + 1
MISMATCH = QColor(220, 40, 60, 90)
AGREES = QColor(52, 168, 83, 60)
CURRENT = QColor(66, 133, 244, 60)
WAITING = QColor(240, 190, 0, 60)
"""A row typed once at a double-entry event: it waits for the second typist."""


class TranscriptionView(QWidget):
    """One table's paper sheet, typed in; emits `table_done()` when it is locked, so the
    page can offer the next table."""

    table_done = Signal()

    def __init__(self, context: AppContext, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("transcription_view")
        self._context = context
        self._table_id: int | None = None
        self.view: SheetView | None = None
        self._current = 1
        """The hand the line types (a stored one when the typist went back to it)."""
        self._paper: dict[tuple[int, int], tuple[int, ...]] = {}
        """The paper's running totals as typed, by (table id, hand)."""
        self._typed: dict[tuple[int, int], str] = {}
        self._committing = False
        self._mine: dict[int, TableEntry] = {}
        """At a double-entry event: this typist's entries for hands not on the sheet."""
        self._differing: dict[int, tuple[TableEntry, ...]] = {}

        self.header = ElidedLabel("", self)
        self.header.setObjectName("transcription_header")
        font = self.header.font()
        font.setPointSizeF(font.pointSizeF() * 1.2)
        font.setBold(True)
        self.header.setFont(font)
        self.grid = QTableWidget(0, COLUMNS, self)
        self.grid.setObjectName("transcription_grid")
        self.grid.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.grid.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        self.grid.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.grid.verticalHeader().hide()
        rows = self.grid.verticalHeader()
        rows.setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        rows.setDefaultSectionSize(self.fontMetrics().height() + 6)
        self.grid.setWordWrap(False)
        self.grid.setTextElideMode(Qt.TextElideMode.ElideRight)
        self.grid.horizontalHeader().setTextElideMode(Qt.TextElideMode.ElideRight)
        self.grid.horizontalHeader().setMinimumSectionSize(24)
        self.grid.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.grid.viewport().installEventFilter(self)

        self.prompt = QLabel(self)
        self.prompt.setObjectName("transcription_prompt")
        self.line = QLineEdit(self)
        self.line.setObjectName("transcription_line")
        self.line.setPlaceholderText(
            self.tr("EW30 · ST40 · D · EN30+W20 · EWIN40 · =90 -40 -25 -25"))
        self.line.textEdited.connect(self._edited)
        self.line.returnPressed.connect(self.commit)
        self.line.installEventFilter(self)
        self.setFocusProxy(self.line)
        # The line's own keys, as actions so that Help ▸ Keyboard Shortcuts lists them; the
        # line claims them (Ctrl+PgDown is the window's next page elsewhere).
        self.action_next_table = QAction(self.tr("Next Table to Type"), self)
        self.action_next_table.setObjectName("action_next_table_to_type")
        self.action_next_table.setShortcut(QKeySequence("Ctrl+PgDown"))
        self.action_signed = QAction(self.tr("Signed on Paper by All Four"), self)
        self.action_signed.setObjectName("action_signed_on_paper")
        self.action_signed.setShortcut(QKeySequence(Qt.Key.Key_F9))
        self.action_signed.triggered.connect(self.sign_on_paper)
        self.message = QLabel(self)
        self.message.setObjectName("transcription_message")
        self.message.setWordWrap(True)
        mark_negative(self.message)
        self.check = QLabel(self)
        self.check.setObjectName("transcription_check")
        self.check.setWordWrap(True)
        self.typist = QLineEdit(self)
        self.typist.setObjectName("transcription_typist")
        self.typist.setPlaceholderText(self.tr("your name"))
        self.typist.setMaximumWidth(220)
        self.typist.editingFinished.connect(self._typist_changed)
        self.signed_button = QPushButton(self.tr("Signed on paper by all four (F9)…"), self)
        self.signed_button.setObjectName("transcription_signed")
        self.signed_button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.signed_button.clicked.connect(self.sign_on_paper)
        hint = QLabel(self.tr(
            "Columns E S W N (or 1–4): winner, then discarder · T self-draw · K kong · D draw "
            "· I + column: responsible (I0 nobody) · + another winner · digits: value · "
            "= the paper's running totals · the next row's first key starts the next row · "
            "↑ ↓ back to a row · Enter stores · Esc clears"), self)
        hint.setObjectName("transcription_hint")
        hint.setWordWrap(True)
        hint.setEnabled(False)

        typing = QHBoxLayout()
        typing.addWidget(self.prompt)
        typing.addWidget(self.line, 1)
        signing = QHBoxLayout()
        signing.addWidget(QLabel(self.tr("Typist:"), self))
        signing.addWidget(self.typist)
        signing.addStretch(1)
        signing.addWidget(self.signed_button)
        upper = QWidget(self)
        upper_layout = QVBoxLayout(upper)
        upper_layout.setContentsMargins(0, 0, 0, 0)
        upper_layout.setSpacing(4)
        upper_layout.addWidget(self.header)
        upper_layout.addWidget(self.grid, 1)
        upper_layout.addWidget(self.check)
        upper_layout.addLayout(typing)
        upper_layout.addWidget(self.message)
        upper_layout.addWidget(hint)
        upper_layout.addLayout(signing)
        self.penalties = PenaltyPanel(self)
        run_penalty_commands(self.penalties, context, lambda: self.view)
        self.tools = ToolDrawer(upper, self)
        self.tools.add_tool(self.penalties, self.tr("Penalties and incidents"))
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.tools)
        context.hub.changed.connect(self._changed)
        self._show(None)

    # --- which sheet

    @property
    def table_id(self) -> int | None:
        return self._table_id

    def unfinished(self) -> str:
        """What closing the event would lose here: a line typed from the paper sheet and
        not entered."""
        if not self.line.text().strip() or self.view is None:
            return ""
        return self.tr("A line typed from table {table}'s paper sheet is not entered.").format(
            table=self.view.table.number)

    def forget(self) -> None:
        """Another document: its tables' ids begin again, so the last event's paper totals
        and typing, kept by table id, would be read against the new event's tables (its
        table 1 "agreed with the paper" before a hand was typed)."""
        self._paper.clear()
        self._typed.clear()
        self._mine.clear()
        self._differing.clear()
        self._table_id = None
        self.line.clear()
        self._current = 0
        self.penalties.forget()
        self.refresh()

    def show_table(self, table_id: int | None) -> None:
        if table_id != self._table_id:
            self._table_id = table_id
            self.line.clear()
            self._current = 0
        self.refresh()

    def refresh(self) -> None:
        view = None
        self._mine, self._differing = {}, {}
        if self._table_id is not None and self._context.has_document:
            try:
                view = self._context.sheet_view(self._table_id)
                if view.tournament.settings.double_entry:
                    self._mine = typist_entries(self._context.unit_of_work(),
                                                self._table_id, self.typist.text())
                    self._differing = differing_entries(self._context.unit_of_work(),
                                                        self._table_id)
            except EXPECTED_ERRORS as error:
                self._context.messages.show_problem(describe_error(error))
                self._table_id = None
        self._show(view)

    def _typist_changed(self) -> None:
        """Another typist: at a double-entry event his own entries are the ones shown, and
        typing starts at the first hand he has not typed."""
        self._current = 0
        self.line.clear()
        self.refresh()

    def _double(self) -> bool:
        return self.view is not None and self.view.tournament.settings.double_entry

    def _changed(self, topic: str) -> None:
        if topic in (Topic.SHEET, Topic.PLAYERS) and not self._committing:
            self.refresh()

    # --- what the sheet holds

    def _ids(self) -> tuple[int, ...]:
        return tuple(p.id for p in self.view.players) if self.view is not None else ()

    def _hands(self) -> int:
        view = self.view
        if view is None:
            return 0
        if view.table.stopped_after_hand is not None:
            return max(view.table.stopped_after_hand, *(r.hand.number for r in view.rows), 0)
        return view.planned_hands or view.tournament.settings.hands_per_session

    def _stored(self, number: int) -> Hand | None:
        view = self.view
        return next((r.hand for r in view.rows if r.hand.number == number), None) \
            if view is not None else None

    def _first_missing(self) -> int:
        view = self.view
        if view is None:
            return 1
        done = {r.hand.number for r in view.rows} | set(self._mine)
        return next((n for n in range(1, self._hands() + 1) if n not in done),
                    self._hands() + 1)

    def _show(self, view: SheetView | None) -> None:
        self.view = view
        self.penalties.set_view(view)
        writable = can_change(view)
        self.line.setEnabled(writable)
        self.signed_button.setEnabled(writable and view is not None and view.complete)
        if view is None:
            self.header.setText(self.tr("Pick a session and a table"))
            self.grid.setRowCount(0)
            self.prompt.clear()
            self._say("")
            return
        if not 1 <= self._current <= self._hands() + 1 or (
                self._stored(self._current) is not None and not self.line.text()):
            self._current = self._first_missing()
        state = (self.tr("signed on paper and locked") if view.locked
                 else self.tr("all hands typed: check the totals, then F9") if view.complete
                 else self.tr("{n} of {of} hands typed").format(n=len(view.rows),
                                                                of=self._hands()))
        self.header.setText(self.tr("Session {s} · Table {t} · paper sheet · {state}").format(
            s=view.session.number, t=view.table.number, state=state))
        note = blocked_note(view)
        if note:
            self._say(note)
        self._fill()

    # --- the grid

    def _layout_rows(self) -> list[tuple[str, int]]:
        rows: list[tuple[str, int]] = []
        for number in range(1, self._hands() + 1):
            if (number - 1) % HANDS_PER_CYCLE == 0:
                rows.append(("cycle", (number - 1) // HANDS_PER_CYCLE + 1))
            rows.append(("hand", number))
        return rows

    def row_of(self, number: int) -> int:
        """The grid row that shows hand `number`."""
        return self._layout_rows().index(("hand", number))

    def _fill(self) -> None:
        """The whole grid again (after a row is stored, another table, a change)."""
        view = self.view
        assert view is not None
        names = [f"{COLUMN_KEYS[i]} {p.name}" for i, p in enumerate(view.players)]
        self.grid.setHorizontalHeaderLabels(
            [self.tr(text) for text in FIXED] + names
            + [self.tr("Σ by the rules"), self.tr("Σ on paper"), self.tr("Typed")])
        layout = self._layout_rows()
        self.grid.clearSpans()
        self.grid.setRowCount(len(layout))
        first_bad = self._first_mismatch()
        for row, (kind, n) in enumerate(layout):
            if kind == "cycle":
                self._cycle_row(row, n)
            else:
                self._fill_hand(row, n, first_bad)
        self._fit_columns()
        self._say_check(first_bad)
        self._prompt()
        if self._hands():
            shown = self.grid.item(self.row_of(min(self._current, self._hands())), 0)
            if shown is not None:
                self.grid.scrollToItem(shown)

    def _fill_current(self) -> None:
        """Only the row being typed: what a key press changes (the whole grid and its
        column widths every key made typing lag on a loaded machine)."""
        if self.view is None or not 1 <= self._current <= self._hands():
            return
        self._fill_hand(self.row_of(self._current), self._current, self._first_mismatch())

    def _fill_hand(self, row: int, number: int, first_bad: int | None) -> None:
        view = self.view
        assert view is not None
        cells = self._hand_cells(number)
        running = next((r.running for r in view.rows if r.hand.number == number), None)
        paper = self._paper.get((view.table.id, number))
        cells[RULES_TOTALS] = " ".join(number_text(v) for v in running) if running else ""
        cells[PAPER_TOTALS] = " ".join(number_text(v) for v in paper) if paper else ""
        tint = None
        if paper is not None and running is not None:
            tint = MISMATCH if first_bad == number else AGREES if paper == running else None
        mine = self._mine.get(number) if running is None else None
        if mine is not None:
            tint = MISMATCH if number in self._differing else WAITING
        if number == self._current and not view.locked:
            tint = tint or CURRENT
        for column, text in enumerate(cells):
            item = QTableWidgetItem(text)
            if column == NUMBER or column >= DELTAS:
                item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            if tint is not None:
                item.setBackground(QBrush(tint))
            self.grid.setItem(row, column, item)

    def _cycle_row(self, row: int, cycle: int) -> None:
        item = QTableWidgetItem(self.tr("Cycle {n}").format(n=cycle))
        font = item.font()
        font.setBold(True)
        item.setFont(font)
        self.grid.setItem(row, 0, item)
        self.grid.setSpan(row, 0, 1, COLUMNS)

    def _name(self, player_id: int | None) -> str:
        view = self.view
        if view is None or player_id is None:
            return ""
        for column, player in enumerate(view.players):
            if player.id == player_id:
                return f"{COLUMN_KEYS[column]} {player.name}"
        return str(player_id)

    def _hand_cells(self, number: int) -> list[str]:
        """A row as the paper shows it: the stored hand, or the one being typed (settled
        by the service without storing it), or nothing yet."""
        cells = [""] * COLUMNS
        cells[NUMBER] = str(number)
        view = self.view
        assert view is not None
        seating = view.seating(number)
        if seating is not None:
            cells[DEALER] = self._name(seating.dealer_id)
        hand = self._stored(number)
        # At a double-entry event a row not on the sheet shows only this typist's entry
        # (typed on this computer or not): the other typist's stays unseen.
        blind = self._double() and hand is None
        typed = None if blind else self._typed.get((view.table.id, number))
        mine = self._mine.get(number) if blind else None
        if mine is not None:
            entry = entry_of_content(mine.content)
            typed = row_text_of(entry, self._ids())
            hand = self._settled(entry, number)
        if number == self._current and self.line.text():
            typed = self.line.text()
            hand = self._preview(parse_row(typed, self._ids())) or None
        elif hand is not None and typed is None:
            typed = row_text_of(entry_of(hand), self._ids())
        cells[TYPED] = (typed or "").upper()
        if hand is None:
            return cells
        cells[DEALER] = self._name(hand.dealer_id)
        cells[RESULT] = result_label(hand.result)
        cells[WINNER] = ", ".join(self._name(w.winner_id) for w in hand.wins)
        cells[WIN_TYPE] = win_type_label(hand.win_type) if hand.wins else ""
        cells[DISCARDER] = self._name(hand.discarder_id)
        cells[RESPONSIBLE] = ", ".join(self._name(w.responsible_id) or "—" for w in hand.wins
                                       if w.responsible_id != hand.discarder_id)
        cells[VALUE] = ", ".join(str(w.value) for w in hand.wins)
        deltas = dict(hand.deltas)
        for column, player in enumerate(view.players):
            cells[DELTAS + column] = signed(deltas.get(player.id, 0))
        return cells

    # --- typing

    def _fit_columns(self) -> None:
        """Every column inside the grid's width, as on the sheet: names give way first,
        then what was typed."""
        fit_columns(self.grid, names=(DEALER, WINNER, DISCARDER, RESPONSIBLE),
                    named=(*range(DELTAS, DELTAS + 4), RULES_TOTALS, PAPER_TOTALS),
                    stretch=TYPED)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.grid.viewport() and event.type() == QEvent.Type.Resize:
            self._fit_columns()
        if watched is self.line and event.type() == QEvent.Type.ShortcutOverride:
            assert isinstance(event, QKeyEvent)
            if self._own_action(event) is not None:
                event.accept()  # the line's key, not the window's shortcut
                return True
        if watched is self.line and event.type() == QEvent.Type.KeyPress:
            assert isinstance(event, QKeyEvent)
            action = self._own_action(event)
            if action is not None:
                action.trigger()
                return True
            if event.key() == Qt.Key.Key_Up:
                self.go_to(self._current - 1)
                return True
            if event.key() == Qt.Key.Key_Down:
                self.go_to(self._current + 1)
                return True
            if event.key() == Qt.Key.Key_Escape:
                self.line.clear()
                self._edited("")
                return True
        return super().eventFilter(watched, event)

    def _own_action(self, event: QKeyEvent) -> QAction | None:
        pressed = QKeySequence(event.keyCombination())
        return next((action for action in (self.action_next_table, self.action_signed)
                     if action.shortcut().matches(pressed)
                     == QKeySequence.SequenceMatch.ExactMatch), None)

    def go_to(self, number: int) -> None:
        """Back (or on) to hand `number`: a stored hand's text is put on the line to be
        checked or changed."""
        if self.view is None or not 1 <= number <= min(self._hands(), self._first_missing()):
            return
        self._current = number
        hand = self._stored(number)
        text = self._typed.get((self.view.table.id, number))
        if hand is not None and text is None:
            text = row_text_of(entry_of(hand), self._ids())
        paper = self._paper.get((self.view.table.id, number))
        if text is not None and paper is not None and "=" not in text:
            text += "=" + " ".join(str(v) for v in paper)
        self.line.setText(text or "")
        self._say("")
        self._fill()

    def _edited(self, text: str) -> None:
        """Live: the row shows what it says; a key that starts the next row stores this
        one first (so a whole sheet can be typed, or pasted, as one stream)."""
        ids = self._ids()
        while True:
            at = next_row_at(text, ids)
            if at is None or not self._store(text[:at]):
                break
            text = text[at:]
            self.line.setText(text)
        parsed = parse_row(text, ids)
        self._say(self._problem_words(parsed, text) if parsed.problem else "")
        self._fill_current()

    def commit(self) -> None:
        """Enter: store the row on the line (when it says a whole hand)."""
        text = self.line.text()
        if not text.strip():
            return
        if self._store(text):
            self.line.clear()
            self._say("")
            if self.view is not None:
                self._fill()

    def _store(self, text: str) -> bool:
        """The row `text` says, as hand `_current`, through the undoable commands; then the
        next row. False (and worded) when the row is not a whole hand or is refused."""
        view = self.view
        if view is None or not can_change(view):
            return False
        parsed = parse_row(text, self._ids())
        if parsed.problem is not None:
            self._say(self._problem_words(parsed, text))
            return False
        problem = parsed.draft.problem()
        if problem is not None:
            self._say(self.tr("Hand {n} is not whole yet: {what}").format(
                n=self._current, what=self._draft_words(problem.value)))
            return False
        number = self._current
        entry, interceptor = self._intercepted(self._entry(parsed), number)
        stored = self._stored(number)
        seen = view.content_hash
        if self._double() and stored is None:
            return self._submit(text, entry, number)
        context = self._context.runner.context
        command = None
        if stored is None:
            command = EnterHand(context, view.table.id, view.table.number, entry, number,
                                seen=seen)
        elif entry_of(stored) != entry:
            command = ReplaceHand(context, view.table.id, view.table.number, number, entry,
                                  seen=seen)
        if command is not None:
            self._committing = True
            try:
                refused = self._context.runner.run(command)
            finally:
                self._committing = False
            if refused is not None:
                self._say(refused)
                return False
        key = (view.table.id, number)
        self._typed[key] = text.partition("=")[0].upper()
        if parsed.totals is not None:
            self._paper[key] = parsed.totals
        self._current = 0  # the first hand still missing, once the sheet is read again
        self.refresh()
        if interceptor is not None:
            self._say(self.tr("Hand {n}: {who} intercepted — under these rules the claim "
                              "nearest the discarder's lower seat wins alone, so only that "
                              "win was recorded.").format(n=number, who=self._name(interceptor)))
        return True

    def _intercepted(self, entry: HandEntry, number: int) -> tuple[HandEntry, int | None]:
        """Several claims on one discard, as the rules let them stand (`intercepted`)."""
        view = self.view
        assert view is not None
        seating = view.seating(number)
        if seating is None:
            return entry, None
        settings = view.tournament.settings
        rule_set = get_rule_set(settings.rule_set)
        return intercepted(entry, seating.seat_of, rule_set,
                           rule_set.validate_options(settings.rule_options))

    def _submit(self, text: str, entry: HandEntry, number: int) -> bool:
        """Double entry: the row is this typist's entry; the service decides whether it
        agrees with the other typist's (then the hand is on the sheet), waits, or differs."""
        view = self.view
        assert view is not None
        typist = self.typist.text().strip()
        if not typist:
            self._say(self.tr("Type your name as the typist first: at a double-entry event "
                              "a hand counts when two typists typed the same."))
            return False
        table_id, seen = view.table.id, view.content_hash
        self._committing = True
        try:
            submitted = self._context.call(
                lambda uow: submit_entry(uow, table_id, entry, None, number, seen=seen,
                                         typist=typist), Topic.SHEET)
        finally:
            self._committing = False
        if not isinstance(submitted, Submitted):
            return False
        self._typed[(table_id, number)] = text.partition("=")[0].upper()
        self._outcome_words(submitted)
        self._current = 0
        self.refresh()
        return True

    def _outcome_words(self, submitted: Submitted) -> None:
        n = submitted.number
        if submitted.outcome is EntryOutcome.ENTERED:
            self._context.messages.show_info(self.tr(
                "Hand {n}: both typists typed the same; it is on the sheet.").format(n=n))
        elif submitted.outcome is EntryOutcome.WAITING:
            self._context.messages.show_info(self.tr(
                "Hand {n} kept: it counts when a second typist types the same.").format(n=n))
        else:
            self._context.messages.show_problem(self.tr(
                "Hand {n} differs from the other typist's: both are kept for the head "
                "judge.").format(n=n))

    def _entry(self, parsed: TypedRow) -> HandEntry:
        entry = parsed.draft.entry()
        view = self.view
        assert view is not None
        if not get_rule_set(view.tournament.settings.rule_set).settles_every_hand:
            return entry
        points = dict(zip(self._ids(), parsed.points))
        points.update({win.winner_id: win.value for win in entry.wins})
        return dataclasses.replace(entry, player_points=tuple(
            (player, points.get(player, 0)) for player in self._ids()))

    def _preview(self, parsed: TypedRow) -> Hand | None:
        if parsed.problem is not None or parsed.draft.problem() is not None:
            return None
        return self._settled(self._entry(parsed), self._current)

    def _settled(self, entry: HandEntry, number: int) -> Hand | None:
        """`entry` as hand `number` would be settled (stored nowhere)."""
        view = self.view
        assert view is not None
        try:
            return preview_hand(self._context.unit_of_work(), view.table.id, entry, number)
        except EXPECTED_ERRORS:
            return None

    # --- words

    def _prompt(self) -> None:
        view = self.view
        if view is None:
            return
        if view.locked:
            self.prompt.setText(self.tr("Locked"))
        elif self._current > self._hands():
            self.prompt.setText(self.tr("All typed:"))
        else:
            verb = (self.tr("Change hand {n}:") if self._stored(self._current) is not None
                    else self.tr("Hand {n}:"))
            self.prompt.setText(verb.format(n=self._current))

    def _say(self, text: str) -> None:
        self.message.setText(text)
        self.message.setVisible(bool(text))

    def _problem_words(self, parsed: TypedRow, text: str) -> str:
        at = parsed.at if parsed.at is not None else len(text)
        where = text[at:at + 1]
        return {
            RowProblem.UNKNOWN_KEY: self.tr("“{key}” means nothing there (position {pos})"),
            RowProblem.SEAT_REFUSED: self.tr("“{key}” cannot take that part of the hand "
                                             "(position {pos})"),
            RowProblem.TOTALS: self.tr("after “=” come the paper's four running totals"),
            RowProblem.POINTS: self.tr("after “/” come the four players' hand points"),
        }[parsed.problem or RowProblem.UNKNOWN_KEY].format(key=where, pos=at + 1)

    def _draft_words(self, problem: str) -> str:
        return {"no_winner": self.tr("the winner's column, or D for a draw"),
                "no_discarder": self.tr("the discarder's column, or T for a self-draw"),
                "no_value": self.tr("the value"),
                "same_player": self.tr("a player cannot win from himself")}[problem]

    def _first_mismatch(self) -> int | None:
        """The first hand whose paper totals differ from the rules' running totals."""
        view = self.view
        if view is None:
            return None
        running = {r.hand.number: r.running for r in view.rows}
        for number in sorted(n for (table, n) in self._paper if table == view.table.id):
            paper = self._paper[(view.table.id, number)]
            if number in running and paper != running[number]:
                return number
        return None

    def _say_check(self, first_bad: int | None) -> None:
        view = self.view
        assert view is not None
        typed = sorted(n for (table, n) in self._paper if table == view.table.id)
        if self._differing:
            lines = [self.tr("Hand {n}: {who}").format(n=n, who=" · ".join(
                f"{e.typist or self._name(e.entrant_id)}: "
                f"{row_text_of(entry_of_content(e.content), self._ids())}" for e in entries))
                for n, entries in self._differing.items()]
            self.check.setText(self.tr(
                "Typed differently — the head judge decides (the hand typed again, or "
                "entered on the sheet): {lines}").format(lines="; ".join(lines)))
            mark_negative(self.check)
        elif first_bad is not None:
            running = next(r.running for r in view.rows if r.hand.number == first_bad)
            paper = self._paper[(view.table.id, first_bad)]
            parts = [f"{COLUMN_KEYS[i]} {number_text(p)} / {number_text(r)}"
                     for i, (p, r) in enumerate(zip(paper, running)) if p != r]
            self.check.setText(self.tr(
                "The paper's totals part from the rules' at hand {n} (paper / rules: "
                "{parts}): check that row and the ones before it.").format(
                    n=first_bad, parts=", ".join(parts)))
            mark_negative(self.check)
        elif typed:
            self.check.setText(self.tr("The paper's totals agree with the rules at hand "
                                       "{hands}.").format(hands=", ".join(map(str, typed))))
            self.check.setPalette(self.palette())
        else:
            self.check.setText(self.tr("Type “=” and the paper's running totals on a row "
                                       "(the last one at least) to check the transcription."))
            self.check.setPalette(self.palette())

    # --- penalties, signing

    def sign_on_paper(self) -> None:
        """F9: the paper carries all four signatures; lock the transcription as signed."""
        view = self.view
        if view is None or not can_change(view):
            return
        if not view.complete:
            self._say(self.tr("Hands {hands} are not typed yet.").format(
                hands=", ".join(map(str, view.missing_hands[:8]))))
            return
        typist = self.typist.text().strip()
        if not typist:
            self._say(self.tr("Type your name as the typist first (the record keeps who "
                              "transcribed the sheet)."))
            self.typist.setFocus()
            return
        bad = self._first_mismatch()
        if bad is not None:
            self._say(self.tr("The paper's totals differ at hand {n}: the sheet cannot be "
                              "ticked as signed until they agree.").format(n=bad))
            return
        checked = any(table == view.table.id for (table, _n) in self._paper)
        details = self.tr("The sheet locks as if the four players had signed it here; only "
                          "the head judge's correction opens it again.")
        if not checked:
            details = self.tr("No running total from the paper was typed as a check.") + \
                "\n" + details
        if not confirm(self, self.tr("Signed on Paper"),
                       self.tr("Table {t} of session {s}: the paper sheet is signed by all "
                               "four players, and {who} transcribed it?").format(
                                   t=view.table.number, s=view.session.number, who=typist),
                       details, self.tr("Lock as Signed"),
                       object_name="signed_on_paper_confirm"):
            return
        table_id, seen = view.table.id, view.content_hash
        if self._context.call(lambda uow: sign_on_paper(uow, table_id, typist, seen=seen),
                              Topic.SHEET) is not None:
            self.refresh()
            self.table_done.emit()

    def focus_line(self) -> None:
        QTimer.singleShot(0, lambda: self.line.setFocus(Qt.FocusReason.OtherFocusReason))

