"""Score record sheets, filled and blank: every value on the page comes from the read model."""

from __future__ import annotations

import shutil
import subprocess
from datetime import UTC, datetime
from pathlib import Path

import pytest
from pypdf import PdfReader

from tests.exports.conftest import assert_fonts_embedded, pdf_pages, table_of_delta
from tests.exports.sample_event import SampleEvent
from tests.helpers.seated_event import seat_event
from tests.helpers.tampering import tampered_copy
from tournament_manager.exports.jobs import ExportKind, PaperSize, export_document, run_export
from tournament_manager.exports.text import converted, local_time, plain, signed
from tournament_manager.services.views import sheet_view
from tournament_manager.storage.document import Document, open_document


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


def test_a_corrected_sheet_prints_its_correction_and_its_verified_signed_hash(
        document: Document, sample: SampleEvent, tmp_path: Path) -> None:
    out = run_export(document.unit_of_work(), ExportKind.SHEETS, tmp_path / "s.pdf")
    corrected, clean = pdf_pages(out)
    view = sheet_view(document.unit_of_work(), sample.corrected_table)
    (correction,) = view.corrections
    assert "CORRECTED" in corrected and "version 2" in corrected
    assert (f"Corrected v2: winner of hand 16 misread, "
            f"{local_time(correction.opened_at, with_date=True)}, head judge Ada Judge"
            in corrected)
    assert "audit #" not in corrected and "SheetCorrection" not in corrected
    assert "Signatures verified" in corrected and view.signed_hash[:16] in corrected
    assert view.verified is True and view.signed_hash == view.content_hash
    assert "CORRECTED" not in clean and "Corrected v" not in clean
    assert "Signatures verified" in clean
    assert "DOES NOT MATCH" not in corrected + clean
    assert "does not verify" not in corrected + clean


def test_a_long_reason_wraps_whole_and_chinese_prints(document: Document, sample: SampleEvent,
                                                       tmp_path: Path) -> None:
    """A reason of several lines is read in full on the sheet, in the embedded font."""
    from tests.exports.sample_event import _sign_all
    from tests.helpers.head_judge import CREDENTIAL
    from tournament_manager.services.score_sheets import correct_sheet

    reason = ("第十六局的和牌者记录错误，放铳者应为南家而不是西家，经裁判长与两位场裁确认后更正。"
              "The table judge's note was read against the players' own account and the "
              "scorer's tally, which agreed on the discarder; the players were told before "
              "signing again")
    table = sample.tables[1]
    correct_sheet(document.unit_of_work(), table, reason, CREDENTIAL)
    _sign_all(document, table, sample.players[4:], datetime(2026, 5, 2, 5, tzinfo=UTC),
              version=2)
    out = run_export(document.unit_of_work(), ExportKind.SHEETS, tmp_path / "s.pdf")
    page = pdf_pages(out)[1]
    assert _squash(f"Corrected v2: {reason}") in _squash(page)
    lines = [line for line in page.splitlines() if line.strip()]
    start = next(i for i, line in enumerate(lines) if line.startswith("Corrected v2"))
    assert "head judge Ada Judge" not in lines[start]  # wrapped, not shrunk onto one line
    assert "headjudgeAdaJudge" in _squash("".join(lines[start:start + 4]))
    assert "Signatures verified: this is version 2" in page
    assert_fonts_embedded(out)


def test_many_corrections_keep_the_grid_and_point_to_the_workbook(
        document: Document, sample: SampleEvent, tmp_path: Path) -> None:
    """The newest corrections are printed in full; the oldest give way to one line that
    says where they are, so the grid keeps its sixteen rows."""
    from tests.exports.sample_event import _sign_all
    from tests.helpers.head_judge import CREDENTIAL
    from tournament_manager.services.score_sheets import correct_sheet

    table = sample.tables[1]
    for version in range(2, 7):
        correct_sheet(document.unit_of_work(), table,
                      f"correction number {version}: " + "the scorer re-read the slips " * 9,
                      CREDENTIAL)
        _sign_all(document, table, sample.players[4:], datetime(2026, 5, 2, version,
                                                                tzinfo=UTC), version=version)
    out = run_export(document.unit_of_work(), ExportKind.SHEETS, tmp_path / "s.pdf")
    page = pdf_pages(out)[1]
    assert "Corrected v6: correction number 6" in page
    assert "earlier correction" in page and "Corrections sheet" in page
    assert "Corrected v2:" not in page and "Signatures verified" in page
    assert all(f"Cycle {cycle}" in page for cycle in range(1, 5))
    assert len(PdfReader(out).pages) == 2


