"""The Score Record Sheet (tournament spec §5): one table per page, blank or filled.

Drawn straight on the canvas as a fixed form (a real sheet has a grid, not flowing text),
which is also what keeps 512 pages under a few seconds. Every figure printed comes from
the `SheetView` read model: running totals, raw and converted totals are laid out, never
added up here.

The printed sheet is the legal record of its table, so under the signatures it says what
was signed (the signed hash), whether the sheet is still that ("verified", or in a red
band at the top "DOES NOT MATCH SIGNATURES") and every correction the head judge made.

A sheet of a session that holds only the round's provisional plan is printed only when
asked, with the black PROVISIONAL PLAN band on top and the word faint across the page: its
names and seats change when the session is drawn.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction

from reportlab.lib.colors import Color  # type: ignore[import-untyped]
from reportlab.lib.utils import ImageReader  # type: ignore[import-untyped]
from reportlab.pdfgen.canvas import Canvas  # type: ignore[import-untyped]

from tournament_manager.domain.model import (
    Hand,
    HandResult,
    Player,
    Round,
)
from tournament_manager.domain.rotation import HANDS_PER_CYCLE, cycle_of
from tournament_manager.domain.settings import (
    PenaltyMode,
    SeatPickMode,
    SessionConversion,
    SessionEnd,
)
from tournament_manager.exports.pdf.common import (
    ALARM_RED,
    MARGIN,
    banner_height,
    draw_banner,
    fitted_lines,
    mm,
    new_canvas,
    put,
    put_in,
    put_in_fitted,
    put_in_lines,
    wrap,
)
from tournament_manager.exports.pdf.fonts import register_font, width
from tournament_manager.exports.pdf.provisional import BAND_GAP, BAND_H, draw_band, draw_mark
from tournament_manager.exports.sources import is_provisional
from tournament_manager.exports.text import (
    HASH_SHOWN,
    NOT_VERIFIED_BANNER,
    PENALTY_MODE_TEXT,
    REASON_TEXT,
    RESULT_TEXT,
    WIN_TYPE_TEXT,
    WIND_HANZI,
    clean,
    converted,
    correction_text,
    local_date,
    local_time,
    page_text,
    plain,
    round_text,
    said,
    seal_text,
    signed,
    signed_version,
    wind_name,
)
from tournament_manager.messages.patterns import pattern_marks
from tournament_manager.rules.registry import get_rule_set
from tournament_manager.services.verification import VerificationReport
from tournament_manager.services.views import WIND_ORDER, SheetRow, SheetView, SignatureView
from tournament_manager.words import N_, _, headings, n_

HEADER_FILL = Color(0.86, 0.86, 0.86)
BAND_FILL = Color(0.93, 0.93, 0.93)
DEALER_FILL = Color(1.0, 0.96, 0.80)
MISSING_GREY = Color(0.45, 0.45, 0.45)
STAMP_RED = Color(0.75, 0.05, 0.05)
MAX_HAND_H = 8.5 * mm
MIN_HAND_H = 5 * mm
PATTERNS_SIZE = 7
"""A win's patterns at most this size; wrapped and shrunk to fit (`put_in_fitted`)."""
NAME_SIZE = 10.5
"""Points: a player's name in his box above the grid, one line; a longer name wraps."""
STATUS_SIZE, STATUS_H = 8.0, 4.2 * mm
CORRECTION_SIZE, CORRECTION_H = 7.5, 3.4 * mm
HASH_LINE_H = 3.5 * mm
MAX_RECORD_LINES = 10
"""Status and corrections under the signatures; beyond this the grid would be squeezed."""

CONVERSION_TEXT = {
    SessionConversion.MATCH_POINTS: N_("Converted (match points)"),
    SessionConversion.RAW: N_("Converted (raw score)"),
    SessionConversion.TABLE_POINTS: N_("Converted (table points)"),
}

# Columns left of the players' columns: (key, heading, width in mm).
_DESCRIPTION = (
    # TRANSLATORS: the heading of the hand number's column (6.5 mm wide)
    ("no", N_("No."), 6.5),
    ("dealer", N_("East (dealer)"), 20.0),
    ("result", N_("Result / win type"), 17.0),
    ("winners", N_("Winner(s)"), 24.0),
    ("discarder", N_("Discarder (responsible)"), 24.0),
    # TRANSLATORS: the heading of the column of a win's value (8.5 mm wide)
    ("value", N_("V"), 8.5),
    ("patterns", N_("Patterns"), 14.0),
)
# Where a rule set's recorded patterns are words (classical: "concealed pung ×2, pair of
# Rd"), the Patterns column takes room from the name columns, which wrap a name over two
# lines anyway: 28 mm holds a whole classical win at a readable size where 14 mm held a
# third of one. The description's total width stays the same.
_WORDS_WIDTHS = {"dealer": 17.0, "result": 15.0, "winners": 19.5, "discarder": 19.5,
                 "patterns": 28.0}


@dataclass(frozen=True)
class _Columns:
    x: dict[str, float]
    w: dict[str, float]
    players_x: float
    player_w: float
    delta_w: float
    left: float
    right: float

    def delta_x(self, index: int) -> float:
        return self.players_x + index * self.player_w

    def total_x(self, index: int) -> float:
        return self.delta_x(index) + self.delta_w


