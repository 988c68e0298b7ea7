"""The one entry point the CLI, the GUI and the installer's smoke test call.

`run_export` gathers the read models through the services, lays them out in memory and
writes the file in one step (temp file + `os.replace`). Known problems (no such session,
nothing drawn, a target that cannot be written) raise `ExportError`.
"""

from __future__ import annotations

from collections.abc import Callable
from enum import StrEnum
from pathlib import Path

from tournament_manager.exports import sources
from tournament_manager.exports.atomic import check_target, write_atomic
from tournament_manager.exports.errors import ExportError, ExportProblem
from tournament_manager.exports.pdf.common import page_size
from tournament_manager.services.ports import UnitOfWork

__all__ = ["ExportError", "ExportKind", "ExportProblem", "PaperSize", "run_export"]


class ExportKind(StrEnum):
    SHEETS = "sheets"
    BLANK_SHEETS = "blank-sheets"
    SEATING = "seating"
    TABLE_CARDS = "table-cards"
    STANDINGS = "standings"
    WORKBOOK = "workbook"


class PaperSize(StrEnum):
    A4 = "a4"
    LETTER = "letter"


SUFFIX = {kind: ".xlsx" if kind is ExportKind.WORKBOOK else ".pdf" for kind in ExportKind}


def run_export(uow: UnitOfWork, kind: ExportKind, out: Path, *,
               session_number: int | None = None, paper: PaperSize = PaperSize.A4,
               progress: Callable[[int, int], None] | None = None) -> Path:
    """Write the document `kind` to `out`; returns `out`.

    `session_number` None means every session: the sheets or seating of the whole event,
    the standings after everything played.
    """
    kind, paper, out = ExportKind(kind), PaperSize(paper), Path(out)
    check_target(out)
    data = _render(uow, kind, session_number, paper, progress)
    return write_atomic(out, data)


def _render(uow: UnitOfWork, kind: ExportKind, session_number: int | None, paper: PaperSize,
            progress: Callable[[int, int], None] | None) -> bytes:
    if kind in (ExportKind.SHEETS, ExportKind.BLANK_SHEETS):
        from tournament_manager.exports.pdf.sheets import render_sheets

        facts, views = sources.sheet_views(uow, session_number)
        return render_sheets(views, facts.rounds, blank=kind is ExportKind.BLANK_SHEETS,
                             pagesize=page_size(paper), progress=progress)
    if kind in (ExportKind.SEATING, ExportKind.TABLE_CARDS):
        from tournament_manager.exports.pdf.seating import render_seating, render_table_cards

        facts, seatings = sources.seatings(uow, session_number)
        if kind is ExportKind.SEATING:
            return render_seating(facts, seatings, paper.value, progress=progress)
        return render_table_cards(facts, seatings, paper.value, progress=progress)
    if kind is ExportKind.STANDINGS:
        from tournament_manager.exports.pdf.standings import render_standings

        facts, table = sources.ranked(uow, session_number)
        return render_standings(facts, table, paper.value, progress=progress)
    from tournament_manager.exports.workbook import render_workbook

    return render_workbook(uow, session_number, progress=progress)
