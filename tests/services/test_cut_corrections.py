"""A sheet of a round corrected after its cut was made: the carry follows the corrected
totals by itself; a correction that moves the line is shown and left to the head judge,
who takes the cut back and makes it again while the next round has no draw."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.gui.event_files import cut_event_file
from tests.helpers.head_judge import CREDENTIAL
from tests.helpers.seated_event import Seated
from tournament_manager.domain.model import HandResult, PenaltyReason, RoundEntry, Win, WinType
from tournament_manager.services.errors import ServiceError, ServiceProblem
from tournament_manager.services.score_sheets import (
    HandEntry,
    add_penalty,
    correct_sheet,
    replace_hand,
    sign_sheet,
)
from tournament_manager.services.standings import (
    cut_made_after,
    cut_preview,
    make_cut,
    restore_cut,
    undo_cut,
)
from tournament_manager.services.verification import FindingKind, verify
from tournament_manager.storage.document import Document, open_document


@pytest.fixture
def after_the_cut(tmp_path: Path):
    path, seated = cut_event_file(tmp_path / "cut.tmt")
    with open_document(path) as document:
        yield document, seated


def _entries(document: Document) -> dict[int, RoundEntry]:
    with document.unit_of_work() as uow:
        final = next(r for r in uow.rounds.list() if r.number == 2)
        return {e.player_id: e for e in uow.round_entries.list(round_id=final.id)}


def _correct_table_one(document: Document, seated: Seated, edit) -> None:
    """The head judge opens table 1, `edit(hands)` changes it, and its four players sign
    the corrected version."""
    table = seated.tables[0]
    correct_sheet(document.unit_of_work(), table, "hand values misread", CREDENTIAL)
    with document.unit_of_work() as uow:
        edit(sorted(uow.hands.list(table_id=table), key=lambda h: h.number))
    for column, player in enumerate(seated.players[:4]):
        sign_sheet(document.unit_of_work(), table, player, b"\x89PNG v2 %d" % column)


def _cut_findings(document: Document) -> set[FindingKind]:
    report = verify(document.unit_of_work())
    return {f.kind for f in report.findings} & {FindingKind.CUT_DIFFERS,
                                                FindingKind.CARRIED_SCORE_WRONG}


def test_the_carry_follows_a_correction_that_keeps_the_line(after_the_cut) -> None:
    """A penalty the sheet had missed: the leader loses 20 and still leads."""
    document, seated = after_the_cut
    before = _entries(document)
    leader = seated.players[0]
    assert leader in before
    _correct_table_one(document, seated, lambda _hands: add_penalty(
        document.unit_of_work(), seated.tables[0], leader, PenaltyReason.BEHAVIOUR, 20))

    after = _entries(document)
    assert set(after) == set(before)
    assert after[leader].carried_raw == before[leader].carried_raw - 0.5 * 20
    preview = cut_preview(document.unit_of_work(), 1)
    rows = {row.player.id: row for row in preview.rows}
    for player, entry in after.items():
        assert entry.carried_score == pytest.approx(0.5 * rows[player].converted_total)
        assert entry.carried_raw == pytest.approx(0.5 * rows[player].raw_total)
    assert not preview.overtaken
    assert _cut_findings(document) == set()


def test_a_correction_that_moves_the_line_waits_for_the_head_judge(after_the_cut) -> None:
    """Every hand at table 1 was discarded, at 60, by a player who had gone through: he is
    last now, and someone else goes on, but only when the head judge makes the cut again."""
    document, seated = after_the_cut
    before = _entries(document)
    leader = seated.players[0]
    [unlucky] = [p for p in seated.players[1:4] if p in before]

    def dealt_in_by_the_unlucky(hands) -> None:
        for hand in hands:
            replace_hand(document.unit_of_work(), hand.id, HandEntry(
                HandResult.WIN, WinType.DISCARD, discarder_id=unlucky,
                wins=(Win(leader, 60, unlucky),)))

    _correct_table_one(document, seated, dealt_in_by_the_unlucky)

    assert _entries(document) == before  # nobody moved without the head judge
    preview = cut_preview(document.unit_of_work(), 1)
    assert preview.overtaken and not preview.next_drawn
    assert unlucky in preview.entrants and unlucky not in preview.qualifiers
    assert preview.rows[-1].player.id == unlucky
    assert _cut_findings(document) == {FindingKind.CUT_DIFFERS}
    with document.unit_of_work() as uow:
        round_one = uow.sessions.get(seated.session_id).round_id
    assert cut_made_after(document.unit_of_work(), round_one) is not None

    taken_back = undo_cut(document.unit_of_work(), 1)
    assert {e.player_id for e in taken_back} == set(before)
    assert cut_made_after(document.unit_of_work(), round_one) is None
    restore_cut(document.unit_of_work(), 1, taken_back)  # its undo: exactly as it was
    assert {p: (e.carried_score, e.carried_raw) for p, e in _entries(document).items()} == {
        p: (e.carried_score, e.carried_raw) for p, e in before.items()}
    with pytest.raises(ServiceError) as caught:
        restore_cut(document.unit_of_work(), 1, taken_back)
    assert caught.value.problem is ServiceProblem.CUT_ALREADY_MADE

    undo_cut(document.unit_of_work(), 1)
    remade = make_cut(document.unit_of_work(), 1)
    assert set(remade) == set(preview.qualifiers)
    assert not cut_preview(document.unit_of_work(), 1).overtaken
    assert _cut_findings(document) == set()
