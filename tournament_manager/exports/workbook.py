"""The tournament as an Excel workbook: Standings, one sheet per session, Tables, Players,
Penalties, Corrections and Verification.

Cells hold computed values from the read models (never formulas: openpyxl cannot compute
them and a reader with `data_only` would see nothing). Headers are frozen, columns sized
from their contents (wide East Asian characters count two), numbers formatted. Sheet
names, headings and the words in cells are in the process's language; data, codes and
hashes as they are.
"""

from __future__ import annotations

import functools
import io
import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from fractions import Fraction
from typing import Any

from openpyxl import Workbook  # type: ignore[import-untyped]
from openpyxl.cell import WriteOnlyCell  # type: ignore[import-untyped]
from openpyxl.cell.cell import ERROR_CODES, Cell  # type: ignore[import-untyped]
from openpyxl.styles import Alignment, Font, PatternFill  # type: ignore[import-untyped]
from openpyxl.utils import get_column_letter  # type: ignore[import-untyped]

from tournament_manager.domain.model import Hand, Player
from tournament_manager.exports import sources
from tournament_manager.exports.pdf.standings import (
    WITHDRAWN,
    session_columns,
    standings_title,
)
from tournament_manager.exports.sources import is_provisional
from tournament_manager.exports.text import (
    NOT_VERIFIED_BANNER,
    PENALTY_MODE_TEXT,
    PLAYER_KIND_TEXT,
    PLAYER_STATUS_TEXT,
    REASON_TEXT,
    RESULT_TEXT,
    WIN_TYPE_TEXT,
    clean,
    field_text,
    late_entry_text,
    local_naive,
    page_text,
    said,
    seal_text,
    signature_status,
    wind_name,
)
from tournament_manager.messages.patterns import wins_pattern_marks
from tournament_manager.messages.verification import describe_finding, summary
from tournament_manager.rules.registry import get_rule_set
from tournament_manager.services.standings import Standings, StandingsRow
from tournament_manager.services.verification import VerificationReport
from tournament_manager.services.views import WIND_ORDER, SheetView
from tournament_manager.text_width import display_width
from tournament_manager.words import N_, _

Progress = Callable[[int, int], None]

POINTS = "+#,##0;-#,##0;0"
TOTAL = "#,##0.##;-#,##0.##;0"
"""A total that may hold a fraction (a share of a carry, of a split penalty): written per
cell as WHOLE or FRACTION (`_total_format`), since "#,##0.##" shows 955 as "955."."""
WHOLE = "#,##0;-#,##0;0"
FRACTION = "#,##0.00;-#,##0.00;0"


def _total_format(value: object) -> str:
    whole = isinstance(value, int) or (isinstance(value, (float, Fraction))
                                       and value == int(value))
    return WHOLE if whole else FRACTION
SCORE = "0.00"
MOMENT = "yyyy-mm-dd hh:mm:ss"
_ALARM_FONT = Font(bold=True, color="BF0D0D")
_TITLE_FORBIDDEN = re.compile(r"[:\\/?*\[\]]")
_WHITESPACE = re.compile(r"[\t\r\n]+")
_HEADER_FONT = Font(bold=True)
_HEADER_FILL = PatternFill("solid", fgColor="DDDDDD")
_HEADER_ALIGNMENT = Alignment(vertical="center")
PROVISIONAL_SHEET = N_("provisional plan")


def sheet_title(text: str, taken: Iterable[str] = ()) -> str:
    """A valid, unused worksheet title: no `: \\ / ? * [ ]`, no control characters, at
    most 31 characters, not starting or ending with an apostrophe."""
    base = _TITLE_FORBIDDEN.sub("_", clean(_WHITESPACE.sub(" ", text))).strip().strip("'")
    base = base or "Sheet"
    base = base[:31]
    used = {t.casefold() for t in taken}
    title, counter = base, 2
    while title.casefold() in used:
        suffix = f" ({counter})"
        title = base[:31 - len(suffix)] + suffix
        counter += 1
    return title


