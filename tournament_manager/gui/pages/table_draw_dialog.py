"""Recording the wind draw a table did itself, with real tiles and dice.

Most tables draw their winds with the four wind tiles and two throws of the dice, as the
rules describe; the judge then types what happened: the tiles as they lay (from the odd
end), who threw first and the two throws. The software works out the winds exactly as
the players should have (the domain's `pick_seats`) and shows them, step by step, before
anything is saved, so a table that took its seats wrongly is caught while the judge
stands there. A table that only reports who took which wind can be recorded that way.

The dialog only asks; the page saves the answer (an undoable command, or the head judge's
act for a re-pick the format does not have).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from PySide6.QtGui import QFont
from PySide6.QtWidgets import (
    QButtonGroup,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QRadioButton,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from tournament_manager.domain.seat_pick import WIND_ORDER, SeatPick, pick_seats
from tournament_manager.gui.formatting import mark_negative
from tournament_manager.gui.item_data import add_choice, current_choice
from tournament_manager.gui.wind_draw_words import (
    DICE,
    describe_seat_pick,
    describe_winds,
    wind_label,
)
from tournament_manager.rules.tiles import Wind
from tournament_manager.services.seat_picks import ReportedDraw

UNSET = 0
"""Item data of "not given yet" in the number boxes (dice and chairs count from 1)."""
NO_WIND = ""


@dataclass(frozen=True)
class TableDrawAnswer:
    """What the table reported: the draw itself, or only the winds (one of the two)."""

    draw: ReportedDraw | None = None
    winds: Mapping[int, Wind] | None = None


class TableDrawDialog(QDialog):
    """Asks how table `table_number` drew its winds for `cycle`; `answer()` once saved."""

    def __init__(self, table_number: int, cycle: int, arrival: Sequence[int],
                 names: Mapping[int, str], current: Mapping[int, Wind],
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("table_draw_dialog")
        self.setWindowTitle(self.tr("Record the Wind Draw at Table {n}").format(n=table_number))
        self.setMinimumWidth(620)
        self._arrival = tuple(arrival)
        self._names = dict(names)
        self._answer: TableDrawAnswer | None = None

        when = (self.tr("before the first hand") if cycle == 1
                else self.tr("for cycle {cycle}").format(cycle=cycle))
        intro = QLabel(self.tr("Table {n}, {when}: what the players did. Chairs in the order "
                               "they sat down, counter-clockwise: {chairs}.").format(
            n=table_number, when=when,
            chairs=", ".join(f"{chair} {self._names.get(player, player)}"
                             for chair, player in enumerate(self._arrival, start=1))), self)
        intro.setObjectName("table_draw_intro")
        intro.setWordWrap(True)

        self.by_throws = QRadioButton(self.tr("The &tiles and the throws"), self)
        self.by_throws.setObjectName("table_draw_by_throws")
        self.by_winds = QRadioButton(self.tr("Only &who took which wind"), self)
        self.by_winds.setObjectName("table_draw_by_winds")
        modes = QButtonGroup(self)
        modes.addButton(self.by_throws)
        modes.addButton(self.by_winds)
        self.by_throws.setChecked(True)
        mode_row = QHBoxLayout()
        mode_row.addWidget(self.by_throws)
        mode_row.addWidget(self.by_winds)
        mode_row.addStretch(1)

        self.pages = QStackedWidget(self)
        self.pages.addWidget(self._throws_page())
        self.pages.addWidget(self._winds_page(current))

        self.result = QLabel(self)
        self.result.setObjectName("table_draw_result")
        self.result.setWordWrap(True)
        big = QFont(self.result.font())
        big.setPointSizeF(big.pointSizeF() * 1.15)
        self.result.setFont(big)
        # Room for the five lines of a draw from the start: the dialog does not jump.
        self.result.setMinimumHeight(self.result.fontMetrics().lineSpacing() * 7)
        self.problem = QLabel(self)
        self.problem.setObjectName("table_draw_problem")
        self.problem.setWordWrap(True)
        mark_negative(self.problem)

        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel, self)
        self.save_button: QPushButton = buttons.addButton(
            self.tr("&Save the Winds"), QDialogButtonBox.ButtonRole.AcceptRole)
        self.save_button.setObjectName("table_draw_save")
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)

        layout = QVBoxLayout(self)
        layout.addWidget(intro)
        layout.addLayout(mode_row)
        layout.addWidget(self.pages)
        layout.addWidget(self.result)
        layout.addWidget(self.problem)
        layout.addWidget(buttons)
        self.by_throws.toggled.connect(self._update)
        self._update()

    # -- the two ways a table reports ------------------------------------------------------
    def _number_box(self, name: str, values: Sequence[tuple[str, int]]) -> QComboBox:
        box = QComboBox(self)
        box.setObjectName(name)
        add_choice(box, "–", UNSET)
        for text, value in values:
            add_choice(box, text, value)
        box.currentIndexChanged.connect(self._update)
        return box

    def _throws_page(self) -> QWidget:
        page = QWidget(self)
        dice = [(f"{n}  {DICE[n - 1]}", n) for n in range(1, 7)]
        self.tiles: list[QComboBox] = []
        tiles_row = QHBoxLayout()
        for index in range(4):
            box = QComboBox(page)
            box.setObjectName(f"table_draw_tile_{index + 1}")
            add_choice(box, "–", NO_WIND)
            for wind in WIND_ORDER:
                add_choice(box, f"{wind.value}  {wind_label(wind)}", wind.value)
            box.currentIndexChanged.connect(self._update)
            tiles_row.addWidget(box)
            self.tiles.append(box)
        self.thrower = self._number_box("table_draw_thrower", [
            (f"{chair}  {self._names.get(player, player)}", chair)
            for chair, player in enumerate(self._arrival, start=1)])
        self.first_dice = (self._number_box("table_draw_first_1", dice),
                           self._number_box("table_draw_first_2", dice))
        self.second_dice = (self._number_box("table_draw_second_1", dice),
                            self._number_box("table_draw_second_2", dice))
        form = QFormLayout(page)
        form.setContentsMargins(0, 0, 0, 0)
        tiles_label = QLabel(self.tr("Tiles, o&dd end first:"), page)
        tiles_label.setBuddy(self.tiles[0])
        form.addRow(tiles_label, tiles_row)
        form.addRow(self._label(self.tr("First th&rower:"), self.thrower, page), self.thrower)
        form.addRow(self._label(self.tr("&First throw:"), self.first_dice[0], page),
                    self._pair(self.first_dice))
        form.addRow(self._label(self.tr("Seco&nd throw:"), self.second_dice[0], page),
                    self._pair(self.second_dice))
        return page

    def _winds_page(self, current: Mapping[int, Wind]) -> QWidget:
        page = QWidget(self)
        form = QFormLayout(page)
        form.setContentsMargins(0, 0, 0, 0)
        self.winds: dict[int, QComboBox] = {}
        for chair, player in enumerate(self._arrival, start=1):
            box = QComboBox(page)
            box.setObjectName(f"table_draw_wind_{chair}")
            add_choice(box, "–", NO_WIND)
            for wind in WIND_ORDER:
                add_choice(box, wind_label(wind), wind.value)
            known = current.get(player)
            box.setCurrentIndex(box.findData(known.value) if known is not None else 0)
            box.currentIndexChanged.connect(self._update)
            form.addRow(f"{chair}  {self._names.get(player, player)}:", box)
            self.winds[player] = box
        return page

    @staticmethod
    def _label(text: str, buddy: QWidget, parent: QWidget) -> QLabel:
        label = QLabel(text, parent)
        label.setBuddy(buddy)
        return label

    @staticmethod
    def _pair(boxes: tuple[QComboBox, QComboBox]) -> QHBoxLayout:
        row = QHBoxLayout()
        for box in boxes:
            row.addWidget(box)
        row.addStretch(1)
        return row

    # -- what follows ----------------------------------------------------------------------
    def _throw(self, boxes: tuple[QComboBox, QComboBox]) -> tuple[int, int] | None:
        values = [current_choice(box) for box in boxes]
        if any(not isinstance(v, int) or v == UNSET for v in values):
            return None
        return int(values[0] or 0), int(values[1] or 0)

    def reported_draw(self) -> tuple[ReportedDraw | None, SeatPick | None, str, str]:
        """The draw as typed and the winds that follow; else what is still missing (a
        hint) or what cannot be (a problem)."""
        row = [current_choice(box) for box in self.tiles]
        if any(value == NO_WIND for value in row):
            return None, None, self.tr("Give the four tiles as they lay."), ""
        tiles = tuple(Wind(str(value)) for value in row)
        if len(set(tiles)) != 4:
            return None, None, "", self.tr("Each wind tile lies in the row once.")
        chair = current_choice(self.thrower)
        if not isinstance(chair, int) or chair == UNSET:
            return None, None, self.tr("Choose who threw first."), ""
        first, second = self._throw(self.first_dice), self._throw(self.second_dice)
        if first is None or second is None:
            return None, None, self.tr("Give both dice of both throws."), ""
        thrower = self._arrival[chair - 1]
        pick = pick_seats(self._arrival, tiles, chair - 1, first, second)
        row4 = (tiles[0], tiles[1], tiles[2], tiles[3])
        return ReportedDraw(row4, thrower, first, second), pick, "", ""

    def reported_winds(self) -> tuple[dict[int, Wind] | None, str, str]:
        """The winds as typed; else a hint or a problem, as for the draw."""
        chosen = {player: current_choice(box) for player, box in self.winds.items()}
        if any(value == NO_WIND for value in chosen.values()):
            return None, self.tr("Give each player his wind."), ""
        winds = {player: Wind(str(value)) for player, value in chosen.items()}
        if len(set(winds.values())) != 4:
            return None, "", self.tr("Each wind goes to one player.")
        return winds, "", ""

    def _update(self) -> None:
        throws = self.by_throws.isChecked()
        self.pages.setCurrentIndex(0 if throws else 1)
        answer: TableDrawAnswer | None = None
        if throws:
            draw, pick, hint, problem = self.reported_draw()
            if pick is not None:
                self.result.setText(describe_seat_pick(pick, self._names))
                answer = TableDrawAnswer(draw=draw)
        else:
            winds, hint, problem = self.reported_winds()
            if winds is not None:
                self.result.setText(self.tr("The winds: {winds}").format(
                    winds=describe_winds(winds.items(), self._names)))
                answer = TableDrawAnswer(winds=winds)
        if answer is None:
            # What is still missing is a hint; what cannot be is a problem, in red.
            self.result.setText(hint or self.tr("The winds follow once the table's draw "
                                                "is given."))
        self.problem.setText(problem)
        self.problem.setVisible(bool(problem))
        self._ready = answer
        self.save_button.setEnabled(answer is not None)

    def accept(self) -> None:
        if self._ready is None:
            return  # Enter in a box while something is still missing
        self._answer = self._ready
        super().accept()

    def answer(self) -> TableDrawAnswer | None:
        """What to save, once the dialog was accepted."""
        return self._answer


def ask_table_draw(parent: QWidget, table_number: int, cycle: int, arrival: Sequence[int],
                   names: Mapping[int, str], current: Mapping[int, Wind]
                   ) -> TableDrawAnswer | None:
    """Run the dialog; None when it was cancelled."""
    dialog = TableDrawDialog(table_number, cycle, arrival, names, current, parent)
    try:
        dialog.exec()
        return dialog.answer()
    finally:
        dialog.deleteLater()
