"""Double entry (Bridgemate's check) on both kinds of event: a hand typed at a table counts
only when a second player of the table typed the same; entries that differ stay on record
and on the head judge's board until the hand is on the sheet."""

from __future__ import annotations

import dataclasses

import pytest

from tests.helpers.seated_event import seat_event
from tournament_manager.application.events import create_event, parse_address
from tournament_manager.domain.model import EntryStatus, HandResult, Win, WinType
from tournament_manager.domain.presets import Preset, preset_settings
from tournament_manager.services.double_entry import (
    EntryOutcome,
    differing_entries,
    entry_content,
    entry_of_content,
    entry_states,
    submit_entry,
    typist_entries,
)
from tournament_manager.services.errors import ServiceError, ServiceProblem
from tournament_manager.services.score_sheets import HandEntry, enter_hand
from tournament_manager.services.tournaments import create_tournament
from tournament_manager.services.views import table_progress
from tournament_manager.storage.document import Document, create_document


@pytest.fixture(params=["file", "server"])
def double(request: pytest.FixtureRequest, tmp_path) -> Document:  # type: ignore[no-untyped-def]
    if request.param == "file":
        event = create_document(tmp_path / "double.tmt")
    else:
        event = create_event(parse_address(request.getfixturevalue("server_url")))
    settings = dataclasses.replace(preset_settings(Preset.WSOM_2015), double_entry=True)
    create_tournament(event.unit_of_work(), "Double Open", settings)
    yield event
    event.close(backup=False)


def _win(winner: int, value: int, discarder: int) -> HandEntry:
    return HandEntry(HandResult.WIN, WinType.DISCARD, discarder, (Win(winner, value, discarder),))


def test_a_hand_counts_when_a_second_player_types_the_same(double: Document) -> None:
    seated = seat_event(double)
    table = seated.tables[0]
    e, s, w, _n = seated.players[:4]
    first = submit_entry(double.unit_of_work(), table, _win(e, 25, s), e)
    assert (first.outcome, first.number, first.hand) == (EntryOutcome.WAITING, 1, None)
    again = submit_entry(double.unit_of_work(), table, _win(e, 25, s), e)  # the same player
    assert again.outcome is EntryOutcome.WAITING  # does not confirm his own entry
    with double.unit_of_work() as uow:
        assert uow.hands.list(table_id=table) == []
        assert len(uow.table_entries.list(table_id=table)) == 1  # his second replaced it
    board = {row.table.id: row for row in table_progress(double.unit_of_work(),
                                                         seated.session_id)}
    assert (board[table].entries_waiting, board[table].disagreements) == (1, ())
    agreed = submit_entry(double.unit_of_work(), table, _win(e, 25, s), w)
    assert agreed.outcome is EntryOutcome.ENTERED and agreed.hand is not None
    assert agreed.hand.number == 1 and sum(d for _p, d in agreed.hand.deltas) == 0
    with double.unit_of_work() as uow:
        assert {x.status for x in uow.table_entries.list(table_id=table)} == {
            EntryStatus.AGREED}
    assert entry_states(double.unit_of_work(), seated.session_id) == {}


def test_entries_that_differ_are_flagged_until_the_hand_is_on_the_sheet(
        double: Document) -> None:
    seated = seat_event(double)
    table = seated.tables[1]
    e, s, w, _n = seated.players[4:8]
    submit_entry(double.unit_of_work(), table, _win(e, 25, s), e)
    differed = submit_entry(double.unit_of_work(), table, _win(e, 30, s), w)
    assert differed.outcome is EntryOutcome.DISAGREED and differed.hand is None
    state = entry_states(double.unit_of_work(), seated.session_id)[table]
    assert state.disagreements == (1,) and state.waiting == ()
    assert [x.entrant_id for x in state.last_disagreement] == [e, w]
    board = {row.table.id: row for row in table_progress(double.unit_of_work(),
                                                         seated.session_id)}
    assert board[table].disagreements == (1,) and board[seated.tables[0]].disagreements == ()
    # The table types it again: the first new entry waits, the flag stays until it counts.
    assert submit_entry(double.unit_of_work(), table, _win(e, 30, s), e).outcome is \
        EntryOutcome.WAITING
    assert entry_states(double.unit_of_work(), seated.session_id)[table].disagreements == (1,)
    assert submit_entry(double.unit_of_work(), table, _win(e, 30, s), s).outcome is \
        EntryOutcome.ENTERED
    assert table_progress(double.unit_of_work(), seated.session_id)[1].disagreements == ()
    with double.unit_of_work() as uow:  # the disagreement stays on record
        assert sorted(x.status.value for x in uow.table_entries.list(table_id=table)) == [
            "agreed", "agreed", "disagreed", "disagreed"]