def _cell(value: object) -> object:
    """A value as the sheet holds it; empty text is no cell at all (openpyxl would write an
    empty one: a fifteenth of a whole event's cells, and reading back gives None alike)."""
    if isinstance(value, str):
        return clean(value) or None
    if isinstance(value, Fraction):
        return int(value) if value.denominator == 1 else float(value)
    return value


def _seal(ws: Any, report: VerificationReport) -> None:
    """The audit seal in a written sheet's footer and, when the file did not verify, the
    banner in its header, as the PDFs have them. A write-only sheet writes its header and
    footer when the book is saved, so this may come after its rows (and after the
    verification running beside them has ended)."""
    ws.oddFooter.left.text = seal_text(report.seal)
    ws.oddFooter.right.text = page_text("&P", "&N")
    if not report.ok:
        ws.oddHeader.left.text = _(NOT_VERIFIED_BANNER)
        ws.oddHeader.left.color = "BF0D0D"


def _values_to_row(ws: Any, values: Sequence[Any], row_idx: int) -> Iterator[Any]:
    """openpyxl 3.1's `WriteOnlyWorksheet._values_to_row` for the rows `_Sheet` writes
    (no hyperlinks), without its way of telling a cell from a value: it first binds the
    cell as a value, which raises (and words the error, the cell's coordinate included),
    then makes a fresh cell for the next value. A third of a whole event's values (every
    number with a format) went that way, at the cost of two plain values each. The same
    cells, in the same order, reach the writer."""
    cell = WriteOnlyCell(ws)
    for col_idx, value in enumerate(values, 1):
        if value is None:
            continue
        if type(value) is Cell:
            value.column, value.row = col_idx, row_idx
            yield value
            continue
        cell.value = value
        cell.column, cell.row = col_idx, row_idx
        yield cell
        if cell.has_style:  # a date given a format of its own: the next value gets none
            cell = WriteOnlyCell(ws)


class _Text(str):
    """Text that openpyxl would take for something else (a formula, an error code): written
    through a cell marked as text. Rare; every other text is a plain value."""


def _measured(value: object) -> tuple[object, int]:
    """What `_cell` makes of a value, and how many columns it takes (0 for no cell)."""
    value = _cell(value)
    if value is None:
        return None, 0
    if isinstance(value, str):
        if value.startswith("=") or value in ERROR_CODES:
            value = _Text(value)
        return value, display_width(value)
    return value, display_width(f"{value:.2f}" if isinstance(value, float) else str(value))


