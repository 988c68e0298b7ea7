"""Entering hands, penalties, signing, locking and correcting a table's sheet."""

from __future__ import annotations

import pytest

from tests.helpers.head_judge import name_head_judge
from tests.helpers.seated_event import Seated, seat_event
from tournament_manager.domain.model import (
    HandResult,
    PenaltyReason,
    SheetState,
    Win,
    WinType,
)
from tournament_manager.services.errors import ServiceError, ServiceProblem
from tournament_manager.services.score_sheets import (
    HandEntry,
    add_penalty,
    correct_sheet,
    delete_hand,
    enter_hand,
    replace_hand,
    sign_on_paper,
    sign_sheet,
    stop_on_time,
)

PNG = b"\x89PNG\r\n\x1a\n signature strokes"


def drawn(player: int, attempt: int = 1) -> bytes:
    """A signature as a pad gives it: a new drawing every time it is drawn."""
    return PNG + f" {player}/{attempt}".encode()


def _discard(winner: int, discarder: int, value: int, responsible: int | None = -1
             ) -> HandEntry:
    return HandEntry(HandResult.WIN, WinType.DISCARD, discarder,
                     (Win(winner, value, discarder if responsible == -1 else responsible),))


def test_payments_follow_the_rules_and_the_dealer_rotates(seated: Seated) -> None:
    east, south, west, north = seated.players[:4]
    uow = seated.document.unit_of_work
    first = enter_hand(uow(), seated.tables[0], _discard(south, west, 30))
    assert first.number == 1 and first.dealer_id == east
    assert dict(first.deltas) == {south: 90, west: -40, east: -25, north: -25}
    second = enter_hand(uow(), seated.tables[0], HandEntry(
        HandResult.WIN, WinType.SELF_DRAW, None, (Win(north, 10, None),)))
    assert second.dealer_id == south
    assert dict(second.deltas) == {north: 30, east: -10, south: -10, west: -10}
    drawn = enter_hand(uow(), seated.tables[0], HandEntry(HandResult.DRAW))
    assert drawn.dealer_id == west and set(dict(drawn.deltas).values()) == {0}


def test_same_turn_immunity_moves_the_payment(seated: Seated) -> None:
    east, south, west, north = seated.players[:4]
    uow = seated.document.unit_of_work
    shifted = enter_hand(uow(), seated.tables[0], _discard(east, west, 70, responsible=south))
    assert dict(shifted.deltas) == {east: 210, south: -160, west: -25, north: -25}
    nobody = enter_hand(uow(), seated.tables[0], _discard(east, west, 70, responsible=None))
    assert dict(nobody.deltas) == {east: 210, south: -70, west: -70, north: -70}


def test_triple_win_pays_each_winner_from_the_discarder(tmp_path) -> None:
    """Spec zung-jung.md §3, `triple_win: all_win` (the default outside the WSOM formats):
    "each of the three is paid as a discard win with the discarder responsible"."""
    from tournament_manager.domain.presets import Preset, preset_settings
    from tournament_manager.services.tournaments import create_tournament
    from tournament_manager.storage.document import create_document

    with create_document(tmp_path / "open.tmt") as document:
        create_tournament(document.unit_of_work(), "Open", preset_settings(Preset.OPEN))
        seated = seat_event(document)
        east, south, west, north = seated.players[:4]
        entry = HandEntry(HandResult.WIN, WinType.DISCARD, north,
                          (Win(east, 30, north), Win(south, 10, north), Win(west, 5, north)))
        hand = enter_hand(document.unit_of_work(), seated.tables[0], entry)
        deltas = dict(hand.deltas)
        assert sum(deltas.values()) == 0
        assert deltas[east] == 90 - 10 - 5 and deltas[north] == -(40 + 10 + 5)


def test_a_wsom_event_refuses_three_claims_and_names_the_interceptor(seated: Seated) -> None:
    """Spec zung-jung.md §3: the WSOM presets choose `intercept` ("there are no
    exceptions"): the claim nearest the discarder's lower seat wins alone."""
    east, south, west, north = seated.players[:4]
    entry = HandEntry(HandResult.WIN, WinType.DISCARD, north,
                      (Win(east, 30, north), Win(south, 10, north), Win(west, 5, north)))
    with pytest.raises(ServiceError) as caught:
        enter_hand(seated.document.unit_of_work(), seated.tables[0], entry)
    assert caught.value.problem is ServiceProblem.HAND_NOT_SETTLEABLE
    assert caught.value.details["code"] == "three_claims_intercepted"
    assert caught.value.details["seat"] == "E"


