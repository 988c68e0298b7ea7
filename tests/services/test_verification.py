"""`verify` catches a record changed behind the application's back.

Each test tampers with a real file the way someone with an SQLite tool would (a delta, a
hand, a hash, an audit row, a signed copy) and checks that the finding names the sheet
and what differs; the untouched file verifies clean.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.exports.sample_event import SampleEvent, build_sample_event
from tests.helpers.seated_event import seat_event
from tests.helpers.tampering import tampered_copy
from tournament_manager.domain.model import HandResult, StageStatus, Win, WinType
from tournament_manager.messages.verification import describe_report, summary
from tournament_manager.services.ports import DriftKind
from tournament_manager.services.score_sheets import HandEntry, enter_hand
from tournament_manager.services.standings import make_cut
from tournament_manager.services.verification import (
    Change,
    Difference,
    FindingKind,
    Part,
    VerificationReport,
    verify,
)
from tournament_manager.storage.document import Document, open_document


@pytest.fixture
def document(file_document: Document) -> Document:
    """These tests change the file behind the application's back: files only."""
    return file_document


@pytest.fixture
def signed(file_document: Document) -> SampleEvent:
    """Session 1 played, signed, table 1 corrected and signed again, session finished
    (in a file: these tests change the file behind the application's back)."""
    return build_sample_event(file_document)


def _tampered(document: Document, tmp_path: Path, *statements: str) -> VerificationReport:
    """Verify a copy of the (closed) document after running SQL on it directly."""
    document.close(backup=False)
    opened = open_document(tampered_copy(document.path, tmp_path, statements), read_only=True)
    try:
        return verify(opened.unit_of_work())
    finally:
        opened.close(backup=False)


def _kinds(report: VerificationReport) -> set[FindingKind]:
    return {finding.kind for finding in report.findings}


def _first_hand(table: int) -> str:
    return f"(SELECT min(id) FROM hand WHERE table_id = {table} AND result = 'win')"


def test_an_untouched_record_verifies(signed: SampleEvent, document: Document) -> None:
    report = verify(document.unit_of_work())
    assert report.ok, describe_report(report)
    assert report.locked_sheets == 2 and report.hands == 32 and len(report.seal) == 64
    assert summary(report).startswith("verified: 2 signed sheets, 32 hands")


def test_a_changed_delta_on_a_locked_sheet(signed: SampleEvent, document: Document,
                                           tmp_path: Path) -> None:
    table = signed.tables[1]
    hand = _first_hand(table)
    # Moved between two players, so the hand still sums to zero.
    report = _tampered(
        document, tmp_path,
        f"UPDATE hand_delta SET delta = delta + 5 WHERE id = (SELECT min(id) FROM hand_delta "
        f"WHERE hand_id = {hand})",
        f"UPDATE hand_delta SET delta = delta - 5 WHERE id = (SELECT max(id) FROM hand_delta "
        f"WHERE hand_id = {hand})")
    assert _kinds(report) == {FindingKind.SIGNED_CONTENT_CHANGED, FindingKind.HAND_NOT_AS_RULES,
                              FindingKind.RECORD_CHANGED_OUTSIDE}
    changed = next(f for f in report.findings if f.kind is FindingKind.SIGNED_CONTENT_CHANGED)
    assert (changed.session, changed.table) == (1, 2)
    assert changed.differences == (Difference(Part.HAND, Change.CHANGED, 1),)
    assert report.sheets_in_doubt() == ((1, 2),)
    assert "session 1, table 2: does not match the signatures of version 1: hand 1 changed" in (
        describe_report(report))


def test_an_unbalanced_delta_breaks_the_zero_sum(signed: SampleEvent, document: Document,
                                                 tmp_path: Path) -> None:
    report = _tampered(document, tmp_path, "UPDATE hand_delta SET delta = delta + 100 "
                                           f"WHERE hand_id = {_first_hand(signed.tables[1])}"
                                           " AND delta > 0")
    assert FindingKind.HAND_NOT_ZERO_SUM in _kinds(report)


def test_a_removed_hand(signed: SampleEvent, document: Document, tmp_path: Path) -> None:
    report = _tampered(document, tmp_path,
                       f"DELETE FROM hand WHERE table_id = {signed.tables[1]} AND number = 16")
    changed = next(f for f in report.findings if f.kind is FindingKind.SIGNED_CONTENT_CHANGED)
    assert changed.differences == (Difference(Part.HAND, Change.REMOVED, 16),)
    drift = next(f for f in report.findings if f.kind is FindingKind.RECORD_CHANGED_OUTSIDE)
    assert (drift.entity, drift.drift, drift.table, drift.hand) == (
        "hand", DriftKind.REMOVED, 2, 16)


