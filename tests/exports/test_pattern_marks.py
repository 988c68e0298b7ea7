"""How a win's recorded patterns are written on the sheets: the rules' own numbers where
they number their patterns (Zung Jung, MCR), names where the ids are words (classical).

Classical sheets showed "going_out concealed_pung concealed_pung x2:dragon" in the window's
Patterns column, on the printed sheet and in the workbook. The same words now reach all
three through `messages.patterns.pattern_marks`."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from pathlib import Path

import pytest
from openpyxl import load_workbook

from tests.exports.conftest import pdf_pages
from tests.helpers.seated_event import Seated, seat_event
from tournament_manager.domain.model import HandResult, Win, WinType
from tournament_manager.domain.presets import Preset, preset_settings
from tournament_manager.exports.jobs import ExportKind, run_export
from tournament_manager.gui.models.sheet_model import PATTERNS, SheetModel
from tournament_manager.messages.patterns import pattern_marks
from tournament_manager.services.score_sheets import HandEntry, enter_hand
from tournament_manager.services.tournaments import create_tournament
from tournament_manager.services.views import sheet_view
from tournament_manager.storage.document import create_document

CLASSICAL = ("going_out", "concealed_pung", "concealed_pung", "pair", "x2:dragon")
WRITTEN = "going out, concealed pung ×2, pair, dragon set"


@pytest.fixture
def classic(tmp_path: Path) -> Iterator[Seated]:
    document = create_document(tmp_path / "classic.tmt")
    create_tournament(document.unit_of_work(), "Classic Open",
                      dataclasses.replace(preset_settings(Preset.OPEN, 2, "classic")))
    seated = seat_event(document)
    a, b, c, d = seated.players[:4]
    enter_hand(document.unit_of_work(), seated.tables[0], HandEntry(
        HandResult.WIN, WinType.DISCARD, c, (Win(b, 40, c, CLASSICAL),),
        player_points=((a, 10), (b, 40), (c, 0), (d, 6))))
    yield seated
    document.close(backup=False)


def test_classical_patterns_are_named_in_the_window_the_pdf_and_the_workbook(
        classic: Seated, tmp_path: Path, qapp: object) -> None:
    uow = classic.document.unit_of_work
    assert pattern_marks("classic", CLASSICAL) == WRITTEN

    model = SheetModel()
    model.set_view(sheet_view(uow(), classic.tables[0]))
    assert model.data(model.index(0, PATTERNS)) == WRITTEN

    page = pdf_pages(run_export(uow(), ExportKind.SHEETS, tmp_path / "sheets.pdf",
                                session_number=1))[0]
    flat = " ".join(page.split())
    # Whole, over two lines of the wider column a classical sheet gives its names: a
    # signed record that printed "going out, con…" lost three of its patterns.
    assert WRITTEN in flat and "going_out" not in flat and "…" not in flat

    book = load_workbook(run_export(uow(), ExportKind.WORKBOOK, tmp_path / "event.xlsx"))
    rows = list(book["Session 1"].values)
    column = rows[0].index("Patterns")
    assert [row[column] for row in rows[1:] if row[column]] == [WRITTEN]


EVERY_ITEM = ("going_out", "self_draw", "only_place", "concealed_hand", "concealed_kong",
              "concealed_kong", "exposed_pung", "concealed_pung", "pair", "flowers",
              "x2:dragon", "x2:own_wind", "x2:prevailing_wind", "x2:one_suit_honors")


def test_a_win_too_long_for_its_cell_is_written_out_under_the_signatures(
        tmp_path: Path) -> None:
    """Fourteen items do not fit a hand's row even at the smallest type: the cell ends in
    an ellipsis and the record under the signatures names every one."""
    document = create_document(tmp_path / "long.tmt")
    create_tournament(document.unit_of_work(), "Classic Open",
                      preset_settings(Preset.OPEN, 2, "classic"))
    seated = seat_event(document)
    a, b, c, d = seated.players[:4]
    enter_hand(document.unit_of_work(), seated.tables[0], HandEntry(
        HandResult.WIN, WinType.DISCARD, c, (Win(b, 40, c, EVERY_ITEM),),
        player_points=((a, 10), (b, 40), (c, 0), (d, 6))))
    page = pdf_pages(run_export(document.unit_of_work(), ExportKind.SHEETS,
                                tmp_path / "sheets.pdf", session_number=1))[0]
    document.close(backup=False)
    written = pattern_marks("classic", EVERY_ITEM)
    flat = " ".join(page.split())
    assert "…" in flat.split("Signature")[0]
    assert f"Hand 1, Player 1: {written}" in flat  # b is the second registered


def test_a_win_that_fits_is_not_written_out_again(classic: Seated, tmp_path: Path) -> None:
    page = pdf_pages(run_export(classic.document.unit_of_work(), ExportKind.SHEETS,
                                tmp_path / "sheets.pdf", session_number=1))[0]
    assert "Hand 1," not in page


def test_numbered_patterns_stay_numbers() -> None:
    assert pattern_marks("zung-jung", ("5.1.3", "8.1.1", "3.1")) == "5.1.3 8.1.1 3.1"
    assert pattern_marks("mcr", ("39", "62", "81", "81")) == "39 62 81 81"


def test_a_classical_sheets_rounds_follow_the_deal_and_say_their_wind(
        classic: Seated, tmp_path: Path) -> None:
    """The sheet cut a round every four hands, so a dealer who kept the deal pushed the
    rest of the first round into "Cycle 2". A round ends when every player has dealt
    (spec classic.md §2.5); MCR and classical score the round's wind, which the band
    names now."""
    uow = classic.document.unit_of_work
    b = classic.players[1]
    enter_hand(uow(), classic.tables[0], HandEntry(
        HandResult.WIN, WinType.SELF_DRAW, None, (Win(b, 20, None),),
        player_points=((b, 20),)))  # hand 2: B deals and wins, so he deals hand 3 too
    for _number in range(4):  # hands 3 to 6: drawn, the deal passes (classic_seed)
        enter_hand(uow(), classic.tables[0], HandEntry(HandResult.DRAW))
    book = load_workbook(run_export(uow(), ExportKind.WORKBOOK, tmp_path / "event.xlsx"))
    rows = list(book["Session 1"].values)
    hand, cycle = rows[0].index("Hand"), rows[0].index("Cycle")
    assert [(row[hand], row[cycle]) for row in rows[1:] if row[hand]] == [
        (1, 1), (2, 1), (3, 1), (4, 1), (5, 1), (6, 2)]
    page = " ".join(pdf_pages(run_export(uow(), ExportKind.SHEETS, tmp_path / "sheets.pdf",
                                         session_number=1))[0].split())
    assert "Cycle 1 · 東 E round" in page and "Cycle 2 · 南 S round" in page


def test_every_players_hand_points_are_on_the_classical_record(
        classic: Seated, tmp_path: Path, qapp: object) -> None:
    """Classical payments come from every player's own hand points (A 10, B wins 40, C 0,
    D 6: A pays 30, D 34), yet the window, the printed sheet and the workbook showed the
    payments alone, so nobody signing could check them."""
    from tournament_manager.gui.models.sheet_model import player_columns

    uow = classic.document.unit_of_work
    view = sheet_view(uow(), classic.tables[0])
    model = SheetModel()
    model.set_view(view)
    cells = [model.data(model.index(0, column)) for column in player_columns(4)]
    assert cells == ["−30  (10 pts)", "+104  (40 pts)", "−40  (0 pts)", "−34  (6 pts)"]

    page = " ".join(pdf_pages(run_export(uow(), ExportKind.SHEETS, tmp_path / "sheets.pdf",
                                         session_number=1))[0].split())
    assert all(f"{points} pts" in page for points in (10, 40, 0, 6))

    book = load_workbook(run_export(uow(), ExportKind.WORKBOOK, tmp_path / "event.xlsx"))
    rows = list(book["Session 1"].values)
    first = rows[0].index("Hand points E")
    assert rows[0][first:first + 4] == ("Hand points E", "Hand points S", "Hand points W",
                                        "Hand points N")
    assert rows[1][first:first + 4] == (10, 40, 0, 6)


def test_a_false_wins_points_paid_to_the_others_are_on_the_sheet(
        tmp_path: Path, qapp: object) -> None:
    """MCR: a false win costs 30, paid as 10 to each other player. The sheet showed −30
    under the offender only, so its session totals (17, −45, 20, 8 from hand totals 7,
    −15, 10, −2) could not be added up by eye; the window's penalty list said −30 too."""
    from tournament_manager.gui.models.penalty_model import PenaltyModel
    from tournament_manager.services.score_sheets import record_false_win

    document = create_document(tmp_path / "mcr.tmt")
    create_tournament(document.unit_of_work(), "MCR Open",
                      preset_settings(Preset.OPEN, 2, "mcr"))
    seated = seat_event(document)
    try:
        uow = document.unit_of_work
        record_false_win(uow(), seated.tables[0], seated.players[1], hand_number=1)
        view = sheet_view(uow(), seated.tables[0])
        model = PenaltyModel()
        model.set_penalties(view.penalties, view.players)
        assert model.data(model.index(0, 2)) == "−30 (+10 to each other player)"
        page = " ".join(pdf_pages(run_export(uow(), ExportKind.SHEETS, tmp_path / "s.pdf",
                                             session_number=1))[0].split())
        assert "− lost by the offender, + paid to each other player" in page
        assert "False win [distribute] -30 +10 +10 +10" in page
    finally:
        document.close(backup=False)
