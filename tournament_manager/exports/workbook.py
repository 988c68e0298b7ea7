"""The tournament as an Excel workbook: Standings, one sheet per session, Tables, Players,
Penalties, Corrections and Verification.

Cells hold computed values from the read models (never formulas: openpyxl cannot compute
them and a reader with `data_only` would see nothing). Headers are frozen, columns sized
from their contents (wide East Asian characters count two), numbers formatted.
"""

from __future__ import annotations

import io
import re
from collections.abc import Callable, Iterable, Sequence
from fractions import Fraction
from typing import Any

from openpyxl import Workbook  # type: ignore[import-untyped]
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
    REASON_TEXT,
    RESULT_TEXT,
    WIN_TYPE_TEXT,
    WIND_NAMES,
    clean,
    display_width,
    field_text,
    local_naive,
    seal_text,
    signature_status,
)
from tournament_manager.messages.verification import describe_finding, summary
from tournament_manager.services.standings import Standings
from tournament_manager.services.verification import VerificationReport
from tournament_manager.services.views import WIND_ORDER, SheetView

Progress = Callable[[int, int], None]

POINTS = "+#,##0;-#,##0;0"
TOTAL = "#,##0.##;-#,##0.##;0"
SCORE = "0.00"
MOMENT = "yyyy-mm-dd hh:mm:ss"
_ALARM_FONT = Font(bold=True, color="BF0D0D")
_TITLE_FORBIDDEN = re.compile(r"[:\\/?*\[\]]")
_WHITESPACE = re.compile(r"[\t\r\n]+")
_HEADER_FONT = Font(bold=True)
_HEADER_FILL = PatternFill("solid", fgColor="DDDDDD")
PROVISIONAL_SHEET = "provisional plan"


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
    if isinstance(value, str):
        return clean(value)
    if isinstance(value, Fraction):
        return int(value) if value.denominator == 1 else float(value)
    return value


def _as_text(cells: Sequence[Any]) -> None:
    """Text stays text: openpyxl stores a string starting with "=" as a live formula, so
    an imported name like =HYPERLINK(...) would run when the organiser opens the workbook
    (OWASP "CSV injection"). Every string cell is written as a string, whatever it starts
    with, and reads back as the original text."""
    for cell in cells:
        if isinstance(cell.value, str):
            cell.data_type = "s"


class _Sheet:
    """Rows appended under a bold frozen header, with column formats and widths."""

    def __init__(self, book: Any, title: str, headings: Sequence[str],
                 formats: dict[int, str] | None = None) -> None:
        self.ws = book.create_sheet(sheet_title(title, book.sheetnames))
        self.formats = formats or {}
        self.widths = [display_width(h) for h in headings]
        self.ws.append(list(headings))
        for cell in self.ws[1]:
            cell.font = _HEADER_FONT
            cell.fill = _HEADER_FILL
            cell.alignment = Alignment(vertical="center")
        self.ws.freeze_panes = "A2"
        self.ws.print_title_rows = "1:1"
        self.ws.page_setup.orientation = "landscape"
        self.ws.sheet_properties.pageSetUpPr.fitToPage = True
        self.ws.page_setup.fitToWidth = 1
        self.ws.page_setup.fitToHeight = 0

    def append(self, values: Sequence[object]) -> None:
        row = [_cell(v) for v in values]
        self.ws.append(row)
        _as_text(self.ws[self.ws.max_row])
        for index, value in enumerate(row):
            if value is not None:
                text = value if isinstance(value, str) else f"{value:.2f}" if isinstance(
                    value, float) else str(value)
                self.widths[index] = max(self.widths[index], display_width(text))

    def finish(self) -> None:
        for column, fmt in self.formats.items():
            for (cell,) in self.ws.iter_rows(min_row=2, min_col=column + 1,
                                             max_col=column + 1):
                cell.number_format = fmt
        for index, chars in enumerate(self.widths, start=1):
            self.ws.column_dimensions[get_column_letter(index)].width = min(60, max(6, chars + 2))
        if self.ws.max_row > 1:
            self.ws.auto_filter.ref = self.ws.dimensions


