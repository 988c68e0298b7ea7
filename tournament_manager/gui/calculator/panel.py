"""The calculator panel: build a hand by clicking tiles or typing notation, see the rules
layer's verdict live, and hand the value and pattern ids to the sheet entry.

The panel never scores: it assembles the hand object and calls `evaluate_hand`, the
function behind the `score` command, with the tournament's rule set and options.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QT_TRANSLATE_NOOP, QSize, Qt, Signal
from PySide6.QtGui import QStandardItemModel
from PySide6.QtWidgets import (
    QButtonGroup,
    QCheckBox,
    QComboBox,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPushButton,
    QRadioButton,
    QSizePolicy,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from tournament_manager.gui.calculator.tile_icons import tile_icon
from tournament_manager.gui.calculator.tile_strip import TileStrip
from tournament_manager.gui.item_data import NO_CHOICE, add_choice, choose, current_choice
from tournament_manager.gui.sheet.elide import ElidedLabel
from tournament_manager.messages.hand_errors import describe_hand_problem
from tournament_manager.messages.patterns import pattern_name
from tournament_manager.rules.calculator_input import (
    FLAGS,
    CalculatorInput,
    concealed_room,
    hand_object,
    meld_groups,
    shown_hand_object,
)
from tournament_manager.rules.errors import HandError
from tournament_manager.rules.hand import WinFlag
from tournament_manager.rules.hand_json import (
    HandReport,
    ShownReport,
    evaluate_hand,
    evaluate_shown_hand,
)
from tournament_manager.rules.registry import DEFAULT_RULE_SET, get_rule_set
from tournament_manager.rules.result import Limit, ScoredPattern
from tournament_manager.rules.tiles import TILE_KINDS, TileId, parse_tiles, tile_code

PICKER_ICON = QSize(24, 32)
MODES = ("concealed", "chow", "pung", "kong", "concealed_kong", "winning")
FLAG_LABELS = {
    "seabed": QT_TRANSLATE_NOOP("CalculatorPanel", "Final draw (seabed)"),
    "riverbed": QT_TRANSLATE_NOOP("CalculatorPanel", "Final discard (riverbed)"),
    "kong_replacement": QT_TRANSLATE_NOOP("CalculatorPanel", "Win on kong"),
    "robbing_kong": QT_TRANSLATE_NOOP("CalculatorPanel", "Robbing a kong"),
    "heaven": QT_TRANSLATE_NOOP("CalculatorPanel", "Blessing of heaven"),
    "earth": QT_TRANSLATE_NOOP("CalculatorPanel", "Blessing of earth"),
    "last_tile": QT_TRANSLATE_NOOP("CalculatorPanel", "Last tile of its kind"),
}


@dataclass(frozen=True)
class CalculatedHand:
    """What "Use for sheet" hands to the entry bar: the value and patterns, and who won how,
    by this hand's seat winds (the winds the calculator scores with)."""

    value: int
    pattern_ids: tuple[str, ...]
    seat: str
    discarder: str | None
    """None for a self-draw, or when the discarder was left to the roles."""
    self_draw: bool
    kong: bool
    """Robbing a kong or a win on a kong."""


@dataclass(frozen=True)
class ShownPoints:
    """What "Use for … points" hands to the entry bar under rules that score every hand:
    a loser's points from his shown hand, by his seat wind in this hand."""

    seat: str
    points: int


