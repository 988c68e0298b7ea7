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


@pytest.mark.parametrize("responsible", ["N", "none"])
def test_mcr_refuses_a_payer_other_than_the_discarder(
    responsible: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """MCR has no same-turn immunity: such a hand was paid as if the discarder were named
    (and a seatless one by roles), silently contradicting its own input."""
    hand = {**HAND, "concealed": "123m456p789s234s5p", "winning_tile": "5p",
            "responsible": responsible}  # fmt: skip
    named = {**hand, "responsible": "W"}
    monkeypatch.setattr(sys, "stdin", io.StringIO(json.dumps([hand, named])))
    assert run_cli(["score", "--rules", "mcr"]) == 0
    refused, named = json.loads(capsys.readouterr().out)
    assert refused["code"] == "immunity_not_in_rules" and "immunity" in refused["error"]
    assert named["valid"] and named["payments"]["W"] < named["payments"]["N"] < 0


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


def test_classic_profile(capsys: pytest.CaptureFixture[str],
                         monkeypatch: pytest.MonkeyPatch) -> None:
    hand = {**HAND, "concealed": "555m123p67p99s", "winning_tile": "8p",
            "melds": [{"type": "pung", "tiles": "RdRdRd"}]}  # fmt: skip
    monkeypatch.setattr(sys, "stdin", io.StringIO(json.dumps(hand)))
    assert run_cli(["score", "--rules", "classic", "--profile", "classic_seed"]) == 0
    output = json.loads(capsys.readouterr().out)
    assert output["value"] == 56
    assert sum(output["payments"].values()) == 0


def _score_process(stdin: bytes, *args: str) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [sys.executable, "-m", "tournament_manager", "score", *args],
        input=stdin, capture_output=True, cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)}, timeout=120, check=False,
    )


def test_mcr_batch_with_hundreds_of_copies_keeps_scoring(tmp_path: Path) -> None:
    """Each bad hand gets its own entry; the good hands around it are scored."""
    good = {**HAND, "concealed": "123m456p789s234s5p", "winning_tile": "5p"}
    huge = {**HAND, "concealed": ["1m"] * 256, "winning_tile": "1m"}
    path = tmp_path / "hands.json"
    path.write_text(json.dumps([good, huge, {**huge, "concealed": ["2m"] * 1000}, good]))
    completed = _score_process(b"", "--rules", "mcr", str(path))
    assert completed.returncode == 0, completed.stderr
    output = json.loads(completed.stdout)
    assert [item["valid"] for item in output] == [True, False, False, True]
    assert output[1]["code"] == "wrong_tile_count"


@pytest.mark.parametrize(("stdin", "words"), [
    (b"[" * 5000 + b"]" * 5000, "nested too deeply"),
    (b'{"flowers": ' + b"9" * 5000 + b"}", "malformed JSON"),
    (b'{"concealed": "\xff\xfe123m"}', "not UTF-8 text"),
    (b'{"concealed": [', "malformed JSON"),
])
def test_malformed_input_is_one_line_and_exit_2(stdin: bytes, words: str) -> None:
    completed = _score_process(stdin, "--rules", "mcr")
    assert completed.returncode == 2, completed.stderr
    assert completed.stdout == b""
    err = completed.stderr.decode()
    assert err.count("\n") == 1 and words in err and "Traceback" not in err


def test_integers_of_400_digits_are_invalid_fields(capsys: pytest.CaptureFixture[str],
                                                   tmp_path: Path) -> None:
    huge = int("9" * 400)
    path = tmp_path / "hands.json"
    path.write_text(json.dumps([{**HAND, field: huge} for field in
                                ("flowers", "seat_wind", "concealed", "flags", "melds")]))
    for rules in ("zung-jung", "mcr", "classic"):
        assert run_cli(["score", "--rules", rules, str(path)]) == 0
        output = json.loads(capsys.readouterr().out)
        assert [item["valid"] for item in output] == [False] * 5


def test_a_hand_the_calculator_fails_on_does_not_stop_the_batch(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
        tmp_path: Path) -> None:
    """A bug of ours on one hand: that hand gets an error entry, the batch goes on."""
    from tournament_manager.rules.zung_jung import ZungJungRuleSet

    real_score = ZungJungRuleSet.score

    def failing_for_north(self: ZungJungRuleSet, hand: object, options: object) -> object:
        if hand.seat_wind.value == "N":  # type: ignore[attr-defined]
            raise RuntimeError("a bug")
        return real_score(self, hand, options)  # type: ignore[arg-type]

    monkeypatch.setattr(ZungJungRuleSet, "score", failing_for_north)
    path = tmp_path / "hands.json"
    path.write_text(json.dumps([HAND, {**HAND, "seat_wind": "N"}, HAND]))
    assert run_cli(["score", str(path)]) == 0
    output = json.loads(capsys.readouterr().out)
    assert [item["valid"] for item in output] == [True, False, True]
    assert output[1]["code"] == "internal_error"


def test_help_documents_the_hand_format(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        run_cli(["score", "--help"])
    text = capsys.readouterr().out
    for field in ("concealed", "winning_tile", "win_type", "seat_wind", "melds", "discarder",
                  "responsible", "flags", "prevalent_wind", "flowers", "hand-format.md"):
        assert field in text


def test_classic_takes_the_losers_hands_and_pays_all_four() -> None:
    """Spec hand-format.md: "plus an optional `others` object keyed by seat ... The result
    adds `scores` ... and `payments` by seat for all four players"; the numbers are spec
    classic.md §5.2 S1: "South 48 ... North 4 ... Payments: E −48, W −48, N −44, S +140"."""
    south = {"concealed": "123m456s789s5s", "winning_tile": "5s", "win_type": "discard",
             "seat_wind": "S", "discarder": "W",
             "melds": [{"type": "pung", "tiles": "RdRdRd"}],
             "others": {"N": {"concealed": "1245689p",
                              "melds": [{"type": "pung", "tiles": "333p"},
                                        {"type": "pung", "tiles": "777p"}]}}}
    completed = _score_process(json.dumps(south).encode(), "--rules", "classic", "-")
    assert completed.returncode == 0, completed.stderr
    output = json.loads(completed.stdout)
    assert output["scores"] == {"E": 0, "S": 48, "W": 0, "N": 4}
    assert output["payments"] == {"E": -48, "S": 140, "W": -48, "N": -44}

    five = {**south, "others": {"E": {"concealed": "11111m"}}}
    bad = json.loads(_score_process(json.dumps(five).encode(), "--rules", "classic",
                                    "-").stdout)
    assert bad["valid"] is False and bad["code"] == "too_many_copies"
    assert bad["error"].startswith("E's hand:"), "the error names the seat"
    winner = {**south, "others": {"S": {"concealed": "1m"}}}
    assert json.loads(_score_process(json.dumps(winner).encode(), "--rules", "classic",
                                     "-").stdout)["code"] == "invalid_field"
