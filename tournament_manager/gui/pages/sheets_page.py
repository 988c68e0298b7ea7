"""Score sheets: pick a session and a table; its sheet, the tables' progress beside it, and
the calculator under the sheet or in a window of its own.

The page follows every change wherever it was made: a session drawn, published, started
or finished (the Seating page), a cut, a renamed player, the settings or another document
reload the sessions and their tables, keeping the chosen session and table where they
still exist; a session that has just started is opened, since its sheets are the ones
about to be filled. A change on any sheet (this one, or another through Edit ▸ Undo)
re-reads the progress board.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QHideEvent, QShowEvent
from PySide6.QtWidgets import (
    QApplication,
    QCheckBox,
    QComboBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QStackedWidget,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from tournament_manager.domain.model import StageStatus
from tournament_manager.domain.settings import RecordStyle
from tournament_manager.gui.app_context import AppContext
from tournament_manager.gui.calculator.panel import CalculatedHand, CalculatorPanel, ShownPoints
from tournament_manager.gui.changes import Topic
from tournament_manager.gui.errors import EXPECTED_ERRORS, describe_error
from tournament_manager.gui.item_data import add_choice, current_choice
from tournament_manager.gui.sheet.calculator_window import CalculatorWindow
from tournament_manager.gui.sheet.player_cards_dialog import PlayerCardsDialog
from tournament_manager.gui.sheet.preferences import SheetPreferences
from tournament_manager.gui.sheet.progress_list import TABLE_ID_ROLE, TableProgressList
from tournament_manager.gui.sheet.sheet_widget import SheetWidget
from tournament_manager.gui.sheet.transcription import TranscriptionView
from tournament_manager.services.setup import SessionSummary, session_summaries
from tournament_manager.services.tournaments import overview
from tournament_manager.services.views import (
    TableProgress,
    TableState,
    session_seating,
    table_progress,
)

TRANSCRIBED = (TableState.COMPLETE, TableState.SIGNING, TableState.LOCKED,
               TableState.STOPPED_ON_TIME)
"""A table whose paper sheet is typed in (Ctrl+PageDown passes over it)."""
RELOAD_TOPICS = (Topic.DOCUMENT, Topic.SETTINGS, Topic.ROUNDS, Topic.SESSIONS, Topic.PLAYERS)
"""What changes the sessions, their tables or the names on them (a sheet change re-reads
only the progress board; the sheet follows its own topics and the clock)."""
SIDE_WIDTH = 200


class SheetsPage(QWidget):
    def __init__(self, context: AppContext, parent: QWidget | None = None,
                 preferences: SheetPreferences | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("sheets_page")
        self._context = context
        self._preferences = preferences if preferences is not None else SheetPreferences()
        self._running: int | None = None
        """The running session at the last reload: one that starts afterwards is opened."""

        self._numbers: dict[int, int] = {}
        """Session id -> its number, for the sessions in the box."""
        self.session = QComboBox(self)
        self.session.setObjectName("sheet_session")
        self.session.currentIndexChanged.connect(self._session_changed)
        self.progress = TableProgressList(self)
        self.tables = self.progress.tables
        self.tables.currentItemChanged.connect(self._table_changed)
        # A click or Enter on a table opens its sheet ready for typing; the arrow keys only
        # move through the list (the focus stays there, so they keep moving).
        self.tables.itemClicked.connect(self.focus_entry)
        self.tables.itemActivated.connect(self.focus_entry)
        side = QWidget(self)
        side_layout = QVBoxLayout(side)
        side_layout.setContentsMargins(0, 0, 0, 0)
        side_layout.addWidget(QLabel(self.tr("Session:"), side))
        side_layout.addWidget(self.session)
        side_layout.addWidget(QLabel(self.tr("Tables:"), side))
        side_layout.addWidget(self.progress, 1)
        self.transcribing = QCheckBox(self.tr("Transcribe paper sheets"), side)
        self.transcribing.setObjectName("transcription_mode")
        self.transcribing.setToolTip(self.tr(
            "The results desk: type the signed paper Score Record Sheets in, one stream of "
            "keys per sheet (Ctrl+PageDown: the next table still to type)"))
        side_layout.addWidget(self.transcribing)
        self.cards_button = QPushButton(self.tr("Player Cards…"), side)
        self.cards_button.setObjectName("player_cards_button")
        self.cards_button.setToolTip(self.tr(
            "This event keeps one card per player: type each table's four cards, compared "
            "with its sheet hand by hand"))
        self.cards_button.clicked.connect(self.open_player_cards)
        self.cards_button.hide()
        side_layout.addWidget(self.cards_button)
        side.setFixedWidth(SIDE_WIDTH)

        self.sheet = SheetWidget(context, self)
        self.transcription = TranscriptionView(context, self)
        self.transcription.typist.setText(self._preferences.typist())
        self.transcription.typist.editingFinished.connect(
            lambda: self._preferences.set_typist(self.transcription.typist.text().strip()))
        self.transcription.table_done.connect(self.next_table_to_type)
        self.area = QStackedWidget(self)
        self.area.addWidget(self.sheet)
        self.area.addWidget(self.transcription)
        self.transcription.action_next_table.triggered.connect(self.next_table_to_type)
        self.calculator = CalculatorPanel(self)
        self.calculator.use_for_sheet.connect(self._use_for_sheet)
        self.calculator.points_for_sheet.connect(self._points_for_sheet)
        self.sheet.entry.draft_changed.connect(self._follow_entry)
        self.sheet.entry.recorded.connect(self.calculator.start_afresh)
        self.calculator_window = CalculatorWindow(self)
        self.calculator_window.closed.connect(lambda: self.set_calculator_window(False))
        self.calculator_window.moved_away.connect(self._preferences.set_calculator_geometry)
        self.own_window = QToolButton(self)
        self.own_window.setObjectName("calculator_own_window")
        self.own_window.setText(self.tr("Calculator in its own window"))
        self.own_window.setToolTip(self.tr(
            "Show the calculator in a window of its own, so the whole sheet stays in view"))
        self.own_window.setCheckable(True)
        self.own_window.setAutoRaise(True)
        self.own_window.toggled.connect(self.set_calculator_window)
        self.sheet.tools.add_strip_widget(self.own_window)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 2)
        layout.addWidget(side)
        layout.addWidget(self.area, 1)
        self.set_calculator_window(self._preferences.calculator_window())
        self.transcribing.setChecked(self._preferences.transcription())
        self.transcribing.toggled.connect(self.set_transcription)
        self.set_transcription(self.transcribing.isChecked())
        context.hub.follow(self, self._changed)  # the topics gui.changes declares

    # --- the calculator: under the sheet or in its own window


    def unfinished(self) -> str:
        """What closing the event would lose here: a hand typed and not entered, at the
        entry bar or on the results desk."""
        return "\n".join(text for text in (self.sheet.entry.unfinished(),
                                            self.sheet.penalties.unfinished(),
                                            self.transcription.unfinished(),
                                            self.transcription.penalties.unfinished())
                         if text)

    def set_calculator_window(self, own_window: bool) -> None:
        """Move the calculator into its own window (True) or back under the sheet, and
        remember the choice for the next start."""
        if own_window and not self.calculator_window.holds(self.calculator):
            self.sheet.tools.take_tool(self.calculator)
            self.calculator_window.hold(self.calculator)
        elif not own_window and not self.sheet.tools.has_tool(self.calculator):
            self.calculator_window.release()
            self.calculator_window.hide()
            self.sheet.add_tool(self.calculator, self.tr("Calculator"), first=True)
        if own_window and self.isVisible():
            self.show_calculator()
        self.own_window.blockSignals(True)
        self.own_window.setChecked(own_window)
        self.own_window.blockSignals(False)
        self._preferences.set_calculator_window(own_window)

    def show_calculator(self) -> None:
        """The calculator in view: its window raised, or the drawer opened on it."""
        if self.calculator_window.holds(self.calculator):
            self._show_calculator_window()
            self.calculator_window.raise_()
        else:
            self.sheet.show_tool(self.calculator)

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        if self.calculator_window.holds(self.calculator):
            self._show_calculator_window()
        # Arriving here (Ctrl+4, the tab), the keyboard is where it was on the page left,
        # and a judge's first E or 3 went nowhere until he clicked the sheet. Once the
        # tab has settled, the typing place takes it, unless the page already had it.
        QTimer.singleShot(0, self, self._keyboard_on_arrival)

    def _keyboard_on_arrival(self) -> None:
        focused = QApplication.focusWidget()
        if self.isVisible() and (focused is None or not self.isAncestorOf(focused)):
            self.focus_entry()

    def _show_calculator_window(self) -> None:
        self.calculator_window.show_at(self._preferences.calculator_geometry(), self.window())

    def hideEvent(self, event: QHideEvent) -> None:
        # Another tab, or the main window closed: the calculator's window goes with the
        # page (hidden, not closed, so it stays the choice).
        self.calculator_window.hide()
        super().hideEvent(event)

    # --- following changes

    def _changed(self, topic: str) -> None:
        if topic in RELOAD_TOPICS:
            if topic == Topic.DOCUMENT:
                # Ids begin again in every document: the last one's session and table,
                # kept by number, showed "Session 2" of a new event with nothing drawn.
                self._running = None
                self.session.clear()
                self.sheet.forget()
                self.transcription.forget()
                self.calculator.start_afresh()
            self.reload()
        elif topic == Topic.SHEET:
            self._refresh_progress()

    def session_number(self) -> int | None:
        """The number of the session whose sheets are shown (None when there is none)."""
        chosen = current_choice(self.session)
        return self._numbers.get(chosen) if isinstance(chosen, int) else None

    def reload(self) -> None:
        """Sessions of the open tournament; keeps the chosen session and table, or opens
        the session that has just started."""
        chosen = current_choice(self.session)
        self.session.blockSignals(True)
        self.session.clear()
        summaries: tuple[SessionSummary, ...] = ()
        self.cards_button.hide()
        if self._context.has_document:
            try:
                summaries = session_summaries(self._context.unit_of_work())
                settings = overview(self._context.unit_of_work()).tournament.settings
            except EXPECTED_ERRORS:
                summaries = ()
            else:
                self.calculator.set_rules(settings.rule_set, settings.rule_options)
                self.sheet.entry.use_rules(settings.rule_set, settings.rule_options)
                self.cards_button.setVisible(
                    settings.record_style is RecordStyle.PLAYER_CARDS)
            self._numbers = {s.session.id: s.session.number for s in summaries}
            for summary in summaries:
                add_choice(self.session,
                           self.tr("Session {n}").format(n=summary.session.number),
                           summary.session.id)
                self.session.setItemData(
                    self.session.count() - 1,
                    self.tr("Round {r} · {t} tables · {s}").format(
                        r=summary.round_number, t=summary.tables,
                        s=summary.session.status.value),
                    Qt.ItemDataRole.ToolTipRole)
            self.session.setCurrentIndex(self._session_to_show(summaries, chosen))
        self.session.blockSignals(False)
        self._session_changed()

    def _session_to_show(self, summaries: tuple[SessionSummary, ...],
                         chosen: int | str | None) -> int:
        running = [s.session.id for s in summaries if s.session.status is StageStatus.RUNNING]
        now_running = running[-1] if running else None
        started = now_running is not None and now_running != self._running
        self._running = now_running
        ids = [s.session.id for s in summaries]
        if started and now_running in ids:
            return ids.index(now_running)
        if chosen in ids:
            return ids.index(chosen)
        return next((i for i, s in enumerate(summaries) if s.tables), 0)

    def _session_changed(self) -> None:
        session_id = current_choice(self.session)
        chosen = (self.transcription.table_id if self.area.currentWidget() is self.transcription
                  else self.sheet.table_id)
        rows: tuple[TableProgress, ...] = ()
        names: dict[int, str] = {}
        if isinstance(session_id, int) and self._context.has_document:
            try:
                seating = session_seating(self._context.unit_of_work(), session_id)
                rows = table_progress(self._context.unit_of_work(), session_id)
            except EXPECTED_ERRORS:
                rows = ()
            else:
                names = {table.table.id: ", ".join(seat.player.name for seat in table.seats)
                         for table in seating.tables}
        self.progress.set_tables(rows, names)
        row = next((i for i in range(self.tables.count())
                    if self.tables.item(i).data(TABLE_ID_ROLE) == chosen), 0)
        if self.tables.count():
            self.tables.blockSignals(True)
            self.tables.setCurrentRow(row)
            self.tables.blockSignals(False)
            self._table_changed()
        else:
            self.sheet.show_table(None)
            self.transcription.show_table(None)

    def _refresh_progress(self) -> None:
        """Where every table of the shown session stands (read even while another page is
        in front: what any page shows is what a reload would show)."""
        session_id = current_choice(self.session)
        if not isinstance(session_id, int) or not self._context.has_document:
            return
        try:
            rows = table_progress(self._context.unit_of_work(), session_id)
        except EXPECTED_ERRORS:
            return
        self.progress.set_progress(rows)

    def _table_changed(self) -> None:
        item = self.tables.currentItem()
        table_id = item.data(TABLE_ID_ROLE) if item else None
        if self.area.currentWidget() is self.transcription:
            self.transcription.show_table(table_id)
        else:
            self.sheet.show_table(table_id)

    # --- the results desk

    def set_transcription(self, on: bool) -> None:
        """Show the paper-transcription grid (True) or the sheet with its entry bar, on the
        table chosen, and remember the choice: a results desk stays one."""
        self.area.setCurrentWidget(self.transcription if on else self.sheet)
        self.progress.set_desk(on)
        if self.transcribing.isChecked() != on:
            self.transcribing.setChecked(on)
        self._preferences.set_transcription(on)
        self._table_changed()
        self.focus_entry()

    def open_player_cards(self) -> PlayerCardsDialog | None:
        """The chosen table's four player cards, typed and compared with its sheet."""
        item = self.tables.currentItem()
        table_id = item.data(TABLE_ID_ROLE) if item else None
        if not isinstance(table_id, int):
            return None
        try:
            view = self._context.sheet_view(table_id)
        except EXPECTED_ERRORS as error:
            self._context.messages.show_problem(describe_error(error))
            return None
        dialog = PlayerCardsDialog(
            self._context, table_id, view.table.number,
            {p.id: f"{wind} {p.name}" for p, wind in zip(view.players, "ESWN", strict=False)},
            self.transcription.typist.text().strip() or self._preferences.typist(), self)
        dialog.typist_used.connect(self._remember_typist)
        dialog.open()
        return dialog

    def _remember_typist(self, name: str) -> None:
        self._preferences.set_typist(name)
        if not self.transcription.typist.text().strip():
            self.transcription.typist.setText(name)

    def next_table_to_type(self) -> None:
        """Ctrl+PageDown: the next table (after the one open, round the list) whose sheet
        is not typed in yet, opened ready for typing."""
        count = self.tables.count()
        start = self.tables.currentRow()
        for step in range(1, count + 1):
            row = (start + step) % count
            table_id = self.tables.item(row).data(TABLE_ID_ROLE)
            if self.progress.state_of(table_id) not in TRANSCRIBED:
                self.tables.setCurrentRow(row)
                self.focus_entry()
                return
        self._context.messages.show_info(self.tr("Every table's sheet is typed in."))

    def focus_entry(self) -> None:
        """The typing place of the open sheet: the entry bar (or the transcription line),
        when the sheet takes hands."""
        if self.area.currentWidget() is self.transcription:
            if self.transcription.line.isEnabled():
                self.transcription.line.setFocus(Qt.FocusReason.OtherFocusReason)
            return
        entry = self.sheet.entry
        if entry.isEnabled():
            entry.value_edit.setFocus(Qt.FocusReason.OtherFocusReason)

    def select_table(self, session_id: int, table_id: int) -> None:
        self.session.setCurrentIndex(self.session.findData(session_id))
        for row in range(self.tables.count()):
            if self.tables.item(row).data(TABLE_ID_ROLE) == table_id:
                self.tables.setCurrentRow(row)

    def _follow_entry(self) -> None:
        """The calculator names the players of the hand being typed and takes its round's
        wind, its winner, discarder and self-draw as they are keyed, so both say the same
        hand (the round's wind stayed at East all session: MCR's and classical hands in
        the South round scored without their prevalent wind)."""
        entry = self.sheet.entry
        self.calculator.set_seat_names(entry.seat_names())
        seating = entry.seating()
        if seating is not None:
            self.calculator.set_prevalent(seating.prevalent.value)
        draft = entry.draft
        current = draft.current
        if current is None or draft.draw:
            return
        seat = entry.wind_of(current.winner)
        discarder = None if draft.discarder is None else entry.wind_of(draft.discarder)
        self.calculator.set_seats(seat.value if seat else None,
                                  discarder.value if discarder else None, draft.self_draw)

    def _points_for_sheet(self, shown: ShownPoints) -> None:
        self.sheet.entry.use_points(shown)

    def _use_for_sheet(self, hand: CalculatedHand) -> None:
        self.sheet.entry.use_hand(hand)
        self.sheet.window().activateWindow()
        self.sheet.entry.value_edit.setFocus()
