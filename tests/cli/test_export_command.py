"""`export` writes each document from a closed tournament file, or says why not."""

from __future__ import annotations

from pathlib import Path

import pytest
from openpyxl import load_workbook
from pypdf import PdfReader

from tests.exports.conftest import table_of_delta
from tests.exports.sample_event import build_sample_event
from tests.helpers.tampering import tampered_copy
from tournament_manager.cli.main import run_cli
from tournament_manager.storage.document import Document


@pytest.fixture
def event_file(document: Document) -> Path:
    build_sample_event(document)
    path = document.path
    document.close(backup=False)
    return path


@pytest.mark.parametrize(("what", "pages"), [("sheets", 2), ("blank-sheets", 2),
                                             ("seating", 2), ("table-cards", 2),
                                             ("standings", 1)])
def test_pdf_exports(event_file: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str],
                     what: str, pages: int) -> None:
    out = tmp_path / f"{what}.pdf"
    assert run_cli(["export", str(event_file), "--what", what, "--session", "1",
                    "--paper", "letter", "--out", str(out)]) == 0
    assert capsys.readouterr().out.strip() == str(out)
    reader = PdfReader(out)
    assert len(reader.pages) == pages
    assert round(float(reader.pages[0].mediabox.height)) in (792, 612)


def test_a_clean_file_exports_without_warnings(event_file: Path, tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    assert run_cli(["export", str(event_file), "--what", "sheets",
                    "--out", str(tmp_path / "s.pdf")]) == 0
    assert capsys.readouterr().err == ""


@pytest.mark.parametrize("what", ["sheets", "workbook"])
def test_a_file_that_does_not_verify_warns_and_is_still_written(
        event_file: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str],
        what: str) -> None:
    tampered = tampered_copy(event_file, tmp_path)
    out = tmp_path / f"out.{'xlsx' if what == 'workbook' else 'pdf'}"
    assert run_cli(["export", str(tampered), "--what", what, "--out", str(out)]) == 0
    captured = capsys.readouterr()
    assert captured.out.strip() == str(out) and out.stat().st_size > 0
    lines = captured.err.splitlines()
    changed = table_of_delta(tampered, 1)
    assert lines and all(line.startswith("warning: ") for line in lines)
    assert (f"warning: session 1, table {changed}: does not match the signatures of "
            "version") in captured.err
    assert lines[-1] == (f"warning: 3 problems found; sheets in doubt: session 1 table "
                         f"{changed} (written anyway)")
    if what == "sheets":
        assert "DOES NOT MATCH SIGNATURES" in "".join(
            page.extract_text() for page in PdfReader(out).pages)


def test_workbook_export(event_file: Path, tmp_path: Path) -> None:
    out = tmp_path / "event.xlsx"
    assert run_cli(["export", str(event_file), "--what", "workbook", "--out", str(out)]) == 0
    assert "Standings" in load_workbook(out).sheetnames


def test_errors_are_one_clear_line(event_file: Path, tmp_path: Path,
                                   capsys: pytest.CaptureFixture[str]) -> None:
    assert run_cli(["export", str(event_file), "--what", "sheets", "--session", "7",
                    "--out", str(tmp_path / "x.pdf")]) == 1
    assert capsys.readouterr().err.strip() == (
        "tournament-manager: session 7 has no tables drawn yet: publish the seating first")
    assert run_cli(["export", str(event_file), "--what", "sheets", "--session", "99",
                    "--out", str(tmp_path / "x.pdf")]) == 1
    assert "there is no session 99" in capsys.readouterr().err
    assert run_cli(["export", str(event_file), "--what", "seating",
                    "--out", str(tmp_path / "missing" / "x.pdf")]) == 1
    assert "does not exist" in capsys.readouterr().err
    assert run_cli(["export", str(tmp_path / "nope.tmt"), "--what", "seating",
                    "--out", str(tmp_path / "x.pdf")]) == 1
    with pytest.raises(SystemExit):
        run_cli(["export", str(event_file), "--what", "nonsense", "--out", "x"])


def test_a_provisional_plan_is_printed_only_with_the_flag_and_marked(
        document: Document, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from tournament_manager.domain.model import Player
    from tournament_manager.exports.text import PROVISIONAL_BANNER
    from tournament_manager.services.players import register_player
    from tournament_manager.services.seating import draw_session, publish_draw

    for i in range(8):
        register_player(document.unit_of_work(), Player(name=f"Player {i}"))
    with document.unit_of_work() as uow:
        first = next(s for s in uow.sessions.list() if s.number == 1)
    publish_draw(document.unit_of_work(), draw_session(document.unit_of_work(), first.id,
                                                       seed=1, time_limit=2))
    path = document.path
    document.close(backup=False)
    out = tmp_path / "plan.pdf"
    assert run_cli(["export", str(path), "--what", "seating", "--session", "2",
                    "--out", str(out)]) == 1
    assert capsys.readouterr().err.strip() == (
        "tournament-manager: session 2 has no tables drawn yet: publish the seating first "
        "(or add --include-provisional to print the provisional plan, marked so)")
    assert not out.exists()
    assert run_cli(["export", str(path), "--what", "table-cards", "--session", "2",
                    "--include-provisional", "--out", str(out)]) == 0
    pages = [page.extract_text() for page in PdfReader(out).pages]
    assert len(pages) == 2 and all(PROVISIONAL_BANNER in page for page in pages)