@pytest.mark.parametrize(("entry", "problem"), [
    (HandEntry(HandResult.WIN), ServiceProblem.WIN_WITHOUT_WINNER),
    (HandEntry(HandResult.DRAW, WinType.DISCARD), ServiceProblem.WINNER_IN_DRAWN_HAND),
    (HandEntry(HandResult.WIN, WinType.DISCARD, None, (Win(1, 5, None),)),
     ServiceProblem.HAND_NOT_SETTLEABLE),
])
def test_impossible_hands_are_refused(seated: Seated, entry: HandEntry,
                                      problem: ServiceProblem) -> None:
    with pytest.raises(ServiceError) as caught:
        enter_hand(seated.document.unit_of_work(), seated.tables[0], entry)
    assert caught.value.problem is problem


def test_two_winners_on_one_discard_and_strangers_are_refused(seated: Seated) -> None:
    east, south, west, _north = seated.players[:4]
    stranger = seated.players[5]
    uow = seated.document.unit_of_work
    with pytest.raises(ServiceError) as caught:
        enter_hand(uow(), seated.tables[0], HandEntry(
            HandResult.WIN, WinType.DISCARD, west, (Win(east, 5, west), Win(south, 5, west))))
    assert caught.value.details["code"] == "two_winners_on_one_discard"
    with pytest.raises(ServiceError) as caught:
        enter_hand(uow(), seated.tables[0], _discard(stranger, west, 5))
    assert caught.value.problem is ServiceProblem.PLAYER_NOT_AT_TABLE


def test_hand_numbers_stay_within_the_session(seated: Seated) -> None:
    uow = seated.document.unit_of_work
    with pytest.raises(ServiceError) as caught:
        enter_hand(uow(), seated.tables[0], HandEntry(HandResult.DRAW), number=17)
    assert caught.value.problem is ServiceProblem.HAND_OUT_OF_SESSION
    enter_hand(uow(), seated.tables[0], HandEntry(HandResult.DRAW), number=3)
    with pytest.raises(ServiceError) as caught:
        enter_hand(uow(), seated.tables[0], HandEntry(HandResult.DRAW), number=3)
    assert caught.value.problem is ServiceProblem.HAND_NUMBER_TAKEN


def test_edit_and_delete_resettle(seated: Seated) -> None:
    east, south, west, north = seated.players[:4]
    uow = seated.document.unit_of_work
    hand = enter_hand(uow(), seated.tables[0], _discard(south, west, 30))
    edited = replace_hand(uow(), hand.id, _discard(south, west, 20))
    assert dict(edited.deltas) == {south: 60, west: -20, east: -20, north: -20}
    removed = delete_hand(uow(), hand.id)
    assert removed.id == hand.id
    with uow() as work:
        assert work.hands.count(table_id=seated.tables[0]) == 0


def _play_full_sheet(seated: Seated) -> None:
    for _ in range(16):
        enter_hand(seated.document.unit_of_work(), seated.tables[0], HandEntry(HandResult.DRAW))


def test_a_player_signs_once_and_a_drawing_is_one_players(seated: Seated) -> None:
    """Two phones at one table both signing East; a pad handed on without clearing it.
    And the board counts only the signatures of the sheet as it stands."""
    from tournament_manager.services.views import table_progress

    east, south, west = seated.players[:3]
    uow = seated.document.unit_of_work
    table = seated.tables[0]
    _play_full_sheet(seated)
    sign_sheet(uow(), table, east, drawn(east))
    with pytest.raises(ServiceError) as caught:
        sign_sheet(uow(), table, east, drawn(east, 2))
    assert caught.value.problem is ServiceProblem.ALREADY_SIGNED
    with pytest.raises(ServiceError) as caught:
        sign_sheet(uow(), table, south, drawn(east))  # East's strokes, still on the pad
    assert caught.value.problem is ServiceProblem.SIGNATURE_REUSED
    sign_sheet(uow(), table, south, drawn(south))
    [progress] = [p for p in table_progress(uow(), seated.session_id) if p.table.id == table]
    assert progress.signatures == 2
    add_penalty(uow(), table, west, PenaltyReason.TIME, 10, hand_number=4)
    [progress] = [p for p in table_progress(uow(), seated.session_id) if p.table.id == table]
    assert progress.signatures == 0, "signed before the penalty: they sign again"
    assert sign_sheet(uow(), table, east, drawn(east, 2)).signature.player_id == east


