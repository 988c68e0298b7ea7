"""Seating: draw a session, read its quality, publish it, swap, run a table's wind draw,
start and finish the session.

A draw is only a proposal until it is published, so the head judge can read the quality
report (and draw again) before anyone sees the tables. Swaps go through the undo stack;
the effect on repeated pairs is shown as soon as two players are selected. Finishing a
session asks first and is not undone with Edit ▸ Undo: reopening a finished session is the
head judge's act ("Reopen Session…", with his passphrase and a reason on record).
"""

from __future__ import annotations

from collections.abc import Iterable

from PySide6.QtCore import QCoreApplication, QItemSelection, Qt
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QProgressDialog,
    QPushButton,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from tournament_manager.domain.model import StageStatus
from tournament_manager.domain.seat_pick import SeatPick
from tournament_manager.domain.seating import Progress, QualityReport
from tournament_manager.gui.app_context import AppContext
from tournament_manager.gui.changes import Topic
from tournament_manager.gui.commands.seating import (
    PublishDraw,
    StartSession,
    SwapPlayers,
    WindDraw,
)
from tournament_manager.gui.confirm import confirm
from tournament_manager.gui.head_judge_dialog import ask_head_judge
from tournament_manager.gui.models.seating_model import PlayerSeatsModel, SeatingModel
from tournament_manager.services.seating import (
    SessionDraw,
    draw_session,
    preview_swap,
    session_quality,
)
from tournament_manager.services.sessions import finish_session, reopen_session
from tournament_manager.services.setup import SessionSummary, all_players, session_summaries
from tournament_manager.services.views import session_seating
from tournament_manager.storage.backup import BackupReason

DRAW_TIME_LIMIT = 20.0
DICE = "⚀⚁⚂⚃⚄⚅"
WIND_GLYPHS = {"E": "東", "S": "南", "W": "西", "N": "北"}
WIND_NAMES = {"E": "East", "S": "South", "W": "West", "N": "North"}


def _tr(text: str) -> str:
    return QCoreApplication.translate("SeatingPage", text)


def player_name(names: dict[int, str], player: object) -> str:
    """The seating search hands back whatever keys it was given; ours are player ids."""
    return names.get(player, str(player)) if isinstance(player, int) else str(player)


def with_registration(name: str, registration_id: str) -> str:
    """A name as tables list it: with the registration number, so two players of the
    same name are told apart at a glance."""
    return f"{name} ({registration_id})" if registration_id else name


def _ids(players: Iterable[object]) -> list[int]:
    return [p for p in players if isinstance(p, int)]


def describe_report(report: QualityReport, names: dict[int, str]) -> str:
    """The quality report in words, for the head judge before publishing."""
    def name(player: object) -> str:
        return player_name(names, player)

    lines = [
        _tr("Repeated pairs: {n} (excess meetings {excess}, theoretical minimum {minimum})")
        .format(n=len(report.repeated_pairs), excess=report.excess_meetings,
                minimum=report.theoretical_min_excess),
        *(_tr("  {a} and {b} meet again{back}").format(
            a=name(pair.players[0]), b=name(pair.players[1]),
            back=_tr(" (back to back)") if pair.back_to_back else "")
          for pair in report.repeated_pairs[:12]),
        _tr("Most meetings of one pair: {n}").format(n=report.max_meetings),
        _tr("Wind spread: {n} ({state})").format(
            n=report.wind_spread,
            state=_tr("balanced") if report.winds_balanced else _tr("not balanced")),
        _tr("Table revisits: {n}{forced}").format(
            n=len(report.table_revisits), forced=_tr(" (forced)") if report.revisits_forced
            else ""),
        _tr("Club, country or team mates together: {n}").format(
            n=len(report.forbidden_meetings)),
    ]
    return "\n".join(lines)


