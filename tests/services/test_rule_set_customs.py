"""Tournaments under MCR and classical scoring: the rule set chosen at creation drives
seating within a session, dealers, payments, penalties and standings."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.helpers.seated_event import Seated, seat_event
from tournament_manager.domain.model import (
    HandResult,
    PenaltyReason,
    StageStatus,
    Win,
    WinType,
)
from tournament_manager.domain.presets import Preset, preset_settings
from tournament_manager.domain.settings import SeatRotation, SessionConversion, SessionEnd
from tournament_manager.messages.services import describe as describe_error
from tournament_manager.rules.tiles import Wind
from tournament_manager.services.errors import ServiceError, ServiceProblem
from tournament_manager.services.score_sheets import (
    HandEntry,
    delete_hand,
    enter_hand,
    hand_seating,
    record_false_win,
    replace_hand,
)
from tournament_manager.services.standings import standings
from tournament_manager.services.tournaments import create_tournament
from tournament_manager.services.views import sheet_view
from tournament_manager.storage.document import create_document


def _event(tmp_path: Path, rule_set: str, **changes: object) -> Iterator[Seated]:
    import dataclasses

    document = create_document(tmp_path / f"{rule_set}.tmt")
    settings = dataclasses.replace(preset_settings(Preset.OPEN, 2, rule_set), **changes)
    create_tournament(document.unit_of_work(), f"{rule_set} open", settings)
    seated = seat_event(document)
    with document.unit_of_work() as uow:
        uow.sessions.update(dataclasses.replace(uow.sessions.get(seated.session_id),
                                                status=StageStatus.RUNNING))
        uow.commit()
    yield seated
    document.close(backup=False)


@pytest.fixture
def mcr(tmp_path: Path) -> Iterator[Seated]:
    yield from _event(tmp_path, "mcr")


@pytest.fixture
def classic(tmp_path: Path) -> Iterator[Seated]:
    yield from _event(tmp_path, "classic")


def _dealers(seated: Seated, hands: int = 16) -> list[str]:
    a, b, c, d = seated.players[:4]
    names = {a: "A", b: "B", c: "C", d: "D"}
    return [names[hand_seating(seated.document.unit_of_work(), seated.tables[0], n).dealer_id]
            for n in range(1, hands + 1)]


def test_mcr_customs_come_with_the_rule_set() -> None:
    settings = preset_settings(Preset.OPEN, 4, "mcr")
    assert settings.session_conversion is SessionConversion.TABLE_POINTS
    assert settings.seat_rotation is SeatRotation.MCR_WEST_DEALS_THIRD
    assert (settings.false_win_points, settings.false_win_distributed) == (30, True)
    assert preset_settings(Preset.OPEN, 4, "classic").session_conversion is SessionConversion.RAW


def test_mcr_seat_rotation_inside_a_session(mcr: Seated) -> None:
    # Green Book appendix 4, European order: R1 E A S B W C N D; R2 E B S A W D N C;
    # R3 E C S D W B N A; R4 E D S C W A N B. The deal passes every hand within a round.
    assert "".join(_dealers(mcr)) == "ABCD" "BADC" "CDBA" "DCAB"
    a, b, c, d = mcr.players[:4]
    fifth = hand_seating(mcr.document.unit_of_work(), mcr.tables[0], 5).seat_of
    assert (fifth[b], fifth[a], fifth[d], fifth[c]) == (Wind.E, Wind.S, Wind.W, Wind.N)


def test_the_other_published_mcr_order(tmp_path: Path) -> None:
    for seated in _event(tmp_path, "mcr", seat_rotation=SeatRotation.MCR_NORTH_DEALS_THIRD):
        assert "".join(_dealers(seated)) == "ABCD" "BADC" "DCAB" "CDBA"


def test_mcr_payments_false_win_and_table_points(mcr: Seated) -> None:
    a, b, c, d = mcr.players[:4]
    hand = enter_hand(mcr.document.unit_of_work(), mcr.tables[0], HandEntry(
        HandResult.WIN, WinType.DISCARD, c, (Win(b, 10, c),)))
    assert dict(hand.deltas) == {b: 34, c: -18, a: -8, d: -8}  # 8 + P, 8, 8
    record_false_win(mcr.document.unit_of_work(), mcr.tables[0], d, hand_number=2)
    rows = {row.player.id: row for row in standings(mcr.document.unit_of_work()).rows}
    assert [rows[p].raw_total for p in (a, b, c, d)] == [2, 44, -8, -38]  # −30, +10 each
    assert [rows[p].converted_total for p in (a, b, c, d)] == [2, 4, 1, 0]
    assert rows[mcr.players[4]].converted_total == 7 / 4  # four tied at table 2


def test_a_false_winner_cannot_win_that_hand(mcr: Seated) -> None:
    """MCR spec §7: after a false hu "the hand continues, the offender may not win that
    hand". His win of hand 1 was accepted with the false win recorded; now it is refused
    in words, and so is a false win recorded against the hand he has won."""
    from tournament_manager.services.score_sheets import add_penalty

    a, b, c, d = mcr.players[:4]
    uow = mcr.document.unit_of_work
    record_false_win(uow(), mcr.tables[0], b, hand_number=1)
    with pytest.raises(ServiceError) as caught:
        enter_hand(uow(), mcr.tables[0], HandEntry(
            HandResult.WIN, WinType.DISCARD, c, (Win(b, 10, c),)))
    assert describe_error(caught.value) == (
        "Player 1 declared a false win in hand 1: his hand is dead, so he cannot win it")
    enter_hand(uow(), mcr.tables[0], HandEntry(
        HandResult.WIN, WinType.DISCARD, c, (Win(a, 10, c),)))  # another may
    with pytest.raises(ServiceError) as caught:
        record_false_win(uow(), mcr.tables[0], a, hand_number=1)
    assert caught.value.problem is ServiceProblem.FALSE_WINNER_WINS
    # Another player's false win in that hand is his own: it stands.
    add_penalty(uow(), mcr.tables[0], d, PenaltyReason.FALSE_WIN, 30, hand_number=1)


def test_classical_dealer_keeps_the_deal_and_every_hand_is_scored(classic: Seated) -> None:
    a, b, c, d = classic.players[:4]
    uow = classic.document.unit_of_work
    first = enter_hand(uow(), classic.tables[0], HandEntry(
        HandResult.WIN, WinType.DISCARD, c, (Win(b, 40, c),),
        player_points=((a, 10), (b, 40), (c, 0), (d, 6))))
    # classic_seed (spec classic.md §0): each loser pays the difference, East no double.
    assert dict(first.deltas) == {a: -30, b: 104, c: -40, d: -34}
    assert dict(first.player_points) == {a: 10, b: 40, c: 0, d: 6}
    assert _dealers(classic, 2)[1] == "B"  # A did not win: the deal passed to B
    enter_hand(uow(), classic.tables[0], HandEntry(
        HandResult.WIN, WinType.SELF_DRAW, None, (Win(b, 20, None),),
        player_points=((b, 20),)))
    assert _dealers(classic, 3)[2] == "B"  # B won as dealer: he deals again
    enter_hand(uow(), classic.tables[0], HandEntry(HandResult.DRAW))
    # classic_seed (spec §5.2): "the deal passes after a drawn hand".
    assert _dealers(classic, 4)[3] == "C"

    # A correction of hand 1 (now A wins as dealer) moves every later dealer.
    with uow() as work:
        second = work.hands.list(table_id=classic.tables[0], number=2)[0]
    assert second.dealer_id == b
    replace_hand(uow(), first.id, HandEntry(
        HandResult.WIN, WinType.DISCARD, c, (Win(a, 40, c),),
        player_points=((a, 40), (b, 10), (c, 0), (d, 6))))
    with uow() as work:
        second = work.hands.list(table_id=classic.tables[0], number=2)[0]
    assert second.dealer_id == a and sum(dict(second.deltas).values()) == 0
    with pytest.raises(ServiceError) as caught:
        delete_hand(uow(), first.id)
    assert caught.value.problem is ServiceProblem.NOT_THE_LAST_HAND


def test_a_refused_classical_hand_names_the_player_not_this_hands_wind(
        classic: Seated) -> None:
    """The rules speak of the hand's winds, which move with the deal; the sheet's columns
    follow the starting seats, so the refusal names the player. Classical points are even
    under the usual settings: 7 is a slip of the pen."""
    a, b, c, d = classic.players[:4]
    uow = classic.document.unit_of_work
    enter_hand(uow(), classic.tables[0], HandEntry(
        HandResult.WIN, WinType.DISCARD, c, (Win(b, 40, c),),
        player_points=((a, 10), (b, 40), (c, 0), (d, 6))))
    assert hand_seating(uow(), classic.tables[0], 2).seat_of[a] is Wind.N  # B deals now
    with pytest.raises(ServiceError) as caught:
        enter_hand(uow(), classic.tables[0], HandEntry(
            HandResult.WIN, WinType.SELF_DRAW, None, (Win(b, 20, None),),
            player_points=((a, 7), (b, 20))))
    said = describe_error(caught.value)
    assert "Player 0" in said and "N" not in said.split(":")[0].split()
    assert said == ("hand 2 cannot be paid out: the hand points of Player 0 are not possible "
                    "under these rules: a Classical Chinese (Babcock points and doubles) hand "
                    "is worth a multiple of 2 from 0 to 300; 7 is not possible")


def test_a_classical_session_ends_by_deals_by_default() -> None:
    """Seed (classical): "A game ends when every player has dealt four times or after an
    agreed number of rounds." The classical default is the deals; other rules end by hands."""
    assert preset_settings(Preset.OPEN, 4, "classic").session_end is SessionEnd.DEALS
    assert preset_settings(Preset.OPEN, 4, "classic").hands_per_session == 16  # 4 × 4 deals
    for rule_set in ("zung-jung", "mcr"):
        assert preset_settings(Preset.OPEN, 4, rule_set).session_end is SessionEnd.HANDS


