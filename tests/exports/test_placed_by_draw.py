"""Players with equal score and raw total are placed by the recorded draw (tournament rules
§4). Every place the standings are read says so beside the rank: the window's table (and so
the projector), the printed standings, the workbook and the command line."""

from __future__ import annotations

from pathlib import Path

import pytest
from openpyxl import load_workbook

from tests.exports.conftest import pdf_pages
from tests.helpers.seated_event import Seated, seat_event, set_draws
from tournament_manager.cli.main import run_cli
from tournament_manager.domain.model import HandResult, Win, WinType
from tournament_manager.exports.jobs import ExportKind, run_export
from tournament_manager.services.score_sheets import HandEntry, enter_hand
from tournament_manager.services.standings import StandingsRow, standings
from tournament_manager.storage.document import Document


def _win(seated: Seated, table: int, winner: int, discarder: int, value: int) -> None:
    enter_hand(seated.document.unit_of_work(), seated.tables[table], HandEntry(
        HandResult.WIN, WinType.DISCARD, discarder, (Win(winner, value, discarder),)))


@pytest.fixture
def tied(document: Document) -> Seated:
    """Two tables with the same hand: the winners have the same raw total and score (and
    so have the discarders, and the other losers). The draw puts Player 1 above Player 5."""
    seated = seat_event(document, players=8)
    p = seated.players
    _win(seated, 0, p[1], p[2], 10)
    _win(seated, 1, p[5], p[6], 10)
    rows = _rows(document)
    assert rows[p[1]].raw_total == rows[p[5]].raw_total, "the setup ties the two winners"
    set_draws(document, {p[1]: 3, p[5]: 8})
    return seated


def _rows(document: Document) -> dict[int, StandingsRow]:
    return {row.player.id: row for row in standings(document.unit_of_work()).rows}


def test_the_service_marks_both_players_the_draw_placed(tied: Seated) -> None:
    p = tied.players
    table = standings(tied.document.unit_of_work())
    first, second = table.rows[:2]
    assert (first.player.id, second.player.id, first.rank, second.rank) == (p[1], p[5], 1, 2)
    assert first.placed_by_draw and second.placed_by_draw
    set_draws(tied.document, {p[5]: 3})  # equal draws too: a shared place, no draw
    rows = _rows(tied.document)
    assert (rows[p[1]].rank, rows[p[5]].rank) == (1, 1)
    assert not rows[p[1]].placed_by_draw and not rows[p[5]].placed_by_draw


def test_a_shared_place_below_a_drawn_one_is_shown_shared(tied: Seated) -> None:
    """The two discarders and Player 0 level: Player 0's draw puts him above the two,
    whose equal draws leave them sharing the next place, "=n", not "n†"."""
    p = tied.players
    rows = _rows(tied.document)
    assert rows[p[2]].raw_total == rows[p[6]].raw_total == rows[p[0]].raw_total
    level = [row for row in rows.values() if row.raw_total == rows[p[2]].raw_total]
    set_draws(tied.document, {row.player.id: 50 + index for index, row in enumerate(level)}
               | {p[0]: 1, p[2]: 90, p[6]: 90})
    rows = _rows(tied.document)
    assert rows[p[2]].rank == rows[p[6]].rank
    assert not rows[p[2]].placed_by_draw and not rows[p[6]].placed_by_draw
    assert rows[p[0]].placed_by_draw and rows[p[0]].rank < rows[p[2]].rank


def test_the_printed_standings_mark_and_explain_it(tied: Seated, tmp_path: Path) -> None:
    out = run_export(tied.document.unit_of_work(), ExportKind.STANDINGS, tmp_path / "st.pdf",
                     session_number=1)
    page = pdf_pages(out)[0]
    tokens = [line.strip() for line in page.splitlines()]
    assert tokens.index("1†") < tokens.index("Player 1") < tokens.index("2†")
    assert tokens.index("2†") < tokens.index("Player 5")
    assert "“†” after a rank: equal score and raw total, placed by the recorded draw." in " ".join(
        page.split())
    marked = {row.rank for row in standings(tied.document.unit_of_work()).rows
              if row.placed_by_draw}
    assert {token for token in tokens if token.endswith("†")} == {f"{n}†" for n in marked}


def test_the_workbook_keeps_the_rank_a_number_and_says_it_in_status(tied: Seated,
                                                                   tmp_path: Path) -> None:
    out = run_export(tied.document.unit_of_work(), ExportKind.WORKBOOK, tmp_path / "wb.xlsx")
    sheet = load_workbook(out)["Standings"]
    rows = list(sheet.iter_rows(values_only=True))
    status = rows[0].index("Status")
    by_name = {row[2]: row for row in rows[1:]}
    assert by_name["Player 1"][0] == 1 and by_name["Player 5"][0] == 2
    assert by_name["Player 1"][status] == by_name["Player 5"][status] == (
        "placed by the recorded draw")


def test_the_command_line_marks_it(tied: Seated, capsys: pytest.CaptureFixture[str]) -> None:
    assert run_cli(["standings", str(tied.document.path)]) == 0
    lines = capsys.readouterr().out.splitlines()
    first = next(line for line in lines if "Player 1 " in line)
    assert first.split()[0] == "1†"
    assert lines[-1] == "“†” after a rank: equal score and raw total, placed by the recorded draw."