def test_signing_locks_the_sheet_only_when_all_four_signed_the_same_content(seated: Seated
                                                                           ) -> None:
    east, south, west, north = seated.players[:4]
    uow = seated.document.unit_of_work
    table = seated.tables[0]
    with pytest.raises(ServiceError) as caught:
        sign_sheet(uow(), table, east, PNG)
    assert caught.value.problem is ServiceProblem.SHEET_INCOMPLETE
    _play_full_sheet(seated)
    assert not sign_sheet(uow(), table, east, drawn(east)).locked
    add_penalty(uow(), table, west, PenaltyReason.TIME, 10, hand_number=4)
    # East signed the sheet before the penalty: his signature no longer covers it.
    for player in (south, west, north):
        assert not sign_sheet(uow(), table, player, drawn(player)).locked
    # ... and he signs again with a new drawing, not the strokes he gave before.
    with pytest.raises(ServiceError) as caught:
        sign_sheet(uow(), table, east, drawn(east))
    assert caught.value.problem is ServiceProblem.SIGNATURE_REUSED
    assert sign_sheet(uow(), table, east, drawn(east, 2)).locked
    with uow() as work:
        locked = work.tables.get(table)
        assert locked.sheet_state is SheetState.LOCKED and len(locked.content_hash) == 64
        assert work.snapshots.list(table_id=table)[0].content_hash == locked.content_hash
    with pytest.raises(ServiceError) as caught:
        add_penalty(uow(), table, west, PenaltyReason.BEHAVIOUR, 5)
    assert caught.value.problem is ServiceProblem.SHEET_LOCKED


def test_a_sheet_signed_on_paper_locks_with_who_transcribed_it(seated: Seated) -> None:
    from datetime import UTC, datetime

    from tournament_manager.services.verification import verify
    from tournament_manager.services.views import sheet_view

    uow = seated.document.unit_of_work
    table = seated.tables[0]
    with pytest.raises(ServiceError) as caught:
        sign_on_paper(uow(), table, "Desk 1")
    assert caught.value.problem is ServiceProblem.SHEET_INCOMPLETE
    _play_full_sheet(seated)
    with pytest.raises(ServiceError) as caught:
        sign_on_paper(uow(), table, "   ")
    assert caught.value.problem is ServiceProblem.TRANSCRIBER_REQUIRED
    ticked = datetime(2026, 11, 26, 17, 42, tzinfo=UTC)
    locked = sign_on_paper(uow(), table, " Desk 1 ", clock=lambda: ticked)
    assert locked.sheet_state is SheetState.LOCKED
    view = sheet_view(uow(), table)
    assert view.locked and view.verified
    signatures = [s.signature for s in view.signatures]
    assert sorted(s.player_id for s in signatures) == sorted(seated.players[:4])
    assert {(s.on_paper, s.recorded_by, s.recorded_at, s.image_png) for s in signatures} == {
        (True, "Desk 1", ticked, b"")}
    assert verify(uow()).ok, "paper signatures are signatures"
    with pytest.raises(ServiceError) as caught:
        sign_on_paper(uow(), table, "Desk 1")
    assert caught.value.problem is ServiceProblem.SHEET_LOCKED


def test_correction_needs_the_head_judge_and_a_reason(seated: Seated) -> None:
    from tournament_manager.services.head_judge import HeadJudgeCredential
    from tournament_manager.services.views import sheet_view

    uow = seated.document.unit_of_work
    table = seated.tables[0]
    _play_full_sheet(seated)
    for player in seated.players[:4]:
        sign_sheet(uow(), table, player, drawn(player))
    reason = "value of hand 3 was 40"
    with pytest.raises(ServiceError) as caught:
        correct_sheet(uow(), table, reason, HeadJudgeCredential("anything at all"))
    assert caught.value.problem is ServiceProblem.NO_HEAD_JUDGE_PASSPHRASE
    credential = name_head_judge(seated.document)
    for passphrase, text, problem in (
            ("a wrong passphrase", reason, ServiceProblem.WRONG_PASSPHRASE),
            (credential.passphrase, "  ", ServiceProblem.REASON_REQUIRED),
            (credential.passphrase, "fix", ServiceProblem.REASON_REQUIRED)):
        with pytest.raises(ServiceError) as caught:
            correct_sheet(uow(), table, text, HeadJudgeCredential(passphrase))
        assert caught.value.problem is problem
    assert sheet_view(uow(), table).locked
    reopened = correct_sheet(uow(), table, reason, credential)
    assert reopened.sheet_state is SheetState.OPEN and reopened.sheet_version == 2
    with uow() as work:
        entry = work.audit.list(entity="session_table", entity_id=table)[-1]
        (correction,) = work.corrections.list(table_id=table)
    assert entry.reason == reason and entry.actor == "Ada Judge"
    assert (correction.version, correction.reason, correction.head_judge) == (
        2, reason, "Ada Judge")
    assert sheet_view(uow(), table).corrections == (correction,)
    # Version 2 needs four new drawings: the strokes that signed version 1 are refused.
    with pytest.raises(ServiceError) as caught:
        sign_sheet(uow(), table, seated.players[0], drawn(seated.players[0]))
    assert caught.value.problem is ServiceProblem.SIGNATURE_REUSED