def describe_seat_pick(pick: SeatPick, names: dict[int, str]) -> str:
    """Every step of the table's wind draw, with the dice and the tiles shown."""
    def name(chair: int) -> str:
        return player_name(names, pick.arrival[chair])

    def dice(throw: tuple[int, int]) -> str:
        return f"{DICE[throw[0] - 1]} {DICE[throw[1] - 1]} = {sum(throw)}"

    row = " ".join(WIND_GLYPHS[tile.value] for tile in pick.row)
    end = _tr("odd") if pick.end.value == "odd" else _tr("even")
    return "\n".join([
        _tr("Arrival, counter-clockwise: {order}").format(
            order=", ".join(name(chair) for chair in range(4))),
        _tr("Wind tiles face down, odd end first: ▮ ▮ ▮ ▮ → {row}").format(row=row),
        _tr("{thrower} throws {dice}: {next} throws again").format(
            thrower=name(pick.first_thrower), dice=dice(pick.first_dice),
            next=name(pick.second_thrower)),
        _tr("{thrower} throws {dice}: {taker} takes first, from the {end} end").format(
            thrower=name(pick.second_thrower), dice=dice(pick.second_dice),
            taker=name(pick.first_taker), end=end),
        "   ".join(f"{WIND_GLYPHS[wind.value]} {player_name(names, player)}"
                   for player, wind in pick.winds),
    ])