def _draws(seated: Seated, count: int) -> None:
    for _ in range(count):
        enter_hand(seated.document.unit_of_work(), seated.tables[0],
                   HandEntry(HandResult.DRAW))


def _complete(seated: Seated) -> bool:
    return sheet_view(seated.document.unit_of_work(), seated.tables[0]).complete


def test_a_winning_dealer_lengthens_the_session(classic: Seated) -> None:
    """Seed: "East keeps the deal when he wins; otherwise it passes to the right", and the
    game ends "when every player has dealt four times". One dealer's win in 16 deals makes
    17 hands; a 16th hand does not end the session and an 18th is refused in words."""
    a = classic.players[0]
    uow = classic.document.unit_of_work
    enter_hand(uow(), classic.tables[0], HandEntry(
        HandResult.WIN, WinType.SELF_DRAW, None, (Win(a, 20, None),),
        player_points=((a, 20),)))  # A, the first dealer, wins: he deals hand 2 too
    _draws(classic, 15)
    assert not _complete(classic)  # 16 hands, 15 deals passed
    view = sheet_view(uow(), classic.tables[0])
    assert view.planned_hands == 17
    assert "".join("ABCD"[classic.players.index(view.seating(n).dealer_id)]
                   for n in range(1, 18)) == "AA" + "BCDA" * 3 + "BCD"
    # A round ends when every player has dealt: the first has five hands, not four, and
    # its wind (East, then South ...) is the round's, whatever the hand's number.
    assert [row.cycle for row in view.rows] == [1] * 5 + [2] * 4 + [3] * 4 + [4] * 3
    assert [view.seating(n).prevalent.value for n in (1, 5, 6, 10, 14, 17)] == list("EESWNN")
    _draws(classic, 1)
    assert _complete(classic)
    with pytest.raises(ServiceError) as caught:
        _draws(classic, 1)
    assert caught.value.problem is ServiceProblem.SESSION_DEALS_DONE
    assert describe_error(caught.value) == (
        "the session ended after hand 17, when every player had dealt 4 times; there is no "
        "hand 18")


def test_the_agreed_number_of_rounds(tmp_path: Path) -> None:
    """Seed: "... or after an agreed number of rounds": two rounds are eight deals."""
    for seated in _event(tmp_path, "classic", hands_per_session=8):
        _draws(seated, 7)
        assert not _complete(seated)
        _draws(seated, 1)
        assert _complete(seated)


def test_a_session_by_hands_under_classical_scoring_as_before(tmp_path: Path) -> None:
    """The head judge may keep counting hands: 16 hands, whoever won them."""
    for seated in _event(tmp_path, "classic", session_end=SessionEnd.HANDS):
        a = seated.players[0]
        enter_hand(seated.document.unit_of_work(), seated.tables[0], HandEntry(
            HandResult.WIN, WinType.SELF_DRAW, None, (Win(a, 20, None),),
            player_points=((a, 20),)))
        _draws(seated, 15)
        assert _complete(seated)
