"""`tournament-manager seating`: drawing, importing, and one-line errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tournament_manager.cli.main import run_cli


def test_draw_prints_schedule_and_report_as_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert run_cli(["seating", "--players", "16", "--sessions", "5", "--seed", "1",
                    "--json", "--time-limit", "5"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert len(out["schedule"]) == 5
    assert out["report"]["repeated_pairs"] == []
    assert out["report"]["max_meetings"] == 1
    assert out["report"]["winds_balanced"] is True


def test_import_reports_the_repeats_of_a_file(tmp_path: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "draw.txt"
    path.write_text("1 2 3 4\n5 6 7 8\n\n1 2 5 6\n3 4 7 8\n", encoding="utf-8")
    assert run_cli(["seating", "--import", str(path), "--json"]) == 0
    report = json.loads(capsys.readouterr().out)["report"]
    assert sorted(map(sorted, report["repeated_pairs"])) == [["1", "2"], ["3", "4"],
                                                              ["5", "6"], ["7", "8"]]
    assert report["excess_meetings"] == 4


def test_text_output_names_the_measures(capsys: pytest.CaptureFixture[str]) -> None:
    assert run_cli(["seating", "--players", "8", "--sessions", "2", "--time-limit", "1"]) == 0
    out = capsys.readouterr().out
    assert "repeated pairs: 4" in out  # 8 players cannot play twice without repeats
    assert "max meetings: 2" in out
    assert "seconds:" in out


@pytest.mark.parametrize(("content", "expected"), [
    ("1 2 3\n", "line 1 should list four players"),
    ("1 2 3 4\n4 5 6 7\n", "player 4 is seated twice in session 1"),
])
def test_bad_files_end_with_one_clear_line(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                           content: str, expected: str) -> None:
    path = tmp_path / "bad.txt"
    path.write_text(content, encoding="utf-8")
    assert run_cli(["seating", "--import", str(path)]) == 1
    err = capsys.readouterr().err.strip()
    assert expected in err and "\n" not in err


def test_a_field_not_a_multiple_of_four_gets_byes(capsys: pytest.CaptureFixture[str]) -> None:
    """18 players: four tables a session and two sitting out, named after the schedule."""
    assert run_cli(["seating", "--players", "18", "--sessions", "5", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert [len(session) for session in out["schedule"]] == [4] * 5
    assert [len(byes) for byes in out["byes"]] == [2] * 5
    for session, byes in zip(out["schedule"], out["byes"], strict=True):
        assert sorted([p for table in session for p in table] + byes) == list(range(1, 19))
    assert len({p for byes in out["byes"] for p in byes}) == 10
    assert out["report"]["repeated_pairs"] == []
    assert run_cli(["seating", "--players", "18", "--sessions", "5"]) == 0
    text = capsys.readouterr().out
    first = " ".join(str(p) for p in out["byes"][0])
    assert f"byes in session 1: {first}" in text


def test_too_few_players_end_with_one_clear_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert run_cli(["seating", "--players", "3", "--sessions", "3"]) == 1
    err = capsys.readouterr().err.strip()
    assert "3" in err and "\n" not in err
