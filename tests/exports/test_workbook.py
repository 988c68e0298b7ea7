"""The workbook read back with openpyxl equals the database."""

from __future__ import annotations

import dataclasses
import tempfile
from pathlib import Path

import pytest
from openpyxl import load_workbook

from tests.exports.conftest import table_of_delta
from tests.exports.sample_event import SampleEvent
from tournament_manager.domain.model import PlayerStatus
from tournament_manager.exports.jobs import (
    ExportCancelled,
    ExportKind,
    export_document,
    run_export,
)
from tournament_manager.exports.text import NOT_VERIFIED_BANNER, local_naive
from tournament_manager.exports.workbook import sheet_title
from tournament_manager.messages.verification import describe_finding, summary
from tournament_manager.services.players import set_player_status, update_player
from tournament_manager.services.standings import standings
from tournament_manager.services.verification import VerificationReport, verify
from tournament_manager.services.views import sheet_view
from tournament_manager.storage.document import Document
from tournament_manager.text_width import display_width


def _rows(ws: object) -> list[dict[str, object]]:
    values = list(ws.values)  # type: ignore[attr-defined]
    header = values[0]
    return [dict(zip(header, row)) for row in values[1:]]


@pytest.fixture
def workbook(document: Document, sample: SampleEvent, tmp_path: Path) -> object:
    out = run_export(document.unit_of_work(), ExportKind.WORKBOOK, tmp_path / "event.xlsx")
    return load_workbook(out)


def test_sheets_and_frozen_headers(workbook: object) -> None:
    book = workbook
    assert book.sheetnames[:2] == ["Standings", "Session 1"]  # type: ignore[attr-defined]
    assert book.sheetnames[-5:] == [  # type: ignore[attr-defined]
        "Tables", "Players", "Penalties", "Corrections", "Verification"]
    for ws in book.worksheets:  # type: ignore[attr-defined]
        assert ws.freeze_panes in ("A2", "C2")
        assert ws["A1"].font.bold
        assert all(not isinstance(c.value, str) or not c.value.startswith("=")
                   for row in ws.iter_rows() for c in row)
        if ws.max_row > 1:
            assert ws.auto_filter.ref == ws.dimensions
        assert ws.print_title_rows == "$1:$1" and ws.page_setup.orientation == "landscape"


def test_columns_are_as_wide_as_their_widest_text(workbook: object) -> None:
    """The widths are measured from every row before the first one is written (write-only
    mode streams rows): a name column fits the longest name, wide characters counting two."""
    ws = workbook["Players"]  # type: ignore[index]
    names = [row[2] for row in ws.iter_rows(min_row=2, values_only=True)]
    widest = max(display_width(str(name)) for name in names)
    assert ws.column_dimensions["C"].width == min(60, max(6, widest + 2))


def test_standings_equal_the_service(document: Document, workbook: object) -> None:
    rows = _rows(workbook["Standings"])  # type: ignore[index]
    expected = standings(document.unit_of_work()).rows
    assert len(rows) == len(expected) == 8
    for got, row in zip(rows, expected):
        assert got["Rank"] == row.rank and got["Name"] == row.player.name
        assert got["Registration ID"] == row.player.registration_id and not got["Status"]
        assert got["Country"] == row.player.country
        assert got["Score"] == pytest.approx(row.converted_total)
        assert got["Raw total"] == pytest.approx(row.raw_total)
        assert got["Session 1"] == pytest.approx(row.sessions[0].converted)
    ws = workbook["Standings"]  # type: ignore[index]
    assert ws["I2"].number_format == "0.00" and ws["H2"].number_format == "0.00"
    assert ws["J2"].number_format == "#,##0;-#,##0;0"  # a whole total


