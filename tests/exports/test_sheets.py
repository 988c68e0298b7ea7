"""Score record sheets, filled and blank: every value on the page comes from the read model."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
from pypdf import PdfReader

from tests.exports.conftest import assert_fonts_embedded, pdf_pages
from tests.exports.sample_event import SampleEvent
from tests.helpers.seated_event import seat_event
from tournament_manager.exports.jobs import ExportKind, PaperSize, run_export
from tournament_manager.exports.text import converted, local_time, plain, signed
from tournament_manager.services.views import sheet_view
from tournament_manager.storage.document import Document


def _squash(text: str) -> str:
    return "".join(text.split())


def test_filled_sheets_show_hands_totals_penalties_and_signatures(
        document: Document, sample: SampleEvent, tmp_path: Path) -> None:
    out = run_export(document.unit_of_work(), ExportKind.SHEETS, tmp_path / "sheets.pdf",
                     session_number=1)
    pages = pdf_pages(out)
    assert len(pages) == 2
    for table_id, page in zip(sample.tables, pages):
        view = sheet_view(document.unit_of_work(), table_id)
        flat = _squash(page)
        assert f"Table {view.table.number}" in page and "Session 1" in page
        for player in view.players:
            assert _squash(player.name) in flat
        for row in view.rows:
            for delta, running in zip(row.deltas, row.running):
                assert signed(delta) in page and plain(running) in page
        for value in (*view.raw_totals, *view.hand_totals):
            assert plain(value) in page
        for value in view.converted:
            assert converted(value) in page
        assert view.content_hash in flat
        for signature in view.signatures:
            if signature.current:
                assert local_time(signature.signature.signed_at) in page
        assert len(page.split("Signed ")) - 1 == 4
    first = pages[0]
    assert "王小明" in first and "佐藤花子" in _squash(first) and "ØrjanÅsmund" in _squash(first)
    assert "False win: declared on a wrong tile" in first and "-20" in first
    assert "Time warning" in first
    assert "Robbing kong" in first and "Win on kong" in first and "Self-draw" in first
    assert "resp." in first
    assert "3.1" in first and "2.1.1" in first


def test_a_corrected_sheet_carries_its_mark_and_audit_reference(
        document: Document, sample: SampleEvent, tmp_path: Path) -> None:
    out = run_export(document.unit_of_work(), ExportKind.SHEETS, tmp_path / "s.pdf")
    corrected, clean = pdf_pages(out)
    view = sheet_view(document.unit_of_work(), sample.corrected_table)
    assert view.corrected and view.corrections
    assert "CORRECTED" in corrected and "version 2" in corrected
    assert all(f"#{entry}" in corrected for entry in view.corrections)
    assert "CORRECTED" not in clean


def test_signatures_are_drawn_as_images(document: Document, sample: SampleEvent,
                                        tmp_path: Path) -> None:
    out = run_export(document.unit_of_work(), ExportKind.SHEETS, tmp_path / "s.pdf",
                     session_number=1)
    for page in PdfReader(out).pages:
        assert len(page.images) == 4


def test_blank_sheets_are_prefilled_with_names_winds_and_sixteen_hands(
        document: Document, tmp_path: Path) -> None:
    seated = seat_event(document, players=8)
    out = run_export(document.unit_of_work(), ExportKind.BLANK_SHEETS, tmp_path / "b.pdf",
                     session_number=1)
    pages = pdf_pages(out)
    assert len(pages) == len(seated.tables) == 2
    for number, page in enumerate(pages, start=1):
        assert f"Table {number}" in page and "Round 1 (preliminary)" in page
        assert all(f"Cycle {c}" in page for c in range(1, 5))
        assert all(wind in page for wind in ("East", "South", "West", "North"))
        lines = page.splitlines()
        assert all(any(line.strip().startswith(f"{n} ") or line.strip() == str(n)
                       for line in lines) for n in range(1, 17))
        assert "Content hash" not in page and "Signed " not in page
    assert "Player 0" in pages[0] and "Player 7" in pages[1]
    assert_fonts_embedded(out)


def test_paper_sizes(document: Document, sample: SampleEvent, tmp_path: Path) -> None:
    a4 = run_export(document.unit_of_work(), ExportKind.SHEETS, tmp_path / "a4.pdf")
    letter = run_export(document.unit_of_work(), ExportKind.SHEETS, tmp_path / "l.pdf",
                        paper=PaperSize.LETTER)
    a4_box = PdfReader(a4).pages[0].mediabox
    letter_box = PdfReader(letter).pages[0].mediabox
    assert (round(float(a4_box.width)), round(float(a4_box.height))) == (595, 842)
    assert (round(float(letter_box.width)), round(float(letter_box.height))) == (612, 792)
    assert "王小明" in pdf_pages(letter)[0]


def test_builds_are_deterministic(document: Document, sample: SampleEvent,
                                  tmp_path: Path) -> None:
    first = run_export(document.unit_of_work(), ExportKind.SHEETS, tmp_path / "1.pdf")
    second = run_export(document.unit_of_work(), ExportKind.SHEETS, tmp_path / "2.pdf")
    assert first.read_bytes() == second.read_bytes()


@pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="poppler-utils not installed")
def test_a_sheet_rasterises(document: Document, sample: SampleEvent, tmp_path: Path) -> None:
    """What `docs/make_pdf_preview.py` does for `docs/score-sheet.png`."""
    out = run_export(document.unit_of_work(), ExportKind.SHEETS, tmp_path / "s.pdf")
    subprocess.run(["pdftoppm", "-r", "60", "-png", "-f", "1", "-l", "1", "-singlefile",
                    str(out), str(tmp_path / "page")], check=True, capture_output=True)
    from PIL import Image

    with Image.open(tmp_path / "page.png") as image:
        width, height = image.size
        assert abs(width - 496) <= 2 and abs(height - 702) <= 2  # A4 at 60 dpi
        grey = image.convert("L")
        dark = sum(grey.histogram()[:128])
        assert dark > 10_000  # a grid, text and four signatures, not an empty page


def test_a_sheet_stopped_on_time_with_a_triple_win(document: Document, tmp_path: Path) -> None:
    from tournament_manager.domain.model import HandResult, Win, WinType
    from tournament_manager.services.score_sheets import HandEntry, enter_hand, stop_on_time

    seated = seat_event(document, players=4)
    p, table = seated.players, seated.tables[0]
    enter_hand(document.unit_of_work(), table, HandEntry(
        HandResult.WIN, WinType.DISCARD, p[3], (Win(p[0], 30, p[3]), Win(p[1], 10, p[3]),
                                                 Win(p[2], 5, p[3]))))
    stop_on_time(document.unit_of_work(), table)
    page = pdf_pages(run_export(document.unit_of_work(), ExportKind.SHEETS,
                                tmp_path / "s.pdf"))[0]
    view = sheet_view(document.unit_of_work(), table)
    assert "Triple win" in page and "Play stopped on time after hand 1" in page
    assert page.count("not played") == 15
    assert all(signed(d) in page for d in view.rows[0].deltas)
