"""`run_export`: known problems become `ExportError` codes, writes are atomic."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.exports.sample_event import SampleEvent
from tests.helpers.seated_event import seat_event
from tournament_manager.exports.jobs import (
    ExportError,
    ExportKind,
    ExportProblem,
    ExportResult,
    PaperSize,
    export_document,
    run_export,
)
from tournament_manager.messages.exports import describe
from tournament_manager.storage.document import Document


def test_the_public_names() -> None:
    assert [k.value for k in ExportKind] == ["sheets", "blank-sheets", "player-cards",
                                             "blank-player-cards", "seating", "table-cards",
                                             "standings", "workbook"]
    assert [p.value for p in PaperSize] == ["a4", "letter"]


@pytest.fixture
def out_dir(tmp_path: Path) -> Path:
    """A folder of its own (the document's files sit in `tmp_path`)."""
    folder = tmp_path / "out"
    folder.mkdir()
    return folder


def _code(caught: pytest.ExceptionInfo[ExportError]) -> ExportProblem:
    describe(caught.value)  # every code is worded
    return caught.value.code


def test_no_such_session(document: Document, sample: SampleEvent, out_dir: Path) -> None:
    for kind in ExportKind:
        with pytest.raises(ExportError) as caught:
            run_export(document.unit_of_work(), kind, out_dir / "x", session_number=99)
        assert _code(caught) is ExportProblem.NO_SUCH_SESSION
        assert "session 99" in describe(caught.value)
    assert not list(out_dir.iterdir())


@pytest.mark.parametrize("kind", [ExportKind.SHEETS, ExportKind.BLANK_SHEETS,
                                  ExportKind.SEATING, ExportKind.TABLE_CARDS])
def test_nothing_drawn(document: Document, tmp_path: Path, kind: ExportKind) -> None:
    seat_event(document, players=8)
    with pytest.raises(ExportError) as caught:
        run_export(document.unit_of_work(), kind, tmp_path / "x.pdf", session_number=2)
    assert _code(caught) is ExportProblem.NOTHING_DRAWN
    assert describe(caught.value).startswith("session 2 has no tables drawn")


def test_nothing_drawn_anywhere_and_no_players(document: Document, tmp_path: Path) -> None:
    with pytest.raises(ExportError) as caught:
        run_export(document.unit_of_work(), ExportKind.SHEETS, tmp_path / "x.pdf")
    assert _code(caught) is ExportProblem.NOTHING_DRAWN
    with pytest.raises(ExportError) as caught:
        run_export(document.unit_of_work(), ExportKind.STANDINGS, tmp_path / "x.pdf")
    assert _code(caught) is ExportProblem.NO_PLAYERS
    out = run_export(document.unit_of_work(), ExportKind.WORKBOOK, tmp_path / "empty.xlsx")
    assert out.stat().st_size > 0


def test_a_file_held_open_by_excel(document: Document, sample: SampleEvent, out_dir: Path,
                                   monkeypatch: pytest.MonkeyPatch) -> None:
    target = out_dir / "event.xlsx"
    target.write_bytes(b"previous export")

    def locked(src: object, dst: object) -> None:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(os, "replace", locked)
    with pytest.raises(ExportError) as caught:
        run_export(document.unit_of_work(), ExportKind.WORKBOOK, target)
    assert _code(caught) is ExportProblem.TARGET_IN_USE
    assert "close it" in describe(caught.value)
    assert target.read_bytes() == b"previous export"
    assert [p.name for p in out_dir.iterdir()] == ["event.xlsx"]


def test_missing_folder_and_folder_target(document: Document, sample: SampleEvent,
                                          tmp_path: Path) -> None:
    with pytest.raises(ExportError) as caught:
        run_export(document.unit_of_work(), ExportKind.SEATING, tmp_path / "no" / "x.pdf")
    assert _code(caught) is ExportProblem.FOLDER_MISSING
    with pytest.raises(ExportError) as caught:
        run_export(document.unit_of_work(), ExportKind.SEATING, tmp_path)
    assert _code(caught) is ExportProblem.TARGET_IS_FOLDER


def test_an_unwritable_folder(document: Document, sample: SampleEvent, tmp_path: Path,
                              monkeypatch: pytest.MonkeyPatch) -> None:
    import tempfile

    def refuse(*args: object, **kwargs: object) -> None:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(tempfile, "mkstemp", refuse)
    with pytest.raises(ExportError) as caught:
        run_export(document.unit_of_work(), ExportKind.SEATING, tmp_path / "x.pdf")
    assert _code(caught) is ExportProblem.TARGET_NOT_WRITABLE
    assert "Permission denied" in describe(caught.value)


def test_progress_is_reported_and_the_file_replaced(document: Document, sample: SampleEvent,
                                                     out_dir: Path) -> None:
    target = out_dir / "sheets.pdf"
    target.write_bytes(b"old")
    calls: list[tuple[int, int]] = []
    out = run_export(document.unit_of_work(), ExportKind.SHEETS, target,
                     progress=lambda done, total: calls.append((done, total)))
    assert out == target and target.read_bytes().startswith(b"%PDF")
    assert calls[-1] == (2, 2)
    assert [p.name for p in out_dir.iterdir()] == ["sheets.pdf"]


def test_exports_do_not_write_to_the_document(document: Document, sample: SampleEvent,
                                              tmp_path: Path) -> None:
    with document.unit_of_work() as uow:
        before = len(uow.audit.list())
    for kind in ExportKind:
        run_export(document.unit_of_work(), kind, tmp_path / f"out-{kind}")
    with document.unit_of_work() as uow:
        assert len(uow.audit.list()) == before


def test_the_result_carries_the_verification_of_what_was_read(
        document: Document, sample: SampleEvent, out_dir: Path) -> None:
    """`export_document` verifies in the transaction that reads the data: its report is
    what `verify` finds; `run_export` (the smoke test, benchmarks) returns just the path."""
    from tournament_manager.services.verification import verify

    for kind in ExportKind:
        result = export_document(document.unit_of_work(), kind, out_dir / f"x-{kind}")
        assert isinstance(result, ExportResult) and result.path == out_dir / f"x-{kind}"
        assert result.verification == verify(document.unit_of_work())
    assert run_export(document.unit_of_work(), ExportKind.SEATING,
                      out_dir / "y.pdf") == out_dir / "y.pdf"


def test_a_file_that_does_not_verify_is_still_exported(
        document: Document, tampered: Document, out_dir: Path) -> None:
    result = export_document(tampered.unit_of_work(), ExportKind.STANDINGS,
                             out_dir / "st.pdf")
    assert result.path.read_bytes().startswith(b"%PDF")
    assert not result.verification.ok and result.verification.sheets_in_doubt()


def test_an_export_is_readable_by_the_others_as_any_new_file_is(
        document: Document, sample: SampleEvent, tmp_path: Path) -> None:
    """Written through a temporary file, exports were owner-only (rw-------): the other
    organisers on a shared folder could not open them."""
    import stat

    mask = os.umask(0o022)
    os.umask(mask)
    out = run_export(document.unit_of_work(), ExportKind.STANDINGS, tmp_path / "s.pdf")
    assert stat.S_IMODE(out.stat().st_mode) == 0o666 & ~mask