def test_hands_per_table_equal_the_sheets(document: Document, sample: SampleEvent,
                                          workbook: object) -> None:
    rows = _rows(workbook["Session 1"])  # type: ignore[index]
    for table_id in sample.tables:
        view = sheet_view(document.unit_of_work(), table_id)
        mine = [r for r in rows if r["Table"] == view.table.number]
        assert [r["Hand"] for r in mine] == [row.hand.number for row in view.rows]
        for got, row in zip(mine, view.rows):
            assert [got[f"± {w}"] for w in "ESWN"] == list(row.deltas)
            assert [got[f"Total {w}"] for w in "ESWN"] == list(row.running)
            assert got["Dealer"] == next(p.name for p in view.players
                                         if p.id == row.hand.dealer_id)
        assert [got["Player E"] for got in mine[:1]] == [view.players[0].name]
    tables = _rows(workbook["Tables"])  # type: ignore[index]
    corrected = [r for r in tables if r["Corrected"]]
    assert {r["Table"] for r in corrected} == {1} and corrected[0]["Corrected"] == "v2"
    assert {r["Signatures"] for r in tables} == {"verified"}
    view = sheet_view(document.unit_of_work(), sample.tables[0])
    assert [r["Raw total"] for r in tables[:4]] == [int(v) for v in view.raw_totals]
    assert [r["Score"] for r in tables[:4]] == pytest.approx(list(view.converted))
    assert tables[0]["Content hash"] == view.content_hash
    assert tables[0]["Signed hash"] == view.signed_hash


def test_players_and_penalties(document: Document, workbook: object) -> None:
    with document.unit_of_work() as uow:
        players = uow.players.list()
        penalties = uow.penalties.list()
    got = _rows(workbook["Players"])  # type: ignore[index]
    assert [(r["Name"], r["Native name"], r["Country"], r["Registration ID"]) for r in got] == [
        (p.name, p.native_name or None, p.country, p.registration_id) for p in players]
    pens = _rows(workbook["Penalties"])  # type: ignore[index]
    by_id = {p.id: p for p in players}
    assert sorted((r["Player"], r["Points"], r["Hand"], r["Note"] or "") for r in pens) == sorted(
        (by_id[p.player_id].name, -p.points if p.points else None, p.hand_number, p.note)
        for p in penalties)
    assert any(r["Points"] for r in pens), "the sample has penalties with points"
    assert all(r["Points"] is None or r["Points"] < 0 for r in pens), (
        "a penalty is the offender's loss, signed as on the screen and the printed sheet")


def test_control_characters_are_stripped(document: Document, sample: SampleEvent,
                                         tmp_path: Path) -> None:
    with document.unit_of_work() as uow:
        player = uow.players.get(sample.players[0])
    update_player(document.unit_of_work(), dataclasses.replace(player, club="Bad\x07Club\x1b"))
    out = run_export(document.unit_of_work(), ExportKind.WORKBOOK, tmp_path / "w.xlsx")
    clubs = [r["Club"] for r in _rows(load_workbook(out)["Players"])]
    assert "BadClub" in clubs


HOSTILE = ("=HYPERLINK(\"http://evil.example\",\"click\")", "=WEBSERVICE(\"http://x\")",
           "+cmd|' /C calc'!A0", "-2+3", "@SUM(A1:A9)", "\tTabbed", "\rReturn", "=1+1")
ERROR_LOOKING = ("#N/A", "#REF!")
"""Texts a spreadsheet would take for its own error values."""


def test_imported_text_never_becomes_a_formula(document: Document, sample: SampleEvent,
                                               tmp_path: Path) -> None:
    """OWASP CSV injection: whatever a name, club, id or note starts with, the workbook
    holds it as text and it reads back as typed."""
    import zipfile

    with document.unit_of_work() as uow:
        players = [uow.players.get(p) for p in sample.players[:len(HOSTILE)]]
    for index, (player, text) in enumerate(zip(players, HOSTILE, strict=True)):
        native = ERROR_LOOKING[index] if index < len(ERROR_LOOKING) else player.native_name
        update_player(document.unit_of_work(), dataclasses.replace(
            player, name=f"{text} name", club=text, registration_id=text, native_name=native))
    out = run_export(document.unit_of_work(), ExportKind.WORKBOOK, tmp_path / "w.xlsx")
    with zipfile.ZipFile(out) as archive:
        xml = "".join(archive.read(name).decode("utf-8") for name in archive.namelist()
                      if name.startswith("xl/worksheets/"))
    assert "<f>" not in xml and "<f " not in xml
    book = load_workbook(out)
    rows = _rows(book["Players"])
    # Stored as every way in stores it (a leading tab or return is a space, and trimmed),
    # then read back as stored.
    from tournament_manager.domain.player_rows import clean_text

    assert {clean_text(text) for text in HOSTILE} <= {row["Club"] for row in rows}
    assert set(ERROR_LOOKING) <= {row["Native name"] for row in rows}
    cells = [cell for row in book["Players"].iter_rows() for cell in row]
    assert all(cell.data_type not in ("f", "e") for cell in cells)  # no formula, no error


