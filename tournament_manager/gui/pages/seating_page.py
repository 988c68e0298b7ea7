"""Seating: the sessions and how far each is, draw a session, read its quality, publish it,
swap, the wind draw at the tables, start and finish the session.

A draw is only a proposal until it is published, so the head judge can read the quality
report (and draw again) before anyone sees the tables. It runs in a worker thread behind a
progress dialog (`gui.worker`): the window keeps painting and "Stop and Keep the Best"
answers at once. Tables a planned session already holds are the round's provisional plan,
and the page says so wherever they show. Swaps go through the undo stack; the effect on
repeated pairs is shown as soon as two players are selected. Finishing a session asks
first and is not undone with Edit ▸ Undo: reopening a finished session is the head judge's
act ("Reopen Session…", with his passphrase and a reason on record).

The wind draw of a table is simulated (a table without a judge), or recorded as the table
did it with tiles and dice (the winds that follow are shown before they are saved); "Draw
All Tables" simulates every table that has not started, as one entry of Edit ▸ Undo. The
steps shown are those of the table chosen: another table, another session or another file
clears them, and so does any change of the record made elsewhere (an undo, say), since
the winds shown might no longer be the ones stored. A re-pick the format does not have
(a later cycle under `seat_pick: per_session`) is refused with the service's reason and
offered to the head judge: his passphrase never goes on the undo stack, so that act is
made outside it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from PySide6.QtCore import QCoreApplication, QItemSelection, QItemSelectionModel, QModelIndex, Qt
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from tournament_manager.domain.model import StageStatus
from tournament_manager.domain.names import isolated, name_order
from tournament_manager.domain.rotation import HANDS_PER_CYCLE
from tournament_manager.domain.seat_pick import SeatPick
from tournament_manager.domain.seating import Progress, QualityReport, SeatedSession
from tournament_manager.domain.settings import FinalSeating, SeatPickMode, TournamentSettings
from tournament_manager.gui.app_context import AppContext
from tournament_manager.gui.changes import Topic
from tournament_manager.gui.commands.seating import (
    PublishDraw,
    RecordTableDraw,
    RecordTableWinds,
    StartSession,
    SwapPlayers,
    WindDraw,
    table_arrival,
    table_winds,
)
from tournament_manager.gui.confirm import confirm
from tournament_manager.gui.errors import EXPECTED_ERRORS, describe_error
from tournament_manager.gui.formatting import by_count
from tournament_manager.gui.head_judge_dialog import ask_head_judge
from tournament_manager.gui.item_data import add_choice, choose, current_choice
from tournament_manager.gui.models.seating_model import (
    SESSION_ID_ROLE,
    PlayerSeatsModel,
    SeatingModel,
    SessionListModel,
    SessionRow,
)
from tournament_manager.gui.models.wording import progress_summary, session_state_label
from tournament_manager.gui.pages.table_draw_dialog import ask_table_draw
from tournament_manager.gui.setting_words import choice_label
from tournament_manager.gui.wind_draw_words import (
    WIND_NAMES,
    describe_seat_pick,
    describe_winds,
    player_name,
    wind_name,
)
from tournament_manager.gui.worker import WorkDialog, run_in_worker
from tournament_manager.messages.sentence import sentence
from tournament_manager.services.errors import ServiceProblem
from tournament_manager.services.ports import UnitOfWork
from tournament_manager.services.seat_picks import (
    Authority,
    record_table_draw,
    record_table_winds,
    simulate_table_seat_pick,
    tables_with_winds_drawn,
)
from tournament_manager.services.seating import (
    DEFAULT_TIME_LIMIT,
    PlanDrift,
    RoundOutlook,
    SessionDraw,
    draw_session,
    outdated,
    plan_drift,
    preview_swap,
    replanned_by,
    round_outlook,
    seated_by_rank,
    session_quality,
)
from tournament_manager.services.sessions import check_finish, finish_session, reopen_session
from tournament_manager.services.setup import SessionSummary, all_players, session_summaries
from tournament_manager.services.standings import session_byes
from tournament_manager.services.tournaments import current_tournament
from tournament_manager.services.views import TableSeating, session_seating, table_progress
from tournament_manager.storage.backup import BackupReason

translate = QCoreApplication.translate  # by this name, so pyside6-lupdate finds the words

__all__ = ["WIND_NAMES", "SeatingPage", "describe_report", "describe_seat_pick",
           "player_name", "with_registration"]

DRAWN = (StageStatus.PUBLISHED, StageStatus.RUNNING, StageStatus.FINISHED)
WINDS_OPEN = (StageStatus.PUBLISHED, StageStatus.RUNNING)
"""Sessions whose tables' winds may be picked (the service says which cycles)."""


def with_registration(name: str, registration_id: str) -> str:
    """A name as tables list it: with the registration number, so two players of the
    same name are told apart at a glance."""
    return f"{isolated(name)} ({registration_id})" if registration_id else name


def _ids(players: Iterable[object]) -> list[int]:
    return [p for p in players if isinstance(p, int)]


LISTED_PAIRS = 12
"""Repeated pairs named in the report; beyond, their count (the list stopped at twelve of
23 without a word)."""


def describe_report(report: QualityReport, names: dict[int, str]) -> str:
    """The quality report in words, for the head judge before publishing."""
    def name(player: object) -> str:
        return player_name(names, player)

    lines = [
        translate(
            "SeatingPage",
            "Repeated pairs: {n} (excess meetings {excess}, theoretical minimum {minimum})",
        ).format(
            n=len(report.repeated_pairs),
            excess=report.excess_meetings,
            minimum=report.theoretical_min_excess,
        ),
        *(
            translate("SeatingPage", "  {a} and {b} meet again{back}").format(
                a=name(pair.players[0]),
                b=name(pair.players[1]),
                back=translate("SeatingPage", " (back to back)") if pair.back_to_back else "",
            )
            for pair in report.repeated_pairs[:LISTED_PAIRS]
        ),
        *(
            [translate("SeatingPage", "  … and {n} more").format(
                n=len(report.repeated_pairs) - LISTED_PAIRS)]
            if len(report.repeated_pairs) > LISTED_PAIRS else []
        ),
        translate("SeatingPage", "Most meetings of one pair: {n}").format(n=report.max_meetings),
        translate("SeatingPage", "Wind spread: {n} ({state})").format(
            n=report.wind_spread,
            state=translate("SeatingPage", "balanced")
            if report.winds_balanced
            else translate("SeatingPage", "not balanced"),
        ),
        translate("SeatingPage", "Table revisits: {n}{forced}").format(
            n=len(report.table_revisits),
            forced=translate("SeatingPage", " (forced)") if report.revisits_forced else "",
        ),
        translate("SeatingPage", "Club, country or team mates together: {n}").format(
            n=len(report.forbidden_meetings)
        ),
    ]
    return "\n".join(lines)


