"""`tournament-manager score`: JSON in, JSON out, bad hands in place, exit 2 on bad JSON."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tournament_manager.cli.main import run_cli

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "tests" / "rules" / "data" / "zung-jung-hands.json"
HAND = {
    "concealed": "123m456p789s23sEE",
    "winning_tile": "4s",
    "win_type": "discard",
    "seat_wind": "S",
    "discarder": "W",
}


def test_scores_a_batch_file(capsys: pytest.CaptureFixture[str]) -> None:
    assert run_cli(["score", str(EXAMPLES)]) == 0
    output = json.loads(capsys.readouterr().out)
    expected = json.loads(EXAMPLES.read_text(encoding="utf-8"))
    assert [item["value"] for item in output] == [hand["total"] for hand in expected]


def test_reads_one_hand_from_stdin(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO(json.dumps(HAND)))
    assert run_cli(["score", "--rules", "zung-jung", "-"]) == 0
    output = json.loads(capsys.readouterr().out)
    assert output == {
        "valid": True,
        "value": 10,
        "raw_total": 10,
        "limit": "none",
        "patterns": [
            {"id": "1.1", "name": "All Sequences", "points": 5},
            {"id": "1.2", "name": "Concealed Hand", "points": 5},
        ],
        "arrangement": [
            ["1m", "2m", "3m"],
            ["4p", "5p", "6p"],
            ["2s", "3s", "4s"],
            ["7s", "8s", "9s"],
            ["E", "E"],
        ],
        "payments": {"E": -10, "S": 30, "W": -10, "N": -10},
    }


def test_bad_hands_are_reported_in_place(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "hands.json"
    five = {**HAND, "concealed": "1111m456p789s23sE", "winning_tile": "1m"}
    path.write_text(json.dumps([HAND, five, HAND]))
    assert run_cli(["score", str(path)]) == 0
    output = json.loads(capsys.readouterr().out)
    assert [item["valid"] for item in output] == [True, False, True]
    assert output[1]["error"] == "five copies of 1m (at most four exist)"


def test_malformed_json_exits_2_with_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "broken.json"
    path.write_text('{"concealed": [')
    assert run_cli(["score", str(path)]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.startswith("tournament-manager: malformed JSON")
    assert captured.err.count("\n") == 1


def test_unknown_profile_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert run_cli(["score", "--profile", "green_book", str(EXAMPLES)]) == 2
    assert "unknown profile 'green_book'" in capsys.readouterr().err


def test_runs_as_a_real_command(tmp_path: Path) -> None:
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(HAND))
    completed = subprocess.run(
        [sys.executable, "-m", "tournament_manager", "score", str(path)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        timeout=60,
        check=False,
    )
    assert completed.returncode == 0, completed.stderr
    assert json.loads(completed.stdout)["value"] == 10


MCR_EXAMPLES = ROOT / "tests" / "rules" / "data" / "mcr-hands.json"


def test_mcr_batch_matches_the_worked_hands(capsys: pytest.CaptureFixture[str]) -> None:
    assert run_cli(["score", "--rules", "mcr", "--profile", "mahjonggb", str(MCR_EXAMPLES)]) == 0
    output = json.loads(capsys.readouterr().out)
    expected = json.loads(MCR_EXAMPLES.read_text(encoding="utf-8"))
    assert [item["value"] for item in output] == [hand["total"] for hand in expected]


def test_mcr_hand_with_flowers_and_payments(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    hand = {**HAND, "concealed": "123m456p789s234s5p", "winning_tile": "5p", "flowers": 2,
            "prevalent_wind": "S"}  # fmt: skip
    monkeypatch.setattr(sys, "stdin", io.StringIO(json.dumps(hand)))
    assert run_cli(["score", "--rules", "mcr"]) == 0
    output = json.loads(capsys.readouterr().out)
    assert output["value"] == 15
    assert [p["id"] for p in output["patterns"]] == ["39", "62", "63", "78", "81", "81"]
    assert output["payments"] == {"E": -8, "S": 39, "W": -23, "N": -8}


def test_mcr_under_the_minimum_is_invalid(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    hand = {**HAND, "concealed": "456p678s234s5m", "winning_tile": "5m",
            "melds": [{"type": "chow", "tiles": "123m"}]}  # fmt: skip
    monkeypatch.setattr(sys, "stdin", io.StringIO(json.dumps(hand)))
    assert run_cli(["score", "--rules", "mcr"]) == 0
    output = json.loads(capsys.readouterr().out)
    assert output == {
        "valid": False,
        "error": "false win: the hand is worth 3, under the 8-point minimum",
        "code": "below_minimum",
    }


def test_classic_profile(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    hand = {**HAND, "concealed": "555m123p67p99s", "winning_tile": "8p",
            "melds": [{"type": "pung", "tiles": "RdRdRd"}]}  # fmt: skip
    monkeypatch.setattr(sys, "stdin", io.StringIO(json.dumps(hand)))
    assert run_cli(["score", "--rules", "classic", "--profile", "classic_seed"]) == 0
    output = json.loads(capsys.readouterr().out)
    assert output["value"] == 56
    assert sum(output["payments"].values()) == 0
