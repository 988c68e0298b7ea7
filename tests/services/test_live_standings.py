"""The live standings feed gives what a full recompute gives, after every kind of change,
while reading only the tables whose sheets changed (on a file and on a server)."""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager

from sqlalchemy import event

from tests.helpers.seated_event import Seated
from tournament_manager.domain.model import HandResult, PenaltyReason, PlayerStatus, Win, WinType
from tournament_manager.domain.settings import SessionConversion
from tournament_manager.services.live_standings import LiveStandings
from tournament_manager.services.players import set_player_status
from tournament_manager.services.score_sheets import (
    HandEntry,
    add_penalty,
    delete_hand,
    enter_hand,
    remove_penalty,
    replace_hand,
    stop_on_time,
)
from tournament_manager.services.standings import Standings, standings
from tournament_manager.storage.document import Document


def _view(table: Standings) -> list[tuple[object, ...]]:
    return [(row.rank, row.player.id, row.converted_total, row.raw_total, row.sessions,
             row.withdrawn, row.tie_break) for row in table.rows]


def _win(seated: Seated, table: int, winner: int, discarder: int, value: int) -> int:
    return enter_hand(seated.document.unit_of_work(), seated.tables[table], HandEntry(
        HandResult.WIN, WinType.DISCARD, discarder, (Win(winner, value, discarder),))).id


@contextmanager
def _reads(document: Document) -> Iterator[Counter[str]]:
    """Which tables the statements run meanwhile read (FROM ...), counted."""
    seen: Counter[str] = Counter()

    def before(_conn: object, _cursor: object, statement: str, *_args: object) -> None:
        words = statement.split()
        if "FROM" in words:
            seen[words[words.index("FROM") + 1]] += 1

    engine = document.engine
    event.listen(engine, "before_cursor_execute", before)
    try:
        yield seen
    finally:
        event.remove(engine, "before_cursor_execute", before)


def test_the_feed_equals_a_full_recompute_after_every_kind_of_change(seated: Seated) -> None:
    document, p = seated.document, seated.players
    feed = LiveStandings()

    def check() -> None:
        assert _view(feed.standings(document.unit_of_work())) == _view(
            standings(document.unit_of_work()))
        assert _view(feed.standings(document.unit_of_work(), 1)) == _view(
            standings(document.unit_of_work(), 1))

    check()
    first = _win(seated, 0, p[1], p[2], 30)
    check()
    _win(seated, 1, p[4], p[5], 5)
    check()
    replace_hand(document.unit_of_work(), first, HandEntry(
        HandResult.WIN, WinType.DISCARD, p[3], (Win(p[0], 40, p[3]),)))
    check()
    penalty = add_penalty(document.unit_of_work(), seated.tables[0], p[0],
                          PenaltyReason.TIME, 15)
    check()
    remove_penalty(document.unit_of_work(), penalty.id)
    check()
    delete_hand(document.unit_of_work(), first)
    check()
    stop_on_time(document.unit_of_work(), seated.tables[1])
    check()
    set_player_status(document.unit_of_work(), p[6], PlayerStatus.WITHDRAWN)
    check()
    with document.unit_of_work() as uow:
        tournament = uow.tournaments.list()[0]
        uow.tournaments.update(dataclasses.replace(tournament, settings=dataclasses.replace(
            tournament.settings, session_conversion=SessionConversion.TABLE_POINTS)))
        uow.commit()
    check()


def test_a_hand_entry_reads_its_own_table_only(seated: Seated) -> None:
    document, p = seated.document, seated.players
    feed = LiveStandings()
    feed.standings(document.unit_of_work())
    _win(seated, 0, p[1], p[2], 30)
    with _reads(document) as seen:
        table = feed.standings(document.unit_of_work())
    assert {row.player.id: row.raw_total for row in table.rows}[p[1]] == 90
    # No player, seat, session or round is read again: only the changes, and the table's
    # hand sums and penalties.
    assert set(seen) <= {"audit", "hand", "hand_delta", "penalty"}, seen
    assert seen["hand_delta"] == 1


def test_a_table_stopped_on_time_reads_no_scores_again(seated: Seated) -> None:
    """The table's row changes (stopped after hand 1), not what the standings read of it."""
    document, p = seated.document, seated.players
    feed = LiveStandings()
    _win(seated, 0, p[1], p[2], 30)
    feed.standings(document.unit_of_work())
    stop_on_time(document.unit_of_work(), seated.tables[0])
    with _reads(document) as seen:
        feed.standings(document.unit_of_work())
    assert set(seen) == {"audit"}, seen


def test_another_file_in_its_place_is_read_whole(seated: Seated) -> None:
    """A log that no longer holds the entry last seen (here: rewritten under the feed)
    cannot be followed: the feed reads everything again rather than trust its facts."""
    document, p = seated.document, seated.players
    feed = LiveStandings()
    _win(seated, 0, p[1], p[2], 30)
    feed.standings(document.unit_of_work())
    with document.engine.begin() as connection:
        connection.exec_driver_sql("UPDATE audit SET chain = 'elsewhere' WHERE id = "
                                   "(SELECT max(id) FROM audit)")
        connection.exec_driver_sql("UPDATE hand_delta SET delta = delta + 1000 WHERE "
                                   f"player_id = {p[1]}")
    with _reads(document) as seen:
        table = feed.standings(document.unit_of_work())
    assert seen["player"] >= 1 and seen["seat"] >= 1
    assert {row.player.id: row.raw_total for row in table.rows}[p[1]] == 1090

