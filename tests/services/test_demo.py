"""A whole demo event: every hand zero-sum, standings equal to the sheets, exact cuts."""

from __future__ import annotations

import itertools
import math
import sqlite3
from collections import defaultdict
from collections.abc import Iterator
from pathlib import Path

import pytest

from tournament_manager.domain.model import SheetState, StageStatus
from tournament_manager.domain.presets import Preset
from tournament_manager.domain.settings import FinalSeating
from tournament_manager.services.demo import DemoSummary, run_demo
from tournament_manager.services.standings import Standings, standings
from tournament_manager.storage.document import Document, create_document


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Document, DemoSummary]]:
    document = create_document(tmp_path_factory.mktemp("demo") / "demo.tmt")
    summary = run_demo(document.unit_of_work, players=64, preset=Preset.WSOM_2015, seed=11)
    yield document, summary
    document.close(backup=False)


def _sql(path: Path, query: str) -> list[tuple[int, ...]]:
    connection = sqlite3.connect(path)
    try:
        return connection.execute(query).fetchall()
    finally:
        connection.close()


def test_the_whole_format_is_played(played: tuple[Document, DemoSummary]) -> None:
    document, summary = played
    assert summary.cuts == (32, 16, 8, 4)
    assert summary.sessions == 8 and summary.hands == (4 * 16 + 8 + 4 + 2 + 1) * 16
    with document.unit_of_work() as uow:
        assert all(s.status is StageStatus.FINISHED for s in uow.sessions.list())
        assert all(t.sheet_state is SheetState.LOCKED for t in uow.tables.list())
        rounds = {r.number: r.id for r in uow.rounds.list()}
        assert [uow.round_entries.count(round_id=rounds[n]) for n in (2, 3, 4, 5)] == [
            32, 16, 8, 4]


def test_every_hand_is_zero_sum(played: tuple[Document, DemoSummary]) -> None:
    document, _ = played
    sums = _sql(document.path, "SELECT hand_id, SUM(delta), COUNT(*) FROM hand_delta "
                               "GROUP BY hand_id")
    assert len(sums) == played[1].hands
    assert {(total, count) for _hand, total, count in sums} == {(0, 4)}


def _sheet_totals(path: Path) -> dict[tuple[int, int], int]:
    """(player, session number) -> hand deltas minus own penalties, straight from SQL."""
    totals: dict[tuple[int, int], int] = defaultdict(int)
    for player, session, total in _sql(path, """
            SELECT d.player_id, s.number, SUM(d.delta) FROM hand_delta d
            JOIN hand h ON h.id = d.hand_id JOIN session_table t ON t.id = h.table_id
            JOIN session s ON s.id = t.session_id GROUP BY d.player_id, s.number"""):
        totals[player, session] += total
    for player, session, points in _sql(path, """
            SELECT p.player_id, s.number, SUM(p.points) FROM penalty p
            JOIN session_table t ON t.id = p.table_id JOIN session s ON s.id = t.session_id
            GROUP BY p.player_id, s.number"""):
        totals[player, session] -= points
    return totals


def test_standings_equal_the_sum_of_the_sheets(played: tuple[Document, DemoSummary]) -> None:
    document, _ = played
    table: Standings = standings(document.unit_of_work())
    sheets = _sheet_totals(document.path)
    seen = 0
    for row in table.rows:
        for score in row.sessions:
            assert score.raw == sheets[row.player.id, score.session_number]
            seen += 1
    assert seen == len(sheets)
    assert [row.rank for row in table.rows] == list(range(1, 65))
    final = [row for row in table.rows if row.round_number == 5]
    assert [row.rank for row in final] == [1, 2, 3, 4]


@pytest.mark.parametrize("rule_set", ["mcr", "classic"])
def test_a_short_event_under_another_rule_set(tmp_path: Path, rule_set: str) -> None:
    document = create_document(tmp_path / f"{rule_set}.tmt")
    try:
        summary = run_demo(document.unit_of_work, players=8, preset=Preset.OPEN, seed=3,
                           rule_set=rule_set, sessions=2)
        stored = _sql(document.path, "SELECT COUNT(*) FROM hand")[0][0]
        assert summary.hands == stored
        if rule_set == "classic":  # a dealer who wins deals again: 16 deals, more hands
            assert summary.hands > 2 * 2 * 16
        else:
            assert summary.hands == 2 * 2 * 16
        sums = _sql(document.path, "SELECT SUM(delta) FROM hand_delta GROUP BY hand_id")
        assert {total for (total,) in sums} == {0}
        sheets = _sheet_totals(document.path)
        for row in standings(document.unit_of_work()).rows:
            for score in row.sessions:
                assert score.raw == sheets[row.player.id, score.session_number]
        if rule_set == "classic":
            points = _sql(document.path, "SELECT COUNT(*) FROM hand_delta WHERE points IS "
                                         "NOT NULL")
            assert points[0][0] > 0
    finally:
        document.close(backup=False)


