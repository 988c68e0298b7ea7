"""Standings from the sheets: conversions, the tie-break chain, byes and cuts."""

from __future__ import annotations

import dataclasses
import math

import pytest

from tests.helpers.seated_event import Seated
from tournament_manager.domain.model import HandResult, PenaltyReason, StageStatus, Win, WinType
from tournament_manager.domain.settings import PenaltyMode, SessionConversion
from tournament_manager.domain.standings import TieBreak
from tournament_manager.services.errors import ServiceError, ServiceProblem
from tournament_manager.services.score_sheets import HandEntry, add_penalty, enter_hand
from tournament_manager.services.standings import make_cut, standings
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