class CalculatorPanel(QWidget):
    use_for_sheet = Signal(object)
    """A `CalculatedHand`."""
    points_for_sheet = Signal(object)
    """A `ShownPoints`: a loser's hand scored (classical)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("calculator_panel")
        self._rule_set = get_rule_set(DEFAULT_RULE_SET)
        self._seat_names: dict[str, str] = {}
        self._options: Any = self._rule_set.default_options()
        self.report: HandReport | None = None
        self.shown: ShownReport | None = None

        picker = QGroupBox(self.tr("Tiles"), self)
        picker_layout = QGridLayout(picker)
        picker_layout.setSpacing(2)
        self.tile_buttons: list[QToolButton] = []
        for tile in range(TILE_KINDS):
            button = QToolButton(picker)
            button.setObjectName(f"tile_{tile_code(tile)}")
            button.setIcon(tile_icon(tile))
            button.setIconSize(PICKER_ICON)
            button.setAutoRaise(True)
            button.setToolTip(tile_code(tile))
            button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
            button.clicked.connect(lambda _c=False, t=tile: self.pick(t))
            row, column = (tile // 9, tile % 9) if tile < 27 else (3, tile - 27)
            picker_layout.addWidget(button, row, column)
            self.tile_buttons.append(button)
        modes = QHBoxLayout()
        self._mode_group = QButtonGroup(self)
        mode_labels = (self.tr("Hand"), self.tr("Chow"), self.tr("Pung"), self.tr("Kong"),
                       self.tr("Concealed kong"), self.tr("Winning tile"))
        for index, (mode, label) in enumerate(zip(MODES, mode_labels)):
            radio = QRadioButton(label, picker)
            radio.setObjectName(f"mode_{mode}")
            self._mode_group.addButton(radio, index)
            modes.addWidget(radio)
        self._mode_group.button(0).setChecked(True)
        picker_layout.setColumnStretch(9, 1)
        picker_layout.addLayout(modes, 4, 0, 1, 10)

        self.concealed = self._line("calc_concealed", self.tr("e.g. 111222p33p99m"))
        self.melds = self._line("calc_melds", self.tr("e.g. RdRdRd 123s (5555m)"))
        self.winning = self._line("calc_winning", self.tr("e.g. 3p (or last tile of the hand)"))
        self.self_draw = QCheckBox(self.tr("Self-drawn"), self)
        self.self_draw.setObjectName("calc_self_draw")
        self.loser = QCheckBox(self.tr("A loser's shown hand"), self)
        self.loser.setObjectName("calc_loser")
        self.loser.setToolTip(self.tr(
            "Every player's hand scores under these rules: score the tiles a loser shows "
            "(no winning tile) for his points on the sheet"))
        self.loser.hide()
        self.loser.toggled.connect(self._loser_toggled)
        self.seat = QComboBox(self)
        self.seat.setObjectName("calc_seat")
        self.seat.setSizeAdjustPolicy(
            QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.seat.setMinimumContentsLength(12)
        self.discarder = QComboBox(self)
        self.discarder.setObjectName("calc_discarder")
        self.discarder.setSizeAdjustPolicy(
            QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.discarder.setMinimumContentsLength(12)
        add_choice(self.discarder, self.tr("(by role)"), NO_CHOICE)
        for wind in "ESWN":
            add_choice(self.seat, wind, wind)
            add_choice(self.discarder, wind, wind)
        self.flags: dict[str, QCheckBox] = {}
        flags = QGridLayout()
        for index, flag in enumerate(FLAGS):
            box = QCheckBox(self.tr(FLAG_LABELS[flag]), self)
            box.setObjectName(f"flag_{flag}")
            box.toggled.connect(self.evaluate)
            flags.addWidget(box, index // 3, index % 3)
            self.flags[flag] = box
        for widget in (self.self_draw,):
            widget.toggled.connect(self.evaluate)
        self.seat.currentIndexChanged.connect(self._seat_changed)
        self.discarder.currentIndexChanged.connect(self.evaluate)
        self._offer_discarders()
        self.round_row = QWidget(self)
        self.round_row.setObjectName("calc_round_row")
        self.prevalent = QComboBox(self.round_row)
        self.prevalent.setObjectName("calc_prevalent_wind")
        for wind in "ESWN":
            add_choice(self.prevalent, wind, wind)
        self.flowers = QSpinBox(self.round_row)
        self.flowers.setObjectName("calc_flowers")
        self.flowers.setRange(0, 8)
        round_layout = QHBoxLayout(self.round_row)
        round_layout.setContentsMargins(0, 0, 0, 0)
        round_layout.addWidget(QLabel(self.tr("Prevalent wind:"), self.round_row))
        round_layout.addWidget(self.prevalent)
        round_layout.addWidget(QLabel(self.tr("Flowers:"), self.round_row))
        round_layout.addWidget(self.flowers)
        round_layout.addSpacing(16)
        round_layout.addWidget(self.loser)  # classical only: the rules that ask the round
        round_layout.addStretch(1)
        self.round_row.hide()
        self.prevalent.currentIndexChanged.connect(self.evaluate)
        self.flowers.valueChanged.connect(self.evaluate)
        clear = QPushButton(self.tr("Clear"), self)
        clear.setObjectName("calc_clear")
        clear.clicked.connect(self.clear)
        back = QPushButton(self.tr("⌫ Last tile"), self)
        back.clicked.connect(self.remove_last)

        form = QFormLayout()
        form.addRow(self.tr("Hand (without winning tile):"), self.concealed)
        form.addRow(self.tr("Declared melds:"), self.melds)
        form.addRow(self.tr("Winning tile:"), self.winning)
        win_row = QHBoxLayout()
        win_row.addWidget(self.self_draw)
        win_row.addWidget(QLabel(self.tr("Seat wind:"), self))
        win_row.addWidget(self.seat)
        win_row.addWidget(QLabel(self.tr("Discarder:"), self))
        win_row.addWidget(self.discarder)
        win_row.addStretch(1)
        win_row.addWidget(back)
        win_row.addWidget(clear)
        form.addRow(win_row)
        form.addRow(self.round_row)
        form.addRow(flags)

        self.hand_strip = TileStrip(self)
        self.hand_strip.setObjectName("calc_hand_strip")
        self.arrangement = TileStrip(self)
        self.arrangement.setObjectName("calc_arrangement")
        self.patterns = QTableWidget(0, 3, self)
        self.patterns.setObjectName("calc_patterns")
        self.patterns.setHorizontalHeaderLabels([self.tr("Id"), self.tr("Pattern"),
                                                 self.tr("Points")])
        self.patterns.verticalHeader().hide()
        self.patterns.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.patterns.horizontalHeader().setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        self.value = ElidedLabel("", self)
        self.value.setObjectName("calc_value")
        font = self.value.font()
        font.setPointSizeF(font.pointSizeF() * 1.4)
        font.setBold(True)
        self.value.setFont(font)
        # Its own line, wrapped: beside the value it was cut at 1280 px ("winner: +84
        # other…"), and who pays what is what the judge reads it for.
        self.payments = QLabel("", self)
        self.payments.setObjectName("calc_payments")
        self.payments.setWordWrap(True)
        # Room for three lines whatever it says, so a long verdict moves nothing.
        self.error = QLabel(self)
        self.error.setObjectName("calc_error")
        self.error.setWordWrap(True)
        self.error.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.error.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)
        self.error.setFixedHeight(self.fontMetrics().lineSpacing() * 3 + 4)
        self.use_button = QPushButton(self.tr("Use for sheet"), self)
        self.use_button.setObjectName("calc_use")
        self.use_button.clicked.connect(self._use)

        result = QGroupBox(self.tr("Result"), self)
        result_layout = QVBoxLayout(result)
        result_layout.addWidget(QLabel(self.tr("Hand:"), result))
        result_layout.addWidget(self.hand_strip)
        result_layout.addWidget(QLabel(self.tr("Arrangement:"), result))
        result_layout.addWidget(self.arrangement)
        result_layout.addWidget(self.patterns)
        result_layout.addWidget(self.error)
        value_row = QHBoxLayout()
        value_row.addWidget(self.value, 1)
        value_row.addWidget(self.use_button)
        result_layout.addLayout(value_row)
        result_layout.addWidget(self.payments)

        building = QVBoxLayout()
        building.addWidget(picker)
        building.addLayout(form)
        building.addStretch(1)
        layout = QHBoxLayout(self)
        layout.addLayout(building, 3)
        layout.addWidget(result, 2)
        self.evaluate()

    def _line(self, name: str, placeholder: str) -> QLineEdit:
        edit = QLineEdit(self)
        edit.setObjectName(name)
        edit.setPlaceholderText(placeholder)
        edit.textChanged.connect(self.evaluate)
        return edit

    def set_rules(self, rule_set_id: str, rule_options: Mapping[str, Any]) -> None:
        """The tournament's rule set and options: the calculator scores as the sheet pays."""
        self._rule_set = get_rule_set(rule_set_id)
        self._options = self._rule_set.validate_options(rule_options)
        self.round_row.setVisible(self._rule_set.uses_round_wind_and_flowers)
        # Ids that are the rules' numbers (5.1.3, MCR's 39) are shown; classical's are words
        # the Pattern column says better ("going_out", "concealed_p…" cut).
        self.patterns.setColumnHidden(0, bool(self._rule_set.pattern_marks()))
        for flag, box in self.flags.items():  # only what these rules score or check
            used = WinFlag(flag) in self._rule_set.win_flags
            box.setVisible(used)
            if not used:
                box.setChecked(False)
        self.loser.setVisible(self._rule_set.settles_every_hand)
        if not self._rule_set.settles_every_hand:
            self.loser.setChecked(False)
        self.evaluate()

    def _seat_changed(self) -> None:
        self._offer_discarders()
        self.evaluate()

    def _offer_discarders(self) -> None:
        """The winner does not discard to himself: his seat is not offered as the
        discarder (it was, and then the hand was refused)."""
        seat = current_choice(self.seat)
        model = self.discarder.model()
        for index in range(self.discarder.count()):
            item = model.item(index) if isinstance(model, QStandardItemModel) else None
            if item is not None:
                item.setEnabled(self.discarder.itemData(index) != seat)
        if current_choice(self.discarder) == seat:
            choose(self.discarder, NO_CHOICE)

    def _loser_toggled(self, loser: bool) -> None:
        """A loser's hand has no winning tile, win type or special flags to give."""
        for widget in (self.winning, self.self_draw, self.discarder, *self.flags.values()):
            widget.setEnabled(not loser)
        self.evaluate()

    def set_seats(self, seat: str | None, discarder: str | None,
                  self_draw: bool | None = None) -> None:
        """Follow the sheet's hand as it is typed: the winner's seat wind, the discarder's,
        self-drawn or not. While a loser's hand is being scored the seat is his: kept."""
        if self.loser.isChecked():
            return
        if seat:
            self.seat.setCurrentIndex(self.seat.findData(seat))
        self.discarder.setCurrentIndex(max(self.discarder.findData(discarder or NO_CHOICE), 0))
        if self_draw is not None:
            self.self_draw.setChecked(self_draw)

    def set_prevalent(self, wind: str) -> None:
        """The round's wind of the sheet's hand (East, then South, West, North)."""
        if current_choice(self.prevalent) != wind:
            choose(self.prevalent, wind)

    def set_seat_names(self, names: Mapping[str, str]) -> None:
        """Who sits at each wind in the sheet's current hand ("S — W Cy"), so the seat
        boxes name the same players as the entry bar; {} for the bare winds."""
        self._seat_names = dict(names)
        for combo in (self.seat, self.discarder):
            for wind in "ESWN":
                index = combo.findData(wind)
                combo.setItemText(index, f"{wind} — {names[wind]}" if wind in names else wind)

    # --- building the hand

    def _mode(self) -> str:
        return MODES[self._mode_group.checkedId()]

    def pick(self, tile: TileId) -> None:
        code = tile_code(tile)
        mode = self._mode()
        if mode == "winning":
            self.winning.setText(code)
        elif mode == "concealed":
            room = concealed_room(self.input())
            if len(self._tiles(self.concealed.text())) >= room and not self.winning.text():
                self.winning.setText(code)
            else:
                self.concealed.setText(self.concealed.text() + code)
        else:
            group = self._meld_of(mode, tile)
            if group is not None:
                self.melds.setText((self.melds.text() + " " + group).strip())

    @staticmethod
    def _meld_of(mode: str, tile: TileId) -> str | None:
        code = tile_code(tile)
        if mode == "pung":
            return code * 3
        if mode == "kong":
            return code * 4
        if mode == "concealed_kong":
            return f"({code * 4})"
        if tile >= 27 or tile % 9 > 6:  # a chow starts at 1-7 of a suit
            return None
        return "".join(tile_code(tile + step) for step in range(3))

    def remove_last(self) -> None:
        if self.winning.text():
            self.winning.clear()
            return
        tiles = self._tiles(self.concealed.text())
        if tiles:
            self.concealed.setText("".join(tile_code(t) for t in tiles[:-1]))
            return
        groups = self.melds.text().split()
        self.melds.setText(" ".join(groups[:-1]))

    def clear(self) -> None:
        """The hand's own content: tiles, special flags and flowers (the flowers stayed,
        and the next hand was scored with them). Its seat, discarder and self-draw follow
        the sheet's hand as typed and stay."""
        for edit in (self.concealed, self.melds, self.winning):
            edit.clear()
        for box in self.flags.values():
            box.setChecked(False)
        self.flowers.setValue(0)

    def start_afresh(self) -> None:
        """A hand was recorded, or another event opened: the last hand's tiles and a
        loser's shown hand go, so nothing is offered against the next hand's seats (they
        stayed, with "Use for W's points" live, even across another event file), and so
        do its self-draw and discarder, which the next hand has not been given yet."""
        self.loser.setChecked(False)
        self.clear()
        self.self_draw.setChecked(False)
        choose(self.discarder, NO_CHOICE)

    @staticmethod
    def _tiles(text: str) -> tuple[TileId, ...]:
        try:
            return parse_tiles(text)
        except HandError:
            return ()

    def input(self) -> CalculatorInput:
        return CalculatorInput(
            concealed=self.concealed.text(), melds=self.melds.text(),
            winning_tile=self.winning.text(), self_draw=self.self_draw.isChecked(),
            seat=str(current_choice(self.seat) or "E"),
            discarder=str(current_choice(self.discarder) or ""),
            flags={flag for flag, box in self.flags.items() if box.isChecked()},
            prevalent_wind=(str(current_choice(self.prevalent) or "E")
                            if self._rule_set.uses_round_wind_and_flowers else None),
            flowers=self.flowers.value())

    # --- the verdict

    def evaluate(self) -> None:
        if not hasattr(self, "use_button"):
            return  # still being built
        given = self.input()
        self._show_hand(given)
        self.report = self.shown = None
        self.use_button.setText(
            self.tr("Use for {seat}'s points").format(seat=current_choice(self.seat) or "E")
            if self.loser.isChecked() else self.tr("Use for sheet"))
        if not given.concealed.strip() and not given.melds.strip():
            self._show_empty()
            return
        if self.loser.isChecked():
            self.shown = evaluate_shown_hand(shown_hand_object(given), self._rule_set,
                                             self._options)
            self._show_shown(self.shown, given.seat)
            return
        self.report = evaluate_hand(hand_object(given), self._rule_set, self._options)
        self._show_report(self.report)

    def _show_hand(self, given: CalculatorInput) -> None:
        groups = [list(self._tiles(given.concealed))]
        groups += [list(self._tiles(g.tiles)) for g in meld_groups(given.melds)]
        groups.append(list(self._tiles(given.winning_tile)))
        self.hand_strip.set_groups([g for g in groups if g])

    def _show_empty(self) -> None:
        self.arrangement.set_groups([])
        self.patterns.setRowCount(0)
        self.value.setText(self.tr("—"))
        self.payments.clear()
        self.error.setText(self.tr("Click tiles or type a hand such as 123m456p789s11z "
                                   "with the winning tile last."))
        self.use_button.setEnabled(False)

    def _show_patterns(self, patterns: Sequence[ScoredPattern]) -> None:
        self.patterns.setRowCount(len(patterns))
        for row, pattern in enumerate(patterns):
            name = pattern_name(self._rule_set.id, pattern.id, pattern.name)
            worth = self._rule_set.points_text(pattern)
            for column, text in enumerate((pattern.id, name, worth)):
                item = QTableWidgetItem(text)
                if column == 2:
                    item.setTextAlignment(Qt.AlignmentFlag.AlignRight
                                          | Qt.AlignmentFlag.AlignVCenter)
                self.patterns.setItem(row, column, item)

    def _show_shown(self, shown: ShownReport, seat: str) -> None:
        """A loser's points, and the button that puts them in his column of the sheet."""
        self.arrangement.set_groups([])
        self.payments.clear()
        if shown.score is None:
            assert shown.problem is not None
            self.patterns.setRowCount(0)
            self.value.setText(self.tr("—"))
            self.error.setText(describe_hand_problem(shown.problem))
            self.use_button.setEnabled(False)
            return
        self._show_patterns(shown.score.patterns)
        self.value.setText(self.tr("P = {points}").format(points=shown.score.value))
        self.value.setToolTip(self.tr("{seat}'s own hand points").format(seat=seat))
        self.error.clear()
        self.use_button.setEnabled(True)

    def _show_report(self, report: HandReport) -> None:
        result = report.result
        if not result.valid:
            assert result.problem is not None
            self.arrangement.set_groups([])
            self.patterns.setRowCount(0)
            self.value.setText(self.tr("—"))
            self.payments.clear()
            self.error.setText(describe_hand_problem(result.problem))
            self.use_button.setEnabled(False)
            return
        assert result.arrangement is not None
        self.arrangement.set_groups([group.tiles for group in result.arrangement.groups])
        self._show_patterns(result.patterns)
        limit = {Limit.COMPOUND: self.tr(" (compound limit)"),
                 Limit.LISTED: self.tr(" (listed limit)")}.get(result.limit, "")
        # The limit goes on the payments' line: beside "V = 300" in the large type it was
        # cut at 1280 px ("V = 300 (compoun…").
        self.value.setText(self.tr("V = {value}").format(value=result.value))
        payers = {"winner": self.tr("winner"), "responsible": self.tr("responsible"),
                  "other": self.tr("other"), "E": self.tr("E"), "S": self.tr("S"),
                  "W": self.tr("W"), "N": self.tr("N")}  # by role, or by seat
        # By seat wind, the player named as the sheet names him ("N Chen Li", his column):
        # "E: +900" read as the sheet's column E, who was another player.
        payers.update(self._seat_names)
        text = " · ".join(f"{payers.get(who, who)}: {amount:+d}"
                          for who, amount in report.payments.items())
        if self._rule_set.settles_every_hand:  # the losers' own hands settle on the sheet
            text = self.tr("{payments} (before the losers' own hand points)").format(
                payments=text)
        self.payments.setText(f"{limit.strip()} · {text}" if limit else text)
        self.error.clear()
        self.use_button.setEnabled(True)

    def pattern_ids(self) -> tuple[str, ...]:
        if self.report is None or not self.report.result.valid:
            return ()
        return tuple(pattern.id for pattern in self.report.result.patterns)

    def _use(self) -> None:
        given = self.input()
        if self.shown is not None and self.shown.score is not None:
            self.points_for_sheet.emit(ShownPoints(given.seat, self.shown.score.value))
            return
        if self.report is None or not self.report.result.valid:
            return
        discarder = None if given.self_draw else (given.discarder or None)
        self.use_for_sheet.emit(CalculatedHand(
            self.report.result.value, self.pattern_ids(), given.seat, discarder,
            given.self_draw, bool({"robbing_kong", "kong_replacement"} & given.flags)))
