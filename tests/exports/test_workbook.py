"""The workbook read back with openpyxl equals the database."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
from openpyxl import load_workbook

from tests.exports.sample_event import SampleEvent
from tournament_manager.exports.jobs import ExportKind, run_export
from tournament_manager.exports.workbook import sheet_title
from tournament_manager.services.players import update_player
from tournament_manager.services.standings import standings
from tournament_manager.services.views import sheet_view
from tournament_manager.storage.document import Document


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
    assert {"Tables", "Players", "Penalties"} <= set(book.sheetnames)  # type: ignore[attr-defined]
    for ws in book.worksheets:  # type: ignore[attr-defined]
        assert ws.freeze_panes in ("A2", "C2")
        assert ws["A1"].font.bold
        assert all(not isinstance(c.value, str) or not c.value.startswith("=")
                   for row in ws.iter_rows() for c in row)


def test_standings_equal_the_service(document: Document, workbook: object) -> None:
    rows = _rows(workbook["Standings"])  # type: ignore[index]
    expected = standings(document.unit_of_work()).rows
    assert len(rows) == len(expected) == 8
    for got, row in zip(rows, expected):
        assert got["Rank"] == row.rank and got["Name"] == row.player.name
        assert got["Country"] == row.player.country
        assert got["Score"] == pytest.approx(row.converted_total)
        assert got["Raw total"] == pytest.approx(row.raw_total)
        assert got["Session 1"] == pytest.approx(row.sessions[0].converted)
    ws = workbook["Standings"]  # type: ignore[index]
    assert ws["I2"].number_format == "0.00" and ws["H2"].number_format == "0.00"
    assert ws["J2"].number_format == "#,##0.##;-#,##0.##;0"


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
    corrected = [r for r in tables if r["Corrected (audit)"]]
    assert {r["Table"] for r in corrected} == {1}
    view = sheet_view(document.unit_of_work(), sample.tables[0])
    assert [r["Raw total"] for r in tables[:4]] == [int(v) for v in view.raw_totals]
    assert [r["Score"] for r in tables[:4]] == pytest.approx(list(view.converted))
    assert tables[0]["Content hash"] == view.content_hash


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
        (by_id[p.player_id].name, p.points, p.hand_number, p.note) for p in penalties)


def test_control_characters_are_stripped(document: Document, sample: SampleEvent,
                                         tmp_path: Path) -> None:
    with document.unit_of_work() as uow:
        player = uow.players.get(sample.players[0])
    update_player(document.unit_of_work(), dataclasses.replace(player, club="Bad\x07Club\x1b"))
    out = run_export(document.unit_of_work(), ExportKind.WORKBOOK, tmp_path / "w.xlsx")
    clubs = [r["Club"] for r in _rows(load_workbook(out)["Players"])]
    assert "BadClub" in clubs


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