class _Sheet:
    """Rows under a bold frozen header, with column formats and widths, written in
    openpyxl's write-only mode.

    A whole event (1,000 players × 10 sessions: 40,000 hand rows) in the ordinary mode
    keeps a Cell object per value and took 30 s and 460 MB; write-only streams each row
    to the file once. What that mode needs first (the column widths, measured from the
    contents) is known only after the last row, so the rows are gathered as plain values
    and streamed by `write`.

    Those are a million values: each costs openpyxl a few microseconds whatever we do, so
    ours is kept to the least. A text or a number met before (names, results, points
    recur on every row) is cleaned and measured once; a plain value is handed to openpyxl
    as it is, and a column with a number format has one styled cell that each row's value
    passes through (openpyxl writes a cell as soon as it is given, so one per column
    serves every row).

    Text stays text: openpyxl stores a string starting with "=" as a live formula, so an
    imported name like =HYPERLINK(...) would run when the organiser opens the workbook
    (OWASP "CSV injection"). Every string cell is written as a string, whatever it starts
    with, and reads back as the original text."""

    def __init__(self, title: str, headings: Sequence[str],
                 formats: dict[int, str] | None = None) -> None:
        self.title = title
        self.formats = formats or {}
        self.headings = list(headings)
        self.widths = [display_width(h) for h in headings]
        self.rows: list[list[object]] = []
        self.alarms: set[tuple[int, int]] = set()
        """(row index among `rows`, column index) of cells shown in the alarm font."""
        self.freeze = "A2"
        self.header_center = ""
        self._ws: Any = None
        """The write-only worksheet, while `write` streams into it."""
        self._known: dict[tuple[type, object], tuple[object, int]] = {}
        """`_measured` of the texts and whole numbers met so far."""
        self._special: set[int] = set()
        """Rows (index among `rows`) holding a `_Text` or a cell in the alarm font."""

    def append(self, values: Sequence[object]) -> None:
        known, widths = self._known, self.widths
        row: list[object] = []
        for index, value in enumerate(values):
            kind = type(value)
            if value is None:
                row.append(None)
                continue
            if kind is str or kind is int:
                measured = known.get((kind, value))
                if measured is None:
                    measured = known[kind, value] = _measured(value)
            else:
                measured = _measured(value)
            row.append(measured[0])
            widths[index] = max(widths[index], measured[1])
            if type(measured[0]) is _Text:
                self._special.add(len(self.rows))
        self.rows.append(row)

    def alarm_last(self, column: int) -> None:
        """Show the last appended row's cell at `column` (0-based) in the alarm font."""
        self.alarms.add((len(self.rows) - 1, column))
        self._special.add(len(self.rows) - 1)

    def write(self, book: Any) -> Any:
        """Stream the sheet into a write-only `book`; the worksheet, for `_seal`. The rows
        are let go as they are written."""
        ws = self._ws = book.create_sheet(sheet_title(self.title, book.sheetnames))
        ws._values_to_row = functools.partial(_values_to_row, ws)
        ws.freeze_panes = self.freeze
        ws.print_title_rows = "1:1"
        ws.page_setup.orientation = "landscape"
        ws.sheet_properties.pageSetUpPr.fitToPage = True
        ws.page_setup.fitToWidth = 1
        ws.page_setup.fitToHeight = 0
        for index, chars in enumerate(self.widths, start=1):
            ws.column_dimensions[get_column_letter(index)].width = min(60, max(6, chars + 2))
        if self.rows:
            ws.auto_filter.ref = (f"A1:{get_column_letter(len(self.headings))}"
                                  f"{len(self.rows) + 1}")
        ws.append([self._header(text) for text in self.headings])
        formatted = sorted(self.formats)
        styled: dict[tuple[int, str], Any] = {}
        """The styled cell of each column with a number format, made at its first value (a
        format no cell uses is not in the file)."""
        special = self._special
        rows, self.rows = self.rows, []
        for number, row in enumerate(rows):
            if number in special:
                row = [self._written(number, column, value)
                       for column, value in enumerate(row)]
            else:
                for column in formatted:
                    value = row[column]
                    if value is not None:
                        fmt = self.formats[column]
                        if fmt == TOTAL and not isinstance(value, str):
                            fmt = _total_format(value)
                        cell = styled.get((column, fmt))
                        if cell is None:
                            cell = styled[(column, fmt)] = WriteOnlyCell(ws)
                            cell.number_format = fmt
                        cell.value = value
                        if isinstance(value, str):
                            cell.data_type = "s"
                        row[column] = cell
            ws.append(row)
        if self.header_center:
            ws.oddHeader.center.text = self.header_center
        self._ws = None
        return ws

    def _header(self, text: str) -> Any:
        cell = WriteOnlyCell(self._ws, value=text)
        cell.font, cell.fill = _HEADER_FONT, _HEADER_FILL
        cell.alignment = _HEADER_ALIGNMENT
        cell.data_type = "s"
        return cell

    def _written(self, number: int, column: int, value: object) -> Any:
        """A value of a row holding a `_Text` or a cell in the alarm font, as written."""
        fmt = self.formats.get(column)
        alarm = (number, column) in self.alarms
        if value is None or not (fmt or alarm or isinstance(value, _Text)):
            return value  # a plain value: openpyxl writes a string as text by itself
        cell = WriteOnlyCell(self._ws, value=value)
        if isinstance(value, str):
            cell.data_type = "s"
        if fmt == TOTAL and not isinstance(value, str):
            fmt = _total_format(value)
        if fmt:
            cell.number_format = fmt
        if alarm:
            cell.font = _ALARM_FONT
        return cell