def render_workbook(data: sources.WorkbookData, report: VerificationReport, *,
                    progress: Progress | None = None) -> bytes:
    facts, views, table = data.facts, data.views, data.standings
    book = Workbook()
    book.remove(book.active)
    book.properties.title = clean(facts.tournament.name)
    book.properties.creator = "Tournament Manager"
    book.properties.description = (f"{summary(report)}" if report.ok
                                   else f"{NOT_VERIFIED_BANNER}. {summary(report)}")
    steps, done = 6 + len(facts.sessions), 0

    def step() -> None:
        nonlocal done
        done += 1
        if progress is not None:
            progress(done, steps)

    _standings_sheet(book, table)
    step()
    for session in facts.sessions:
        _session_sheet(book, session.number, sources.session_of(views, session))
        step()
    _tables_sheet(book, views)
    step()
    _players_sheet(book, facts.players)
    step()
    _penalties_sheet(book, views, {p.id: p for p in facts.players})
    step()
    _corrections_sheet(book, views)
    step()
    _verification_sheet(book, report)
    step()
    _mark_printouts(book, report)
    buffer = io.BytesIO()
    book.save(buffer)
    return buffer.getvalue()


def _standings_sheet(book: Any, table: Standings) -> None:
    sessions = session_columns(table)
    headings = ["Rank", "Registration ID", "Name", "Native name", "Country", "Round",
                "Carried", *(f"Session {n}" for n in sessions), "Score", "Raw total",
                "Status"]
    score_columns = {6, *range(7, 7 + len(sessions)), 7 + len(sessions)}
    formats = {column: SCORE for column in score_columns}
    formats[8 + len(sessions)] = TOTAL
    sheet = _Sheet(book, "Standings", headings, formats)
    for row in table.rows:
        by_session = {s.session_number: s.converted for s in row.sessions}
        sheet.append([row.rank, row.player.registration_id, row.player.name,
                      row.player.native_name, row.player.country, row.round_number,
                      row.carried, *(by_session.get(n) for n in sessions),
                      row.converted_total, row.raw_total, WITHDRAWN if row.withdrawn else ""])
    sheet.finish()
    sheet.ws.oddHeader.center.text = clean(f"{standings_title(table)}: {field_text(table)}")


def _mark_printouts(book: Any, report: VerificationReport) -> None:
    """Every printed worksheet carries the audit seal in its footer and, when the file did
    not verify, the banner in its header, as the PDFs do."""
    for ws in book.worksheets:
        ws.oddFooter.left.text = seal_text(report.seal)
        ws.oddFooter.right.text = "Page &P of &N"
        if not report.ok:
            ws.oddHeader.left.text = NOT_VERIFIED_BANNER
            ws.oddHeader.left.color = "BF0D0D"


def _names(view: SheetView) -> dict[int, Player]:
    names = {p.id: p for p in view.players}
    for _, repicked in view.repicks:
        names.update({p.id: p for p in repicked})
    return names


def _hand_cells(hand: Hand, names: dict[int, Player]) -> list[object]:
    def name(player_id: int | None) -> str:
        return names[player_id].name if player_id in names else ""

    return [
        name(hand.dealer_id),
        RESULT_TEXT.get(hand.result, hand.result.value),
        WIN_TYPE_TEXT[hand.win_type] if hand.win_type is not None else "",
        "; ".join(name(w.winner_id) for w in hand.wins),
        "; ".join(str(w.value) for w in hand.wins) if len(hand.wins) > 1
        else (hand.wins[0].value if hand.wins else None),
        name(hand.discarder_id),
        "; ".join(name(w.responsible_id) if w.responsible_id is not None else "nobody"
                  for w in hand.wins if w.responsible_id != hand.discarder_id)
        if hand.discarder_id is not None else "",
        "; ".join(" ".join(w.pattern_ids) for w in hand.wins if w.pattern_ids),
    ]


def _session_sheet(book: Any, number: int, views: Sequence[SheetView]) -> None:
    seats = [w.value for w in WIND_ORDER]
    headings = ["Table", "Hand", "Cycle", "Dealer", "Result", "Win type", "Winner(s)",
                "Value", "Discarder", "Responsible (if not discarder)", "Patterns",
                *(f"Player {s}" for s in seats), *(f"± {s}" for s in seats),
                *(f"Total {s}" for s in seats)]
    formats = {11 + 4 + i: POINTS for i in range(4)}
    formats.update({11 + 8 + i: TOTAL for i in range(4)})
    sheet = _Sheet(book, f"Session {number}", headings, formats)
    for view in views:
        names = _names(view)
        players = [p.name for p in view.players]
        for row in view.rows:
            sheet.append([view.table.number, row.hand.number, row.cycle,
                          *_hand_cells(row.hand, names), *players, *row.deltas, *row.running])
    sheet.ws.freeze_panes = "C2"
    sheet.finish()