class SeatingPage(QWidget):
    def __init__(self, context: AppContext, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("seating_page")
        self._context = context
        self._sessions: tuple[SessionSummary, ...] = ()
        self._names: dict[int, str] = {}
        self._labels: dict[int, str] = {}
        """Names with registration numbers, where tables are listed."""
        self._draw: SessionDraw | None = None
        self._cancelled = False

        self.session_box = QComboBox(self)
        self.session_box.setObjectName("seating_session")
        self.session_box.currentIndexChanged.connect(self._session_chosen)
        self.draw_button = self._button("draw_session", _tr("&Draw…"), self.draw)
        self.publish_button = self._button("publish_draw", _tr("&Publish"), self.publish)
        self.start_button = self._button("start_session", _tr("&Start session"), self.start)
        self.finish_button = self._button("finish_session", _tr("&Finish session…"),
                                          self.finish)
        self.reopen_button = self._button("reopen_session", _tr("&Reopen session…"),
                                          self.reopen)
        self.reopen_button.setToolTip(_tr("The head judge reopens a finished session, with "
                                          "his passphrase and a reason on record"))
        self.state = QLabel(self)
        self.state.setObjectName("seating_state")

        self.model = SeatingModel(self)
        self.by_name = PlayerSeatsModel(self)
        """The session now being played (or about to be), by player name: the projector's."""
        self.view = QTableView(self)
        self.view.setObjectName("seating_view")
        self.view.setModel(self.model)
        self.view.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectItems)
        self.view.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        self.view.verticalHeader().hide()
        self.view.selectionModel().selectionChanged.connect(self._selection_changed)
        self.report = QLabel(self)
        self.report.setObjectName("quality_report")
        self.report.setAlignment(Qt.AlignmentFlag.AlignTop)
        self.report.setWordWrap(True)

        self.swap_effect = QLabel(_tr("Select two players (Ctrl+click) to see a swap's "
                                      "effect on repeated pairs."), self)
        self.swap_effect.setObjectName("swap_effect")
        self.swap_button = self._button("swap_players", _tr("S&wap"), self.swap)
        self.pick_button = self._button("wind_draw", _tr("&Wind draw at the selected table"),
                                        self.wind_draw)
        self.pick_steps = QLabel(self)
        self.pick_steps.setObjectName("wind_draw_steps")
        big = QFont(self.font())
        big.setPointSizeF(big.pointSizeF() * 1.3)
        self.pick_steps.setFont(big)

        top = QHBoxLayout()
        for widget in (QLabel(_tr("Session:"), self), self.session_box, self.draw_button,
                       self.publish_button, self.start_button, self.finish_button,
                       self.reopen_button, self.state):
            top.addWidget(widget)
        top.addStretch(1)
        middle = QHBoxLayout()
        middle.addWidget(self.view, 3)
        middle.addWidget(self.report, 2)
        swap_row = QHBoxLayout()
        swap_row.addWidget(self.swap_effect, 1)
        swap_row.addWidget(self.swap_button)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addLayout(middle, 1)
        layout.addLayout(swap_row)
        layout.addWidget(self.pick_button, 0, Qt.AlignmentFlag.AlignLeft)
        layout.addWidget(self.pick_steps)
        context.hub.changed.connect(self._changed)
        self.refresh()

    def _button(self, name: str, text: str, slot: object) -> QPushButton:
        button = QPushButton(text, self)
        button.setObjectName(name)
        button.clicked.connect(slot)
        return button

    # -- what is shown ---------------------------------------------------------------------
    def _changed(self, topic: str) -> None:
        if topic in (Topic.DOCUMENT, Topic.SESSIONS, Topic.PLAYERS, Topic.ROUNDS):
            self.refresh()

    def refresh(self) -> None:
        if not self._context.has_document:
            self._sessions = ()
            self.session_box.clear()
            self.model.set_tables((), {})
            self.by_name.set_seats(())
            return
        chosen = self.session_box.currentIndex()
        self._sessions = session_summaries(self._context.unit_of_work())
        players = all_players(self._context.unit_of_work())
        self._names = {p.id: p.name for p in players}
        self._labels = {p.id: with_registration(p.name, p.registration_id) for p in players}
        self.session_box.blockSignals(True)
        self.session_box.clear()
        for summary in self._sessions:
            self.session_box.addItem(_tr("Session {n} (round {r}, {state})").format(
                n=summary.session.number, r=summary.round_number,
                state=_tr(summary.session.status.value)))
        self.session_box.setCurrentIndex(max(0, min(chosen, len(self._sessions) - 1)))
        self.session_box.blockSignals(False)
        self._show_session()
        self._show_current_by_name()

    def _show_current_by_name(self) -> None:
        playing = [s for s in self._sessions
                   if s.session.status in (StageStatus.PUBLISHED, StageStatus.RUNNING)]
        if not playing:
            self.by_name.set_seats(())
            return
        seating = session_seating(self._context.unit_of_work(), playing[-1].session.id)
        self.by_name.set_seats([
            (with_registration(seat.player.name, seat.player.registration_id),
             table.table.number, _tr(WIND_NAMES[seat.wind.value]))
            for table in seating.tables for seat in table.seats])

    def _session_chosen(self, _index: int) -> None:
        self._draw = None
        self._show_session()

    def current_session(self) -> SessionSummary | None:
        index = self.session_box.currentIndex()
        return self._sessions[index] if 0 <= index < len(self._sessions) else None

    def _show_session(self) -> None:
        summary = self.current_session()
        self.swap_effect.setText("")
        if summary is None:
            self.model.set_tables((), {})
            return
        if self._draw is not None and self._draw.session_id == summary.session.id:
            tables = [(t.number, _ids(t.seats)) for t in self._draw.seated.tables]
            self.model.set_tables(tables, self._labels)
            self.report.setText(describe_report(self._draw.report, self._names))
            self.state.setText(_tr("draw not published"))
        else:
            seating = session_seating(self._context.unit_of_work(), summary.session.id)
            self.model.set_tables([(t.table.number, [s.player.id for s in t.seats])
                                   for t in seating.tables], self._labels)
            self.report.setText(describe_report(session_quality(
                self._context.unit_of_work(), summary.session.id), self._names)
                if seating.tables else _tr("No tables drawn yet."))
            self.state.setText(_tr(summary.session.status.value))
        not_started = summary.session.status in (StageStatus.PLANNED, StageStatus.PUBLISHED)
        self.draw_button.setEnabled(not_started)
        self.publish_button.setEnabled(self._draw is not None)
        self.start_button.setEnabled(summary.session.status is StageStatus.PUBLISHED
                                     and self._draw is None)
        self.finish_button.setEnabled(summary.session.status is StageStatus.RUNNING)
        self.reopen_button.setEnabled(summary.session.status is StageStatus.FINISHED)
        self.swap_button.setEnabled(False)

    # -- actions ---------------------------------------------------------------------------
    def draw(self, *, time_limit: float = DRAW_TIME_LIMIT) -> None:
        """Compute a draw with a progress dialog whose Cancel keeps the best found so far."""
        summary = self.current_session()
        if summary is None:
            return
        dialog = QProgressDialog(_tr("Drawing the tables…"), _tr("Stop and keep the best"),
                                 0, 0, self)
        dialog.setObjectName("draw_progress")
        dialog.setMinimumDuration(500)

        def progress(state: Progress) -> None:
            dialog.setLabelText(_tr("Drawing the tables… best so far: {cost} ({seconds:.0f} s)")
                                .format(cost=state.best_cost, seconds=state.elapsed))
            QCoreApplication.processEvents()

        draw = self._context.call(lambda uow: draw_session(
            uow, summary.session.id, time_limit=time_limit, cancel=dialog.wasCanceled,
            progress=progress))
        dialog.close()
        if draw is not None:
            self._draw = draw
            self._show_session()

    def publish(self) -> None:
        draw = self._draw
        if draw is None:
            return
        if self._context.run(PublishDraw(self._context.runner.context, draw)):
            self._draw = None
            self.refresh()

    def start(self) -> None:
        summary = self.current_session()
        document = self._context.controller.document
        if summary is None or document is None:
            return
        self._context.run(StartSession(
            self._context.runner.context, summary.session.id, summary.session.number,
            lambda: document.backup(BackupReason.SESSION_START)))

    def finish(self) -> None:
        """Close the running session once every sheet is signed, after a confirmation."""
        summary = self.current_session()
        if summary is None:
            return
        number = summary.session.number
        if not confirm(self, _tr("Finish Session"),
                       _tr("Finish session {n}?").format(n=number),
                       _tr("Every table's sheet must be signed and locked. The session then "
                           "counts as played in the standings and cuts, and its clock stops."
                           "\nEdit ▸ Undo does not reopen it: only the head judge can, with "
                           "his passphrase and a reason."),
                       _tr("Finish Session"), object_name="finish_session_confirm"):
            return
        if self._context.call(lambda uow: finish_session(uow, summary.session.id),
                              Topic.SESSIONS) is not None:
            self._context.messages.clear()

    def reopen(self) -> None:
        """The head judge reopens a finished session (his dialog: reason and passphrase)."""
        summary = self.current_session()
        if summary is None or summary.session.status is not StageStatus.FINISHED:
            return
        number = summary.session.number
        act = ask_head_judge(
            self, self._context.unit_of_work, title=_tr("Reopen Session"),
            what=_tr("Reopen session {n}: it counts as unfinished again until it is "
                     "finished anew, and the cut after its round waits for it.").format(
                         n=number),
            act_label=_tr("Reopen Session"))
        if act is None:
            return
        self._context.call(lambda uow: reopen_session(uow, summary.session.id, act.reason,
                                                      act.credential), Topic.SESSIONS)

    def _selected_players(self) -> list[int]:
        players = [self.model.player_at(index) for index in self.view.selectedIndexes()]
        return [p for p in players if p is not None]

    def _selection_changed(self, _selected: QItemSelection, _deselected: QItemSelection) -> None:
        players = self._selected_players()
        summary = self.current_session()
        can_swap = (len(players) == 2 and summary is not None and self._draw is None
                    and summary.session.status is StageStatus.PUBLISHED)
        self.swap_button.setEnabled(can_swap)
        if not can_swap or summary is None:
            return
        effect = self._context.call(lambda uow: preview_swap(uow, summary.session.id,
                                                             players[0], players[1]))
        if effect is None:
            return
        new = ", ".join(f"{player_name(self._names, a)} – {player_name(self._names, b)}"
                        for a, b in effect.new_repeats)
        self.swap_effect.setText(_tr("Swapping: repeated pairs {before} → {after}{new}").format(
            before=effect.repeated_pairs_before, after=effect.repeated_pairs_after,
            new=_tr(" (new: {pairs})").format(pairs=new) if new else ""))

    def swap(self) -> None:
        players = self._selected_players()
        summary = self.current_session()
        if len(players) != 2 or summary is None:
            return
        a, b = players
        self._context.run(SwapPlayers(self._context.runner.context, summary.session.id,
                                      summary.session.number, a, b,
                                      (self._names.get(a, str(a)), self._names.get(b, str(b)))))

    def wind_draw(self) -> None:
        summary = self.current_session()
        rows = {index.row() for index in self.view.selectedIndexes()}
        if summary is None or len(rows) != 1:
            self._context.messages.show_problem(_tr("Select one table for its wind draw."))
            return
        number = self.model.table_number(rows.pop())
        seating = session_seating(self._context.unit_of_work(), summary.session.id)
        table = next(t.table for t in seating.tables if t.table.number == number)
        command = WindDraw(self._context.runner.context, table.id, table.number)
        if self._context.run(command) and command.pick is not None:
            self.pick_steps.setText(describe_seat_pick(command.pick, self._names))
            self._show_session()
