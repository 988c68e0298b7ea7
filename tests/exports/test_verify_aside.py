"""The workbook's verification, run in another process on a copy of the export's
transaction (`storage.verify_aside`): the same report, the same workbook, the same state."""

from __future__ import annotations

import re
import sqlite3
import sys
import zipfile
from pathlib import Path

import pytest

from tests.exports.sample_event import SampleEvent
from tests.helpers.tampering import MOVE_FIVE_POINTS
from tournament_manager.exports.jobs import ExportKind, export_document
from tournament_manager.services.verification import FindingKind, run_verification, verify
from tournament_manager.storage import verify_aside
from tournament_manager.storage.document import Document
from tournament_manager.storage.unit_of_work import SqlUnitOfWork


def _parts(path: Path) -> dict[str, bytes]:
    """The workbook's files, the moment it was written left out."""
    with zipfile.ZipFile(path) as book:
        return {name: re.sub(rb"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ", b"", book.read(name))
                for name in book.namelist()}


def _in_process(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(SqlUnitOfWork, "verify_aside", lambda self: None)


@pytest.mark.parametrize("which", ["document", "tampered"])
def test_the_workbook_is_the_same_verified_aside_or_here(
        request: pytest.FixtureRequest, sample: SampleEvent, tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch, which: str) -> None:
    """Byte for byte (but for the moment written), with the report it carries, for a file
    that verifies and for one changed behind the application."""
    document: Document = request.getfixturevalue(which)
    aside = export_document(document.unit_of_work(), ExportKind.WORKBOOK, tmp_path / "a.xlsx")
    with monkeypatch.context() as patch:
        _in_process(patch)
        here = export_document(document.unit_of_work(), ExportKind.WORKBOOK,
                               tmp_path / "b.xlsx")
    assert aside.verification == here.verification == verify(document.unit_of_work())
    assert aside.verification.ok is (which == "document")
    assert _parts(aside.path) == _parts(here.path)


def test_the_copy_is_the_transaction_s_state_not_the_file_s(
        document: Document, sample: SampleEvent) -> None:
    """A change committed by someone else after the export's transaction has read is in
    neither what it prints nor what it verifies (as when both ran in one transaction);
    the next export finds it."""
    with document.unit_of_work() as uow:
        pending = uow.verify_aside()
        assert pending is not None
        try:
            other = sqlite3.connect(document.path)
            for statement in MOVE_FIVE_POINTS:
                other.execute(statement)
            other.commit()
            other.close()
            here = run_verification(uow)  # the same transaction, still before the change
            assert pending.result() == here and here.ok
        finally:
            pending.close()
    later = verify(document.unit_of_work())
    assert FindingKind.SIGNED_CONTENT_CHANGED in {f.kind for f in later.findings}


def test_an_error_while_verifying_is_raised_here(tmp_path: Path) -> None:
    """What verifying raised in the other process is raised by `result`, and the copy
    is removed."""
    source = sqlite3.connect(tmp_path / "other.db")  # a database, but no tournament file
    source.execute("CREATE TABLE unrelated (id INTEGER)")
    pending = verify_aside.PendingVerification(source)
    try:
        with pytest.raises(Exception, match="no such table"):
            pending.result()
    finally:
        pending.close()
        source.close()
    assert not pending._folder.exists()


def test_a_dead_process_is_made_up_for_here(document: Document, sample: SampleEvent) -> None:
    """The other process killed (out of memory, say): the copy is verified here."""
    with document.unit_of_work() as uow:
        pending = uow.verify_aside()
        assert pending is not None
        expected = run_verification(uow)
    assert pending._process is not None
    pending._process.kill()
    pending._process.join()
    try:
        assert pending.result() == expected
    finally:
        pending.close()


def test_a_cancelled_export_stops_the_process_and_removes_the_copy(
        document: Document, sample: SampleEvent, tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    from tournament_manager.exports.jobs import ExportCancelled

    started: list[verify_aside.PendingVerification] = []
    real = SqlUnitOfWork.verify_aside

    def spy(self: SqlUnitOfWork) -> verify_aside.PendingVerification | None:
        pending = real(self)
        assert pending is not None
        started.append(pending)
        return pending

    monkeypatch.setattr(SqlUnitOfWork, "verify_aside", spy)
    with pytest.raises(ExportCancelled):
        export_document(document.unit_of_work(), ExportKind.WORKBOOK, tmp_path / "c.xlsx",
                        cancel=lambda: True)
    assert not (tmp_path / "c.xlsx").exists()
    [pending] = started
    assert pending._process is None and not pending._folder.exists()


def test_a_frozen_build_verifies_in_its_own_process(
        document: Document, sample: SampleEvent, monkeypatch: pytest.MonkeyPatch) -> None:
    """A PyInstaller build's entry point has no `freeze_support`: no child is spawned."""
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    with document.unit_of_work() as uow:
        assert uow.verify_aside() is None


def test_a_cancel_while_waiting_for_the_report_is_heard(
        document: Document, sample: SampleEvent) -> None:
    """The layout done before the report: the export's cancel check is still polled."""
    from tournament_manager.exports.jobs import ExportCancelled

    calls: list[int] = []

    def cancel() -> None:
        calls.append(1)
        raise ExportCancelled

    with document.unit_of_work() as uow:
        pending = uow.verify_aside()
        assert pending is not None
    try:
        with pytest.raises(ExportCancelled):
            pending.result(cancel)  # the process has not even started Python yet
        assert calls == [1]
    finally:
        pending.close()
    assert pending._process is None and not pending._folder.exists()


def test_no_room_for_the_copy_verifies_here(
        document: Document, sample: SampleEvent, tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A temporary folder that is full (or a process that cannot start): the export is
    still written, verified in its own process."""
    def full(*_args: object, **_kwargs: object) -> str:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(verify_aside.tempfile, "mkdtemp", full)
    with document.unit_of_work() as uow:
        assert uow.verify_aside() is None
    result = export_document(document.unit_of_work(), ExportKind.WORKBOOK, tmp_path / "w.xlsx")
    assert result.path.exists() and result.verification == verify(document.unit_of_work())
