"""A whole demo event: every hand zero-sum, standings equal to the sheets, exact cuts."""

from __future__ import annotations

import sqlite3
from collections import defaultdict
from collections.abc import Iterator
from pathlib import Path

import pytest

from tournament_manager.domain.model import SheetState, StageStatus
from tournament_manager.domain.presets import Preset
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
