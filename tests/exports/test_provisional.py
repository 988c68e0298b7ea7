"""Provisional plans are not printed as the draw; byes are printed; an export can be
cancelled before it writes anything."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
from openpyxl import load_workbook

from tests.exports.conftest import pdf_pages
from tournament_manager.domain.model import Player, StageStatus
from tournament_manager.domain.presets import Preset, preset_settings
from tournament_manager.exports.jobs import (
    ExportCancelled,
    ExportError,
    ExportKind,
    ExportProblem,
    export_document,
    run_export,
)
from tournament_manager.exports.text import PROVISIONAL_BANNER
from tournament_manager.services.players import register_player
from tournament_manager.services.seating import draw_session, publish_draw
from tournament_manager.services.tournaments import create_tournament
from tournament_manager.storage.document import Document, create_document

PRINTED_KINDS = (ExportKind.SHEETS, ExportKind.BLANK_SHEETS, ExportKind.SEATING,
                 ExportKind.TABLE_CARDS)


@pytest.fixture
def planned(tmp_path: Path) -> Document:
    """18 players over 3 sessions: session 1 drawn and published (two byes, no
    substitutes), sessions 2 and 3 holding the round's provisional plan."""
    document = create_document(tmp_path / "plan.tmt")
    create_tournament(document.unit_of_work(), "Plan Open", preset_settings(Preset.OPEN, 3))
    for i in range(18):
        register_player(document.unit_of_work(), Player(name=f"Player {i:02}",
                                                        registration_id=str(100 + i)))
    with document.unit_of_work() as uow:
        first = next(s for s in uow.sessions.list() if s.number == 1)
    publish_draw(document.unit_of_work(), draw_session(document.unit_of_work(), first.id,
                                                       seed=5, time_limit=3))
    with document.unit_of_work() as uow:
        states = {s.number: (s.status, uow.tables.count(session_id=s.id))
                  for s in uow.sessions.list()}
    assert states == {1: (StageStatus.PUBLISHED, 4), 2: (StageStatus.PLANNED, 4),
                      3: (StageStatus.PLANNED, 4)}
    yield document
    document.close(backup=False)


@pytest.mark.parametrize("kind", PRINTED_KINDS)
def test_a_session_holding_only_the_plan_is_not_printed_unless_asked(
        planned: Document, tmp_path: Path, kind: ExportKind) -> None:
    out = tmp_path / f"{kind}.pdf"
    with pytest.raises(ExportError) as caught:
        run_export(planned.unit_of_work(), kind, out, session_number=2)
    assert caught.value.code is ExportProblem.NOTHING_DRAWN
    assert caught.value.details["provisional"] == 1
    assert not out.exists()

    run_export(planned.unit_of_work(), kind, out, session_number=2, include_provisional=True)
    pages = pdf_pages(out)
    assert pages and all(PROVISIONAL_BANNER in page for page in pages), \
        "every page of a plan says it is not the draw"


@pytest.mark.parametrize("kind", PRINTED_KINDS)
def test_the_whole_event_prints_drawn_sessions_and_marks_only_the_plans(
        planned: Document, tmp_path: Path, kind: ExportKind) -> None:
    drawn_only = pdf_pages(run_export(planned.unit_of_work(), kind, tmp_path / "a.pdf"))
    assert drawn_only and not any(PROVISIONAL_BANNER in page for page in drawn_only)
    assert not any("Session 2" in page or "Session 3" in page for page in drawn_only)

    every = pdf_pages(run_export(planned.unit_of_work(), kind, tmp_path / "b.pdf",
                                 include_provisional=True))
    assert len(every) == 3 * len(drawn_only)
    for page in every:
        session_1 = "Session 1" in page
        assert (PROVISIONAL_BANNER in page) is not session_1, page[:120]


def test_the_seating_list_names_the_players_with_a_bye(planned: Document,
                                                       tmp_path: Path) -> None:
    by_table, alphabetical = pdf_pages(run_export(planned.unit_of_work(), ExportKind.SEATING,
                                                  tmp_path / "s.pdf", session_number=1))
    line = by_table.split("Bye this session (no table):")[1].splitlines()[0]
    byes = [name.strip() for name in line.split(",")]
    assert len(byes) == 2 and all(name.startswith("1") for name in byes)
    tokens = [token.strip() for token in alphabetical.splitlines()]
    for bye in byes:
        number, name = bye.split(maxsplit=1)
        at = tokens.index(name)
        assert tokens[at + 1:at + 3] == [number, "–"] and tokens[at + 3] == "bye"


def test_the_workbook_lists_the_plans_tables_only_when_asked(planned: Document,
                                                             tmp_path: Path) -> None:
    def tables(path: Path) -> list[tuple[object, ...]]:
        sheet = load_workbook(path)["Tables"]
        return [row for row in sheet.iter_rows(min_row=2, values_only=True)]

    drawn = tables(run_export(planned.unit_of_work(), ExportKind.WORKBOOK, tmp_path / "a.xlsx"))
    assert {row[0] for row in drawn} == {1} and {row[9] for row in drawn} == {"open"}
    every = tables(run_export(planned.unit_of_work(), ExportKind.WORKBOOK, tmp_path / "b.xlsx",
                              include_provisional=True))
    assert {row[0] for row in every} == {1, 2, 3}
    assert {row[9] for row in every if row[0] != 1} == {"provisional plan"}


@pytest.mark.parametrize("kind", [ExportKind.SHEETS, ExportKind.SEATING, ExportKind.WORKBOOK])
def test_a_cancelled_export_writes_nothing(planned: Document, tmp_path: Path,
                                           kind: ExportKind) -> None:
    out = tmp_path / "never.pdf"
    asked: list[int] = []

    def cancel() -> bool:
        asked.append(1)
        return True

    with pytest.raises(ExportCancelled):
        export_document(planned.unit_of_work(), kind, out, cancel=cancel)
    assert asked and not out.exists()
    assert list(tmp_path.glob("never*")) == [], "no temporary file left behind"


@pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="poppler-utils not installed")
def test_the_band_is_a_dark_stripe_across_the_top_of_a_plans_page(planned: Document,
                                                                  tmp_path: Path) -> None:
    from PIL import Image

    out = run_export(planned.unit_of_work(), ExportKind.SEATING, tmp_path / "s.pdf",
                     session_number=2, include_provisional=True)
    subprocess.run(["pdftoppm", "-r", "40", "-png", "-f", "1", "-l", "1", "-singlefile",
                    str(out), str(tmp_path / "page")], check=True, capture_output=True)
    with Image.open(tmp_path / "page.png") as image:
        grey = image.convert("L")
        width, height = grey.size
        dark_rows = [y for y in range(height // 5)
                     if sum(grey.getpixel((x, y)) < 60 for x in range(width)) > width * 0.8]
    assert dark_rows, "no band across the top of the page"
