"""The export benchmark's event, built as `benchmarks/bench_exports.py` builds it, small.

The benchmark plays its event through the services; nothing else ran that path, so when a
session came to need finishing before the next could start, and a signature the same
strokes as another at its table came to be refused, the benchmark stopped building
unnoticed. Here the same build runs on four tables for two sessions, and its sheets are
exported and read back as the benchmark times them.
"""

from __future__ import annotations

from pathlib import Path

from pypdf import PdfReader

from benchmarks.bench_exports import build
from tournament_manager.domain.model import SheetState, StageStatus
from tournament_manager.exports.jobs import ExportKind, run_export
from tournament_manager.storage.document import open_document


def test_the_benchmark_event_is_played_signed_and_exported(tmp_path: Path) -> None:
    build(tmp_path / "bench.tmt", field=16, length=2)
    document = open_document(tmp_path / "bench.tmt", read_only=True)
    try:
        with document.unit_of_work() as uow:
            assert [s.status for s in uow.sessions.list()] == [StageStatus.FINISHED] * 2
            tables = uow.tables.list()
            assert len(tables) == 8
            assert {t.sheet_state for t in tables} == {SheetState.LOCKED}
            assert len(uow.hands.list()) == 8 * 16
        out = run_export(document.unit_of_work(), ExportKind.SHEETS, tmp_path / "sheets.pdf")
        assert len(PdfReader(out).pages) == 8
        one = run_export(document.unit_of_work(), ExportKind.SHEETS, tmp_path / "one.pdf",
                         session_number=1)
        assert len(PdfReader(one).pages) == 4
    finally:
        document.close(backup=False)
