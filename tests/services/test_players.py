"""Registering, editing, withdrawing and importing players from real files."""

from __future__ import annotations

from pathlib import Path

import pytest
from openpyxl import Workbook

from tournament_manager.domain.model import Player, PlayerStatus
from tournament_manager.domain.player_rows import PlayerField, RowProblem, guess_mapping
from tournament_manager.imports.tables import TableError, TableProblem, read_table
from tournament_manager.services.errors import ServiceError, ServiceProblem
from tournament_manager.services.players import (
    ImportRefused,
    import_player_rows,
    register_player,
    set_player_status,
    update_player,
)
from tournament_manager.storage.document import Document

ROWS = [("Name", "Country", "Club", "ID"),
        ("Ørjan Åsmund", "NO", "Oslo MC", "101"),
        ("王小明", "CN", "北京", "102"),
        ("Zoë\x07 Ñúñez", "ES", "Madrid", "103")]


def _write_csv(path: Path, encoding: str, separator: str) -> Path:
    path.write_text("\n".join(separator.join(row) for row in ROWS) + "\n", encoding=encoding)
    return path


@pytest.mark.parametrize(("encoding", "separator"), [
    ("utf-8-sig", ","), ("utf-8", ";"), ("gb18030", ","), ("gb18030", ";"),
])
def test_csv_encodings_and_separators(tmp_path: Path, encoding: str, separator: str) -> None:
    table = read_table(_write_csv(tmp_path / "players.csv", encoding, separator))
    assert table.headers == ROWS[0]
    assert [row[0] for row in table.rows] == [row[0] for row in ROWS[1:]]


def test_xlsx_with_numeric_ids(tmp_path: Path) -> None:
    workbook = Workbook()
    sheet = workbook.active
    assert sheet is not None
    sheet.append(["Player", "Nation", "EMA ID"])
    sheet.append(["佐藤 花子", "JP", 4711])
    workbook.save(tmp_path / "players.xlsx")
    table = read_table(tmp_path / "players.xlsx")
    mapping = guess_mapping(table.headers)
    assert mapping == {PlayerField.NAME: 0, PlayerField.COUNTRY: 1,
                       PlayerField.REGISTRATION_ID: 2}
    assert table.rows == (("佐藤 花子", "JP", "4711"),)


def test_unreadable_tables_are_reported(tmp_path: Path) -> None:
    (tmp_path / "list.pdf").write_bytes(b"%PDF")
    (tmp_path / "empty.csv").write_text("\n\n")
    (tmp_path / "broken.xlsx").write_bytes(b"not a zip")
    for name, problem in (("list.pdf", TableProblem.UNSUPPORTED_FORMAT),
                          ("empty.csv", TableProblem.EMPTY),
                          ("broken.xlsx", TableProblem.UNREADABLE)):
        with pytest.raises(TableError) as caught:
            read_table(tmp_path / name)
        assert caught.value.problem is problem


def test_import_stores_cleaned_players_with_their_draws(document: Document, tmp_path: Path
                                                        ) -> None:
    table = read_table(_write_csv(tmp_path / "p.csv", "utf-8-sig", ","))
    stored = import_player_rows(document.unit_of_work(), table.rows,
                                guess_mapping(table.headers))
    assert [p.name for p in stored] == ["Ørjan Åsmund", "王小明", "Zoë Ñúñez"]
    assert [p.registration_id for p in stored] == ["101", "102", "103"]
    assert len({p.tiebreak_draw for p in stored}) == 3


def test_bad_rows_are_named_and_nothing_is_imported(document: Document) -> None:
    register_player(document.unit_of_work(), Player(name="Early", registration_id="7"))
    rows = [("Anna", "5"), ("", "6"), ("Ben", "5"), ("Cai", "7")]
    mapping = {PlayerField.NAME: 0, PlayerField.REGISTRATION_ID: 1}
    with pytest.raises(ImportRefused) as caught:
        import_player_rows(document.unit_of_work(), rows, mapping)
    assert [(i.line, i.problem) for i in caught.value.issues] == [
        (3, RowProblem.EMPTY_NAME), (4, RowProblem.DUPLICATE_ID),
        (5, RowProblem.ID_ALREADY_REGISTERED)]
    with document.unit_of_work() as uow:
        assert [p.name for p in uow.players.list()] == ["Early"]