def test_a_sheet_open_for_correction_is_not_signed(document: Document, sample: SampleEvent,
                                                   tmp_path: Path) -> None:
    from tests.helpers.head_judge import CREDENTIAL
    from tournament_manager.services.score_sheets import correct_sheet

    correct_sheet(document.unit_of_work(), sample.tables[1], "a penalty was misrecorded",
                  CREDENTIAL)
    page = pdf_pages(run_export(document.unit_of_work(), ExportKind.SHEETS,
                                tmp_path / "s.pdf"))[1]
    view = sheet_view(document.unit_of_work(), sample.tables[1])
    assert "Not signed: version 2 is open for correction" in page
    assert view.signed_hash[:16] in page and "Corrected v2: a penalty was misrecorded" in page


def test_a_sheet_never_signed_says_so(document: Document, tmp_path: Path) -> None:
    seat_event(document, players=4)
    page = pdf_pages(run_export(document.unit_of_work(), ExportKind.SHEETS,
                                tmp_path / "s.pdf"))[0]
    assert "Not signed: no version of this sheet has been signed" in page
    assert "verified" not in page and "DOES NOT MATCH" not in page


def test_a_sheet_changed_in_the_file_does_not_match_its_signatures(
        sample: SampleEvent, tampered: Document, tmp_path: Path) -> None:
    result = export_document(tampered.unit_of_work(), ExportKind.SHEETS, tmp_path / "s.pdf")
    changed = table_of_delta(tampered.path, 1)
    pages = dict(zip((1, 2), pdf_pages(result.path)))
    assert f"DOES NOT MATCH SIGNATURES: session 1, table {changed}" in pages[changed]
    assert "the sheet now hashes to" in pages[changed]
    other = pages[3 - changed]
    assert "DOES NOT MATCH" not in other and "Signatures verified" in other
    for page in pages.values():
        assert "This record does not verify: see tournament-manager verify" in page
        assert f"audit seal {result.verification.seal[:16]}" in page
    assert not result.verification.ok
    assert result.verification.sheets_in_doubt() == ((1, changed),)
    view = sheet_view(tampered.unit_of_work(), sample.tables[changed - 1])
    assert view.table.number == changed and view.verified is False
    assert f"Signed hash (SHA-256), version {view.table.sheet_version}: {view.signed_hash}" \
        in pages[changed]


def test_every_page_carries_the_audit_seal(document: Document, sample: SampleEvent,
                                           tmp_path: Path) -> None:
    result = export_document(document.unit_of_work(), ExportKind.SHEETS, tmp_path / "s.pdf")
    assert result.verification.ok and len(result.verification.seal) == 64
    for page in pdf_pages(result.path):
        assert f"audit seal {result.verification.seal[:16]}" in page


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