def test_the_head_judge_entering_the_hand_clears_the_flag(double: Document) -> None:
    seated = seat_event(double)
    table = seated.tables[0]
    e, s, w, _n = seated.players[:4]
    submit_entry(double.unit_of_work(), table, _win(e, 25, s), e)
    submit_entry(double.unit_of_work(), table, _win(w, 25, s), w)
    enter_hand(double.unit_of_work(), table, _win(w, 25, s))  # the window: the authority
    assert table_progress(double.unit_of_work(), seated.session_id)[0].disagreements == ()


def test_refusals_come_before_anything_waits(double: Document) -> None:
    seated = seat_event(double)
    table = seated.tables[0]
    e, s = seated.players[:2]
    stranger = seated.players[5]  # seated at table 2
    with pytest.raises(ServiceError) as refused:
        submit_entry(double.unit_of_work(), table, _win(e, 25, s), stranger)
    assert refused.value.problem is ServiceProblem.PLAYER_NOT_AT_TABLE
    with pytest.raises(ServiceError) as impossible:  # the rules refuse it: it never waits
        submit_entry(double.unit_of_work(), table, _win(e, 25, e), s)
    assert impossible.value.problem is not None
    with double.unit_of_work() as uow:
        assert uow.table_entries.list(table_id=table) == []


def test_the_order_of_the_winners_does_not_matter() -> None:
    one = HandEntry(HandResult.WIN, WinType.DISCARD, 3, (Win(1, 8, 3), Win(2, 10, 3)))
    other = dataclasses.replace(one, wins=tuple(reversed(one.wins)))
    assert entry_content(one) == entry_content(other)
    assert entry_content(one) != entry_content(dataclasses.replace(
        one, wins=(Win(1, 8, 3), Win(2, 12, 3))))


def test_single_entry_events_enter_at_once(tmp_path) -> None:  # type: ignore[no-untyped-def]
    event = create_document(tmp_path / "single.tmt")
    create_tournament(event.unit_of_work(), "Single", preset_settings(Preset.WSOM_2015))
    try:
        seated = seat_event(event)
        e, s = seated.players[:2]
        done = submit_entry(event.unit_of_work(), seated.tables[0], _win(e, 25, s), None)
        assert done.outcome is EntryOutcome.ENTERED and done.hand is not None
    finally:
        event.close(backup=False)


def test_two_typists_at_the_desk_make_a_pair_and_each_sees_only_his_own(
        double: Document) -> None:
    seated = seat_event(double)
    table = seated.tables[0]
    e, s, w, _n = seated.players[:4]
    uow = double.unit_of_work
    assert submit_entry(uow(), table, _win(e, 25, s), None, typist="Mei").outcome \
        is EntryOutcome.WAITING
    again = submit_entry(uow(), table, _win(e, 30, s), None, typist=" Mei ")
    assert again.outcome is EntryOutcome.WAITING, "his own entries replace each other"
    assert typist_entries(uow(), table, "Jo") == {}, "the second typist types blind"
    mine = typist_entries(uow(), table, "Mei")
    assert list(mine) == [1] and entry_of_content(mine[1].content) == _win(e, 30, s)
    paired = submit_entry(uow(), table, _win(e, 30, s), None, typist="Jo")
    assert paired.outcome is EntryOutcome.ENTERED and paired.hand is not None
    assert typist_entries(uow(), table, "Mei") == {}, "on the sheet now"

    # A player at the table and a typist at the desk are two entrants as well.
    assert submit_entry(uow(), table, _win(s, 25, w), s).outcome is EntryOutcome.WAITING
    differs = submit_entry(uow(), table, _win(s, 40, w), None, typist="Jo")
    assert differs.outcome is EntryOutcome.DISAGREED
    listed = differing_entries(uow(), table)
    assert list(listed) == [2]
    assert [(x.entrant, entry_of_content(x.content).wins[0].value) for x in listed[2]] == [
        (s, 25), ("Jo", 40)]


def test_an_entry_reads_back_as_the_hand_it_says() -> None:
    triple = HandEntry(HandResult.WIN, WinType.ROBBING_KONG, 4,
                       (Win(1, 30, 4), Win(2, 20, None), Win(3, 10, 4)))
    classical = HandEntry(HandResult.WIN, WinType.SELF_DRAW, None, (Win(2, 24, None),),
                          ((1, 4), (2, 24), (3, 0), (4, 8)))
    for entry in (triple, classical, HandEntry(HandResult.DRAW)):
        assert entry_content(entry_of_content(entry_content(entry))) == entry_content(entry)
    assert entry_of_content(entry_content(classical)) == classical