def _independent_standings(path: Path, through: int) -> list[tuple[int, int, float, float]]:
    """(player, round number, converted total, raw total) in standings order after session
    `through`, recomputed from the file with plain SQL and the spec's chain, without the
    standings service: the rounds begun by then, each ranked by carry plus match points of
    its own sessions, the latest round's entrants first."""
    raw: dict[tuple[int, int], float] = defaultdict(float)
    for (player, session), total in _sheet_totals(path).items():
        raw[player, session] = total
    sessions = _sql(path, "SELECT s.number, r.number FROM session s "
                          "JOIN round r ON r.id = s.round_id")
    round_of = dict(sessions)
    first = {rnd: min(s for s, r in sessions if r == rnd) for rnd in set(round_of.values())}
    in_force = sorted((rnd for rnd, start in first.items() if start <= through), reverse=True)
    draws = dict(_sql(path, "SELECT id, tiebreak_draw FROM player"))
    entries: dict[int, dict[int, tuple[float, float]]] = defaultdict(dict)
    for rnd, player, score, carried_raw in _sql(path, """
            SELECT r.number, e.player_id, e.carried_score, e.carried_raw FROM round_entry e
            JOIN round r ON r.id = e.round_id"""):
        entries[rnd][player] = (score, carried_raw)
    if not entries[1]:
        entries[1] = {player: (0.0, 0.0) for (player,) in _sql(
            path, "SELECT id FROM player WHERE kind = 'regular'")}
    placed: set[int] = set()
    order = []
    for rnd in in_force:
        block = []
        for player, (carried, carried_raw) in entries[rnd].items():
            mine = [raw[player, s] for s, r in round_of.items() if r == rnd and s <= through]
            converted = carried + sum(math.copysign(math.sqrt(abs(x)), x) for x in mine)
            block.append((player, rnd, converted, carried_raw + sum(mine)))
        block.sort(key=lambda row: (-round(row[2], 9), -row[3], draws[row[0]], row[0]))
        order.extend(row for row in block if row[0] not in placed)
        placed.update(row[0] for row in block)
    return order


def test_standings_after_each_session_are_as_they_stood(
        played: tuple[Document, DemoSummary]) -> None:
    """The standings through any session N (the GUI's "after session N", the projector,
    `standings --session N`, the PDF) are those of that moment, recomputed here from the
    hands: a round cut later does not reorder them or zero their totals."""
    document, _ = played
    for through in range(1, 9):
        table = standings(document.unit_of_work(), through)
        expected = _independent_standings(document.path, through)
        got = [(row.player.id, row.round_number, row.converted_total, row.raw_total)
               for row in table.rows]
        assert [row[:2] for row in got] == [row[:2] for row in expected], through
        for (_p, _r, converted, raw_total), (_q, _s, want, want_raw) in zip(got, expected):
            assert converted == pytest.approx(want) and raw_total == pytest.approx(want_raw)
        assert [row.rank for row in table.rows] == list(range(1, 65))
    after_four = standings(document.unit_of_work(), 4)
    assert {row.round_number for row in after_four.rows} == {1}
    assert sum(1 for row in after_four.rows if row.converted_total != 0) > 32
    with document.unit_of_work() as uow:
        second = uow.rounds.list(number=2)[0]
        went_on = {entry.player_id for entry in uow.round_entries.list(round_id=second.id)}
    assert {row.player.id for row in after_four.rows[:32]} == went_on


def test_the_demo_record_verifies(played: tuple[Document, DemoSummary]) -> None:
    from tournament_manager.services.verification import verify

    report = verify(played[0].unit_of_work())
    assert report.ok, report.findings
    assert report.locked_sheets == 4 * 16 + 8 + 4 + 2 + 1 and report.hands == played[1].hands


def _tables_by_session(document: Document) -> list[list[list[int]]]:
    """Each session's tables (their players), sessions in order, read with plain SQL."""
    rows = _sql(document.path,
                "SELECT session.number, session_table.id, seat.player_id "
                "FROM seat JOIN session_table ON seat.table_id = session_table.id "
                "JOIN session ON session_table.session_id = session.id "
                "WHERE seat.cycle = 1 ORDER BY session.number")
    tables: dict[int, dict[int, list[int]]] = defaultdict(lambda: defaultdict(list))
    for number, table, player in rows:
        tables[number][table].append(player)
    return [list(tables[number].values()) for number in sorted(tables)]


def _pairs(tables: list[list[int]]) -> set[frozenset[int]]:
    return {frozenset(pair) for seats in tables for pair in itertools.combinations(seats, 2)}


def test_random_final_seating_draws_the_rounds_after_a_cut_without_repeats(
        tmp_path: Path) -> None:
    """WSoM 2015 with `final_seating` random: the 32, then the 16, who go through a cut
    have met others who went through. A shuffle sat 10 and 8 such pairs together again
    here; the draw seats nobody with an earlier opponent, and the last eight as few as
    any split of them into two tables can (every split is tried here)."""
    document = create_document(tmp_path / "random.tmt")
    try:
        summary = run_demo(document.unit_of_work, players=64, preset=Preset.WSOM_2015,
                           seed=11, final_seating=FinalSeating.RANDOM)
        assert summary.cuts == (32, 16, 8, 4)
        sessions = _tables_by_session(document)
        met: list[set[frozenset[int]]] = [set()]
        for tables in sessions:
            met.append(met[-1] | _pairs(tables))
        repeats = [len(_pairs(tables) & before) for tables, before in zip(sessions, met)]
        assert [len(tables) for tables in sessions] == [16, 16, 16, 16, 8, 4, 2, 1]
        assert repeats[:6] == [0, 0, 0, 0, 0, 0]
        first, *others = sorted(p for table in sessions[6] for p in table)
        fewest = min(len(_pairs([[first, *three], [p for p in others if p not in three]])
                         & met[6]) for three in itertools.combinations(others, 3))
        assert repeats[6] == fewest
    finally:
        document.close(backup=False)