def _red_rows_on_top(pdf: Path, page: int, folder: Path) -> int:
    """Pixel rows in the top tenth of a page (60 dpi) that are mostly alarm red: a band
    across the page, not a red word or the CORRECTED stamp."""
    prefix = folder / f"top-{pdf.stem}-{page}"
    subprocess.run(["pdftoppm", "-r", "60", "-png", "-f", str(page), "-l", str(page),
                    "-singlefile", str(pdf), str(prefix)], check=True, capture_output=True)
    from PIL import Image

    with Image.open(prefix.with_suffix(".png")) as image:
        rgb = image.convert("RGB")
        width, height = rgb.size
        pixels = rgb.load()
        assert pixels is not None

        def red(x: int, y: int) -> bool:
            r, g, b = pixels[x, y]
            return r > 150 and g < 60 and b < 60

        return sum(1 for y in range(height // 10)
                   if sum(red(x, y) for x in range(width)) > width // 2)


@pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="poppler-utils not installed")
def test_the_mismatch_is_a_red_band_across_the_top(
        document: Document, sample: SampleEvent, tmp_path: Path) -> None:
    clean = run_export(document.unit_of_work(), ExportKind.SHEETS, tmp_path / "clean.pdf")
    assert _red_rows_on_top(clean, 1, tmp_path) == 0
    document.close(backup=False)
    copy = tampered_copy(document.path, tmp_path)
    opened = open_document(copy, read_only=True)
    try:
        out = run_export(opened.unit_of_work(), ExportKind.SHEETS, tmp_path / "bad.pdf")
    finally:
        opened.close(backup=False)
    changed = table_of_delta(copy, 1)
    in_doubt, other = (_red_rows_on_top(out, page, tmp_path) for page in (changed, 3 - changed))
    assert in_doubt > other > 0  # the mismatch band is taller than the file's banner


def test_a_sheet_stopped_on_time_with_a_triple_win(tmp_path: Path) -> None:
    """A triple win where the rules pay all three (`triple_win: all_win`, the Open format's
    default; the WSOM formats intercept it)."""
    from tournament_manager.domain.model import HandResult, Win, WinType
    from tournament_manager.domain.presets import Preset, preset_settings
    from tournament_manager.services.score_sheets import HandEntry, enter_hand, stop_on_time
    from tournament_manager.services.tournaments import create_tournament
    from tournament_manager.storage.document import create_document

    document = create_document(tmp_path / "open.tmt")
    create_tournament(document.unit_of_work(), "Open", preset_settings(Preset.OPEN))
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
    document.close(backup=False)


def test_a_sheet_signed_on_paper_prints_who_transcribed_it_and_no_image(
        document: Document, tmp_path: Path) -> None:
    from tournament_manager.domain.model import HandResult
    from tournament_manager.services.score_sheets import HandEntry, enter_hand, sign_on_paper

    seated = seat_event(document, players=4)
    for _ in range(16):
        enter_hand(document.unit_of_work(), seated.tables[0], HandEntry(HandResult.DRAW))
    sign_on_paper(document.unit_of_work(), seated.tables[0], "Results desk, Mei")
    out = run_export(document.unit_of_work(), ExportKind.SHEETS, tmp_path / "paper.pdf")
    page = pdf_pages(out)[0]
    assert page.count("Signed on paper") == 4 and page.count("transcribed by Results desk") == 4
    assert "Signatures verified" in page
    assert not PdfReader(out).pages[0].images, "no drawn signature to show"


def test_a_long_name_is_printed_whole_in_its_box_and_over_its_signature(
        document: Document, sample: SampleEvent, tmp_path: Path) -> None:
    """A name too long for its line in the players' boxes was shrunk to 4.5 points and
    cut ("Maximiliane Renamed-Ünïcode von Hohenzo…") with two empty lines below it, and
    likewise over its signature: it wraps there whole, at a readable size."""
    import dataclasses

    from tournament_manager.services.players import update_player

    long_name = "Maximiliane Renamed-Ünïcode von Hohenzollern-Sigmaringen"
    with document.unit_of_work() as uow:
        player = uow.players.get(sample.players[1])
    update_player(document.unit_of_work(), dataclasses.replace(player, name=long_name))
    out = run_export(document.unit_of_work(), ExportKind.SHEETS, tmp_path / "s.pdf",
                     session_number=1)
    runs: list[tuple[float, str]] = []

    def visit(text: str, cm: list[float], tm: list[float], _font: object,
              size: float) -> None:
        if text.strip():
            runs.append((size * tm[0] * cm[0], text))
    PdfReader(out).pages[0].extract_text(visitor_text=visit)
    in_box = "".join(text for size, text in runs if size >= 8 and any(
        word in text for word in ("Maximiliane", "Ünïcode", "Hohenzollern")))
    assert _squash(in_box) == _squash(long_name)
    assert _squash(f"Signature S {long_name}") in _squash(pdf_pages(out)[0])
    short = [size for size, text in runs if text.strip() == "Ørjan Åsmund"]
    assert short and max(short) == 10.5  # a name that fits keeps its size