def render_workbook(data: sources.WorkbookData,
                    report: VerificationReport | Callable[[], VerificationReport], *,
                    progress: Progress | None = None) -> bytes:
    """The workbook's bytes. `report` may be a call that waits for it: the sheets of the
    event are written first, and it is asked for only then (for the footers, the banner,
    the properties and the Verification sheet), so a verification under way elsewhere
    runs beside them."""
    facts, views, table = data.facts, data.views, data.standings
    book = Workbook(write_only=True)
    book.properties.title = clean(facts.tournament.name)
    book.properties.creator = "Tournament Manager"
    steps, done = 6 + len(facts.sessions), 0

    def step() -> None:
        nonlocal done
        done += 1
        if progress is not None:
            progress(done, steps)

    builders: list[Callable[[], _Sheet]] = [
        lambda: _standings_sheet(table),
        *(functools.partial(_session_sheet, session.number,
                            sources.session_of(views, session)) for session in facts.sessions),
        lambda: _tables_sheet(views),
        lambda: _players_sheet(facts.players),
        lambda: _penalties_sheet(views, {p.id: p for p in facts.players}),
        lambda: _corrections_sheet(views),
    ]
    try:
        written = []
        for build in builders:  # each sheet streamed, then let go
            written.append(build().write(book))
            step()
        known = report if isinstance(report, VerificationReport) else report()
        book.properties.description = (
            f"{summary(known)}" if known.ok
            else _("{banner}. {summary}").format(banner=_(NOT_VERIFIED_BANNER),
                                                 summary=summary(known)))
        written.append(_verification_sheet(known).write(book))
        step()
        for ws in written:
            _seal(ws, known)
    except BaseException:
        # A cancelled export: saving somewhere lets openpyxl close and remove the
        # temporary files its write-only sheets stream into.
        book.save(io.BytesIO())
        raise
    buffer = io.BytesIO()
    book.save(buffer)
    return buffer.getvalue()


def _standings_sheet(table: Standings) -> _Sheet:
    sessions = session_columns(table)
    headings = [_("Rank"), _("Registration ID"), _("Name"), _("Native name"), _("Country"),
                _("Round"), _("Carried"), *(_("Session {session}").format(session=n)
                                            for n in sessions),
                _("Score"), _("Raw total"), _("Status"), _("Byes")]
    score_columns = {6, *range(7, 7 + len(sessions)), 7 + len(sessions)}
    formats = {column: SCORE for column in score_columns}
    formats[8 + len(sessions)] = TOTAL
    sheet = _Sheet(_("Standings"), headings, formats)
    last_round = max((row.round_number for row in table.rows), default=1)
    for row in table.rows:
        by_session = {s.session_number: s.converted for s in row.sessions}
        sheet.append([row.rank, row.player.registration_id, row.player.name,
                      row.player.native_name, row.player.country, row.round_number,
                      row.carried, *(by_session.get(n) for n in sessions),
                      row.converted_total, row.raw_total, _status(row, last_round),
                      _byes(row)])
    sheet.header_center = clean(_("{title}: {field}").format(title=standings_title(table),
                                                             field=field_text(table)))
    return sheet