def test_hands_only_on_a_running_session(document) -> None:  # type: ignore[no-untyped-def]
    seated = seat_event(document, running=False)
    with pytest.raises(ServiceError) as caught:
        enter_hand(document.unit_of_work(), seated.tables[0], HandEntry(HandResult.DRAW))
    assert caught.value.problem is ServiceProblem.SESSION_NOT_STARTED
    for act in (lambda: stop_on_time(document.unit_of_work(), seated.tables[0]),
                lambda: add_penalty(document.unit_of_work(), seated.tables[0],
                                    seated.players[0], PenaltyReason.BEHAVIOUR, 5)):
        with pytest.raises(ServiceError) as caught:
            act()
        assert caught.value.problem is ServiceProblem.SESSION_NOT_STARTED


def test_time_out_stops_further_hands(seated: Seated) -> None:
    uow = seated.document.unit_of_work
    table = seated.tables[0]
    for _ in range(5):
        enter_hand(uow(), table, HandEntry(HandResult.DRAW))
    stop_on_time(uow(), table)
    with pytest.raises(ServiceError) as caught:
        enter_hand(uow(), table, HandEntry(HandResult.DRAW))
    assert caught.value.problem is ServiceProblem.STOPPED_ON_TIME
    # A sheet stopped on time is complete with the hands played.
    assert not sign_sheet(uow(), table, seated.players[0], drawn(seated.players[0])).locked


def test_sheet_view_has_running_totals_flags_and_signature_state(seated: Seated) -> None:
    from tournament_manager.services.views import sheet_view

    east, south, west, north = seated.players[:4]
    uow = seated.document.unit_of_work
    table = seated.tables[0]
    enter_hand(uow(), table, _discard(south, west, 30))
    enter_hand(uow(), table, _discard(south, east, 10))
    add_penalty(uow(), table, north, PenaltyReason.TIME, 45, hand_number=2)
    add_penalty(uow(), table, north, PenaltyReason.TIME, 40, hand_number=2)
    view = sheet_view(uow(), table)
    assert [p.id for p in view.players] == [east, south, west, north]
    assert [row.running for row in view.rows] == [(-25, 90, -40, -25), (-35, 120, -50, -35)]
    assert view.hand_totals == (-35, 120, -50, -35)
    assert view.raw_totals == (-35, 120, -50, -120)
    assert view.missing_hands == tuple(range(3, 17)) and not view.complete
    assert view.resigned_flags == ((north, 2),)
    assert not view.locked and not view.corrected and view.signatures == ()


def test_the_progress_board_follows_each_table(document) -> None:  # type: ignore[no-untyped-def]
    from tests.helpers.head_judge import name_head_judge
    from tournament_manager.services.views import TableState, table_progress

    seated = seat_event(document, running=False)
    uow = document.unit_of_work

    def states() -> list[TableState]:
        return [row.state for row in table_progress(uow(), seated.session_id)]

    assert states() == [TableState.WAITING, TableState.WAITING]
    from tests.helpers.seated_event import start_seated_session

    start_seated_session(document, seated.session_id)
    for _ in range(16):
        enter_hand(uow(), seated.tables[0], HandEntry(HandResult.DRAW))
    for _ in range(3):
        enter_hand(uow(), seated.tables[1], HandEntry(HandResult.DRAW))
    assert states() == [TableState.COMPLETE, TableState.PLAYING]
    stop_on_time(uow(), seated.tables[1])
    sign_sheet(uow(), seated.tables[0], seated.players[0], drawn(seated.players[0]))
    rows = table_progress(uow(), seated.session_id)
    assert [row.state for row in rows] == [TableState.SIGNING, TableState.STOPPED_ON_TIME]
    assert (rows[0].signatures, rows[1].hands, rows[1].expected) == (1, 3, 3)
    for player in seated.players[1:4]:
        sign_sheet(uow(), seated.tables[0], player, drawn(player))
    assert states()[0] is TableState.LOCKED
    correct_sheet(uow(), seated.tables[0], "hand 3 was a win by East",
                  name_head_judge(document))
    assert states()[0] is TableState.CORRECTING