def describe_outlook(outlook: RoundOutlook | None) -> str:
    """The round as planned: the report above it judges only the session shown, and a
    plan can hold repeats in its later sessions that the head judge should know of before
    publishing, not find at the tables. Its winds are balanced after every session where
    the tables allow it (`positions.balance_winds`); where they do not (byes, a plan redrawn
    beyond the bound), the end of the round is what is balanced, and this line says so."""
    if outlook is None:
        return ""
    report, first, last = outlook.report, outlook.first, outlook.last
    if report.excess_meetings == 0:
        pairs = translate(
            "SeatingPage", "The round as planned, sessions {first} to {last}: no pair meets twice."
        ).format(first=first, last=last)
    else:
        pairs = translate(
            "SeatingPage",
            "The round as planned, sessions {first} to {last}: {n} repeated pairs (excess "
            "meetings {excess}, theoretical minimum {minimum}, back to back {back}); most "
            "meetings of one pair: {most}.",
        ).format(first=first, last=last, n=len(report.repeated_pairs),
                 excess=report.excess_meetings, minimum=report.theoretical_min_excess,
                 back=len(report.back_to_back_repeats), most=report.max_meetings)
    winds = translate("SeatingPage", "Wind spread at the end of session {last}: {n} ({state})."
                      ).format(last=last, n=report.wind_spread,
                               state=translate("SeatingPage", "balanced")
                               if report.winds_balanced
                               else translate("SeatingPage", "not balanced"))
    return f"{pairs}\n{winds}"


def _paragraphs(*texts: str) -> str:
    return "\n\n".join(text for text in texts if text)


def describe_by_rank(order: FinalSeating | None, session_number: int) -> str:
    """Why a session seated by rank may put players who have met together again: the
    setting seats by the standings, so its report of repeats is not a poor draw."""
    if order is None:
        return ""
    return translate(
        "SeatingPage",
        "{order}, on the standings after session {before} (Final seating on Setup): "
        "players who have met before are not kept apart.",
    ).format(order=choice_label(order), before=session_number - 1)


def describe_draw(draw: SessionDraw, labels: dict[int, str], stopped: bool) -> str:
    """What the head judge must know about a draw before publishing it: that it is not
    published, a search stopped early, who sits out and why."""
    lines = [
        translate("SeatingPage", "Draw of session {n}: not published yet.").format(
            n=draw.session_number
        )
    ]
    if stopped:
        lines.append(
            translate("SeatingPage", "The search was stopped: this is the best draw it had found.")
        )
    if draw.by_rank is not None:
        lines.append(describe_by_rank(draw.by_rank, draw.session_number))
    if draw.byes:
        lines.append(translate("SeatingPage", "Bye this session: {players}.").format(
            players=", ".join(player_name(labels, p) for p in draw.byes)))
    if draw.substitutes_missing:
        lines.append(
            translate(
                "SeatingPage",
                "The event seats substitutes to fill the last table, but {n} more would be "
                "needed, so byes were used. Register a substitute on the Players page (tick "
                "Substitute) and draw again to seat everyone.",
            ).format(n=draw.substitutes_missing)
        )
    return "\n".join(lines)


