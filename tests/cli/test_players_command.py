"""`players import/add/list/withdraw` through the CLI."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tournament_manager.cli.main import run_cli
from tournament_manager.storage.document import Document


@pytest.fixture
def event(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    path = tmp_path / "e.tmt"
    assert run_cli(["new", str(path), "--name", "E"]) == 0
    capsys.readouterr()
    return path


def test_import_with_a_column_map_then_list(event: Path, tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    csv = tmp_path / "reg.csv"
    csv.write_text("Nom;Pays;Numéro\nAmélie Poulain;FR;9\nJosé Ñ;ES;10\n", encoding="utf-8")
    assert run_cli(["players", "import", str(event), str(csv), "--map", "name=Nom",
                    "--map", "country=2", "--map", "registration_id=Numéro"]) == 0
    assert "imported 2 players" in capsys.readouterr().out
    assert run_cli(["players", "list", str(event), "--json"]) == 0
    listed = json.loads(capsys.readouterr().out)
    assert [(p["name"], p["country"], p["registration_id"]) for p in listed] == [
        ("Amélie Poulain", "FR", "9"), ("José Ñ", "ES", "10")]


def test_bad_rows_are_listed_and_the_exit_is_non_zero(event: Path, tmp_path: Path,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    csv = tmp_path / "reg.csv"
    csv.write_text("Name,ID\nA,1\n,2\n", encoding="utf-8")
    assert run_cli(["players", "import", str(event), str(csv)]) == 1
    err = capsys.readouterr().err
    assert "line 3: the name is empty" in err and "nothing was imported" in err
    assert run_cli(["players", "import", str(event), str(csv), "--map", "name=Nope"]) == 2


def test_headings_not_understood_are_said_not_counted_as_bad_rows(
        event: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """"Nom;Pays": no column is taken for the name. It was "1 bad row in reg.csv", of a
    file whose two rows are fine."""
    csv = tmp_path / "reg.csv"
    csv.write_text("Nom;Pays\nAmélie Poulain;FR\nJosé Ñ;ES\n", encoding="utf-8")
    assert run_cli(["players", "import", str(event), str(csv)]) == 2
    err = capsys.readouterr().err
    assert "bad row" not in err
    assert (f"no column of {csv} is taken for the players' names (its headings: Nom, Pays): "
            "name it with --map name=COLUMN") in err


def test_add_withdraw_and_unknown_ids(event: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert run_cli(["players", "add", str(event), "--name", "Late Entry", "--country",
                    "AU", "--substitute"]) == 0
    assert run_cli(["players", "withdraw", str(event), "1"]) == 0
    assert run_cli(["players", "withdraw", str(event), "99"]) == 1
    assert "there is no player 99" in capsys.readouterr().err
    run_cli(["players", "list", str(event)])
    assert "(substitute, withdrawn)" in capsys.readouterr().out


def test_add_numbers_the_player_and_asks_before_a_duplicate(
        document: Document, capsys: pytest.CaptureFixture[str]) -> None:
    path = str(document.path)
    document.close(backup=False)
    assert run_cli(["players", "add", path, "--name", "Élodie Martin", "--country", "FR"]) == 0
    assert capsys.readouterr().out.strip().endswith("(registration number 1)")
    assert run_cli(["players", "add", path, "--name", "elodie martin", "--country", "FR"]) == 1
    assert "may be registered already" in capsys.readouterr().err
    assert run_cli(["players", "add", path, "--name", "elodie martin", "--country", "FR",
                    "--allow-duplicate"]) == 0
    assert "(registration number 2)" in capsys.readouterr().out


def test_a_name_twice_in_one_file_is_not_said_to_be_registered_already(
        event: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    csv = tmp_path / "reg.csv"
    csv.write_text("Name,Country\nAnn Lee,SG\nBo Chan,HK\nANN LEE,sg\n", encoding="utf-8")
    assert run_cli(["players", "import", str(event), str(csv)]) == 1
    err = capsys.readouterr().err
    assert "ANN LEE may be registered already, or listed twice in what is added" in err
    assert run_cli(["players", "list", str(event), "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == []
