"""Standings from the sheets: conversions, the tie-break chain, byes and cuts."""

from __future__ import annotations

import dataclasses
import math

import pytest

from tests.helpers.seated_event import Seated, set_draws
from tournament_manager.domain.model import HandResult, PenaltyReason, StageStatus, Win, WinType
from tournament_manager.domain.settings import PenaltyMode, SessionConversion
from tournament_manager.domain.standings import TieBreak
from tournament_manager.services.errors import ServiceError, ServiceProblem
from tournament_manager.services.score_sheets import HandEntry, add_penalty, enter_hand
from tournament_manager.services.standings import Standings, make_cut, standings
from tournament_manager.storage.document import Document


def _set(document: Document, **changes: object) -> None:
    with document.unit_of_work() as uow:
        tournament = uow.tournaments.list()[0]
        uow.tournaments.update(dataclasses.replace(
            tournament, settings=dataclasses.replace(tournament.settings, **changes)))
        uow.commit()


def _win(seated: Seated, table: int, winner: int, discarder: int, value: int) -> None:
    enter_hand(seated.document.unit_of_work(), seated.tables[table], HandEntry(
        HandResult.WIN, WinType.DISCARD, discarder, (Win(winner, value, discarder),)))


def _start_session(document: Document, number: int = 1) -> None:
    with document.unit_of_work() as uow:
        session = next(s for s in uow.sessions.list() if s.number == number)
        uow.sessions.update(dataclasses.replace(session, status=StageStatus.RUNNING))
        uow.commit()


def test_match_points_and_penalties_make_the_session_score(seated: Seated) -> None:
    p = seated.players
    _start_session(seated.document)
    _win(seated, 0, p[1], p[2], 30)          # +90 / -40 / -25 / -25
    _win(seated, 1, p[4], p[5], 5)           # +15 / -5 / -5 / -5
    add_penalty(seated.document.unit_of_work(), seated.tables[0], p[0], PenaltyReason.TIME, 15)
    table = standings(seated.document.unit_of_work())
    by_player = {row.player.id: row for row in table.rows}
    assert by_player[p[1]].raw_total == 90
    assert by_player[p[0]].raw_total == -40          # -25 hand, -15 penalty (deduct)
    assert by_player[p[1]].converted_total == pytest.approx(math.sqrt(90))
    assert by_player[p[2]].converted_total == pytest.approx(-math.sqrt(40))
    assert [row.rank for row in table.rows] == list(range(1, 9))
    assert table.rows[0].player.id == p[1]
    assert sum(row.raw_total for row in table.rows) == -15   # = −Σ penalties in deduct mode


def test_distributed_penalties_keep_the_table_at_zero(seated: Seated) -> None:
    _set(seated.document, penalty_mode=PenaltyMode.DISTRIBUTE)
    _start_session(seated.document)
    add_penalty(seated.document.unit_of_work(), seated.tables[0], seated.players[0],
                PenaltyReason.BEHAVIOUR, 10)
    rows = {r.player.id: r for r in standings(seated.document.unit_of_work()).rows}
    assert rows[seated.players[0]].raw_total == -10
    assert rows[seated.players[1]].raw_total == pytest.approx(10 / 3)


def test_table_points_share_tied_places(seated: Seated) -> None:
    _set(seated.document, session_conversion=SessionConversion.TABLE_POINTS)
    _start_session(seated.document)
    p = seated.players
    _win(seated, 0, p[1], p[2], 10)   # p1 +30, p2 -10, p0 -10, p3 -10
    rows = {r.player.id: r for r in standings(seated.document.unit_of_work()).rows}
    assert rows[p[1]].converted_total == 4
    assert {rows[x].converted_total for x in (p[0], p[2], p[3])} == {1.0}  # (2+1+0)/3
    assert rows[p[4]].converted_total == pytest.approx(7 / 4)              # all four tied


