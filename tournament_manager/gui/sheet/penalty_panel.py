"""Penalties and incidents of one sheet, with the time helper (seconds over -> points)."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QTableView,
    QWidget,
)

from tournament_manager.domain.model import PenaltyReason
from tournament_manager.gui.item_data import add_choice, choose, current_choice
from tournament_manager.gui.models.penalty_model import PenaltyModel
from tournament_manager.gui.models.wording import reason_label
from tournament_manager.gui.sheet.state import can_change
from tournament_manager.rules.time_rule import TimeRule
from tournament_manager.services.views import SheetView

MAX_POINTS = 1000
MAX_SECONDS = 3600


class PenaltyPanel(QGroupBox):
    """Emits `add_requested(player_id, reason, points, hand_number | None, note)` and
    `remove_requested(penalty_id)`."""

    add_requested = Signal(int, object, int, object, str)
    remove_requested = Signal(int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setFlat(True)
        self.setObjectName("penalty_panel")
        self._view: SheetView | None = None
        self.model = PenaltyModel(self)
        self.table = QTableView(self)
        self.table.setObjectName("penalty_table")
        self.table.setModel(self.model)
        self.table.setSelectionBehavior(QTableView.SelectionBehavior.SelectRows)
        self.table.verticalHeader().hide()
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)

        self.player = QComboBox(self)
        self.player.setObjectName("penalty_player")
        # As wide as a usual name, not the longest at the table: a 90-character name
        # squeezed the note beside it to "n…". The list drops down at full width.
        self.player.setSizeAdjustPolicy(
            QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.player.setMinimumContentsLength(18)
        self.reason = QComboBox(self)
        self.reason.setObjectName("penalty_reason")
        for reason in PenaltyReason:
            add_choice(self.reason, reason_label(reason), reason.value)
        self.seconds = QSpinBox(self)
        self.seconds.setObjectName("penalty_seconds")
        self.seconds.setRange(0, MAX_SECONDS)
        self.seconds.setSuffix(self.tr(" s over"))
        self.seconds.valueChanged.connect(self._seconds_changed)
        self.time_rule = QLabel(self)
        self.time_rule.setObjectName("penalty_time_rule")
        self.time_rule.setWordWrap(True)
        self.points = QSpinBox(self)
        self.points.setObjectName("penalty_points")
        self.points.setRange(0, MAX_POINTS)
        self.points.setSuffix(self.tr(" pts"))
        self.points.valueChanged.connect(self._check_resignation)
        self.hand = QSpinBox(self)
        self.hand.setObjectName("penalty_hand")
        self.hand.setRange(0, 99)
        self.hand.setSpecialValueText(self.tr("no hand"))
        self.hand.setPrefix(self.tr("hand "))
        self.hand.valueChanged.connect(self._check_resignation)
        self.note = QLineEdit(self)
        self.note.setObjectName("penalty_note")
        self.note.setPlaceholderText(self.tr("note"))
        self.note.returnPressed.connect(self._add)
        add = QPushButton(self.tr("Add penalty"), self)
        add.setObjectName("penalty_add")
        add.clicked.connect(self._add)
        # A double click is one Add: its second press came as a click on the form the
        # first had reset, and put a Time row of 0 s on the sheet after the one meant.
        add.installEventFilter(self)
        remove = QPushButton(self.tr("Remove selected"), self)
        remove.setObjectName("penalty_remove")
        remove.clicked.connect(self._remove)
        self.warning = QLabel(self)
        self.warning.setObjectName("penalty_warning")
        self.warning.setWordWrap(True)
        self.reason.currentIndexChanged.connect(self._reason_changed)

        form = QHBoxLayout()
        for widget in (self.player, self.reason, self.seconds, self.points, self.hand):
            form.addWidget(widget)
        form.addWidget(self.note, 1)
        form.addWidget(add)
        form.addWidget(remove)
        layout = QGridLayout(self)
        layout.addWidget(self.table, 0, 0)
        layout.addLayout(form, 1, 0)
        layout.addWidget(self.time_rule, 2, 0)
        layout.addWidget(self.warning, 3, 0)
        self._show_rule()
        self._reason_changed()

    def _rule(self) -> TimeRule | None:
        return self._view.time_rule if self._view is not None else None

    def _show_rule(self) -> None:
        """The seconds helper and its scale where the rules set one (Zung Jung); under MCR
        and classical scoring the panel showed Zung Jung's 5 points per 15 s, which their
        judges do not give: there a time penalty's points are typed."""
        rule = self._rule()
        self.seconds.setVisible(rule is not None)
        self.time_rule.setVisible(rule is not None)
        if rule is None:
            return
        words = self.tr("{points} points per {seconds} s over, or part of it").format(
            points=rule.points_per_step, seconds=rule.seconds_per_step)
        self.seconds.setToolTip(self.tr("Time penalty: {rule}").format(rule=words))
        examples = " · ".join(self.tr("{s} s → {p}").format(s=s, p=p)
                              for s, p in rule.scale())
        self.time_rule.setText(self.tr("Time: {rule} ({examples}); over {limit} in one hand: "
                                       "resigned").format(rule=words, examples=examples,
                                                          limit=rule.resignation_over))

    def set_view(self, view: SheetView | None) -> None:
        self._view = view
        self._show_rule()
        current = current_choice(self.player)
        self.player.clear()
        if view is None:
            self.model.set_penalties((), ())
            self.setEnabled(False)
            return
        for player in view.players:
            add_choice(self.player, player.name, player.id)
        choose(self.player, current)
        # A hand played or the one in play, as the service allows (not "hand 99").
        in_play = max((row.hand.number for row in view.rows), default=0) + 1
        self.hand.setMaximum(max(1, min(in_play, view.planned_hands or in_play)))
        self.model.set_penalties(view.penalties, view.players)
        self.setEnabled(can_change(view))
        self._check_resignation()

    def _reason(self) -> PenaltyReason:
        return PenaltyReason(current_choice(self.reason))

    def _reason_changed(self) -> None:
        is_time = self._reason() is PenaltyReason.TIME
        self.seconds.setEnabled(is_time)
        self.time_rule.setEnabled(is_time)
        if is_time:
            self._seconds_changed(self.seconds.value())
        elif self._reason() is PenaltyReason.FALSE_WIN and self._view is not None:
            # The tournament's convention (MCR: 30, paid to the other three); the judge
            # may still change it.
            self.points.setValue(self._view.tournament.settings.false_win_points)

    def _seconds_changed(self, seconds: int) -> None:
        rule = self._rule()
        if self._reason() is PenaltyReason.TIME and rule is not None:
            self.points.setValue(rule.points(seconds))

    def _time_points_in_hand(self, player_id: int, hand: int) -> int:
        if self._view is None:
            return 0
        return sum(p.points for p in self._view.penalties
                   if p.player_id == player_id and p.hand_number == hand
                   and p.reason is PenaltyReason.TIME)

    def _check_resignation(self) -> None:
        """Under the form: who is over the time-penalty limit (Zung Jung), and a second
        Add on the form the last penalty left."""
        lines: list[str] = []
        rule = self._rule()
        if rule is not None and self._view is not None:
            names = {p.id: p.name for p in self._view.players}
            flags = self._view.resigned_flags
            lines += [self.tr("{name}: over {limit} time-penalty points in hand {hand}: "
                              "treated as resigned unless the judge excuses him.").format(
                                  name=names.get(player, str(player)),
                                  limit=rule.resignation_over, hand=hand)
                      for player, hand in flags]
            player, hand = current_choice(self.player), self.hand.value()
            if (self._reason() is PenaltyReason.TIME and player is not None and hand
                    and rule.resigned(self._time_points_in_hand(player, hand)
                                      + self.points.value())
                    and (player, hand) not in flags):
                lines.append(self.tr("This penalty takes {name} over {limit} points in hand "
                                     "{hand}.").format(name=names.get(player, ""),
                                                       limit=rule.resignation_over, hand=hand))
        self.warning.setText("\n".join(lines))
        self.warning.setVisible(bool(lines))

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.MouseButtonDblClick and isinstance(watched,
                                                                          QPushButton):
            return True  # the press of a double click's second click: no second Add
        return super().eventFilter(watched, event)

    def _add(self) -> None:
        player = current_choice(self.player)
        if not isinstance(player, int):
            return
        self.add_requested.emit(player, self._reason(), self.points.value(),
                                self.hand.value() or None, self._note())

    def _note(self) -> str:
        """The note typed, led by the time over for a time penalty: the points alone did
        not say how late the table was, once the helper's field was cleared."""
        note = self.note.text().strip()
        if self._reason() is not PenaltyReason.TIME or not self.seconds.value():
            return note
        over = self.tr("{seconds} s over").format(seconds=self.seconds.value())
        return self.tr("{over}; {note}").format(over=over, note=note) if note else over

    def unfinished(self) -> str:
        """What closing the event would lose here: a penalty typed and not added."""
        typed = (self.seconds.value() or self.note.text().strip()
                 or self.points.value() and self._reason() is not PenaltyReason.FALSE_WIN)
        if not typed or self._view is None or not self.isEnabled():
            return ""
        return self.tr("A penalty typed for table {table} is not added.").format(
            table=self._view.table.number)

    def forget(self) -> None:
        """Another document: nothing of the last event's penalty form stays (a new MCR
        event's panel still held the 10 points typed in the Zung Jung event before it)."""
        self.reason.setCurrentIndex(0)
        self.hand.setValue(0)
        self._reset()

    def accepted(self) -> None:
        """Ready for the next penalty: its points start where the reason's do (a false
        win's 30 under MCR), not at 0 beside a reason still showing."""
        self._reset()

    def _reset(self) -> None:
        self.seconds.setValue(0)
        self.points.setValue(0)
        self.note.clear()
        self._reason_changed()

    def _remove(self) -> None:
        rows = self.table.selectionModel().selectedRows()
        if rows:
            self.remove_requested.emit(self.model.penalty_at(rows[0].row()).id)