def _columns(page_width: float, pattern_words: bool = False) -> _Columns:
    left, right = MARGIN, page_width - MARGIN
    x, w = {}, {}
    cursor = left
    for key, _heading, width_mm in _DESCRIPTION:
        if pattern_words:
            width_mm = _WORDS_WIDTHS.get(key, width_mm)
        x[key], w[key] = cursor, width_mm * mm
        cursor += width_mm * mm
    player_w = (right - cursor) / 4
    return _Columns(x, w, cursor, player_w, player_w * 0.45, left, right)


@dataclass(frozen=True)
class _RecordLine:
    text: str
    size: float
    height: float
    indent: float = 0.0
    alarm: bool = False


_HANGING_INDENT = 4 * mm


def _entry_lines(text: str, room: float) -> list[_RecordLine]:
    """One entry of the record in correction type: wrapped whole, its later lines indented
    so that each entry reads as one."""
    return [_RecordLine(line, CORRECTION_SIZE, CORRECTION_H,
                        _HANGING_INDENT if index else 0.0)
            for index, line in enumerate(wrap(text, CORRECTION_SIZE, room - _HANGING_INDENT))]


def render_sheets(views: Sequence[SheetView], rounds: dict[int, Round],
                  report: VerificationReport, *, blank: bool, pagesize: tuple[float, float],
                  progress: Callable[[int, int], None] | None = None) -> bytes:
    """One page per table, in the order given; returns the PDF bytes."""
    register_font()
    buffer = io.BytesIO()
    title = views[0].tournament.name if views else _("Score sheets")
    canvas = new_canvas(buffer, pagesize,
                        _("{event}: score record sheets").format(event=clean(title)),
                        _("Blank score sheets") if blank else _("Score sheets"))
    total = len(views)
    for number, view in enumerate(views, start=1):
        _SheetPage(canvas, view, rounds.get(view.session.round_id), report, blank=blank,
                   pagesize=pagesize, page=number, pages=total).draw()
        canvas.showPage()
        if progress is not None:
            progress(number, total)
    canvas.save()
    return buffer.getvalue()


