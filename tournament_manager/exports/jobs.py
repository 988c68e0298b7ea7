"""The one entry point the CLI, the GUI and the installer's smoke test call.

`export_document` gathers the read models through the services and verifies the record
in the same transaction, lays the document out in memory with what verification found
(the audit seal in every footer, a banner when the file does not verify) and writes the
file in one step (temp file + `os.replace`). Its `ExportResult` hands the verification
report to the caller, which tells the user: an export is still written when the record
does not verify, since the head judge may need exactly that printout to investigate.
`run_export` is the same, returning only the path. Known problems (no such session,
nothing drawn, a target that cannot be written) raise `ExportError`.

Sessions holding only the round's provisional plan are printed only with
`include_provisional`, every page of them marked (see `sources`). The window runs an
export in a worker thread: `cancel` is polled between tables and pages, and a cancelled
export raises `ExportCancelled` before anything is written.

A document speaks the process's language unless it is given another (`language`: the
window's Document Language, `export --language`); the choice holds for that export's
thread only (`words.speaking`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path

from tournament_manager.errors import TournamentError
from tournament_manager.exports import sources
from tournament_manager.exports.atomic import check_target, write_atomic
from tournament_manager.exports.errors import ExportError, ExportProblem
from tournament_manager.languages import DocumentLanguage
from tournament_manager.services.ports import PendingReport, UnitOfWork
from tournament_manager.services.verification import VerificationReport, run_verification
from tournament_manager.words import speaking

__all__ = ["ExportCancelled", "ExportError", "ExportKind", "ExportProblem", "ExportResult",
           "PaperSize", "export_document", "run_export"]

Progress = Callable[[int, int], None]
Report = Callable[[], VerificationReport]
"""The verification report, when the layout needs it (it may still be under way)."""
Layout = Callable[[Report], bytes]
CancelCheck = Callable[[], bool]


class ExportCancelled(TournamentError):
    """The user stopped the export; no file was written."""


class ExportKind(StrEnum):
    SHEETS = "sheets"
    BLANK_SHEETS = "blank-sheets"
    PLAYER_CARDS = "player-cards"
    BLANK_PLAYER_CARDS = "blank-player-cards"
    SEATING = "seating"
    TABLE_CARDS = "table-cards"
    STANDINGS = "standings"
    WORKBOOK = "workbook"


SHEET_KINDS = (ExportKind.SHEETS, ExportKind.BLANK_SHEETS, ExportKind.PLAYER_CARDS,
               ExportKind.BLANK_PLAYER_CARDS)
"""The documents printed from the tables' sheets: the sheets, and the players' cards."""


class PaperSize(StrEnum):
    A4 = "a4"
    LETTER = "letter"


SUFFIX = {kind: ".xlsx" if kind is ExportKind.WORKBOOK else ".pdf" for kind in ExportKind}


@dataclass(frozen=True)
class ExportResult:
    """The file written, and what verifying the record found when it was read."""

    path: Path
    verification: VerificationReport
    """Empty `findings` (`.ok`) when the record is what was signed and what the rules
    give; otherwise the document carries a banner and the caller must say so too
    (`messages.verification.describe_report` words each finding)."""


def export_document(uow: UnitOfWork, kind: ExportKind, out: Path, *,
                    session_number: int | None = None, paper: PaperSize = PaperSize.A4,
                    progress: Progress | None = None, include_provisional: bool = False,
                    cancel: CancelCheck | None = None,
                    language: DocumentLanguage | None = None) -> ExportResult:
    """Write the document `kind` to `out`, verified in the transaction that read it.

    `session_number` None means every session: the sheets or seating of the whole event,
    the standings after everything played. `language` None: the process's language.
    """
    kind, paper, out = ExportKind(kind), PaperSize(paper), Path(out)
    check_target(out)
    watched = _watched(progress, cancel)
    pending: PendingReport | None = None
    try:
        with speaking(language):
            with uow:
                # The workbook needs the report only at its end: verified beside the
                # layout, in another process, on a copy of this transaction's state (where
                # storage can; see `verify_aside`). Otherwise verified first: what it
                # reads is let go before the sheets are gathered, so a large event's
                # export does not hold both at once.
                pending = uow.verify_aside() if kind is ExportKind.WORKBOOK else None
                report = (_awaited(pending, cancel) if pending is not None
                          else _known(run_verification(uow)))
                layout = _gather(uow, kind, session_number, paper, watched,
                                 _watched(None, cancel), include_provisional)
            content = layout(report)
        watched(0, 0)  # a cancel during the last page still writes nothing
        return ExportResult(write_atomic(out, content), report())
    finally:
        if pending is not None:
            pending.close()


def run_export(uow: UnitOfWork, kind: ExportKind, out: Path, *,
               session_number: int | None = None, paper: PaperSize = PaperSize.A4,
               progress: Progress | None = None, include_provisional: bool = False) -> Path:
    """`export_document` for callers that only need the path (the smoke test, benchmarks);
    the document itself still says whether the record verifies."""
    return export_document(uow, kind, out, session_number=session_number, paper=paper,
                           progress=progress, include_provisional=include_provisional).path


def _known(report: VerificationReport) -> Report:
    return lambda: report


def _awaited(pending: PendingReport, cancel: CancelCheck | None) -> Report:
    """The report under way, the export cancelled meanwhile when `cancel` says so."""
    def waiting() -> None:
        if cancel is not None and cancel():
            raise ExportCancelled

    return lambda: pending.result(waiting)


def _watched(progress: Progress | None, cancel: CancelCheck | None) -> Progress:
    """`progress`, which first stops the export when `cancel` says so."""
    def step(done: int, total: int) -> None:
        if cancel is not None and cancel():
            raise ExportCancelled
        if progress is not None and total:
            progress(done, total)
    return step


def _gather(uow: UnitOfWork, kind: ExportKind, session_number: int | None, paper: PaperSize,
            progress: Progress, reading: Progress, include_provisional: bool) -> Layout:
    """Inside the open unit of work: read what `kind` prints; the layout, which takes
    longest, runs after the transaction is closed. `reading` is polled while the sheets
    are read (for a cancel), `progress` while pages are laid out. The PDF and Excel
    writers are imported here, when a document is asked for, not with the window."""
    from tournament_manager.exports.pdf.common import page_size

    if kind in SHEET_KINDS:
        from tournament_manager.exports.pdf.player_cards import render_player_cards
        from tournament_manager.exports.pdf.sheets import render_sheets

        facts, views = sources.sheet_views(uow, session_number, reading,
                                           include_provisional=include_provisional)
        lay_out = (render_sheets if kind in (ExportKind.SHEETS, ExportKind.BLANK_SHEETS)
                   else render_player_cards)
        blank = kind in (ExportKind.BLANK_SHEETS, ExportKind.BLANK_PLAYER_CARDS)
        return lambda report: lay_out(views, facts.rounds, report(), blank=blank,
                                      pagesize=page_size(paper), progress=progress)
    if kind in (ExportKind.SEATING, ExportKind.TABLE_CARDS):
        from tournament_manager.exports.pdf.seating import render_seating, render_table_cards

        facts, seatings = sources.seatings(uow, session_number,
                                           include_provisional=include_provisional)
        render = render_seating if kind is ExportKind.SEATING else render_table_cards
        return lambda report: render(facts, seatings, report(), paper.value, progress=progress)
    if kind is ExportKind.STANDINGS:
        from tournament_manager.exports.pdf.standings import render_standings

        facts, table = sources.ranked(uow, session_number)
        return lambda report: render_standings(facts, table, report(), paper.value,
                                               progress=progress)
    from tournament_manager.exports.workbook import render_workbook

    data = sources.workbook_data(uow, session_number, include_provisional=include_provisional)
    return lambda report: render_workbook(data, report, progress=progress)