def test_a_removed_penalty_and_a_changed_stop(signed: SampleEvent, document: Document,
                                              tmp_path: Path) -> None:
    report = _tampered(document, tmp_path,
                       f"DELETE FROM penalty WHERE table_id = {signed.tables[1]}",
                       f"UPDATE session_table SET stopped_after_hand = 12 "
                       f"WHERE id = {signed.tables[1]}")
    changed = next(f for f in report.findings if f.kind is FindingKind.SIGNED_CONTENT_CHANGED)
    assert changed.differences == (Difference(Part.PENALTIES), Difference(Part.STOP_ON_TIME))


def test_a_replaced_sheet_hash(signed: SampleEvent, document: Document,
                               tmp_path: Path) -> None:
    """Rewriting the hash a sheet carries does not make it match what was signed."""
    report = _tampered(document, tmp_path,
                       f"UPDATE session_table SET content_hash = '{'0' * 64}' "
                       f"WHERE id = {signed.tables[0]}")
    assert FindingKind.SIGNED_CONTENT_CHANGED in _kinds(report)
    assert report.sheets_in_doubt() == ((1, 1),)


def test_an_altered_signed_copy(signed: SampleEvent, document: Document,
                                tmp_path: Path) -> None:
    report = _tampered(document, tmp_path,
                       "UPDATE sheet_snapshot SET content_json = replace(content_json, "
                       "'\"number\":16,', '\"number\":61,') WHERE version = 1")
    altered = [f for f in report.findings if f.kind is FindingKind.SNAPSHOT_ALTERED]
    assert {(f.table, f.version) for f in altered} == {(1, 1), (2, 1)}


def test_an_edited_and_a_removed_audit_entry(signed: SampleEvent, document: Document,
                                             tmp_path: Path) -> None:
    report = _tampered(document, tmp_path,
                       "UPDATE audit SET reason = 'nothing happened' WHERE id = 40",
                       "DELETE FROM audit WHERE id = 60")
    breaks = [f.entry for f in report.findings if f.kind is FindingKind.AUDIT_CHAIN_BROKEN]
    assert breaks == [40, 61]
    assert "audit entry #40 does not follow from the one before it" in describe_report(
        report)[0]


def test_a_signature_added_outside_the_application(signed: SampleEvent, document: Document,
                                                    tmp_path: Path) -> None:
    report = _tampered(
        document, tmp_path,
        "INSERT INTO signature (table_id, player_id, signed_at, image_png, content_hash, "
        f"sheet_version) SELECT table_id, player_id, signed_at, image_png, content_hash, 9 "
        f"FROM signature WHERE table_id = {signed.tables[1]} LIMIT 1")
    (drift,) = report.findings
    assert (drift.kind, drift.entity, drift.drift, drift.table) == (
        FindingKind.RECORD_CHANGED_OUTSIDE, "signature", DriftKind.UNRECORDED, 2)


def test_an_open_sheet_changed_in_the_file(document: Document, tmp_path: Path) -> None:
    """No signature covers an open sheet, but the rules and the audit log still do."""
    seated = seat_event(document)
    east, south, west, _north = seated.players[:4]
    enter_hand(document.unit_of_work(), seated.tables[0],
               HandEntry(HandResult.WIN, WinType.DISCARD, west, (Win(south, 30, west),)))
    report = _tampered(document, tmp_path,
                       f"UPDATE hand_delta SET delta = delta + 60 WHERE player_id = {south}",
                       f"UPDATE hand_delta SET delta = delta - 60 WHERE player_id = {east}")
    assert _kinds(report) == {FindingKind.HAND_NOT_AS_RULES,
                              FindingKind.RECORD_CHANGED_OUTSIDE}


@pytest.fixture
def cut_event(document: Document) -> Iterator[Document]:
    seated = seat_event(document, players=40)
    p = seated.players
    for table in range(10):
        enter_hand(document.unit_of_work(), seated.tables[table],
                   HandEntry(HandResult.WIN, WinType.DISCARD, p[4 * table + 2],
                             (Win(p[4 * table + 1], 5 * (table + 1), p[4 * table + 2]),)))
    with document.unit_of_work() as uow:
        for session in uow.sessions.list():
            if session.number <= 4:
                uow.sessions.update(dataclasses.replace(session, status=StageStatus.FINISHED))
        uow.commit()
    make_cut(document.unit_of_work(), 1)
    yield document


def test_a_carried_score_and_a_cut_changed_in_the_file(cut_event: Document,
                                                       tmp_path: Path) -> None:
    assert verify(cut_event.unit_of_work()).ok
    report = _tampered(cut_event, tmp_path,
                       "UPDATE round_entry SET carried_score = carried_score + 3 "
                       "WHERE id = (SELECT min(id) FROM round_entry)")
    assert FindingKind.CARRIED_SCORE_WRONG in _kinds(report)


def test_a_player_slipped_through_the_cut(cut_event: Document, tmp_path: Path) -> None:
    report = _tampered(cut_event, tmp_path,
                       "UPDATE round_entry SET player_id = (SELECT max(id) FROM player) "
                       "WHERE id = (SELECT max(id) FROM round_entry)")
    cut = next(f for f in report.findings if f.kind is FindingKind.CUT_DIFFERS)
    assert cut.round == 1
