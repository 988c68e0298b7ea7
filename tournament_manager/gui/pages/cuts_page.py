"""Cuts: the rounds of the format and, for the selected round, its cut as it would be
made now: who goes through, where the line falls and what decided it there.

The preview is the service's (`cut_preview`), so what the head judge reads is what the
cut takes; "Make cut…" confirms the count, the last qualifier and the first player out,
and the cut is then made on exactly the qualifiers shown (`make_cut(expected=…)`): if a
correction moved the standings meanwhile, it is refused and the preview is read again.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QT_TRANSLATE_NOOP, Qt
from PySide6.QtGui import QBrush, QFont, QPalette
from PySide6.QtWidgets import (
    QAbstractItemView,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QSplitter,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from tournament_manager.domain.standings import TieBreak
from tournament_manager.gui.app_context import AppContext
from tournament_manager.gui.changes import Topic
from tournament_manager.gui.commands.rounds import MakeCut, TakeBackCut
from tournament_manager.gui.confirm import confirm
from tournament_manager.gui.errors import EXPECTED_ERRORS, describe_error
from tournament_manager.gui.formatting import compact_rows, mark_negative, negative_colour
from tournament_manager.gui.head_judge_dialog import ask_head_judge
from tournament_manager.gui.models.standings_model import rank_cell, rank_tip, shared_places
from tournament_manager.gui.setting_words import choice_label
from tournament_manager.messages.sentence import sentence
from tournament_manager.services.players import draw_lots
from tournament_manager.services.setup import RoundSummary, round_summaries
from tournament_manager.services.standings import CutPreview, StandingsRow, cut_preview

COLUMNS = (
    QT_TRANSLATE_NOOP("CutsPage", "Round"),
    QT_TRANSLATE_NOOP("CutsPage", "Kind"),
    QT_TRANSLATE_NOOP("CutsPage", "Sessions"),
    QT_TRANSLATE_NOOP("CutsPage", "Keeps"),
    QT_TRANSLATE_NOOP("CutsPage", "Carry"),
    QT_TRANSLATE_NOOP("CutsPage", "Status"),
    QT_TRANSLATE_NOOP("CutsPage", "Entrants"),
)
ROUNDS_SHOWN = 6
"""The rounds table shows this many rounds without scrolling (a format has at most 6)."""
PREVIEW_COLUMNS = (
    QT_TRANSLATE_NOOP("CutsPage", "Rank"),
    QT_TRANSLATE_NOOP("CutsPage", "No."),
    QT_TRANSLATE_NOOP("CutsPage", "Player"),
    QT_TRANSLATE_NOOP("CutsPage", "Country"),
    QT_TRANSLATE_NOOP("CutsPage", "Total"),
    QT_TRANSLATE_NOOP("CutsPage", "Raw"),
    QT_TRANSLATE_NOOP("CutsPage", "Goes on"),
)
LINE_ROLE = Qt.ItemDataRole.UserRole + 1


def _score(value: float, decimals: int = 2) -> str:
    return f"{value:.{decimals}f}".replace("-", "−") if decimals else (
        f"{value:g}".replace("-", "−"))


class CutsPage(QWidget):
    def __init__(self, context: AppContext, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("cuts_page")
        self._context = context
        self._rounds: tuple[RoundSummary, ...] = ()
        self.preview: CutPreview | None = None
        self.table = QTableWidget(0, len(COLUMNS), self)
        self.table.setObjectName("rounds_table")
        self.table.setHorizontalHeaderLabels([self.tr(c) for c in COLUMNS])
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.verticalHeader().hide()
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        self.table.itemSelectionChanged.connect(self.show_preview)
        compact_rows(self.table)

        box = QGroupBox(self.tr("Cut preview"), self)
        box.setObjectName("cut_box")
        self.box = box
        self.heading = QLabel(box)
        self.heading.setObjectName("cut_heading")
        self.heading.setWordWrap(True)
        bold = QFont(self.heading.font())
        bold.setBold(True)
        self.heading.setFont(bold)
        self.line_note = QLabel(box)
        self.line_note.setObjectName("cut_line_note")
        self.line_note.setWordWrap(True)
        self.warning = QLabel(box)
        self.warning.setObjectName("cut_warning")
        self.warning.setWordWrap(True)
        mark_negative(self.warning)
        self.rows = QTableWidget(0, len(PREVIEW_COLUMNS), box)
        self.rows.setObjectName("cut_preview_table")
        self.rows.setHorizontalHeaderLabels([self.tr(c) for c in PREVIEW_COLUMNS])
        self.rows.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.rows.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        self.rows.verticalHeader().hide()
        header = self.rows.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(2, QHeaderView.ResizeMode.Stretch)
        compact_rows(self.rows)
        self.cut_button = QPushButton(self.tr("Make cut…"), box)
        self.cut_button.setObjectName("make_cut")
        self.cut_button.clicked.connect(self.make_cut)
        self.lots_button = QPushButton(self.tr("Draw Lots…"), box)
        self.lots_button.setObjectName("draw_lots")
        self.lots_button.setToolTip(self.tr(
            "The head judge draws lots between the players nothing separates at the line"))
        self.lots_button.clicked.connect(self.draw_lots)
        self.take_back_button = QPushButton(self.tr("Take Back the Cut…"), box)
        self.take_back_button.setObjectName("take_back_cut")
        self.take_back_button.clicked.connect(self.take_back)
        self.result = QLabel(box)
        self.result.setObjectName("cut_result")
        self.result.setWordWrap(True)
        bar = QHBoxLayout()
        bar.addWidget(self.cut_button)
        bar.addWidget(self.take_back_button)
        bar.addWidget(self.lots_button)
        bar.addWidget(self.result, 1)
        box_layout = QVBoxLayout(box)
        box_layout.addWidget(self.heading)
        box_layout.addWidget(self.line_note)
        box_layout.addWidget(self.warning)
        box_layout.addWidget(self.rows, 1)
        box_layout.addLayout(bar)

        note = QLabel(self.tr("A cut takes the top players of a finished round into the next "
                              "round, carrying the next round's fraction of their totals. "
                              "It can be taken back while the next round has no draw."), self)
        note.setWordWrap(True)
        splitter = QSplitter(Qt.Orientation.Vertical, self)
        splitter.addWidget(self.table)
        splitter.addWidget(box)
        splitter.setStretchFactor(0, 1)
        splitter.setStretchFactor(1, 3)
        splitter.setChildrenCollapsible(False)
        layout = QVBoxLayout(self)
        layout.addWidget(note)
        layout.addWidget(splitter, 1)
        context.hub.follow(self, self._changed)

    def _changed(self, topic: str) -> None:
        self.reload(afresh=topic == Topic.DOCUMENT)

    def reload(self, *, afresh: bool = False) -> None:
        """Refill the rounds, keeping the round chosen unless `afresh` (another event)."""
        chosen = -1 if afresh else self.table.currentRow()
        self._rounds = ()
        if self._context.has_document:
            try:
                self._rounds = round_summaries(self._context.unit_of_work())
            except EXPECTED_ERRORS:
                pass
        self.table.blockSignals(True)
        self.table.setRowCount(len(self._rounds))
        for row, summary in enumerate(self._rounds):
            plan = summary.round
            sessions = summary.session_numbers
            values = (str(plan.number), choice_label(plan.kind),
                      self._sessions_text(sessions),
                      "—" if plan.advance is None else str(plan.advance),
                      f"{plan.carry * 100:g}%", choice_label(summary.status),
                      self._entrants_text(summary))
            for column, text in enumerate(values):
                item = QTableWidgetItem(text)
                item.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
                self.table.setItem(row, column, item)
        self.table.selectRow(chosen if 0 <= chosen < len(self._rounds) else self._due())
        self.table.blockSignals(False)
        self._fit_rounds()
        self.show_preview()

    def _due(self) -> int:
        """The row the page opens on: the first cut not made yet, whether its round is
        still being played (a provisional preview) or finished and waiting for the head
        judge; once every cut is made, the last of them."""
        cuts = [i for i, s in enumerate(self._rounds[:-1]) if s.round.advance is not None]
        pending = [i for i in cuts if not self._rounds[i + 1].entrants]
        return pending[0] if pending else cuts[-1] if cuts else 0

    def _entrants_text(self, summary: RoundSummary) -> str:
        """"24", or "24 (1 withdrawn)" where some of them have withdrawn since: admitted
        by the cut, they no longer play the round; empty before anyone is admitted."""
        if not summary.entrants:
            return ""
        if not summary.withdrawn:
            return str(summary.entrants)
        return self.tr("{n} ({withdrawn} withdrawn)").format(
            n=summary.entrants, withdrawn=summary.withdrawn)

    def _sessions_text(self, numbers: Sequence[int]) -> str:
        """How many sessions, as the Setup page counts them, and which: "4 (1–4)",
        "1 (no. 5)"."""
        if not numbers:
            return "0"
        if len(numbers) == 1:
            return self.tr("1 (no. {n})").format(n=numbers[0])
        return f"{len(numbers)} ({numbers[0]}–{numbers[-1]})"

    def _fit_rounds(self) -> None:
        """Every round in view (up to ROUNDS_SHOWN) above the splitter's handle."""
        rows = max(min(self.table.rowCount(), ROUNDS_SHOWN), 1)
        height = (self.table.horizontalHeader().height()
                  + rows * self.table.verticalHeader().defaultSectionSize()
                  + 2 * self.table.frameWidth())
        self.table.setMinimumHeight(height)

    def _selected(self) -> RoundSummary | None:
        row = self.table.currentRow()
        return self._rounds[row] if 0 <= row < len(self._rounds) else None

    def selected_round(self) -> int | None:
        summary = self._selected()
        return summary.round.number if summary is not None else None

    # -- the preview -----------------------------------------------------------------------
    def show_preview(self) -> None:
        number = self.selected_round()
        self.preview = None
        self.result.clear()
        if number is None or not self._context.has_document:
            self._show_nothing("")
            return
        summary = self._selected()
        if number > 1 and summary is not None and not summary.entrants:
            self._show_nothing(self.tr(
                "Round {round} has no players yet: the cut after round {previous} takes them "
                "on.").format(round=number, previous=number - 1))
            return
        try:
            preview = cut_preview(self._context.unit_of_work(), number)
        except EXPECTED_ERRORS as error:
            self._show_nothing(sentence(describe_error(error)))
            return
        self.preview = preview
        # Once made, the rows are the cut as it stands, not a preview of one to come.
        self.box.setTitle(self.tr("The cut") if preview.made else self.tr("Cut preview"))
        ranked = [row for row in preview.rows if row.rank is not None]
        if len(ranked) <= preview.advance:
            heading = self.tr(
                "Cut after round {round}: the format keeps {advance}, so all {ranked} ranked "
                "players go on to round {next}, carrying {carry:g}% of their totals.")
        else:
            heading = self.tr(
                "Cut after round {round}: the top {advance} of {ranked} ranked players go on "
                "to round {next}, carrying {carry:g}% of their totals.")
        self.heading.setText(heading.format(
            round=preview.round_number, advance=preview.advance, ranked=len(ranked),
            next=preview.round_number + 1, carry=preview.carry * 100))
        line = self._line_text(preview, ranked)
        if any(row.placed_by_draw for row in preview.rows):
            line += " " + self.tr("“†” after a rank: equal score and raw total, placed by "
                                  "the recorded draw.")
        self.line_note.setText(line)
        warnings = self._warnings(preview)
        self.warning.setText("\n".join(warnings))
        self.warning.setVisible(bool(warnings))
        self._fill_rows(preview)
        writable = not self._context.read_only  # a read-only event: nothing to offer
        self.cut_button.setEnabled(preview.ready and writable)
        self.take_back_button.setVisible(preview.made and not preview.next_drawn)
        self.take_back_button.setEnabled(writable)
        self.lots_button.setEnabled(writable)
        self.lots_button.setVisible(bool(preview.tied_across) and not preview.made
                                    and not preview.unfinished)
        if preview.made:
            self.result.setText(self.tr("This cut has been made: {n} players are in round "
                                        "{next}.").format(n=len(preview.qualifiers),
                                                          next=preview.round_number + 1))

    def _show_nothing(self, text: str) -> None:
        self.box.setTitle(self.tr("Cut preview"))
        self.heading.setText(text)
        self.line_note.clear()
        self.warning.clear()
        self.warning.hide()
        self.rows.setRowCount(0)
        self.cut_button.setEnabled(False)
        self.take_back_button.hide()
        self.lots_button.hide()

    def _line_text(self, preview: CutPreview, ranked: list[StandingsRow]) -> str:
        if len(ranked) <= preview.advance:
            return self.tr("Every ranked player goes through: nobody is cut.")
        last, first_out = ranked[preview.advance - 1], ranked[preview.advance]
        if preview.tied_across:
            decided = self.tr("nothing separates them")
        elif preview.line_tie_break is TieBreak.RAW_TOTAL:
            decided = self.tr("equal totals, separated by the raw score (tie-break)")
        elif preview.line_tie_break is TieBreak.DRAW:
            decided = self.tr("equal totals and raw scores, separated by the draw made at "
                              "registration (tie-break)")
        else:
            decided = self.tr("separated by their totals")
        return self.tr("The line falls between {last} ({last_total}) and {first} "
                       "({first_total}): {decided}.").format(
                           last=last.player.name, last_total=_score(last.converted_total),
                           first=first_out.player.name,
                           first_total=_score(first_out.converted_total), decided=decided)

    def _warnings(self, preview: CutPreview) -> list[str]:
        names = {row.player.id: row.player.name for row in preview.rows}
        lines = []
        if len(preview.unfinished) == 1:
            lines.append(self.tr("Provisional: session {session} of round {round} is not "
                                 "finished yet; the cut is made once it is.").format(
                                     session=preview.unfinished[0],
                                     round=preview.round_number))
        elif preview.unfinished:
            lines.append(self.tr("Provisional: sessions {sessions} of round {round} are not "
                                 "finished yet; the cut is made once they are.").format(
                                     sessions=", ".join(map(str, preview.unfinished)),
                                     round=preview.round_number))
        if preview.tied_across:
            lines.append(self.tr("The line falls inside a tie the tie-breaks cannot break "
                                 "({players}): the head judge draws lots between them "
                                 "(Draw Lots…) before the cut.").format(players=", ".join(
                                     names.get(p, str(p)) for p in preview.tied_across)))
        if preview.overtaken:
            gaining = [names[p] for p in preview.qualifiers if p not in preview.entrants]
            losing = [names[p] for p in preview.entrants if p not in preview.qualifiers]
            moved = self.tr("A sheet of round {round} was corrected after the cut: {gaining} "
                            "would now go on instead of {losing}.").format(
                                round=preview.round_number, gaining=", ".join(gaining),
                                losing=", ".join(losing))
            if preview.next_drawn:
                lines.append(moved + " " + self.tr(
                    "Round {next} is drawn, so the cut stands as it was made: the head judge "
                    "decides.").format(next=preview.round_number + 1))
            else:
                lines.append(moved + " " + self.tr(
                    "Take the cut back and make it again."))
        return lines

    def _fill_rows(self, preview: CutPreview) -> None:
        """"Goes on" is the cut as made once it is, else as it would be made now; players
        on the wrong side of a line a correction moved are marked as a tie is."""
        qualifiers = set(preview.entrants if preview.made else preview.qualifiers)
        tied = set(preview.tied_across) | (
            qualifiers ^ set(preview.qualifiers) if preview.made else set())
        ranked = sum(1 for row in preview.rows if row.rank is not None)
        shared = shared_places(preview.rows)
        line_after = preview.advance if ranked > preview.advance else None
        table_rows: list[StandingsRow | None] = []
        for index, row in enumerate(preview.rows):
            table_rows.append(row)
            if line_after is not None and index + 1 == line_after:
                table_rows.append(None)  # the cut line
        self.rows.clearSpans()
        self.rows.setRowCount(len(table_rows))
        bold = QFont(self.rows.font())
        bold.setBold(True)
        for index, row in enumerate(table_rows):
            if row is None:
                self._cut_line_row(index, preview)
                continue
            goes_on = row.player.id in qualifiers
            values = (rank_cell(row), row.player.registration_id, row.player.name,
                      row.player.country, _score(row.converted_total), _score(row.raw_total, 0),
                      self.tr("yes") if goes_on else "")
            for column, text in enumerate(values):
                item = QTableWidgetItem(text)
                if column not in (2, 3):
                    item.setTextAlignment(Qt.AlignmentFlag.AlignRight
                                          | Qt.AlignmentFlag.AlignVCenter)
                if goes_on:
                    item.setFont(bold)
                if row.player.id in tied:
                    item.setForeground(QBrush(negative_colour(self.palette())))
                if column == 0:
                    item.setToolTip(rank_tip(row, shared) or "")
                self.rows.setItem(index, column, item)

    def _cut_line_row(self, index: int, preview: CutPreview) -> None:
        item = QTableWidgetItem(self.tr("──── cut line: {n} go on to round {next} above, "
                                        "the rest below ────").format(
                                            n=preview.advance, next=preview.round_number + 1))
        item.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
        item.setData(LINE_ROLE, 1)
        item.setBackground(self.palette().brush(QPalette.ColorRole.Mid))
        item.setForeground(self.palette().brush(QPalette.ColorRole.BrightText))
        self.rows.setItem(index, 0, item)
        self.rows.setSpan(index, 0, 1, len(PREVIEW_COLUMNS))

    def cut_line_row(self) -> int | None:
        """The table row of the cut line (None when nobody is cut)."""
        for row in range(self.rows.rowCount()):
            item = self.rows.item(row, 0)
            if item is not None and item.data(LINE_ROLE) == 1:
                return row
        return None

    # -- the cut ---------------------------------------------------------------------------
    def draw_lots(self) -> None:
        """New recorded draws for the players tied across the line, on the head judge's
        passphrase and reason; the preview is then read again."""
        preview = self.preview
        if preview is None or not preview.tied_across:
            return
        names = {row.player.id: row.player.name for row in preview.rows}
        tied = preview.tied_across
        act = ask_head_judge(
            self, self._context.unit_of_work, title=self.tr("Draw Lots"),
            what=self.tr("Draw lots between {players}: each gets a new recorded draw, the "
                         "last link of the tie-break chain, and the cut line falls where the "
                         "draws put it.").format(players=", ".join(names[p] for p in tied)),
            act_label=self.tr("Draw Lots"))
        if act is None:
            return
        self._context.call(lambda uow: draw_lots(uow, tied, act.credential, act.reason),
                           Topic.PLAYERS)

    def take_back(self) -> None:
        """Only while the next round has no draw (the service refuses after); undoable."""
        preview = self.preview
        if preview is None or not preview.made:
            return
        number = preview.round_number
        if not confirm(self, self.tr("Take Back the Cut"),
                       self.tr("Take back the cut after round {n}?").format(n=number),
                       self.tr("The {n} players it took on leave round {next}; the cut can "
                               "then be made again on the standings as they are now. Edit ▸ "
                               "Undo puts it back as it was.").format(
                                   n=len(preview.entrants), next=number + 1),
                       self.tr("Take Back"), object_name="take_back_cut_confirm"):
            return
        if self._context.run(TakeBackCut(self._context.runner.context, number)):
            self.result.setText(self.tr("The cut after round {n} was taken back.").format(
                n=number))

    def make_cut(self) -> None:
        number = self.selected_round()
        if number is None:
            return
        preview = self._context.call(lambda uow: cut_preview(uow, number))
        if preview is None:
            return
        self.preview = preview
        ranked = [row for row in preview.rows if row.rank is not None]
        details = [self.tr("{n} of {ranked} ranked players go on to round {next}, carrying "
                           "{carry:g}% of their totals.").format(
                               n=len(preview.qualifiers), ranked=len(ranked),
                               next=number + 1, carry=preview.carry * 100)]
        by_id = {row.player.id: row for row in preview.rows}
        if preview.qualifiers:
            last = by_id[preview.qualifiers[-1]]
            details.append(self.tr("Last qualifier: {rank}. {name} ({total})").format(
                rank=last.rank, name=last.player.name, total=_score(last.converted_total)))
        if len(ranked) > preview.advance:
            first_out = ranked[preview.advance]
            details.append(self.tr("First out: {rank}. {name} ({total})").format(
                rank=first_out.rank, name=first_out.player.name,
                total=_score(first_out.converted_total)))
        details.append(self.line_note.text())
        details.append(self.tr("Edit ▸ Undo takes the cut back while round {next} has no "
                               "draw.").format(next=number + 1))
        if not confirm(self, self.tr("Make Cut"),
                       self.tr("Make the cut after round {n}?").format(n=number),
                       "\n".join(details), self.tr("Make Cut"),
                       object_name="make_cut_confirm"):
            return
        command = MakeCut(self._context.runner.context, number, preview.qualifiers)
        if self._context.run(command):
            self.result.setText(self.tr("{n} players go on to round {next}.").format(
                n=len(command.advancing), next=number + 1))
        else:
            self.show_preview()  # the standings moved: show the cut as it stands now