@pytest.mark.parametrize(("title", "expected"), [
    ("Round 1: Table/2", "Round 1_ Table_2"),
    ("a[b]c*d?e\\f", "a_b_c_d_e_f"),
    ("x" * 40, "x" * 31),
    ("'quoted'", "quoted"),
    ("tab\tbell\x07", "tab bell"),
    ("", "Sheet"),
])
def test_sheet_titles_are_sanitised(title: str, expected: str) -> None:
    assert sheet_title(title) == expected


def test_sheet_titles_stay_unique_after_truncation() -> None:
    first = sheet_title("y" * 40)
    second = sheet_title("y" * 35, [first])
    assert first != second and len(second) <= 31 and second.endswith("(2)")


def test_a_withdrawn_player_is_flagged_after_the_ranked_field(
        document: Document, sample: SampleEvent, tmp_path: Path) -> None:
    set_player_status(document.unit_of_work(), sample.players[2], PlayerStatus.WITHDRAWN)
    out = run_export(document.unit_of_work(), ExportKind.WORKBOOK, tmp_path / "w.xlsx")
    ws = load_workbook(out)["Standings"]
    rows = _rows(ws)
    assert [(r["Registration ID"], r["Rank"], r["Status"]) for r in rows[-1:]] == [
        ("NO-003", None, "withdrawn")]
    assert [r["Rank"] for r in rows[:-1]] == list(range(1, 8))
    assert ws.oddHeader.center.text == "Standings: 7 ranked · 1 withdrawn"


def test_corrections_equal_the_service(document: Document, sample: SampleEvent,
                                       workbook: object) -> None:
    with document.unit_of_work() as uow:
        expected = [(uow.sessions.get(uow.tables.get(c.table_id).session_id).number,
                     uow.tables.get(c.table_id).number, c.version, c.reason,
                     local_naive(c.opened_at), c.head_judge)
                    for c in uow.corrections.list()]
    ws = workbook["Corrections"]  # type: ignore[index]
    header, *rows = ws.values
    assert header[:6] == ("Session", "Table", "Version", "Reason", "Opened at", "Head judge")
    assert [tuple(row[:6]) for row in rows] == expected and len(expected) == 1
    assert ws["E2"].number_format == "yyyy-mm-dd hh:mm:ss"


def _verification_rows(report: VerificationReport) -> list[tuple[object, ...]]:
    return [("Audit seal", None, None, None, report.seal, None),
            ("Summary", None, None, None, summary(report), None),
            *(("Finding", f.session, f.table, f.hand, describe_finding(f), f.kind.value)
              for f in report.findings)]


def test_verification_equals_the_service(document: Document, workbook: object) -> None:
    ws = workbook["Verification"]  # type: ignore[index]
    report = verify(document.unit_of_work())
    assert report.ok
    assert list(ws.values)[1:] == _verification_rows(report)
    assert ws.oddFooter.left.text == f"audit seal {report.seal[:16]}"


def test_a_tampered_file_lists_its_findings(document: Document, tampered: Document,
                                            tmp_path: Path) -> None:
    result = export_document(tampered.unit_of_work(), ExportKind.WORKBOOK,
                             tmp_path / "w.xlsx")
    book = load_workbook(result.path)
    report = verify(tampered.unit_of_work())
    assert not report.ok and result.verification == report
    assert list(book["Verification"].values)[1:] == _verification_rows(report)
    changed = table_of_delta(tampered.path, 1)
    tables = _rows(book["Tables"])
    assert {r["Table"] for r in tables if r["Signatures"] == "DOES NOT MATCH SIGNATURES"} == {
        changed}
    assert all(ws.oddHeader.left.text == NOT_VERIFIED_BANNER for ws in book.worksheets)