def test_a_table_without_a_name_column_is_refused(document: Document) -> None:
    with pytest.raises(ImportRefused) as caught:
        import_player_rows(document.unit_of_work(), [("x",)], {})
    assert caught.value.issues[0].problem is RowProblem.NO_NAME_COLUMN


def test_edit_keeps_the_draw_and_withdrawal_is_reversible(document: Document) -> None:
    player = register_player(document.unit_of_work(), Player(name="Anna"))
    edited = update_player(document.unit_of_work(),
                           Player(name=" Anna Li ", country="SG", tiebreak_draw=-1, id=player.id))
    assert (edited.name, edited.country, edited.tiebreak_draw) == (
        "Anna Li", "SG", player.tiebreak_draw)
    assert set_player_status(document.unit_of_work(), player.id,
                             PlayerStatus.WITHDRAWN).status is PlayerStatus.WITHDRAWN
    assert set_player_status(document.unit_of_work(), player.id,
                             PlayerStatus.ACTIVE).status is PlayerStatus.ACTIVE
    with pytest.raises(ServiceError) as caught:
        update_player(document.unit_of_work(), Player(name="   ", id=player.id))
    assert caught.value.problem is ServiceProblem.EMPTY_NAME


def test_players_without_a_number_get_the_next_free_one(document: Document) -> None:
    from tournament_manager.services.players import import_players

    first = register_player(document.unit_of_work(), Player(name="Ann"))
    given = register_player(document.unit_of_work(), Player(name="Bo", registration_id="17"))
    coded = register_player(document.unit_of_work(), Player(name="Cy", registration_id="AU-3"))
    late = import_players(document.unit_of_work(), [Player(name="Di"), Player(name="Ed")])
    assert [p.registration_id for p in (first, given, coded, *late)] == [
        "1", "17", "AU-3", "18", "19"]
    rows = [["Fay", ""], ["Gus", "40"], ["Hal", ""]]
    imported = import_player_rows(document.unit_of_work(), rows,
                                  {PlayerField.NAME: 0, PlayerField.REGISTRATION_ID: 1})
    assert [p.registration_id for p in imported] == ["41", "40", "42"]


def test_a_possible_duplicate_is_refused_until_confirmed(document: Document) -> None:
    register_player(document.unit_of_work(), Player(name="Ágnes Kovács", country="HU"))
    twin = Player(name="agnes  KOVACS", country="hu")
    with pytest.raises(ServiceError) as caught:
        register_player(document.unit_of_work(), twin, allow_duplicate=False)
    assert caught.value.problem is ServiceProblem.POSSIBLE_DUPLICATE
    assert caught.value.details["names"] == "agnes  KOVACS"
    other_country = register_player(document.unit_of_work(),
                                     Player(name="Ágnes Kovács", country="AT"),
                                     allow_duplicate=False)
    assert other_country.id
    confirmed = register_player(document.unit_of_work(), twin, allow_duplicate=True)
    assert confirmed.registration_id != "1"


def test_names_fold_accents_and_case_for_search_and_order() -> None:
    from tournament_manager.domain.names import folded, matches, name_order

    assert folded("Ágnes  Łukasz ØRJAN Straße") == "agnes lukasz orjan strasse"
    assert matches("agnes", "Ágnes Kovács") and matches("kov agn", "Ágnes Kovács")
    assert not matches("agnes x", "Ágnes Kovács")
    names = ["Zoë", "Élodie", "Łukasz", "Ágnes", "Anna", "Lena"]
    assert sorted(names, key=name_order) == ["Ágnes", "Anna", "Élodie", "Lena", "Łukasz", "Zoë"]