def _tables_sheet(book: Any, views: Sequence[SheetView]) -> None:
    headings = ["Session", "Table", "Seat", "Wind", "Registration ID", "Player",
                "Hand total", "Raw total", "Score", "Sheet", "Version", "Corrected",
                "Signatures", "Signed hash", "Content hash"]
    sheet = _Sheet(book, "Tables", headings, {6: TOTAL, 7: TOTAL, 8: SCORE})
    for view in views:
        corrected = ", ".join(f"v{c.version}" for c in view.corrections)
        for index, player in enumerate(view.players):
            wind = WIND_ORDER[index]
            sheet.append([view.session.number, view.table.number, wind.value,
                          WIND_NAMES[wind], player.registration_id, player.name,
                          view.hand_totals[index], view.raw_totals[index],
                          view.converted[index], _sheet_state(view), view.table.sheet_version,
                          corrected, signature_status(view), view.signed_hash,
                          view.content_hash])
            if view.verified is False:
                sheet.ws.cell(sheet.ws.max_row, 13).font = _ALARM_FONT
    sheet.finish()


def _sheet_state(view: SheetView) -> str:
    """"locked", "open", or "provisional plan" for a table of a session not drawn yet
    (only there when the export was asked to include plans)."""
    if is_provisional(view.session):
        return PROVISIONAL_SHEET
    return "locked" if view.locked else "open"


def _players_sheet(book: Any, players: Sequence[Player]) -> None:
    headings = ["Player no.", "Registration ID", "Name", "Native name", "Country", "Club",
                "Team", "Kind", "Status"]
    sheet = _Sheet(book, "Players", headings)
    for p in players:
        sheet.append([p.id, p.registration_id, p.name, p.native_name, p.country, p.club,
                      p.team, p.kind.value, p.status.value])
    sheet.finish()


def _penalties_sheet(book: Any, views: Sequence[SheetView], players: dict[int, Player]
                     ) -> None:
    headings = ["Session", "Table", "Hand", "Registration ID", "Player", "Reason", "Points",
                "Mode", "Note"]
    sheet = _Sheet(book, "Penalties", headings)
    for view in views:
        for penalty in view.penalties:
            player = players.get(penalty.player_id)
            sheet.append([view.session.number, view.table.number, penalty.hand_number,
                          player.registration_id if player else "",
                          player.name if player else f"#{penalty.player_id}",
                          REASON_TEXT.get(penalty.reason, penalty.reason.value),
                          penalty.points, penalty.mode.value, penalty.note])
    sheet.finish()


def _corrections_sheet(book: Any, views: Sequence[SheetView]) -> None:
    """Every correction of a signed sheet: which, why, when and by whom. "Opened at" is
    the local time the printed sheets show; the UTC column is the moment as recorded."""
    headings = ["Session", "Table", "Version", "Reason", "Opened at", "Head judge",
                "Opened at (UTC)"]
    sheet = _Sheet(book, "Corrections", headings, {4: MOMENT})
    for view in views:
        for correction in view.corrections:
            sheet.append([view.session.number, view.table.number, correction.version,
                          correction.reason, local_naive(correction.opened_at),
                          correction.head_judge, correction.opened_at.isoformat()])
    sheet.finish()


def _verification_sheet(book: Any, report: VerificationReport) -> None:
    """What verifying the file found when this workbook was written: the audit seal that
    pins the history, the summary, then one row per finding."""
    headings = ["What", "Session", "Table", "Hand", "Detail", "Code"]
    sheet = _Sheet(book, "Verification", headings)
    sheet.append(["Audit seal", None, None, None, report.seal, None])
    sheet.append(["Summary", None, None, None, summary(report), None])
    if not report.ok:
        sheet.ws.cell(sheet.ws.max_row, 5).font = _ALARM_FONT
    for finding in report.findings:
        sheet.append(["Finding", finding.session, finding.table, finding.hand,
                      describe_finding(finding), finding.kind.value])
    sheet.finish()