def test_ties_go_to_the_raw_total_then_the_recorded_draw(seated: Seated) -> None:
    _set(seated.document, session_conversion=SessionConversion.TABLE_POINTS)
    _start_session(seated.document)
    p = seated.players
    _win(seated, 0, p[1], p[2], 10)
    _win(seated, 1, p[5], p[6], 20)
    table = standings(seated.document.unit_of_work())
    first, second = table.rows[0], table.rows[1]
    assert (first.player.id, second.player.id) == (p[5], p[1])  # 4 points each, raw 60 > 30
    assert first.tie_break is TieBreak.RAW_TOTAL
    tied = [row for row in table.rows if row.converted_total == 1.0 and row.raw_total == -10]
    assert [row.player.tiebreak_draw for row in tied] == sorted(r.player.tiebreak_draw
                                                                for r in tied)


def _finish_round_one(document: Document) -> None:
    with document.unit_of_work() as uow:
        round_one = next(r for r in uow.rounds.list() if r.number == 1)
        for session in uow.sessions.list(round_id=round_one.id):
            uow.sessions.update(dataclasses.replace(session, status=StageStatus.FINISHED))
        uow.commit()


def test_cut_keeps_exactly_n_and_carries_the_fraction(document: Document) -> None:
    from tests.helpers.seated_event import seat_event

    seated = seat_event(document, players=40)
    p = seated.players
    for table in range(10):
        _win(seated, table, p[4 * table + 1], p[4 * table + 2], 5 * (table + 1))
    with pytest.raises(ServiceError) as caught:
        make_cut(document.unit_of_work(), 1)
    assert caught.value.problem is ServiceProblem.ROUND_NOT_FINISHED
    with document.unit_of_work() as uow:
        round_two = next(r for r in uow.rounds.list() if r.number == 2)
        uow.rounds.update(dataclasses.replace(round_two, carry=0.25))
        uow.commit()
    _finish_round_one(document)
    before = standings(document.unit_of_work())
    advancing = make_cut(document.unit_of_work(), 1)
    assert len(advancing) == 32
    assert advancing == [row.player.id for row in before.rows[:32]]
    after = standings(document.unit_of_work())
    top = after.rows[:32]
    assert all(row.round_number == 2 for row in top)
    assert [row.player.id for row in top] == advancing
    assert top[0].carried == pytest.approx(0.25 * before.rows[0].converted_total)
    assert [row.rank for row in after.rows] == list(range(1, 41))
    with pytest.raises(ServiceError) as caught:
        make_cut(document.unit_of_work(), 1)
    assert caught.value.problem is ServiceProblem.CUT_ALREADY_MADE


def test_players_the_whole_chain_cannot_separate_share_a_rank(seated: Seated) -> None:
    """Equal converted and raw totals and equal recorded draws: one rank, the next skips."""
    p = seated.players
    _win(seated, 0, p[1], p[2], 10)
    _win(seated, 1, p[5], p[6], 10)
    set_draws(seated.document, {p[1]: 7, p[5]: 7})
    table = standings(seated.document.unit_of_work())
    assert [(row.player.id, row.rank) for row in table.rows[:2]] in (
        [(p[1], 1), (p[5], 1)], [(p[5], 1), (p[1], 1)])
    assert table.rows[0].tie_break is None and table.rows[2].rank == 3
    set_draws(seated.document, {p[5]: 8})
    table = standings(seated.document.unit_of_work())
    assert [row.rank for row in table.rows[:3]] == [1, 2, 3]
    assert table.rows[0].tie_break is TieBreak.DRAW


def test_a_withdrawn_player_is_shown_apart_from_when_he_withdrew(document: Document) -> None:
    from tests.helpers.seated_event import seat_event
    from tournament_manager.domain.model import PlayerStatus
    from tournament_manager.services.players import set_player_status

    seated = seat_event(document, players=8)
    p = seated.players
    _win(seated, 0, p[1], p[2], 30)
    set_player_status(document.unit_of_work(), p[1], PlayerStatus.WITHDRAWN)
    now = standings(document.unit_of_work())
    withdrawn = [row for row in now.rows if row.withdrawn]
    assert [(row.player.id, row.rank) for row in withdrawn] == [(p[1], None)]
    assert now.rows[-1].player.id == p[1]          # after the ranked field
    assert [row.rank for row in now.rows[:7]] == list(range(1, 8))
    assert (now.ranked, now.withdrawn) == (7, 1)
    # He withdrew during session 1: from then on he is apart; session 1's standings, as
    # they stood, are those of the withdrawal too, but a later withdrawal leaves them.
    assert standings(document.unit_of_work(), 1).rows[-1].withdrawn
    with document.unit_of_work() as uow:
        player = uow.players.get(p[1])
        uow.players.update(dataclasses.replace(player, withdrawn_after=2))
        uow.commit()
    before = standings(document.unit_of_work(), 1)
    assert before.rows[0].player.id == p[1] and before.rows[0].rank == 1
    assert not any(row.withdrawn for row in before.rows)


def test_a_withdrawn_player_does_not_go_through_a_cut(document: Document) -> None:
    from tests.helpers.seated_event import seat_event
    from tournament_manager.domain.model import PlayerStatus
    from tournament_manager.services.players import set_player_status

    seated = seat_event(document, players=40)
    p = seated.players
    for table in range(10):
        _win(seated, table, p[4 * table + 1], p[4 * table + 2], 5 * (table + 1))
    _finish_round_one(document)
    leader = standings(document.unit_of_work()).rows[0].player.id
    set_player_status(document.unit_of_work(), leader, PlayerStatus.WITHDRAWN)
    advancing = make_cut(document.unit_of_work(), 1)
    assert len(advancing) == 32 and leader not in advancing


def test_a_qualifier_who_withdraws_after_the_cut_leaves_the_cut_as_made(
        document: Document) -> None:
    """The leader goes through the cut, then withdraws before round 2 is played. His
    withdrawal is dated by the round's last session, as one just before the cut would be,
    but the cut was made on standings that ranked him: they still do, so the Cuts page
    does not report the cut as overtaken by a correction (two players who were never
    corrected into it "would now go on"), and verification finds nothing wrong with it.
    From round 2 on he is set apart."""
    from tests.helpers.seated_event import seat_event
    from tournament_manager.domain.model import PlayerStatus
    from tournament_manager.services.players import set_player_status
    from tournament_manager.services.standings import cut_preview
    from tournament_manager.services.verification import FindingKind, verify

    seated = seat_event(document, players=40)
    p = seated.players
    for table in range(10):
        _win(seated, table, p[4 * table + 1], p[4 * table + 2], 5 * (table + 1))
    _finish_round_one(document)
    after_round_one = standings(document.unit_of_work(), 4)
    advancing = make_cut(document.unit_of_work(), 1)
    leader = advancing[0]
    set_player_status(document.unit_of_work(), leader, PlayerStatus.WITHDRAWN)

    preview = cut_preview(document.unit_of_work(), 1)
    assert preview.made and not preview.overtaken
    assert set(preview.qualifiers) == set(advancing)
    def placed(table: Standings) -> list[tuple[int, int | None, bool]]:
        return [(row.player.id, row.rank, row.withdrawn) for row in table.rows]

    assert placed(standings(document.unit_of_work(), 4)) == placed(after_round_one)
    kinds = {finding.kind for finding in verify(document.unit_of_work()).findings}
    assert FindingKind.CUT_DIFFERS not in kinds
    now = standings(document.unit_of_work())
    assert [(row.withdrawn, row.rank) for row in now.rows if row.player.id == leader] == [
        (True, None)]


def test_the_cut_is_refused_inside_a_tie_the_chain_cannot_break(document: Document) -> None:
    from tests.helpers.seated_event import seat_event
    from tournament_manager.services.standings import cut_preview

    seat_event(document, players=40)
    _finish_round_one(document)
    # Nobody has played a hand: only the draws order the field. Two share the 32nd place.
    with document.unit_of_work() as uow:
        players = sorted(uow.players.list(), key=lambda player: player.tiebreak_draw)
    set_draws(document, {players[32].id: players[31].tiebreak_draw})
    preview = cut_preview(document.unit_of_work(), 1)
    assert set(preview.tied_across) == {players[31].id, players[32].id}
    assert not preview.ready and preview.unfinished == ()
    with pytest.raises(ServiceError) as caught:
        make_cut(document.unit_of_work(), 1)
    assert caught.value.problem is ServiceProblem.CUT_TIE_UNRESOLVED
    assert players[31].name in caught.value.details["players"]


def test_the_cut_made_is_the_cut_previewed(document: Document) -> None:
    from tests.helpers.seated_event import seat_event
    from tournament_manager.services.standings import cut_preview

    seated = seat_event(document, players=40)
    p = seated.players
    for table in range(10):
        _win(seated, table, p[4 * table + 1], p[4 * table + 2], 5 * (table + 1))
    preview = cut_preview(document.unit_of_work(), 1)
    assert preview.unfinished == (1, 2, 3, 4) and not preview.ready
    assert len(preview.qualifiers) == 32 and preview.advance == 32
    _finish_round_one(document)
    preview = cut_preview(document.unit_of_work(), 1)
    assert preview.ready and preview.line_tie_break is TieBreak.DRAW
    stale = (preview.qualifiers[1], preview.qualifiers[0], *preview.qualifiers[2:])
    with pytest.raises(ServiceError) as caught:
        make_cut(document.unit_of_work(), 1, expected=stale)
    assert caught.value.problem is ServiceProblem.CUT_PREVIEW_STALE
    assert make_cut(document.unit_of_work(), 1, expected=preview.qualifiers) == list(
        preview.qualifiers)
    assert cut_preview(document.unit_of_work(), 1).made


def test_round_status_follows_its_sessions(document: Document) -> None:
    from tests.helpers.head_judge import name_head_judge
    from tests.helpers.seated_event import seat_event
    from tournament_manager.services.score_sheets import sign_sheet
    from tournament_manager.services.sessions import finish_session, reopen_session

    credential = name_head_judge(document)
    seated = seat_event(document, players=4)

    def round_one() -> StageStatus:
        with document.unit_of_work() as uow:
            return uow.rounds.list(number=1)[0].status

    with document.unit_of_work() as uow:
        others = [s for s in uow.sessions.list() if s.number in (2, 3, 4)]
        for session in others:
            uow.sessions.update(dataclasses.replace(session, status=StageStatus.FINISHED))
        uow.commit()
    for _ in range(16):
        enter_hand(document.unit_of_work(), seated.tables[0], HandEntry(HandResult.DRAW))
    for player in seated.players:
        sign_sheet(document.unit_of_work(), seated.tables[0], player, b"png %d" % player)
    finish_session(document.unit_of_work(), seated.session_id)
    assert round_one() is StageStatus.FINISHED
    reopen_session(document.unit_of_work(), seated.session_id, "appeal on table 1 upheld",
                   credential)
    assert round_one() is StageStatus.RUNNING


def test_standings_name_the_sessions_still_in_play(document: Document) -> None:
    """Standings while a session is played are provisional and say which sessions: the
    page and the printed standings mark them (a table not started stands at 0)."""
    from tests.helpers.seated_event import seat_event
    from tournament_manager.services.score_sheets import sign_sheet
    from tournament_manager.services.sessions import finish_session

    assert standings(document.unit_of_work()).in_play == ()
    seated = seat_event(document, players=4)
    assert standings(document.unit_of_work()).in_play == (1,), "published: counted, at 0"
    _start_session(document)
    assert standings(document.unit_of_work()).in_play == (1,)
    assert standings(document.unit_of_work(), through_session=1).in_play == (1,)
    for _ in range(16):
        enter_hand(document.unit_of_work(), seated.tables[0], HandEntry(HandResult.DRAW))
    for player in seated.players:
        sign_sheet(document.unit_of_work(), seated.tables[0], player, b"png %d" % player)
    finish_session(document.unit_of_work(), seated.session_id)
    assert standings(document.unit_of_work()).in_play == ()


def test_a_late_entry_scores_no_bye_in_a_session_drawn_before_he_came(document: Document
                                                                      ) -> None:
    """Registered after session 1 was out, he was shown "0.00 (bye)" for it, and with a
    bye score other than 0 credited points for a session held before he registered. A
    player registered before the draw and left out of it still scores his bye; once the
    draw is taken back, the late entry is in the next one like anyone."""
    from tests.helpers.seated_event import seat_event
    from tournament_manager.domain.model import Player
    from tournament_manager.services.players import register_player
    from tournament_manager.services.seating import unpublish_session

    _set(document, bye_score=7, session_conversion=SessionConversion.RAW)
    early = register_player(document.unit_of_work(), Player(name="Early Bye"))
    seated = seat_event(document)  # eight players at two tables; session 1 running
    late = register_player(document.unit_of_work(), Player(name="Late Entry"))
    assert late.entered_after == 1 and early.entered_after is None
    _win(seated, 0, seated.players[0], seated.players[1], 30)
    rows = {row.player.id: row for row in standings(document.unit_of_work()).rows}
    assert [(s.session_number, s.table_number, s.raw) for s in rows[early.id].sessions] == [
        (1, None, 7)]
    assert rows[late.id].sessions == ()
    # The standings "after session 1" are those of the players in it: the late entry was
    # ranked there, and counted among the 28 where 26 had played.
    assert late.id not in {row.player.id for row in
                           standings(document.unit_of_work(), through_session=1).rows}
    # A player who withdraws keeps the bye of a session he was in the field for (his S1
    # cell, the session's seating and its reprint lost it when he withdrew).
    from tournament_manager.domain.model import PlayerStatus
    from tournament_manager.services.players import set_player_status
    from tournament_manager.services.standings import session_byes

    set_player_status(document.unit_of_work(), early.id, PlayerStatus.WITHDRAWN)
    rows = {row.player.id: row for row in standings(document.unit_of_work()).rows}
    assert [(s.session_number, s.raw) for s in rows[early.id].sessions] == [(1, 7)]
    with document.unit_of_work() as uow:
        first = next(s for s in uow.sessions.list() if s.number == 1)
    assert session_byes(document.unit_of_work(), first) == [early.id]
    set_player_status(document.unit_of_work(), early.id, PlayerStatus.ACTIVE)

    with document.unit_of_work() as uow:  # a session 2 drawn, then taken back
        session = next(s for s in uow.sessions.list() if s.number == 2)
        uow.sessions.update(dataclasses.replace(session, status=StageStatus.PUBLISHED))
        uow.commit()
    later = register_player(document.unit_of_work(), Player(name="Later Still"))
    assert later.entered_after == 2
    unpublish_session(document.unit_of_work(), session.id)
    with document.unit_of_work() as uow:
        assert uow.players.get(later.id).entered_after == 1
        assert uow.players.get(late.id).entered_after == 1


def test_a_session_drawn_but_not_begun_scores_nobody(document: Document) -> None:
    """Session 2 only published: the window and the PDF showed an S2 column of 0.00 for
    everyone ("session 2 is not finished; its scores so far are counted")."""
    from tests.helpers.seated_event import seat_event

    seated = seat_event(document, running=False)
    with document.unit_of_work() as uow:
        session = uow.sessions.get(seated.session_id)
        uow.sessions.update(dataclasses.replace(session, status=StageStatus.PUBLISHED))
        uow.commit()
    table = standings(document.unit_of_work())
    assert all(row.sessions == () for row in table.rows)
    _start_session(document)
    _win(seated, 0, seated.players[0], seated.players[1], 30)
    table = standings(document.unit_of_work())
    assert all(len(row.sessions) == 1 for row in table.rows)
