"""Player cards, the WSOM record (seed 001, Appendix B): "Each player records any points
gained or lost by every player on the Score Record Card ... passes his card around his three
opponents to be signed." Spec tournament.md §5: "the four cards must agree, and a mismatch
is shown before the session can close"."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.helpers.seated_event import Seated, seat_event
from tournament_manager.domain.model import HandResult, SheetState, Win, WinType
from tournament_manager.domain.player_cards import CardMismatch, Mismatch
from tournament_manager.domain.presets import Preset, preset_settings
from tournament_manager.domain.settings import RecordStyle
from tournament_manager.messages.services import describe
from tournament_manager.services.errors import ServiceError, ServiceProblem
from tournament_manager.services.player_cards import card_check, enter_card, sheet_as_card
from tournament_manager.services.score_sheets import HandEntry, enter_hand, sign_on_paper
from tournament_manager.services.sessions import finish_session
from tournament_manager.services.tournaments import create_tournament
from tournament_manager.storage.document import create_document

HANDS = 4


def _event(tmp_path: Path, record_style: RecordStyle) -> Iterator[Seated]:
    document = create_document(tmp_path / "cards.tmt")
    settings = dataclasses.replace(preset_settings(Preset.WSOM_2015), hands_per_session=HANDS,
                                   record_style=record_style)
    create_tournament(document.unit_of_work(), "Cards Open", settings)
    seated = seat_event(document, players=4)
    a, b, c, d = seated.players
    hands = [HandEntry(HandResult.WIN, WinType.DISCARD, b, (Win(a, 25, b),)),
             HandEntry(HandResult.WIN, WinType.SELF_DRAW, None, (Win(c, 30, None),)),
             HandEntry(HandResult.DRAW),
             HandEntry(HandResult.WIN, WinType.DISCARD, a, (Win(d, 40, a),))]
    for entry in hands:
        enter_hand(document.unit_of_work(), seated.tables[0], entry)
    yield seated
    document.close(backup=False)


@pytest.fixture
def cards(tmp_path: Path) -> Iterator[Seated]:
    yield from _event(tmp_path, RecordStyle.PLAYER_CARDS)


def _paper(seated: Seated) -> dict[int, dict[int, int]]:
    """What every card should say, from the payment table (spec zung-jung.md §3): a discard
    of V ≤ 25 is paid V by all three; V > 25 costs the discarder 3V − 50 and the others 25;
    a self-draw of V is paid V by each. Hand 1: 25 off B; 2: C draws 30; 3: a draw; 4: D
    wins 40 off A (3 × 40 − 50 = 70)."""
    a, b, c, d = seated.players
    return {1: {a: 75, b: -25, c: -25, d: -25},
            2: {a: -30, b: -30, c: 90, d: -30},
            3: {a: 0, b: 0, c: 0, d: 0},
            4: {a: -70, b: -25, c: -25, d: 120}}


def test_each_card_is_compared_hand_by_hand_and_the_session_waits(cards: Seated) -> None:
    uow = cards.document.unit_of_work
    table = cards.tables[0]
    a, b, c, d = cards.players
    paper = _paper(cards)
    assert sheet_as_card(uow(), table) == paper, "the sheet is what the players wrote"

    enter_card(uow(), table, a, paper, signed=True, typist="Desk 1")
    wrong = {**paper, 2: {**paper[2], c: 80, d: -20}}  # Bob wrote Cid +80 and Dan −20
    check = enter_card(uow(), table, b, wrong, signed=True, typist="Desk 1")
    assert check.mismatches == (CardMismatch(b, 2, (c, d)),)
    assert check.missing == (c, d) and not check.agreed

    with pytest.raises(ServiceError) as caught:
        finish_session(uow(), cards.session_id)
    assert caught.value.problem is ServiceProblem.CARDS_MISSING
    assert describe(caught.value) == ("session 1 cannot close yet: table 1 still needs the "
                                      "player card of Player 2 and Player 3")

    enter_card(uow(), table, c, paper, signed=False, typist="Desk 1")
    enter_card(uow(), table, d, {n: row for n, row in paper.items() if n != 4},
               signed=True, typist="Desk 2")  # Dan's card stops at hand 3
    with pytest.raises(ServiceError) as caught:
        finish_session(uow(), cards.session_id)
    assert describe(caught.value) == ("session 1 cannot close yet: at table 1 the card of "
                                      "Player 2 is not signed by the three opponents")
    check = enter_card(uow(), table, c, paper, signed=True, typist="Desk 1")
    assert check.mismatches == (CardMismatch(b, 2, (c, d)),
                                CardMismatch(d, 4, (a, b, c, d), Mismatch.NOT_ON_CARD))
    with pytest.raises(ServiceError) as caught:
        finish_session(uow(), cards.session_id)
    assert describe(caught.value) == ("session 1 cannot close yet: at table 1 the card of "
                                      "Player 1 and Player 3 differs from the sheet at hand "
                                      "2 and 4")
    with uow() as work:
        assert work.tables.get(table).sheet_state is SheetState.OPEN

    # The cards typed again as written after all; the fourth agreeing card locks the sheet.
    enter_card(uow(), table, b, paper, signed=True, typist="Desk 1")
    check = enter_card(uow(), table, d, paper, signed=True, typist="Desk 2")
    assert check.agreed
    with uow() as work:
        assert work.tables.get(table).sheet_state is SheetState.LOCKED
        signatures = work.signatures.list(table_id=table)
        assert {s.player_id for s in signatures} == set(cards.players)
        assert {(s.on_paper, s.recorded_by) for s in signatures} == {(True, "Desk 2")}
        changes = [e for e in work.audit.list() if e.entity == "player_card"]
        assert [e.action for e in changes].count("update") == 3, "each retyping on record"
    assert finish_session(uow(), cards.session_id).status.value == "finished"


def test_a_card_needs_a_typist_and_the_tables_players(cards: Seated) -> None:
    uow = cards.document.unit_of_work
    a = cards.players[0]
    with pytest.raises(ServiceError) as caught:
        enter_card(uow(), cards.tables[0], a, {}, signed=True, typist="  ")
    assert caught.value.problem is ServiceProblem.TRANSCRIBER_REQUIRED
    with pytest.raises(ServiceError) as caught:
        enter_card(uow(), cards.tables[0], a, {1: {a: 10, 999: -10}}, signed=True,
                   typist="Desk")
    assert caught.value.problem is ServiceProblem.PLAYER_NOT_AT_TABLE


def test_no_cards_at_an_event_that_keeps_one_sheet_per_table(tmp_path: Path) -> None:
    for seated in _event(tmp_path, RecordStyle.TABLE_SHEET):
        uow = seated.document.unit_of_work
        with pytest.raises(ServiceError) as caught:
            enter_card(uow(), seated.tables[0], seated.players[0], {}, signed=True,
                       typist="Desk")
        assert caught.value.problem is ServiceProblem.CARDS_NOT_IN_FORMAT
        assert card_check(uow(), seated.tables[0]).cards == {}
        sign_on_paper(uow(), seated.tables[0], "Desk")
        assert finish_session(uow(), seated.session_id).status.value == "finished"