def test_the_head_judge_is_renamed_with_his_passphrase(document) -> None:  # type: ignore[no-untyped-def]
    from tests.helpers.head_judge import name_head_judge
    from tournament_manager.services.head_judge import (
        HeadJudgeCredential,
        check_passphrase,
        rename_head_judge,
    )

    credential = name_head_judge(document)
    with pytest.raises(ServiceError) as caught:
        rename_head_judge(document.unit_of_work(), "Bo Judge", HeadJudgeCredential("nope nope"))
    assert caught.value.problem is ServiceProblem.WRONG_PASSPHRASE
    assert rename_head_judge(document.unit_of_work(), " Bo Judge ", credential).name == "Bo Judge"
    assert check_passphrase(document.unit_of_work(), credential).name == "Bo Judge"


def test_an_act_on_a_sheet_shown_before_another_stations_change_is_refused(
        seated: Seated) -> None:
    """Two stations on one table: the hand the first typed as the second must not become
    the third, and a player signs only what he was shown. Refused in words, naming who
    changed the sheet; nothing done; acted on the sheet as it now is, it goes through."""
    from tournament_manager.services.views import sheet_view

    east, south, west, north = seated.players[:4]
    table = seated.tables[0]
    here = seated.document.unit_of_work
    enter_hand(here(), table, _discard(east, south, 30))
    shown = sheet_view(here(), table).content_hash
    elsewhere = seated.document.unit_of_work(actor="Desk 3 (results desk)")
    enter_hand(elsewhere, table, _discard(west, north, 20))

    with pytest.raises(ServiceError) as stale:
        enter_hand(here(), table, _discard(south, east, 25), seen=shown)
    assert stale.value.problem is ServiceProblem.SHEET_CHANGED_ELSEWHERE
    assert stale.value.details["by"] == "Desk 3 (results desk)"
    assert stale.value.details["table"] == 1
    with pytest.raises(ServiceError) as unseen:  # before any other check: what he saw
        sign_sheet(here(), table, east, drawn(east), seen=shown)
    assert unseen.value.problem is ServiceProblem.SHEET_CHANGED_ELSEWHERE
    view = sheet_view(here(), table)
    assert [row.hand.number for row in view.rows] == [1, 2] and not view.signatures
    entered = enter_hand(here(), table, _discard(south, east, 25), seen=view.content_hash)
    assert entered.number == 3


def test_a_penalty_names_a_hand_played_or_in_play(seated: Seated) -> None:
    """A penalty "at hand 99" of a sixteen-hand session was recorded and printed on the
    signed sheet and in the workbook."""
    east, south, west, north = seated.players[:4]
    uow = seated.document.unit_of_work
    table = seated.tables[0]
    enter_hand(uow(), table, _discard(south, west, 30))
    add_penalty(uow(), table, north, PenaltyReason.TIME, 10, hand_number=1)
    add_penalty(uow(), table, north, PenaltyReason.TIME, 10, hand_number=2)  # in play
    for number in (0, 3, 99):
        with pytest.raises(ServiceError) as refused:
            add_penalty(uow(), table, north, PenaltyReason.OTHER, 999, hand_number=number)
        assert refused.value.problem is ServiceProblem.PENALTY_HAND_NOT_PLAYED
        assert refused.value.details == {"hand": number, "latest": 2}
    _play_full_sheet_from(seated, 2)
    add_penalty(uow(), table, east, PenaltyReason.TIME, 10, hand_number=16)
    with pytest.raises(ServiceError):
        add_penalty(uow(), table, east, PenaltyReason.TIME, 10, hand_number=17)
    from tournament_manager.services.views import sheet_view

    assert len(sheet_view(uow(), table).penalties) == 3


def _play_full_sheet_from(seated: Seated, number: int) -> None:
    for _ in range(number, 17):
        enter_hand(seated.document.unit_of_work(), seated.tables[0], HandEntry(HandResult.DRAW))