def _status(row: StandingsRow, last_round: int) -> str:
    """Withdrawn, cut (his last round is not the event's last), placed by the recorded
    draw (the PDF's "5†"), entered late: the Rank column stays a number to sort by. A
    player cut after round 1 showed an empty status beside the finalists."""
    if row.withdrawn:
        return _(WITHDRAWN)
    said = []
    if row.round_number < last_round:
        said.append(_("cut after round {round}").format(round=row.round_number))
    if row.placed_by_draw:
        said.append(_("placed by the recorded draw"))
    if row.player.entered_after is not None:
        said.append(late_entry_text(row.player))
    return _("; ").join(said)


def _byes(row: StandingsRow) -> str:
    """The sessions a player sat out, scored as byes ("S1, S3"): the window and the PDFs
    say "(bye)" beside the score, and a bye's 0 was a played 0 in the workbook."""
    return _(", ").join(_("S{session}").format(session=score.session_number)
                        for score in row.sessions if score.table_number is None)


def _names(view: SheetView) -> dict[int, Player]:
    names = {p.id: p for p in view.players}
    for _cycle, repicked in view.repicks:
        names.update({p.id: p for p in repicked})
    return names


def _hand_cells(hand: Hand, names: dict[int, Player], rule_set_id: str) -> list[object]:
    def name(player_id: int | None) -> str:
        return names[player_id].name if player_id in names else ""

    return [
        name(hand.dealer_id),
        said(RESULT_TEXT, hand.result),
        _(WIN_TYPE_TEXT[hand.win_type]) if hand.win_type is not None else "",
        "; ".join(name(w.winner_id) for w in hand.wins),
        "; ".join(str(w.value) for w in hand.wins) if len(hand.wins) > 1
        else (hand.wins[0].value if hand.wins else None),
        name(hand.discarder_id),
        "; ".join(name(w.responsible_id) if w.responsible_id is not None else _("nobody")
                  for w in hand.wins if w.responsible_id != hand.discarder_id)
        if hand.discarder_id is not None else "",
        wins_pattern_marks(rule_set_id, (w.pattern_ids for w in hand.wins)),
    ]


def _session_sheet(number: int, views: Sequence[SheetView]) -> _Sheet:
    seats = [w.value for w in WIND_ORDER]
    headings = [_("Table"), _("Hand"), _("Cycle"), _("Dealer"), _("Result"), _("Win type"),
                _("Winner(s)"), _("Value"), _("Discarder"), _("Responsible (if not discarder)"),
                _("Patterns"), *(_("Player {seat}").format(seat=s) for s in seats),
                *(f"± {s}" for s in seats), *(_("Total {seat}").format(seat=s) for s in seats)]
    formats = {11 + 4 + i: POINTS for i in range(4)}
    formats.update({11 + 8 + i: TOTAL for i in range(4)})
    # Where every player's hand is scored (classical), the points each one showed are what
    # the payments come from: without them no ± on the sheet could be checked.
    every_hand = any(get_rule_set(v.tournament.settings.rule_set).settles_every_hand
                     for v in views)
    if every_hand:
        headings += [_("Hand points {seat}").format(seat=s) for s in seats]
    sheet = _Sheet(_("Session {session}").format(session=number), headings, formats)
    for view in views:
        names = _names(view)
        players = [p.name for p in view.players]
        for row in view.rows:
            points = dict(row.hand.player_points)
            shown = ([points.get(p.id) for p in view.players] if every_hand else [])
            sheet.append([view.table.number, row.hand.number, row.cycle,
                          *_hand_cells(row.hand, names, view.tournament.settings.rule_set),
                          *players, *row.deltas, *row.running, *shown])
    sheet.freeze = "C2"
    return sheet