class _SheetPage:
    def __init__(self, canvas: Canvas, view: SheetView, round_: Round | None,
                 report: VerificationReport, *, blank: bool, pagesize: tuple[float, float],
                 page: int, pages: int) -> None:
        self.c = canvas
        self.view = view
        self.round = round_
        self.report = report
        self.blank = blank
        self.width, self.height = pagesize
        self.page, self.pages = page, pages
        self.provisional = is_provisional(view.session)
        self.cols = _columns(
            self.width, bool(get_rule_set(view.tournament.settings.rule_set).pattern_marks()))
        self.names: dict[int, Player] = {p.id: p for p in view.players}
        for _cycle, repicked in view.repicks:
            self.names.update({p.id: p for p in repicked})
        self.column_of = {p.id: index for index, p in enumerate(view.players)}
        settings = view.tournament.settings
        planned = view.planned_hands or settings.hands_per_session
        if blank and settings.session_end is SessionEnd.DEALS:
            planned += planned // 2  # room for the hands a winning dealer keeps the deal
        self.hands = max([planned,
                          *(0 if blank else row.hand.number for row in view.rows)])
        self.cycle_hands = self._cycle_hands()
        self.cycles = len(self.cycle_hands)
        self.rows_by_number: dict[int, SheetRow] = (
            {} if blank else {row.hand.number: row for row in view.rows})

    def _cycle_hands(self) -> list[tuple[int, list[int]]]:
        """The hands of each round (cycle) as the deal went: four where the deal always
        passes, and under classical scoring as many as the dealers kept it (a round ends
        when every player has dealt). Past the hands the seats are known for (a blank
        classical sheet, the hands still to play), four a round."""
        groups: dict[int, list[int]] = {}
        cycle, count = 1, 0
        for number in range(1, self.hands + 1):
            seating = self.view.seating(number)
            if seating is not None:
                if seating.cycle != cycle:
                    cycle, count = seating.cycle, 0
            elif count == HANDS_PER_CYCLE:
                cycle, count = cycle + 1, 0
            groups.setdefault(cycle, []).append(number)
            count += 1
        return sorted(groups.items())

    # -- helpers ------------------------------------------------------------------------

    def name(self, player_id: int | None) -> str:
        if player_id is None:
            return ""
        player = self.names.get(player_id)
        return clean(player.name) if player is not None else f"#{player_id}"

    def hline(self, y: float, x0: float | None = None, x1: float | None = None,
              weight: float = 0.35) -> None:
        self.c.setLineWidth(weight)
        self.c.line(self.cols.left if x0 is None else x0, y,
                    self.cols.right if x1 is None else x1, y)

    def vlines(self, xs: Sequence[float], top: float, bottom: float,
               weight: float = 0.35) -> None:
        self.c.setLineWidth(weight)
        for x in xs:
            self.c.line(x, top, x, bottom)

    def fill(self, x: float, top: float, w: float, h: float, colour: Color) -> None:
        self.c.setFillColor(colour)
        self.c.rect(x, top - h, w, h, stroke=0, fill=1)
        self.c.setFillGray(0)

    def grid_xs(self) -> list[float]:
        cols = self.cols
        xs = [cols.x[key] for key, _heading, _width in _DESCRIPTION]
        for index in range(4):
            xs += [cols.delta_x(index), cols.total_x(index)]
        return [*xs, cols.right]

    # -- page ---------------------------------------------------------------------------

    def draw(self) -> None:
        penalties = 4 if self.blank else max(2, len(self.view.penalties))
        repick_lines = self._repick_lines()
        banner, sizes = self._banner()
        banner_h = banner_height(len(banner), sizes) + 1.5 * mm if banner else 0.0
        if self.provisional:
            banner_h += BAND_H + BAND_GAP
        hashes = self._hash_lines()
        fixed = (21 + 18 + 3.8 * len(repick_lines) + 2 + 10 + 3.8 * self.cycles + 5.5
                 + 4.2 + 5.5 * 2 + 3 + 25 + 6 + 4.5) * mm
        fixed += (banner_h + HASH_LINE_H * max(1, len(hashes))
                  + (HASH_LINE_H if self._notes() else 0))
        # Patterns too long for their row are written out under the signatures, which
        # lowers every row; settle on the rows the written-out ones leave (a lower row
        # only adds to them, so this ends).
        written_out: list[_RecordLine] = []
        while True:
            record = self._record_lines(written_out)
            available = (self.height - 2 * MARGIN - fixed
                         - sum(line.height for line in record))
            hand_h, penalty_h = self._row_heights(available, penalties)
            now = self._patterns_in_full(max(hand_h, MIN_HAND_H))
            if len(now) <= len(written_out):
                break
            written_out = now
        shown_penalties = penalties
        if hand_h < MIN_HAND_H:
            hand_h = MIN_HAND_H
            room = available - self.hands * hand_h
            shown_penalties = max(1, int(room // penalty_h))
        spare = max(0.0, available - self.hands * hand_h - shown_penalties * penalty_h)
        y = self.height - MARGIN
        if banner:
            y = draw_banner(self.c, banner, self.cols.left, y, self.cols.right - self.cols.left,
                            sizes) - 1.5 * mm
        if self.provisional:  # under the red band, as on the seating lists
            draw_mark(self.c, (self.width, self.height))
            y = draw_band(self.c, self.cols.left, y, self.cols.right - self.cols.left) - BAND_GAP
        y = self._header(y)
        y = self._players(y, repick_lines)
        y = self._grid(y - 2 * mm, hand_h, penalty_h, shown_penalties)
        y = self._signatures(y - 3 * mm, 25 * mm + min(spare, 10 * mm))
        self._record(y, record)
        self._footer(hashes)

    # -- the record: banner, signed hash, corrections -------------------------------------

    def _banner(self) -> tuple[list[str], tuple[float, ...]]:
        """A red band across the top: this sheet is not what its players signed, or the
        file it was printed from does not verify."""
        view = self.view
        if not self.blank and view.verified is False:
            return ([_("DOES NOT MATCH SIGNATURES: session {session}, table {table} is not "
                       "what its players signed").format(session=view.session.number,
                                                         table=view.table.number),
                     _(NOT_VERIFIED_BANNER)], (12.5, 8))
        if not self.report.ok:
            return [_(NOT_VERIFIED_BANNER)], (9,)
        return [], ()

    def _row_heights(self, available: float, penalties: int) -> tuple[float, float]:
        """A hand row's and a penalty row's height when `available` is left for them: the
        penalty rows give way first. The hand row may come out under `MIN_HAND_H`."""
        penalty_h = 5 * mm
        hand_h = min(MAX_HAND_H, (available - penalties * penalty_h) / self.hands)
        while hand_h < 5.2 * mm and penalty_h > 3.8 * mm:
            penalty_h -= 0.2 * mm
            hand_h = min(MAX_HAND_H, (available - penalties * penalty_h) / self.hands)
        return hand_h, penalty_h

    def _record_lines(self, written_out: Sequence[_RecordLine] = ()) -> list[_RecordLine]:
        """Under the signatures: what was signed and whether the sheet is still that, then
        each correction in full (a long reason wraps, it is not cut)."""
        if self.blank:
            return []
        view = self.view
        room = self.cols.right - self.cols.left
        lines = [_RecordLine(text, STATUS_SIZE, STATUS_H, alarm=view.verified is False)
                 for text in wrap(_status_text(view), STATUS_SIZE, room)]
        lines += written_out
        corrections = [_entry_lines(correction_text(correction), room)
                       for correction in view.corrections]
        while corrections and len(lines) + sum(map(len, corrections)) > MAX_RECORD_LINES:
            # The oldest go first: the workbook's Corrections sheet keeps them all.
            corrections.pop(0)
        left_out = len(view.corrections) - len(corrections)
        if left_out:
            lines.append(_RecordLine(
                n_("… {n} earlier correction: see the workbook's Corrections sheet",
                   "… {n} earlier corrections: see the workbook's Corrections sheet",
                   left_out).format(n=left_out), CORRECTION_SIZE, CORRECTION_H))
        return lines + [line for block in corrections for line in block]

    def _patterns_in_full(self, hand_h: float) -> list[_RecordLine]:
        """Each win whose patterns a row `hand_h` high cannot hold whole, written out for
        under the signatures: its cell ends in an ellipsis, and the signed record keeps
        every word."""
        if self.blank:
            return []
        room = self.cols.right - self.cols.left
        rule_set = self.view.tournament.settings.rule_set
        lines: list[_RecordLine] = []
        for row in self.view.rows:
            wins = row.hand.wins
            for win in wins:
                text = pattern_marks(rule_set, win.pattern_ids)
                if not text or fitted_lines(text, self.cols.w["patterns"],
                                            hand_h / len(wins), PATTERNS_SIZE)[2]:
                    continue
                full = _("Hand {number}, {winner}: {patterns}").format(
                    number=row.hand.number, winner=self.name(win.winner_id), patterns=text)
                lines += _entry_lines(full, room)
        return lines

    def _record(self, top: float, lines: Sequence[_RecordLine]) -> None:
        c, cols = self.c, self.cols
        y = top
        for line in lines:
            if line.alarm:
                c.setFillColor(ALARM_RED)
            put(c, line.text, cols.left + line.indent, y - line.height + 1.1 * mm,
                cols.right - cols.left - line.indent, line.size)
            c.setFillGray(0)
            y -= line.height

    def _hash_lines(self) -> list[str]:
        """The full hashes in small type: the content as it stands, and the signed one
        when it differs (what a verifier compares)."""
        view = self.view
        if self.blank:
            return []
        lines = [_("Content hash (SHA-256): {hash}").format(hash=view.content_hash)]
        if view.signed_hash and view.signed_hash != view.content_hash:
            lines.insert(0, _("Signed hash (SHA-256), version {version}: {hash}").format(
                version=signed_version(view), hash=view.signed_hash))
        return lines

    def _notes(self) -> str:
        view = self.view
        if self.blank or not view.missing_hands or view.complete:
            return ""
        return _("Incomplete: hands {hands} missing").format(
            hands=_(", ").join(map(str, view.missing_hands)))

    def _header(self, top: float) -> float:
        c, view, cols = self.c, self.view, self.cols
        room = cols.right - cols.left
        put(c, clean(view.tournament.name), cols.left, top - 6 * mm, room * 0.66, 15)
        title = headings(N_("SCORE RECORD SHEET (blank)") if self.blank
                         else N_("SCORE RECORD SHEET"))
        put(c, "  ".join(title), cols.left + room * 0.66, top - 6 * mm, room * 0.34, 9,
            "right")
        round_ = (_("Round ?") if self.round is None
                  else round_text(self.round.number, self.round.kind))
        put(c, _("{round}  ·  Session {session}  ·  Table {table}").format(
                round=round_, session=view.session.number, table=view.table.number),
            cols.left, top - 13 * mm, room * 0.66, 13)
        if not self.blank and view.corrected:
            self._corrected_stamp(top)
        session = view.session
        if self.blank:
            facts = [_("Date: {date}").format(date="______________"),
                     _("Start: {time}").format(time="________"),
                     _("End: {time}").format(time="________")]
        else:
            version = view.table.sheet_version
            facts = [_("Date: {date}").format(date=local_date(session.started_at) or "—"),
                     _("Start: {time}").format(time=local_time(session.started_at) or "—"),
                     _("End: {time}").format(time=local_time(session.ended_at) or "—"),
                     (_("Sheet: signed and locked (version {version})") if view.locked
                      else _("Sheet: open (version {version})")).format(version=version)]
            if view.table.stopped_after_hand is not None:
                facts.append(_("Play stopped on time after hand {hand}").format(
                    hand=view.table.stopped_after_hand))
        put(c, "     ".join(facts), cols.left, top - 19 * mm, room, 8)
        self.hline(top - 21 * mm, weight=0.9)
        return top - 21 * mm

    def _corrected_stamp(self, top: float) -> None:
        c, cols = self.c, self.cols
        latest = self.view.corrections[-1] if self.view.corrections else None
        by = (_("head judge {judge}, {time}").format(
                  judge=clean(latest.head_judge),
                  time=local_time(latest.opened_at, with_date=True))
              if latest is not None else _("head judge's correction"))
        w, h = 62 * mm, 9 * mm
        x, y = cols.right - w, top - 18.5 * mm
        c.saveState()
        c.setStrokeColor(STAMP_RED)
        c.setFillColor(STAMP_RED)
        c.setLineWidth(1.4)
        c.rect(x, y, w, h, stroke=1, fill=0)
        put(c, _("CORRECTED  (version {version})").format(
                version=self.view.table.sheet_version), x + 2 * mm,
            y + 5.2 * mm, w - 4 * mm, 9, "centre")
        put(c, by, x + 2 * mm, y + 1.5 * mm, w - 4 * mm, 6.5, "centre")
        c.restoreState()

    def _players(self, top: float, repick_lines: list[str]) -> float:
        c, cols = self.c, self.cols
        box_w = (cols.right - cols.left) / 4
        h = 18 * mm
        c.setLineWidth(0.5)
        for index, wind in enumerate(WIND_ORDER):
            x = cols.left + index * box_w
            c.rect(x, top - h - 1 * mm, box_w, h, stroke=1, fill=0)
            player = self.view.players[index] if index < len(self.view.players) else None
            put(c, WIND_HANZI[wind], x + 2 * mm, top - 9 * mm, 9 * mm, 16)
            if wind_name(wind) != WIND_HANZI[wind]:
                put(c, wind_name(wind), x + 1.5 * mm, top - 16.5 * mm, 10 * mm, 6.5)
            inner_x, inner_w = x + 12 * mm, box_w - 13.5 * mm
            if player is None:
                continue
            native = clean(player.native_name)
            shows_native = bool(native) and native != player.name
            # A name too long for its line at its size takes the lines above the native
            # name (or the facts) before it shrinks: one line shrunk to its width alone
            # printed "Maximiliane Renamed-Ünïcode von Hohenzo…" at 4.5 points.
            name = clean(player.name)
            if width(name, NAME_SIZE) <= inner_w:
                put(c, name, inner_x, top - 6.5 * mm, inner_w, NAME_SIZE)
            else:
                put_in_fitted(c, name, inner_x, top - 1.5 * mm, inner_w,
                              (6.5 if shows_native else 11.5) * mm, NAME_SIZE, pad=0,
                              listing=False)
            if shows_native:
                put(c, native, inner_x, top - 11 * mm, inner_w, 8)
            facts = [_("ID {id}").format(id=clean(player.registration_id))
                     if player.registration_id else "",
                     clean(player.country)]
            put(c, "  ·  ".join(f for f in facts if f), inner_x, top - 16 * mm, inner_w, 7)
        y = top - h - 1 * mm
        for line in repick_lines:
            put(c, line, cols.left, y - 3 * mm, cols.right - cols.left, 7.5)
            y -= 3.8 * mm
        return y

    def _repick_lines(self) -> list[str]:
        if self.view.repicks:
            return [_("Cycle {cycle}: seats re-picked: {seats}").format(
                cycle=cycle, seats="   ".join(f"{WIND_HANZI[wind]} {wind.value} {clean(p.name)}"
                                              for wind, p in zip(WIND_ORDER, players)))
                for cycle, players in self.view.repicks]
        if self.blank and self.view.tournament.settings.seat_pick is SeatPickMode.PER_CYCLE:
            blank = "  " + "   ".join(f"{WIND_HANZI[wind]} {wind.value} ____________"
                                      for wind in WIND_ORDER)
            return [_("Cycle {cycle}: seats re-picked: {seats}").format(cycle=cycle, seats=blank)
                    for cycle in range(2, self.cycles + 1)]
        return []

    # -- the grid -----------------------------------------------------------------------

    def _grid(self, top: float, hand_h: float, penalty_h: float, penalty_rows: int) -> float:
        c, cols = self.c, self.cols
        grid_top = top
        head_h = 10 * mm
        self.fill(cols.left, top, cols.right - cols.left, head_h, HEADER_FILL)
        for key, heading, _width in _DESCRIPTION:
            lines = headings(heading)
            if len(lines) == 1:  # wrapped whole where a column is narrow
                put_in_fitted(c, lines[0], cols.x[key], top, cols.w[key], head_h, 6.5,
                              "centre", 0.6 * mm)
            else:
                put_in_lines(c, lines, cols.x[key], top, cols.w[key], head_h, 6.5, "centre",
                             0.6 * mm)
        for index, player in enumerate(self.view.players):
            x = cols.delta_x(index)
            put_in_fitted(c, f"{WIND_ORDER[index].value}  {clean(player.name)}", x, top,
                          cols.player_w, head_h / 2 + 0.01, 7, "centre", 0.8 * mm)
            put_in(c, "±", x, top - head_h / 2, cols.delta_w, head_h / 2, 7, "centre")
            put_in_lines(c, headings(N_("Total")), cols.total_x(index), top - head_h / 2,
                         cols.player_w - cols.delta_w, head_h / 2, 7, "centre")
        self.hline(top - head_h / 2, cols.players_x, cols.right)
        self.vlines([cols.x[key] for key, _heading, _width in _DESCRIPTION[1:]] + [cols.players_x]
                    + [cols.delta_x(i) for i in range(1, 4)], top, top - head_h)
        self.vlines([cols.total_x(i) for i in range(4)], top - head_h / 2, top - head_h)
        y = top - head_h
        self.hline(y, weight=0.6)
        for cycle, numbers in self.cycle_hands:
            y = self._cycle_band(y, cycle)
            block_top = y
            for number in numbers:
                self._hand_row(y, hand_h, number)
                y -= hand_h
                self.hline(y, weight=0.3)
            self.vlines(self.grid_xs()[1:-1], block_top, y)
            self.vlines([cols.delta_x(i) for i in range(4)], block_top, y, 0.8)
            self.hline(y, weight=0.9)
        y = self._totals_row(y, 5.5 * mm, "  ".join(headings(N_("Hand totals"))),
                             None if self.blank else [plain(v) for v in self.view.hand_totals])
        y = self._penalties(y, penalty_h, penalty_rows)
        raw = None if self.blank else [plain(v) for v in self.view.raw_totals]
        y = self._totals_row(y, 5.5 * mm,
                             "  ".join(headings(N_("Session total (raw, after penalties)"))), raw,
                             spans=True)
        conversion = _(CONVERSION_TEXT[self.view.tournament.settings.session_conversion])
        y = self._totals_row(y, 5.5 * mm, conversion,
                             None if self.blank else [converted(v) for v in self.view.converted],
                             spans=True)
        c.setLineWidth(1.0)
        c.rect(cols.left, y, cols.right - cols.left, grid_top - y, stroke=1, fill=0)
        return y

    def _cycle_band(self, top: float, cycle: int) -> float:
        h = 3.8 * mm
        self.fill(self.cols.left, top, self.cols.right - self.cols.left, h, BAND_FILL)
        note = (_("Cycle {cycle}  (seats re-picked)")
                if any(number == cycle for number, _players in self.view.repicks)
                else _("Cycle {cycle}")).format(cycle=cycle)
        if get_rule_set(self.view.tournament.settings.rule_set).uses_round_wind_and_flowers:
            # MCR and classical score the round's wind: the sheet says which it is.
            wind = WIND_ORDER[(cycle - 1) % len(WIND_ORDER)]
            note += "  ·  " + _("{wind} round").format(wind=f"{WIND_HANZI[wind]} {wind.value}")
        put_in(self.c, note, self.cols.left, top, 60 * mm, h, 6.5)
        self.hline(top - h, weight=0.3)
        return top - h

    def _dealer_of(self, number: int) -> int | None:
        """The dealer a blank sheet can print, when it is known before play: not for a cycle
        whose seats are still to be re-picked, nor past the next hand under classical
        scoring (the view knows no seating there)."""
        cycle = cycle_of(number)
        if (cycle > 1 and not self.view.repicks and self.view.tournament.settings.seat_pick
                is SeatPickMode.PER_CYCLE):
            return None
        seating = self.view.seating(number)
        return seating.dealer_id if seating is not None else None

    def _hand_row(self, top: float, h: float, number: int) -> None:
        c, cols = self.c, self.cols
        row = self.rows_by_number.get(number)
        stopped = self.view.table.stopped_after_hand
        not_played = not self.blank and stopped is not None and number > stopped
        dealer = (row.hand.dealer_id if row is not None
                  else None if not_played else self._dealer_of(number))
        if dealer is not None and dealer in self.column_of:
            self.fill(cols.delta_x(self.column_of[dealer]), top, cols.player_w, h, DEALER_FILL)
        put_in(c, str(number), cols.x["no"], top, cols.w["no"], h, 7.5, "centre", 0.5 * mm)
        put_in_fitted(c, self.name(dealer), cols.x["dealer"], top, cols.w["dealer"], h, 7)
        if row is None:
            if not_played:
                c.setFillColor(MISSING_GREY)
                put_in_lines(c, [_("not played"), _("(time)")], cols.x["result"], top,
                             cols.w["result"], h, 6.5)
                c.setFillGray(0)
            return
        hand = row.hand
        put_in_lines(c, _result_text(hand), cols.x["result"], top, cols.w["result"], h, 7)
        winners = [self.name(win.winner_id) for win in hand.wins]
        self._lines(winners, cols.x["winners"], top, cols.w["winners"], h)
        discarder = self.name(hand.discarder_id)
        responsible = _responsible_text(hand, self.name)
        self._lines([discarder, responsible] if responsible else [discarder],
                    cols.x["discarder"], top, cols.w["discarder"], h)
        self._lines([str(win.value) for win in hand.wins], cols.x["value"], top,
                    cols.w["value"], h, "right")
        rule_set = self.view.tournament.settings.rule_set
        self._lines([pattern_marks(rule_set, win.pattern_ids) for win in hand.wins],
                    cols.x["patterns"], top, cols.w["patterns"], h, size=PATTERNS_SIZE)
        points = (dict(hand.player_points)
                  if get_rule_set(rule_set).settles_every_hand else {})
        for index, (delta, running) in enumerate(zip(row.deltas, row.running)):
            shown = points.get(self.view.players[index].id) if points else None
            if shown is None:
                put_in(c, signed(delta), cols.delta_x(index), top, cols.delta_w, h, 7.5,
                       "right")
            else:  # the points he showed, which the payment comes from (classical)
                put_in_lines(c, [_("{points} pts").format(points=shown), signed(delta)],
                             cols.delta_x(index), top, cols.delta_w, h, 6, "right")
            put_in(c, plain(running), cols.total_x(index), top, cols.player_w - cols.delta_w,
                   h, 8, "right")

    def _lines(self, texts: Sequence[str], x: float, top: float, w: float, h: float,
               align: str = "left", size: float = 7) -> None:
        """Each text (a win's winner, value or patterns; the discarder and who was
        responsible) whole in its share of the cell, wrapped and shrunk as far as that
        share needs (`put_in_fitted`): a line shrunk to its width alone was cut."""
        texts = [t for t in texts if t]
        band = h / max(1, len(texts))
        for index, text in enumerate(texts):
            put_in_fitted(self.c, text, x, top - index * band, w, band, size, align)

    def _totals_row(self, top: float, h: float, label: str, values: Sequence[str] | None,
                    spans: bool = False) -> float:
        c, cols = self.c, self.cols
        self.fill(cols.left, top, cols.players_x - cols.left, h, BAND_FILL)
        put_in(c, label, cols.left, top, cols.players_x - cols.left, h, 8, "right", 2 * mm)
        for index in range(4):
            if spans:
                self.vlines([cols.delta_x(index)], top, top - h)
                if values is not None:
                    put_in(c, values[index], cols.delta_x(index), top, cols.player_w, h, 9.5,
                           "right")
            else:
                self.vlines([cols.delta_x(index), cols.total_x(index)], top, top - h)
                if values is not None:
                    put_in(c, values[index], cols.total_x(index), top,
                           cols.player_w - cols.delta_w, h, 8.5, "right")
        self.vlines([cols.players_x], top, top - h)
        self.hline(top - h, weight=0.6)
        return top - h

    def _penalties(self, top: float, h: float, rows: int) -> float:
        c, cols = self.c, self.cols
        band = 4.2 * mm
        mode = self.view.tournament.settings.penalty_mode
        self.fill(cols.left, top, cols.right - cols.left, band, BAND_FILL)
        heading = (_("Penalties and incidents (points outside the zero-sum check; deducted "
                     "from the offender)") if mode is PenaltyMode.DEDUCT
                   else _("Penalties and incidents (points outside the zero-sum check; shared "
                          "among the other three)"))
        put_in(c, heading, cols.left, top, cols.players_x - cols.left, band, 6.5)
        penalties = [] if self.blank else list(self.view.penalties)
        shared = (mode is not PenaltyMode.DEDUCT
                  or self.view.tournament.settings.false_win_distributed
                  or any(p.mode is PenaltyMode.DISTRIBUTE for p in penalties))
        put_in(c, _("− lost by the offender, + paid to each other player") if shared
               else _("points lost by the offender"), cols.players_x,
               top, cols.right - cols.players_x, band, 6.5, "centre")
        y = top - band
        self.hline(y, weight=0.3)
        split = cols.x["winners"]
        player_x = cols.x["dealer"]
        shown = penalties if len(penalties) <= rows else penalties[:rows - 1]
        flags = set(self.view.resigned_flags)
        for index in range(rows):
            if index < len(shown):
                penalty = shown[index]
                if penalty.hand_number is not None:
                    put_in(c, str(penalty.hand_number), cols.x["no"], y, cols.w["no"], h, 7,
                           "centre", 0.5 * mm)
                put_in(c, self.name(penalty.player_id), player_x, y, split - player_x, h, 7)
                reason = said(REASON_TEXT, penalty.reason)
                if penalty.note:
                    reason = _("{reason}: {note}").format(reason=reason,
                                                          note=clean(penalty.note))
                if (penalty.player_id, penalty.hand_number) in flags:
                    reason = _("{reason}  (over 80 time points: treated as resigned)").format(
                        reason=reason)
                if penalty.mode is not mode:
                    reason += f"  [{said(PENALTY_MODE_TEXT, penalty.mode)}]"
                put_in(c, reason, split, y, cols.players_x - split, h, 7)
                column = self.column_of.get(penalty.player_id)
                if column is not None:
                    put_in(c, f"-{penalty.points}" if penalty.points else "—",
                           cols.delta_x(column), y, cols.player_w, h, 8, "centre")
                    if penalty.mode is PenaltyMode.DISTRIBUTE and penalty.points:
                        # Paid to the other three (an MCR false win: 10 to each): their
                        # share on the row too, or the session totals cannot be added up.
                        share = plain(Fraction(penalty.points, 3))
                        for other in range(4):
                            if other != column:
                                put_in(c, f"+{share}", cols.delta_x(other), y,
                                       cols.player_w, h, 8, "centre")
            elif index == rows - 1 and len(shown) < len(penalties):
                put_in(c, _("… {n} more: see the workbook").format(
                           n=len(penalties) - len(shown)),
                       player_x, y, cols.players_x - player_x, h, 7)
            y -= h
            self.hline(y, weight=0.3)
        self.vlines([player_x, split, cols.players_x,
                     *(cols.delta_x(i) for i in range(1, 4))], top - band, y)
        self.hline(y, weight=0.9)
        return y

    # -- signatures and footer ----------------------------------------------------------

    def _signatures(self, top: float, h: float) -> float:
        c, cols = self.c, self.cols
        box_w = (cols.right - cols.left) / 4
        latest: dict[int, SignatureView] = {}
        if not self.blank:
            for signature in self.view.signatures:
                known = latest.get(signature.signature.player_id)
                if known is None or signature.current or not known.current:
                    latest[signature.signature.player_id] = signature
        c.setLineWidth(0.5)
        for index, player in enumerate(self.view.players):
            x = cols.left + index * box_w
            c.rect(x, top - h, box_w, h, stroke=1, fill=0)
            heading = _("Signature  {seat}  {name}").format(seat=WIND_ORDER[index].value,
                                                            name=clean(player.name))
            if width(heading, 7) <= box_w - 3 * mm:
                put(c, heading, x + 1.5 * mm, top - 3.5 * mm, box_w - 3 * mm, 7)
            else:  # over two lines above the signature before it shrinks, as the boxes above
                put_in_fitted(c, heading, x, top, box_w, 5 * mm, 7, pad=1.5 * mm,
                              listing=False)
            shown = latest.get(player.id)
            if shown is None:
                put(c, _("Time: {time}").format(time="________"), x + 1.5 * mm,
                    top - h + 1.8 * mm, box_w - 3 * mm, 7)
                continue
            if shown.signature.on_paper:
                put(c, _("Signed on paper"), x + 2 * mm, top - h / 2, box_w - 4 * mm, 9,
                    "centre")
                put(c, _("transcribed by {name}").format(
                        name=clean(shown.signature.recorded_by)), x + 2 * mm,
                    top - h / 2 - 4 * mm, box_w - 4 * mm, 7, "centre")
            else:
                self._signature_image(shown, x + 2 * mm, top - h + 5 * mm, box_w - 4 * mm,
                                      h - 10 * mm)
            when = (_("Signed {time}") if shown.current
                    else _("Signed {time} (earlier version)")).format(
                time=local_time(shown.signature.signed_at, with_date=True))
            put(c, when, x + 1.5 * mm, top - h + 1.8 * mm, box_w - 3 * mm, 7)
        y = top - h
        put(c, _("Judge initials for corrections: {initials}      Recorder: {recorder}").format(
                initials="____________", recorder="____________"),
            cols.left, y - 4.5 * mm, cols.right - cols.left, 8)
        return y - 6 * mm

    def _signature_image(self, signature: SignatureView, x: float, y: float, w: float,
                         h: float) -> None:
        try:
            image = ImageReader(io.BytesIO(signature.signature.image_png))
            self.c.drawImage(image, x, y, w, h, preserveAspectRatio=True, anchor="c",
                             mask="auto")
        except Exception:  # noqa: BLE001 - a damaged image must not stop the printout
            self.c.setFillColor(MISSING_GREY)
            put(self.c, _("(signature image unreadable)"), x, y + h / 2, w, 7, "centre")
            self.c.setFillGray(0)

    def _footer(self, hashes: Sequence[str]) -> None:
        """Hashes (or the blank sheet's instructions) on the left, bottom up; the audit
        seal and the page number on the right."""
        c, cols = self.c, self.cols
        room = cols.right - cols.left
        y = MARGIN + 1 * mm
        if self.blank:
            put(c, _("Blank sheet: enter each hand, check the four deltas add up to 0, "
                     "then all four players sign."), cols.left, y, room * 0.75, 7)
        for line in reversed(hashes):
            put(c, line, cols.left, y, room * 0.75, 6.5)
            y += HASH_LINE_H
        if self._notes():
            put(c, self._notes(), cols.left, y, room * 0.75, 7)
        put(c, seal_text(self.report.seal), cols.left + room * 0.75, MARGIN + 4.5 * mm,
            room * 0.25, 7, "right")
        put(c, page_text(self.page, self.pages), cols.left + room * 0.75, MARGIN + 1 * mm,
            room * 0.25, 7, "right")


def _status_text(view: SheetView) -> str:
    """What was signed and whether the sheet is still that, in one sentence."""
    shown = view.signed_hash[:HASH_SHOWN]
    version = signed_version(view)
    now = view.content_hash[:HASH_SHOWN]
    if view.verified is False:
        if shown:
            return _("DOES NOT MATCH SIGNATURES: version {version} was signed with hash "
                     "{signed}; the sheet now hashes to {now}. See tournament-manager "
                     "verify.").format(version=version, signed=shown, now=now)
        return _("DOES NOT MATCH SIGNATURES: no intact signed copy is on record; the sheet "
                 "now hashes to {now}. See tournament-manager verify.").format(now=now)
    if view.verified is None:
        return _("Not signed: no version of this sheet has been signed by its four players.")
    if not view.locked:
        return _("Not signed: version {current} is open for correction (version {version} "
                 "was signed, signed hash {signed}).").format(
            current=view.table.sheet_version, version=version, signed=shown)
    return _("Signatures verified: this is version {version} as its four players signed it "
             "(signed hash {signed}).").format(version=version, signed=shown)


def _result_text(hand: Hand) -> list[str]:
    if hand.result is HandResult.WIN and hand.win_type is not None:
        kind = _(WIN_TYPE_TEXT[hand.win_type])
        if len(hand.wins) > 1:
            return [_("Triple win") if len(hand.wins) == 3 else _("Double win"), kind]
        return [kind]
    return [said(RESULT_TEXT, hand.result)]


def _responsible_text(hand: Hand, name: Callable[[int | None], str]) -> str:
    """"resp. X" when a win's responsible player is not the discarder."""
    if hand.discarder_id is None:
        return ""
    others = [win.responsible_id for win in hand.wins if win.responsible_id != hand.discarder_id]
    if not others:
        return ""
    return _("resp. {players}").format(players=_(", ").join(
        name(p) if p is not None else _("nobody") for p in others))