def test_a_workbook_cancelled_midway_leaves_no_temporary_files(
        document: Document, sample: SampleEvent, tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Write-only sheets stream into temporary files: a cancel after the first sheet
    (the second poll) writes no workbook and leaves none of them behind."""
    scratch = tmp_path / "scratch"
    scratch.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(scratch))
    polls: list[int] = []

    def cancel() -> bool:
        polls.append(1)
        return len(polls) >= 2

    out = tmp_path / "w.xlsx"
    with pytest.raises(ExportCancelled):
        export_document(document.unit_of_work(), ExportKind.WORKBOOK, out, cancel=cancel)
    assert len(polls) == 2 and not out.exists()
    assert list(scratch.iterdir()) == []


def test_rows_reach_openpyxl_s_writer_as_its_own_method_would_give_them(
        document: Document, sample: SampleEvent, tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """`workbook._values_to_row` stands in for openpyxl's (which tells a styled cell from a
    value by an exception): byte for byte the same workbook, with every kind of cell in it
    (numbers with formats, dates, texts that look like formulas or errors, the alarm font
    of a tampered sheet), but for the moment written."""
    import re
    import zipfile

    from openpyxl.worksheet._write_only import WriteOnlyWorksheet

    from tests.helpers.tampering import tampered_copy
    from tournament_manager.exports import workbook
    from tournament_manager.storage.document import open_document

    with document.unit_of_work() as uow:
        players = [uow.players.get(p) for p in sample.players[:len(HOSTILE)]]
    for index, (player, text) in enumerate(zip(players, HOSTILE, strict=True)):
        native = ERROR_LOOKING[index] if index < len(ERROR_LOOKING) else player.native_name
        update_player(document.unit_of_work(), dataclasses.replace(
            player, name=f"{text} name", club=text, native_name=native))
    document.close(backup=False)
    tampered = open_document(tampered_copy(document.path, tmp_path), read_only=True)

    def parts(path: Path) -> dict[str, bytes]:
        with zipfile.ZipFile(path) as book:
            return {name: re.sub(rb"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ", b"", book.read(name))
                    for name in book.namelist()}

    try:
        ours = run_export(tampered.unit_of_work(), ExportKind.WORKBOOK, tmp_path / "a.xlsx")
        monkeypatch.setattr(workbook, "_values_to_row", WriteOnlyWorksheet._values_to_row)
        stock = run_export(tampered.unit_of_work(), ExportKind.WORKBOOK, tmp_path / "b.xlsx")
    finally:
        tampered.close(backup=False)
    assert parts(ours) == parts(stock)
    assert load_workbook(ours)["Corrections"]["E2"].number_format == workbook.MOMENT


def test_a_bye_is_marked_apart_from_a_played_nought(document: Document,
                                                    tmp_path: Path) -> None:
    """The window and the PDFs say "0.00 (bye)"; the workbook gave a bare 0, as for a
    player who played the session to nothing."""
    from tests.helpers.seated_event import seat_event
    from tournament_manager.domain.model import Player
    from tournament_manager.services.players import register_player

    sitting_out = register_player(document.unit_of_work(), Player(name="Sits Out"))
    seated = seat_event(document)
    out = run_export(document.unit_of_work(), ExportKind.WORKBOOK, tmp_path / "byes.xlsx")
    rows = {row["Name"]: row for row in _rows(load_workbook(out)["Standings"])}
    assert rows[sitting_out.name]["Byes"] == "S1"
    assert rows[sitting_out.name]["Session 1"] == 0
    assert all(rows[f"Player {n}"]["Byes"] in ("", None) for n in range(len(seated.players)))


def test_whole_totals_show_no_stray_decimal_point(workbook: object) -> None:
    """"#,##0.##" showed a total of 955 as "955." in Excel and LibreOffice: a whole total
    is written as a whole number, a fraction with its two decimals."""
    from fractions import Fraction

    from tournament_manager.exports.workbook import FRACTION, WHOLE, _total_format

    assert _total_format(955) == WHOLE and _total_format(955.0) == WHOLE
    assert _total_format(Fraction(21, 2)) == FRACTION and _total_format(-0.25) == FRACTION
    sheet = workbook["Standings"]  # type: ignore[index]
    header = [cell.value for cell in next(sheet.iter_rows(max_row=1))]
    column = header.index("Raw total")
    cells = [row[column] for row in sheet.iter_rows(min_row=2)]
    assert cells and all(cell.number_format == (WHOLE if cell.value == int(cell.value)
                                                else FRACTION) for cell in cells)
    assert any(cell.number_format == WHOLE for cell in cells)