def _tables_sheet(views: Sequence[SheetView]) -> _Sheet:
    headings = [_("Session"), _("Table"), _("Seat"), _("Wind"), _("Registration ID"),
                _("Player"), _("Hand total"), _("Raw total"), _("Score"), _("Sheet"),
                _("Version"), _("Corrected"), _("Signatures"), _("Signed hash"),
                _("Content hash")]
    sheet = _Sheet(_("Tables"), headings, {6: TOTAL, 7: TOTAL, 8: SCORE})
    for view in views:
        corrected = ", ".join(f"v{c.version}" for c in view.corrections)
        for index, player in enumerate(view.players):
            wind = WIND_ORDER[index]
            sheet.append([view.session.number, view.table.number, wind.value,
                          wind_name(wind), player.registration_id, player.name,
                          view.hand_totals[index], view.raw_totals[index],
                          view.converted[index], _sheet_state(view), view.table.sheet_version,
                          corrected, signature_status(view), view.signed_hash,
                          view.content_hash])
            if view.verified is False:
                sheet.alarm_last(12)
    return sheet


def _sheet_state(view: SheetView) -> str:
    """"locked", "open", or "provisional plan" for a table of a session not drawn yet
    (only there when the export was asked to include plans)."""
    if is_provisional(view.session):
        return _(PROVISIONAL_SHEET)
    return _("locked") if view.locked else _("open")


def _players_sheet(players: Sequence[Player]) -> _Sheet:
    headings = [_("Player no."), _("Registration ID"), _("Name"), _("Native name"),
                _("Country"), _("Club"), _("Team"), _("Kind"), _("Status")]
    sheet = _Sheet(_("Players"), headings)
    for p in players:
        sheet.append([p.id, p.registration_id, p.name, p.native_name, p.country, p.club,
                      p.team, said(PLAYER_KIND_TEXT, p.kind),
                      said(PLAYER_STATUS_TEXT, p.status)])
    return sheet


def _penalties_sheet(views: Sequence[SheetView], players: dict[int, Player]
                     ) -> _Sheet:
    """Points as the offender's loss, with its minus sign, as the window and the printed
    sheet show them (an incident recorded without points leaves the cell empty), so the
    column sums to what the penalties took off the players."""
    headings = [_("Session"), _("Table"), _("Hand"), _("Registration ID"), _("Player"),
                _("Reason"), _("Points"), _("Mode"), _("Note")]
    sheet = _Sheet(_("Penalties"), headings)
    for view in views:
        for penalty in view.penalties:
            player = players.get(penalty.player_id)
            sheet.append([view.session.number, view.table.number, penalty.hand_number,
                          player.registration_id if player else "",
                          player.name if player else f"#{penalty.player_id}",
                          said(REASON_TEXT, penalty.reason),
                          -penalty.points if penalty.points else None,
                          said(PENALTY_MODE_TEXT, penalty.mode), penalty.note])
    return sheet


def _corrections_sheet(views: Sequence[SheetView]) -> _Sheet:
    """Every correction of a signed sheet: which, why, when and by whom. "Opened at" is
    the local time the printed sheets show; the UTC column is the moment as recorded."""
    headings = [_("Session"), _("Table"), _("Version"), _("Reason"), _("Opened at"),
                _("Head judge"), _("Opened at (UTC)")]
    sheet = _Sheet(_("Corrections"), headings, {4: MOMENT})
    for view in views:
        for correction in view.corrections:
            sheet.append([view.session.number, view.table.number, correction.version,
                          correction.reason, local_naive(correction.opened_at),
                          correction.head_judge, correction.opened_at.isoformat()])
    return sheet


def _verification_sheet(report: VerificationReport) -> _Sheet:
    """What verifying the file found when this workbook was written: the audit seal that
    pins the history, the summary, then one row per finding."""
    headings = [_("What"), _("Session"), _("Table"), _("Hand"), _("Detail"), _("Code")]
    sheet = _Sheet(_("Verification"), headings)
    sheet.append([_("Audit seal"), None, None, None, report.seal, None])
    sheet.append([_("Summary"), None, None, None, summary(report), None])
    if not report.ok:
        sheet.alarm_last(4)
    for finding in report.findings:
        sheet.append([_("Finding"), finding.session, finding.table, finding.hand,
                      describe_finding(finding), finding.kind.value])
    return sheet