class SeatingPage(QWidget):
    def __init__(self, context: AppContext, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("seating_page")
        self._context = context
        self._sessions: tuple[SessionSummary, ...] = ()
        self._names: dict[int, str] = {}
        self._labels: dict[int, str] = {}
        """Names with registration numbers, where tables are listed."""
        self._settings: TournamentSettings | None = None
        self._draw: SessionDraw | None = None
        self._draw_stopped = False
        self._chosen: int | None = None
        """The session id chosen in the list (kept through refreshes of the same file)."""
        self._table_id: int | None = None
        """The table whose wind draw the steps show (the last one chosen or acted on)."""
        self._picks: dict[int, str] = {}
        """Wind draws made here, by table id, in words; gone when the record changes."""
        self._acting = False
        """A wind draw of this page is being stored: its change keeps the steps shown."""
        self._held = False
        """Changes arrive one per table of "Draw all tables": one refresh at the end."""
        self._shown: int | None = None
        """The session the grid shows, so a refresh keeps its selected tables."""
        self.drawing = False
        """True while a draw runs in the worker thread."""

        self.sessions = SessionListModel(self)
        self.session_list = QTableView(self)
        self.session_list.setObjectName("session_list")
        self.session_list.setModel(self.sessions)
        self.session_list.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.session_list.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.session_list.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.session_list.verticalHeader().hide()
        self.session_list.setWordWrap(False)
        header = self.session_list.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setStretchLastSection(True)
        self.session_list.selectionModel().currentRowChanged.connect(self._session_chosen)

        self.draw_button = self._button(
            "draw_session", translate("SeatingPage", "&Draw…"), self.draw
        )
        self.publish_button = self._button(
            "publish_draw", translate("SeatingPage", "&Publish"), self.publish
        )
        self.discard_button = self._button(
            "discard_draw", translate("SeatingPage", "Dis&card draw…"), self.discard
        )
        self.discard_button.setToolTip(
            translate("SeatingPage", "Throw the draw shown away without publishing it")
        )
        self.start_button = self._button(
            "start_session", translate("SeatingPage", "&Start session"), self.start
        )
        self.finish_button = self._button(
            "finish_session", translate("SeatingPage", "Fi&nish session…"), self.finish
        )
        self.reopen_button = self._button(
            "reopen_session", translate("SeatingPage", "Re&open session…"), self.reopen
        )
        self.reopen_button.setToolTip(
            translate(
                "SeatingPage",
                "The head judge reopens a finished session, with "
                "his passphrase and a reason on record",
            )
        )
        self.state = QLabel(self)
        self.state.setObjectName("seating_state")
        self.state.setWordWrap(True)
        self.state.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)

        self.model = SeatingModel(self)
        self.by_name = PlayerSeatsModel(self)
        """The session now being played (or about to be), by player name."""
        self.view = QTableView(self)
        self.view.setObjectName("seating_view")
        self.view.setModel(self.model)
        self.view.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectItems)
        self.view.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        self.view.horizontalHeader().setSectionResizeMode(
            0, QHeaderView.ResizeMode.ResizeToContents)
        self.view.verticalHeader().hide()
        self.view.selectionModel().selectionChanged.connect(self._selection_changed)
        self.report = QLabel(self)
        self.report.setObjectName("quality_report")
        self.report.setAlignment(Qt.AlignmentFlag.AlignTop)
        self.report.setWordWrap(True)

        self.swap_effect = QLabel(self)
        self.swap_effect.setObjectName("swap_effect")
        self.swap_effect.setWordWrap(True)
        self.swap_button = self._button(
            "swap_players", translate("SeatingPage", "S&wap"), self.swap
        )

        self.cycle_box = QComboBox(self)
        self.cycle_box.setObjectName("seat_pick_cycle")
        cycle_label = QLabel(translate("SeatingPage", "C&ycle:"), self)
        cycle_label.setBuddy(self.cycle_box)
        self.pick_button = self._button(
            "wind_draw",
            translate("SeatingPage", "Simula&te the draw at the selected table"),
            self.wind_draw,
        )
        self.draw_all_button = self._button(
            "wind_draw_all", translate("SeatingPage", "Draw &all tables"), self.wind_draw_all
        )
        self.draw_all_button.setToolTip(
            translate(
                "SeatingPage",
                "Simulate the wind draw of cycle 1 at every "
                "table of the session that has not started "
                "playing (one entry of Edit ▸ Undo)",
            )
        )
        self.record_button = self._button("record_table_draw",
                                          translate("SeatingPage", "&Record the table's draw…"),
                                          self.record_table_draw)
        self.record_button.setToolTip(
            translate(
                "SeatingPage",
                "Type the tiles and throws of a draw done at the "
                "table (or who took which wind); the winds are "
                "shown before they are saved",
            )
        )
        self.pick_steps = QLabel(self)
        self.pick_steps.setObjectName("wind_draw_steps")
        self.pick_steps.setWordWrap(True)
        self.pick_steps.setAlignment(Qt.AlignmentFlag.AlignTop)
        self.pick_steps.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        big = QFont(self.font())
        big.setPointSizeF(big.pointSizeF() * 1.2)
        self.pick_steps.setFont(big)

        winds = QGroupBox(translate("SeatingPage", "Wind draw at a table"), self)
        winds.setObjectName("wind_draw_box")
        cycle_row = QHBoxLayout()
        cycle_row.addWidget(cycle_label)
        cycle_row.addWidget(self.cycle_box, 1)
        wind_layout = QVBoxLayout(winds)
        wind_layout.addLayout(cycle_row)
        for button in (self.pick_button, self.record_button, self.draw_all_button):
            wind_layout.addWidget(button)
        wind_layout.addWidget(self.pick_steps, 1)

        left = QVBoxLayout()
        left.addWidget(self.session_list, 2)
        left.addWidget(winds, 3)
        top = QHBoxLayout()
        for widget in (self.draw_button, self.publish_button, self.discard_button,
                       self.start_button,
                       self.finish_button, self.reopen_button):
            top.addWidget(widget)
        top.addStretch(1)
        swap_row = QHBoxLayout()
        swap_row.addWidget(self.swap_effect, 1)
        swap_row.addWidget(self.swap_button)
        right = QVBoxLayout()
        right.addLayout(top)
        right.addWidget(self.state)
        right.addWidget(self.view, 3)
        right.addLayout(swap_row)
        right.addWidget(self.report, 2)
        layout = QHBoxLayout(self)
        layout.addLayout(left, 2)
        layout.addLayout(right, 3)

        context.hub.follow(self, self._changed)
        # The next document's refresh comes from the hub (Topic.DOCUMENT), once.
        context.controller.closing.connect(self._forget_document)
        self.refresh()

    def _button(self, name: str, text: str, slot: Callable[[], object]) -> QPushButton:
        button = QPushButton(text, self)
        button.setObjectName(name)
        button.clicked.connect(lambda _checked=False: slot())
        return button

    # -- what is shown ---------------------------------------------------------------------
    def _changed(self, _topic: str) -> None:
        if not self._acting:
            self._picks.clear()  # the winds shown may not be the ones stored any more
        if not self._held:
            self.refresh()

    def _forget_document(self) -> None:
        """The document is closed or replaced: nothing chosen or drawn in it applies to
        the next one."""
        self._draw = None
        self._chosen = None
        self._table_id = None
        self._picks.clear()

    def refresh(self) -> None:
        if not self._context.has_document:
            self._sessions = ()
            self._settings = None
            self.sessions.set_sessions(())
            self.model.set_tables((), {})
            self.by_name.set_seats(())
            self._show_session()
            return
        try:
            self._read()
        except EXPECTED_ERRORS as error:
            self._context.messages.show_problem(describe_error(error))
            return
        self._show_sessions()
        self._show_session()
        self._show_current_by_name()

    def _read(self) -> None:
        uow = self._context.unit_of_work
        self._sessions = session_summaries(uow())
        players = all_players(uow())
        self._names = {p.id: p.name for p in players}
        self._labels = {p.id: with_registration(p.name, p.registration_id) for p in players}
        with uow() as work:
            self._settings = current_tournament(work).settings

    def _session_row(self, summary: SessionSummary,
                     replanned: dict[int, SeatedSession]) -> SessionRow:
        session = summary.session
        provisional = session.status is StageStatus.PLANNED and summary.tables > 0
        draw = self._draw
        if draw is not None and draw.session_id == session.id:
            # Both columns say it (the state said "provisional plan: not drawn yet"); a
            # published session's posted tables stand until the new draw is published.
            state = (translate("SeatingPage", "published; new draw not published yet")
                     if session.status is StageStatus.PUBLISHED
                     else translate("SeatingPage", "drawn, not published yet"))
            return SessionRow(session.id, session.number, summary.round_number, state,
                              by_count(len(draw.seated.tables),
                                       translate("SeatingPage", "1 table"),
                                       translate("SeatingPage", "{n} tables")
                                       ).format(n=len(draw.seated.tables)), False)
        if session.status in DRAWN and summary.tables:
            states = [row.state for row in table_progress(self._context.unit_of_work(),
                                                          session.id)]
            tables = progress_summary(states)
        elif session.id in replanned:  # the held draw re-plans it (a withdrawal, say)
            count = len(replanned[session.id].tables)
            tables = by_count(count, translate("SeatingPage", "1 table planned with the draw"),
                              translate("SeatingPage", "{n} tables planned with the draw")
                              ).format(n=count)
        elif provisional:
            tables = by_count(summary.tables, translate("SeatingPage", "1 table planned"),
                              translate("SeatingPage", "{n} tables planned")
                              ).format(n=summary.tables)
        else:
            tables = translate("SeatingPage", "not drawn")
        return SessionRow(session.id, session.number, summary.round_number,
                          session_state_label(session.status, provisional), tables,
                          provisional)

    def _replanned(self) -> dict[int, SeatedSession]:
        """The later sessions' plans the held draw brings (`replanned_by`); none where no
        draw is held, or where the session it was drawn for is gone."""
        if self._draw is None:
            return {}
        try:
            return replanned_by(self._context.unit_of_work(), self._draw)
        except EXPECTED_ERRORS:
            return {}

    def _show_sessions(self) -> None:
        replanned = self._replanned()
        rows = [self._session_row(summary, replanned) for summary in self._sessions]
        ids = [row.session_id for row in rows]
        if self._chosen not in ids:
            self._chosen = self._default_session()
        selection = self.session_list.selectionModel()
        selection.blockSignals(True)
        self.sessions.set_sessions(rows)
        if self._chosen is not None:
            index = self.sessions.index(self.sessions.row_of(self._chosen), 0)
            selection.setCurrentIndex(index, QItemSelectionModel.SelectionFlag.ClearAndSelect
                                      | QItemSelectionModel.SelectionFlag.Rows)
        selection.blockSignals(False)

    def _default_session(self) -> int | None:
        """The session being prepared or played: the first one not finished."""
        for summary in self._sessions:
            if summary.session.status is not StageStatus.FINISHED:
                return summary.session.id
        return self._sessions[-1].session.id if self._sessions else None

    def _show_current_by_name(self) -> None:
        playing = [s for s in self._sessions
                   if s.session.status in (StageStatus.PUBLISHED, StageStatus.RUNNING)]
        if not playing:
            self.by_name.set_seats(())
            return
        seating = session_seating(self._context.unit_of_work(), playing[-1].session.id)
        self.by_name.set_seats([
            (with_registration(seat.player.name, seat.player.registration_id),
             table.table.number, wind_name(seat.wind))
            for table in seating.tables for seat in table.seats])

    def _session_chosen(self, current: QModelIndex, _previous: QModelIndex) -> None:
        chosen = current.data(SESSION_ID_ROLE) if current.isValid() else None
        if chosen == self._chosen:
            return
        self._chosen = chosen if isinstance(chosen, int) else None
        self._table_id = None  # the held draw stays: it took up to a minute to compute
        self._show_session()

    def choose_session(self, number: int) -> None:
        """Show session `number` (as clicking its row does)."""
        for row, summary in enumerate(self._sessions):
            if summary.session.number == number:
                self.session_list.setCurrentIndex(self.sessions.index(row, 0))

    def current_session(self) -> SessionSummary | None:
        return next((s for s in self._sessions if s.session.id == self._chosen), None)

    def unfinished(self) -> str:
        """What closing the event would lose here: a draw computed and not published."""
        if self._draw is None:
            return ""
        return self.tr("The draw of session {n} is computed but not published.").format(
            n=self._draw.session_number)

    def _held_draw(self) -> SessionDraw | None:
        """The draw held unpublished for the session shown, if any: a draw of another
        session stays held (and listed) while the head judge looks at this one."""
        draw = self._draw
        return draw if draw is not None and draw.session_id == self._chosen else None

    def _show_session(self) -> None:
        summary = self.current_session()
        self.swap_effect.setText(
            translate(
                "SeatingPage",
                "Select two players (Ctrl+click) to see a swap's effect on repeated pairs.",
            )
        )
        kept = self._selected_rows() if summary is not None and (
            self._shown == summary.session.id) else set()
        self._shown = summary.session.id if summary is not None else None
        if summary is None:
            self.model.set_tables((), {})
            self.report.clear()
            self.state.clear()
            self._enable(None)
            return
        held = self._held_draw()
        if held is not None:
            tables = [(t.number, _ids(t.seats)) for t in held.seated.tables]
            self.model.set_tables(tables, self._labels)
            self.report.setText(_paragraphs(describe_report(held.report, self._names),
                                            describe_outlook(held.outlook)))
            self.state.setText(describe_draw(held, self._labels, self._draw_stopped))
            if summary.session.status is StageStatus.PUBLISHED:
                self.state.setText(self.state.text() + "\n" + translate(
                    "SeatingPage",
                    "The tables published before stand until this draw is published.",
                ))
            refusal = outdated(self._context.unit_of_work(), held)
            if refusal is not None:
                self.state.setText(self.state.text() + "\n" + sentence(describe_error(refusal)))
        elif (replanned := self._replanned().get(summary.session.id)) is not None:
            self._show_replanned(summary, replanned)
        else:
            seating = session_seating(self._context.unit_of_work(), summary.session.id)
            self.model.set_tables([(t.table.number, [s.player.id for s in t.seats])
                                   for t in seating.tables], self._labels)
            self.report.setText(_paragraphs(
                describe_report(session_quality(self._context.unit_of_work(),
                                                summary.session.id), self._names),
                describe_outlook(round_outlook(self._context.unit_of_work(),
                                               summary.session.id)))
                if seating.tables else translate("SeatingPage", "No tables drawn yet."))
            drift = plan_drift(self._context.unit_of_work(), summary.session.id)
            self.state.setText("\n".join(line for line in (
                self._state_text(summary, seating.provisional),
                describe_by_rank(seated_by_rank(self._context.unit_of_work(),
                                                summary.session.id),
                                 summary.session.number) if seating.tables else "",
                self._drift_text(drift, seating.provisional),
                self._byes_text(summary, drift) if seating.tables else "") if line))
        self._reselect(kept)
        self._fill_cycles(summary)
        self._enable(summary)
        self._show_pick()

    def _show_replanned(self, summary: SessionSummary, replanned: SeatedSession) -> None:
        """A later session of the round of the draw held: the tables publishing it would
        plan, as its list row counts them (the grid showed the stored plan they replace)."""
        assert self._draw is not None
        self.model.set_tables([(t.number, _ids(t.seats)) for t in replanned.tables],
                              self._labels)
        self.state.setText(translate(
            "SeatingPage",
            "Session {n}: planned with the draw of session {held}, not published yet. These "
            "tables are its plan once that draw is published; the session itself is drawn "
            "later.").format(n=summary.session.number, held=self._draw.session_number))
        self.report.setText(describe_outlook(self._draw.outlook))

    def _state_text(self, summary: SessionSummary, provisional: bool) -> str:
        number = summary.session.number
        if provisional:
            return translate(
                "SeatingPage",
                "Session {n}: provisional plan, not drawn yet. These tables come from "
                "the round's plan and change when the session is drawn: Draw, read "
                "the report, then Publish.",
            ).format(n=number)
        return translate("SeatingPage", "Session {n}: {state}.").format(
            n=number, state=session_state_label(summary.session.status))

    def _names_of(self, players: Iterable[int]) -> str:
        return ", ".join(sorted((player_name(self._labels, player) for player in players),
                                key=name_order))

    def _drift_text(self, drift: PlanDrift, provisional: bool) -> str:
        """A plan made for another field: say who it seats wrongly before the judge reads
        its tables as the session's; a published session that seats a player who has
        withdrawn since: say so before the judge tries to start it."""
        gone, joined = self._names_of(drift.gone), self._names_of(drift.joined)
        if not provisional:
            return translate(
                "SeatingPage",
                "This session still seats {gone}, who withdrew after it was drawn: draw it "
                "again before it starts; the draw keeps as much of it as it can."
            ).format(gone=gone) if gone else ""
        if gone and joined:
            text = translate(
                "SeatingPage",
                "The field has changed since this plan was made: it seats {gone}, who will "
                "not play; {joined} joined after it was made. Draw the session to seat the "
                "players present; the draw keeps as much of the plan as it can.")
        elif gone:
            text = translate(
                "SeatingPage",
                "The field has changed since this plan was made: it seats {gone}, who will "
                "not play. Draw the session to seat the players present; the draw keeps as "
                "much of the plan as it can.")
        elif joined:
            text = translate(
                "SeatingPage",
                "The field has changed since this plan was made: {joined} joined after it "
                "was made. Draw the session to seat the players present; the draw keeps as "
                "much of the plan as it can.")
        else:
            return ""
        return text.format(gone=gone, joined=joined)

    def _byes_text(self, summary: SessionSummary, drift: PlanDrift) -> str:
        """Who sits the stored session out, as the standings count byes (not those who
        joined after the round's plan was made: the plan does not know them)."""
        if self._settings is None:
            return ""
        byes = self._names_of(player for player in session_byes(self._context.unit_of_work(),
                                                                summary.session)
                              if player not in drift.joined)
        return translate("SeatingPage", "Bye this session: {players}.").format(
            players=byes) if byes else ""

    def _enable(self, summary: SessionSummary | None) -> None:
        # A read-only event (a viewer station, a file on a locked stick) offers nothing that
        # writes: Draw and Publish were offered, then refused.
        status = (summary.session.status if summary is not None
                  and not self._context.read_only else None)
        pending = self._held_draw() is not None
        self.draw_button.setEnabled(status in (StageStatus.PLANNED, StageStatus.PUBLISHED))
        self.publish_button.setEnabled(pending)
        self.discard_button.setEnabled(pending)
        self.start_button.setEnabled(status is StageStatus.PUBLISHED and not pending)
        self.finish_button.setEnabled(status is StageStatus.RUNNING)
        self.reopen_button.setEnabled(status is StageStatus.FINISHED)
        winds_open = status in WINDS_OPEN and not pending and self.model.rowCount() > 0
        self.cycle_box.setEnabled(winds_open)
        self.draw_all_button.setEnabled(winds_open)
        one_table = self._selected_table() is not None
        self.pick_button.setEnabled(winds_open and one_table)
        self.record_button.setEnabled(winds_open and one_table)
        self._update_swap()

    def _fill_cycles(self, summary: SessionSummary) -> None:
        """Cycle 1, and the later cycles of the session; under `per_session` a later one is
        the head judge's (the service refuses it otherwise)."""
        settings = self._settings
        chosen = current_choice(self.cycle_box)
        cycles = settings.hands_per_session // HANDS_PER_CYCLE if settings is not None else 1
        per_session = settings is None or settings.seat_pick is SeatPickMode.PER_SESSION
        self.cycle_box.blockSignals(True)
        self.cycle_box.clear()
        for cycle in range(1, max(cycles, 1) + 1):
            first = HANDS_PER_CYCLE * (cycle - 1) + 1
            text = translate("SeatingPage", "{cycle} (before hand {hand})").format(
                cycle=cycle, hand=first
            )
            if cycle > 1 and per_session:
                text += translate("SeatingPage", " — a re-pick: the head judge's")
            add_choice(self.cycle_box, text, cycle)
        choose(self.cycle_box, chosen)
        self.cycle_box.blockSignals(False)

    def _show_pick(self) -> None:
        self.pick_steps.setText(self._picks.get(self._table_id, "")
                                if self._table_id is not None else "")

    # -- selection -------------------------------------------------------------------------
    def _selected_rows(self) -> set[int]:
        return {index.row() for index in self.view.selectedIndexes()}

    def _reselect(self, rows: set[int]) -> None:
        """After a refresh, the same tables selected again (a model reset clears it)."""
        selection = self.view.selectionModel()
        selection.blockSignals(True)
        for row in rows:
            if row < self.model.rowCount():
                selection.select(self.model.index(row, 0),
                                 QItemSelectionModel.SelectionFlag.Select
                                 | QItemSelectionModel.SelectionFlag.Rows)
        selection.blockSignals(False)

    def _selected_table(self) -> TableSeating | None:
        """The one stored table the selected cells are in (None for none, several, or a
        draw not published)."""
        rows = self._selected_rows()
        summary = self.current_session()
        if len(rows) != 1 or summary is None or self._held_draw() is not None:
            return None
        number = self.model.table_number(rows.pop())
        seating = session_seating(self._context.unit_of_work(), summary.session.id)
        return next((t for t in seating.tables if t.table.number == number), None)

    def _selected_players(self) -> list[int]:
        players = [self.model.player_at(index) for index in self.view.selectedIndexes()]
        return [p for p in players if p is not None]

    def _selection_changed(self, _selected: QItemSelection, _deselected: QItemSelection) -> None:
        table = self._selected_table()
        if table is not None and table.table.id != self._table_id:
            self._table_id = table.table.id
            self._show_pick()
        self._enable(self.current_session())

    def _update_swap(self) -> None:
        players = self._selected_players()
        summary = self.current_session()
        can_swap = (len(players) == 2 and summary is not None and self._held_draw() is None
                    and summary.session.status is StageStatus.PUBLISHED
                    and not self._context.read_only)
        self.swap_button.setEnabled(can_swap)
        if not can_swap or summary is None:
            return
        effect = self._context.call(lambda uow: preview_swap(uow, summary.session.id,
                                                             players[0], players[1]))
        if effect is None:
            return
        new = ", ".join(f"{player_name(self._names, a)} – {player_name(self._names, b)}"
                        for a, b in effect.new_repeats)
        self.swap_effect.setText(
            translate("SeatingPage", "Swapping: repeated pairs {before} → {after}{new}").format(
                before=effect.repeated_pairs_before,
                after=effect.repeated_pairs_after,
                new=translate("SeatingPage", " (new: {pairs})").format(pairs=new) if new else "",
            )
        )

    # -- the session -----------------------------------------------------------------------
    def draw(self, *, time_limit: float = DEFAULT_TIME_LIMIT) -> SessionDraw | None:
        """Compute a draw in a worker thread; its dialog's Stop keeps the best found so far."""
        summary = self.current_session()
        if summary is None or not self._context.has_document:
            return None
        unit_of_work = self._context.unit_of_work()
        session_id, number = summary.session.id, summary.session.number
        if not self._may_draw(summary):
            return None

        def job(cancelled: Callable[[], bool], report: Callable[[object], None]
                ) -> SessionDraw:
            return draw_session(unit_of_work, session_id, time_limit=time_limit,
                                cancel=cancelled, progress=report)

        def show(dialog: WorkDialog, value: object) -> None:
            if isinstance(value, Progress):
                best = (
                    translate("SeatingPage", "searching…")
                    if value.best_cost < 0
                    else translate(
                        "SeatingPage", "the best draw so far weighs {cost} (a weight, "
                        "not a count, of repeated pairs and of club, country or team mates "
                        "at one table; 0: neither)"
                    ).format(cost=value.best_cost)
                )
                dialog.show_progress(
                    0,
                    0,
                    translate(
                        "SeatingPage",
                        "Drawing the tables of session {n} (at most {limit:.0f} s): {best}",
                    ).format(n=number, limit=time_limit, best=best),
                )

        self.drawing = True
        try:
            outcome = run_in_worker(
                self,
                job,
                title=translate("SeatingPage", "Draw Session {n}").format(n=number),
                label=translate("SeatingPage", "Drawing the tables of session {n}…").format(
                    n=number
                ),
                cancel_label=translate("SeatingPage", "Stop and Keep the Best"),
                on_report=show,
                expected_seconds=time_limit,
            )
        finally:
            self.drawing = False
        if isinstance(outcome.error, EXPECTED_ERRORS):
            self._context.messages.show_problem(describe_error(outcome.error))
            return None
        if outcome.error is not None:
            raise outcome.error
        draw = outcome.value
        if draw is None or self.current_session() is None:
            return None
        self._draw = draw
        self._draw_stopped = outcome.cancelled or draw.cancelled
        self._table_id = None
        self._show_sessions()  # the list says the session is drawn (it said "not drawn")
        self._show_session()
        return draw

    def _may_draw(self, summary: SessionSummary) -> bool:
        """Whether to draw `summary`'s session, asked where a draw would cost something
        already there: a draw of another session held unpublished (one is held at a time),
        or tables published, which may be posted in the hall already."""
        number = summary.session.number
        held = self._draw
        if held is not None and held.session_id != summary.session.id and not confirm(
                self, translate("SeatingPage", "Draw Session"),
                translate("SeatingPage", "Draw session {n} and discard the draw of session "
                          "{held}?").format(n=number, held=held.session_number),
                translate("SeatingPage", "The draw of session {held} is not published. One "
                          "draw is held at a time: drawing session {n} throws it away.").format(
                              n=number, held=held.session_number),
                translate("SeatingPage", "Draw Session {n}").format(n=number),
                object_name="draw_discards_confirm"):
            return False
        if summary.session.status is not StageStatus.PUBLISHED:
            return True
        return confirm(
            self, translate("SeatingPage", "Draw Session"),
            translate("SeatingPage", "Session {n} is published. Draw it again?").format(n=number),
            translate("SeatingPage", "Its tables may be printed and posted already. They stand "
                      "until you publish the new draw; Discard draw keeps them."),
            translate("SeatingPage", "Draw Again"), object_name="redraw_published_confirm")

    def discard(self) -> None:
        """Throw the held draw of the session shown away, after a confirmation (it may have
        taken a minute to compute)."""
        held = self._held_draw()
        if held is None or not confirm(
                self, translate("SeatingPage", "Discard Draw"),
                translate("SeatingPage", "Discard the draw of session {n}?").format(
                    n=held.session_number),
                translate("SeatingPage", "It is not published; the session keeps what it "
                          "had before the draw."),
                translate("SeatingPage", "Discard Draw"), object_name="discard_draw_confirm"):
            return
        self._draw = None
        self._show_sessions()
        self._show_session()

    def publish(self) -> None:
        draw = self._held_draw()
        if draw is None:
            return
        if self._context.run(PublishDraw(self._context.runner.context, draw, self._pending)):
            self._draw = None
            self.refresh()

    def _pending(self, draw: SessionDraw, pending: bool) -> None:
        """A published draw taken back by Undo is held again, unpublished, whichever session
        is shown, unless a draw of another session is held: one draw is held at a time, and
        the one drawn since stays (it went without a word); Redo still publishes the draw
        taken back. Published again by Redo, it is no longer pending."""
        held = self._draw
        if pending and (held is None or held.session_id == draw.session_id):
            self._draw, self._draw_stopped = draw, draw.cancelled
        elif pending and held is not None:
            self._context.messages.show_info(translate(
                "SeatingPage",
                "The draw of session {n} taken back is not held: the draw of session {held} "
                "is. Edit ▸ Redo publishes it again.").format(n=draw.session_number,
                                                            held=held.session_number))
        elif not pending and held is draw:
            self._draw = None

    def start(self) -> None:
        summary = self.current_session()
        document = self._context.controller.document
        if summary is None or document is None:
            return
        self._context.run(StartSession(
            self._context.runner.context, summary.session.id, summary.session.number,
            lambda: document.backup(BackupReason.SESSION_START)))

    def finish(self) -> None:
        """Close the running session once every sheet is signed, after a confirmation.

        What stops it (a sheet not signed, naming the tables) is said first, without the
        confirmation: a yes to a finish bound to be refused only delayed the refusal."""
        summary = self.current_session()
        if summary is None:
            return
        session_id, number = summary.session.id, summary.session.number
        if self._context.call(lambda uow: check_finish(uow, session_id)) is None:
            return  # refused: the message bar says why
        if not confirm(self, translate("SeatingPage", "Finish Session"),
                       translate("SeatingPage", "Finish session {n}?").format(n=number),
                       translate("SeatingPage",
                                 "Every table's sheet must be signed and locked. The session "
                                 "then counts as played in the standings and cuts, and its "
                                 "clock stops.\nEdit ▸ Undo does not reopen it: only the head "
                                 "judge can, with his passphrase and a reason."),
                       translate("SeatingPage", "Finish Session"),
                       object_name="finish_session_confirm"):
            return
        if self._context.call(lambda uow: finish_session(uow, session_id),
                              Topic.SESSIONS) is not None:
            self._context.messages.clear()

    def reopen(self) -> None:
        """The head judge reopens a finished session (his dialog: reason and passphrase)."""
        summary = self.current_session()
        if summary is None or summary.session.status is not StageStatus.FINISHED:
            return
        number = summary.session.number
        act = ask_head_judge(
            self,
            self._context.unit_of_work,
            title=translate("SeatingPage", "Reopen Session"),
            what=translate(
                "SeatingPage",
                "Reopen session {n}: it counts as unfinished again until it is "
                "finished anew, and the cut after its round waits for it.",
            ).format(n=number),
            act_label=translate("SeatingPage", "Reopen Session"),
        )
        if act is None:
            return
        self._context.call(lambda uow: reopen_session(uow, summary.session.id, act.reason,
                                                      act.credential), Topic.SESSIONS)

    def swap(self) -> None:
        players = self._selected_players()
        summary = self.current_session()
        if len(players) != 2 or summary is None:
            return
        a, b = players
        self._context.run(SwapPlayers(self._context.runner.context, summary.session.id,
                                      summary.session.number, a, b,
                                      (self._names.get(a, str(a)), self._names.get(b, str(b)))))

    # -- the wind draw ---------------------------------------------------------------------
    def _cycle(self) -> int:
        value = current_choice(self.cycle_box)
        return value if isinstance(value, int) and value > 0 else 1

    def _one_table(self) -> TableSeating | None:
        table = self._selected_table()
        if table is None:
            self._context.messages.show_problem(
                translate("SeatingPage", "Select one table for its wind draw.")
            )
        return table

    def wind_draw(self) -> None:
        """Simulate the chosen table's draw for the chosen cycle, step by step."""
        table = self._one_table()
        if table is None:
            return
        cycle = self._cycle()
        command = WindDraw(self._context.runner.context, table.table.id, table.table.number,
                           cycle)
        self._pick(table, cycle, command, lambda: command.result,
                   lambda uow, by: simulate_table_seat_pick(uow, table.table.id, cycle,
                                                            allowed_by=by))

    def record_table_draw(self) -> None:
        """Record the draw the table did with tiles and dice (or only who took which wind),
        after showing the winds that follow."""
        table = self._one_table()
        if table is None:
            return
        cycle = self._cycle()
        table_id = table.table.id
        arrival = table_arrival(self._context.unit_of_work(), table_id)
        answer = ask_table_draw(self, table.table.number, cycle, arrival, self._labels,
                                table_winds(self._context.unit_of_work(), table_id, cycle))
        if answer is None:
            return
        context = self._context.runner.context
        if answer.draw is not None:
            reported = answer.draw
            command: RecordTableDraw | RecordTableWinds = RecordTableDraw(
                context, table_id, table.table.number, reported, cycle)
            draw_command = command
            self._pick(table, cycle, command, lambda: draw_command.result,
                       lambda uow, by: record_table_draw(uow, table_id, reported, cycle,
                                                         allowed_by=by))
        elif answer.winds is not None:
            winds = dict(answer.winds)

            def by_judge(uow: UnitOfWork, by: Authority) -> bool:
                record_table_winds(uow, table_id, winds, cycle, allowed_by=by)
                return True

            self._pick(table, cycle, RecordTableWinds(context, table_id, table.table.number,
                                                      winds, cycle),
                       lambda: None, by_judge)

    def _pick(self, table: TableSeating, cycle: int,
              command: WindDraw | RecordTableDraw | RecordTableWinds,
              result: Callable[[], SeatPick | None],
              by_head_judge: Callable[[UnitOfWork, Authority], object]) -> None:
        """Run `command`; a re-pick the format does not have goes to the head judge, who
        makes it outside the undo stack (`by_head_judge`). The steps are then shown."""
        judged: object = None
        self._acting = True
        try:
            problem = self._context.runner.run(command)
            if problem is not None and command.refusal is ServiceProblem.REPICK_NOT_IN_FORMAT:
                problem, judged = self._ask_head_judge(table, cycle, problem, by_head_judge)
        finally:
            self._acting = False
        if problem is not None:
            if problem:
                self._context.messages.show_problem(problem)
            return
        self._context.messages.clear()
        winds = table_winds(self._context.unit_of_work(), table.table.id, cycle)
        pick = judged if isinstance(judged, SeatPick) else result()
        heading = translate("SeatingPage", "Table {table}, cycle {cycle}:").format(
            table=table.table.number, cycle=cycle
        )
        steps = (describe_seat_pick(pick, self._labels) if pick is not None
                 else translate("SeatingPage", "Winds as the table reported them: {winds}").format(
                     winds=describe_winds(winds.items(), self._labels)))
        self._picks[table.table.id] = f"{heading}\n{steps}"
        self._table_id = table.table.id
        self._show_pick()

    def _ask_head_judge(self, table: TableSeating, cycle: int, refusal: str,
                        act: Callable[[UnitOfWork, Authority], object]
                        ) -> tuple[str | None, object]:
        """(None, what the act returned) when the head judge made the re-pick; else what
        to say: the refusal if he was not asked in the end, "" if the act itself was
        refused (the message bar says why already)."""
        judge = ask_head_judge(
            self,
            self._context.unit_of_work,
            title=translate("SeatingPage", "Re-pick the Winds"),
            what=translate(
                "SeatingPage",
                "{refusal}.\nThe head judge may allow it: the players of table {table} "
                "pick their seats again before cycle {cycle}, and the reason goes on "
                "the record.",
            ).format(
                refusal=refusal[:1].upper() + refusal[1:], table=table.table.number, cycle=cycle
            ),
            act_label=translate("SeatingPage", "Re-pick the Winds"),
        )
        if judge is None:
            return refusal, None
        done = self._context.call(lambda uow: act(uow, (judge.credential, judge.reason)),
                                  Topic.SHEET)
        return (None, done) if done is not None else ("", None)

    def wind_draw_all(self) -> None:
        """Simulate cycle 1's wind draw at every table that has not started playing, as one
        entry of Edit ▸ Undo."""
        summary = self.current_session()
        if summary is None or self._held_draw() is not None:
            return
        progress = table_progress(self._context.unit_of_work(), summary.session.id)
        open_tables = [row.table for row in progress if row.hands == 0]
        if not open_tables:
            self._context.messages.show_problem(
                translate(
                    "SeatingPage",
                    "Every table of session {n} has started playing: its winds are fixed.",
                ).format(n=summary.session.number)
            )
            return
        # A draw made or recorded at a table stays: drawn again unasked, its sheet's winds
        # and dealers stopped matching where the players sat (Simulate the draw at the
        # selected table draws one table again on purpose).
        already = tables_with_winds_drawn(self._context.unit_of_work(),
                                          [table.id for table in open_tables])
        open_tables = [table for table in open_tables if table.id not in already]
        if not open_tables:
            self._context.messages.show_info(translate(
                "SeatingPage",
                "Every table of session {n} that has not started has its winds drawn or "
                "recorded already. To draw a table's again, select it and simulate its draw.",
            ).format(n=summary.session.number))
            return
        stack = self._context.runner.stack
        problems: list[str] = []
        drawn: list[tuple[int, int, SeatPick]] = []
        self._acting = self._held = True
        stack.beginMacro(translate("SeatingPage", "Wind draw at every table of session {n}").format(
            n=summary.session.number))
        try:
            for table in open_tables:
                command = WindDraw(self._context.runner.context, table.id, table.number)
                problem = self._context.runner.run(command)
                if problem is not None:
                    problems.append(problem)
                elif command.result is not None:
                    drawn.append((table.id, table.number, command.result))
        finally:
            stack.endMacro()
            self._acting = self._held = False
        for table_id, number, pick in drawn:
            self._picks[table_id] = "{heading}\n{steps}".format(
                heading=translate("SeatingPage", "Table {table}, cycle 1:").format(table=number),
                steps=describe_seat_pick(pick, self._labels))
        self.refresh()
        skipped = len(progress) - len(open_tables) - len(already)
        if problems:
            self._context.messages.show_problem("; ".join(problems))
        else:
            self._context.messages.show_info(
                by_count(len(drawn), translate(
                    "SeatingPage",
                    "Winds drawn at 1 table of session {session}{skipped}. Select a "
                    "table to read its draw.",
                ), translate(
                    "SeatingPage",
                    "Winds drawn at {n} tables of session {session}{skipped}. Select a "
                    "table to read its draw.",
                )).format(
                    n=len(drawn),
                    session=summary.session.number,
                    skipped=(translate("SeatingPage", " ({k} already playing kept theirs)")
                             .format(k=skipped) if skipped else "")
                    + (translate("SeatingPage", " ({k} drawn or recorded already kept theirs)")
                       .format(k=len(already)) if already else ""),
                )
            )
