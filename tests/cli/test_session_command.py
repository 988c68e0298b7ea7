"""`session draw/show/swap/seat-pick/start/finish` on a real file."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tournament_manager.cli.main import run_cli


@pytest.fixture
def event(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    path = tmp_path / "e.tmt"
    assert run_cli(["new", str(path), "--name", "E", "--preset", "open", "--sessions", "5"]) == 0
    for i in range(16):
        assert run_cli(["players", "add", str(path), "--name", f"P{i}"]) == 0
    capsys.readouterr()
    return path


def test_a_session_from_draw_to_start(event: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert run_cli(["session", "draw", str(event), "1", "--seed", "3", "--json"]) == 0
    unpublished = json.loads(capsys.readouterr().out)
    assert not unpublished["published"] and len(unpublished["tables"]) == 4
    assert unpublished["seated_by_rank"] is None  # drawn to keep apart who has met
    assert run_cli(["session", "show", str(event), "1"]) == 0  # says so, not silence
    assert capsys.readouterr().out.strip() == (
        "session 1: not drawn yet (a draw is kept only when published: "
        "session draw FILE 1 --publish)")
    assert run_cli(["session", "start", str(event), "1"]) == 1
    assert "no published table draw" in capsys.readouterr().err
    assert run_cli(["session", "draw", str(event), "1", "--seed", "3", "--publish",
                    "--json"]) == 0
    published = json.loads(capsys.readouterr().out)
    assert published["report"]["excess_meetings"] == 0
    assert run_cli(["session", "show", str(event), "1"]) == 0
    shown = capsys.readouterr().out.splitlines()
    assert len(shown) == 4 and all(line.count("(") == 4 for line in shown)
    first_table = published["tables"][0]
    assert run_cli(["session", "seat-pick", str(event), "1", "1"]) == 0
    picked = capsys.readouterr().out
    assert "dice" in picked and all(f"player {p}" in picked for p in first_table)
    assert run_cli(["session", "swap", str(event), "1", str(first_table[0]),
                    str(published["tables"][1][0])]) == 0
    assert "(swapped)" in capsys.readouterr().out
    assert run_cli(["session", "start", str(event), "1"]) == 0
    assert run_cli(["session", "swap", str(event), "1", "1", "2"]) == 1
    assert "has started" in capsys.readouterr().err
    assert run_cli(["session", "finish", str(event), "1"]) == 1
    assert run_cli(["session", "draw", str(event), "9"]) == 1
    assert "no session 9" in capsys.readouterr().err


def test_the_physical_wind_draw_is_recorded(event: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    assert run_cli(["session", "draw", str(event), "1", "--seed", "3", "--publish",
                    "--json"]) == 0
    first, second, third, fourth = json.loads(capsys.readouterr().out)["tables"][0]
    assert run_cli(["session", "seat-pick", str(event), "1", "1", "--record", "--tiles", "NEWS",
                    "--thrower", str(first), "--dice", "3,4", "--dice", "2,3"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[1:] == [f"  E: player {fourth}", f"  S: player {second}",
                         f"  W: player {first}", f"  N: player {third}"]
    assert run_cli(["session", "seat-pick", str(event), "1", "1", "--record",
                    "--winds", f"E={first},S={second},W={third},N={fourth}"]) == 0
    assert run_cli(["session", "show", str(event), "1"]) == 0
    assert capsys.readouterr().out.splitlines()[1].startswith(f"table 1: E P{first - 1} ")
    assert run_cli(["session", "seat-pick", str(event), "1", "1", "--record",
                    "--tiles", "NEWS"]) == 2
    assert "--record needs --tiles" in capsys.readouterr().err
    assert run_cli(["session", "seat-pick", str(event), "1", "1", "--cycle", "2"]) == 1
    assert "picks seats once per session" in capsys.readouterr().err


def test_a_provisional_plan_is_marked_as_such(event: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    assert run_cli(["session", "draw", str(event), "1", "--seed", "3", "--publish"]) == 0
    capsys.readouterr()
    assert run_cli(["session", "show", str(event), "2"]) == 0
    shown = capsys.readouterr().out.splitlines()
    assert shown[0].startswith("session 2: provisional plan, not drawn yet")
    assert len(shown) == 5
    assert run_cli(["session", "show", str(event), "1"]) == 0
    assert "provisional" not in capsys.readouterr().out
    assert run_cli(["info", str(event), "--json"]) == 0
    info = json.loads(capsys.readouterr().out)
    assert (info["sessions_drawn"], info["sessions_provisional"], info["tables"]) == (1, 4, 4)
    assert run_cli(["info", str(event)]) == 0
    assert "4 later sessions planned provisionally" in capsys.readouterr().out


def test_the_clock_is_paused_and_extended_from_a_script(
        event: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert run_cli(["session", "draw", str(event), "1", "--seed", "3", "--publish"]) == 0
    assert run_cli(["session", "clock", str(event), "1", "--pause"]) == 1
    assert "is not running" in capsys.readouterr().err
    assert run_cli(["session", "start", str(event), "1"]) == 0
    capsys.readouterr()
    assert run_cli(["session", "clock", str(event), "1", "--pause"]) == 0
    assert capsys.readouterr().out.strip().endswith("left (paused)")
    assert run_cli(["session", "clock", str(event), "1", "--resume"]) == 0
    assert run_cli(["session", "clock", str(event), "1", "--extend", "5", "--table", "3"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[-1].startswith("  table 3: +5 min, 2:3")


def test_the_draw_reports_its_progress_sparingly(tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    """Eight players over eight sessions printed 619 progress lines in a few seconds: the
    same stage at the same cost is said at most once a second (by the draw's own clock)."""
    import itertools
    import re

    path = tmp_path / "small.tmt"
    assert run_cli(["new", str(path), "--name", "S"]) == 0  # eight sessions: repeats forced
    for i in range(8):
        assert run_cli(["players", "add", str(path), "--name", f"P{i}"]) == 0
    capsys.readouterr()
    assert run_cli(["session", "draw", str(path), "1", "--seed", "1"]) == 0
    # A stage with a cost says it ("local_search: best 24 after 2.1 s"); one with none to
    # say yet says its time ("positions after 0.0 s", not "best -1").
    lines = [re.fullmatch(r"(\w+)(?:: best (\d+))? after ([\d.]+) s", line)
             for line in capsys.readouterr().err.splitlines()]
    assert lines and all(lines)
    said = [(m[1], m[2], float(m[3])) for m in lines if m]
    assert any(cost is not None for _stage, cost, _at in said)
    for (stage, cost, at), (next_stage, next_cost, next_at) in itertools.pairwise(said):
        if (stage, cost) == (next_stage, next_cost):
            assert next_at - at >= 0.9, said


def test_a_final_drawn_by_rank_says_so(tmp_path: Path, capsys: pytest.CaptureFixture[str]
                                       ) -> None:
    """The final's four, seated by rank on the standings after session 1: the draw says
    so, in words and in its JSON, where a report of repeats would otherwise read as a
    poor draw."""
    from tests.gui.event_files import cut_event_file

    path, _ = cut_event_file(tmp_path / "cut.tmt")
    assert run_cli(["session", "draw", str(path), "2", "--seed", "1"]) == 0
    said = capsys.readouterr().out.splitlines()
    assert said[1] == ("seated by rank (by_rank_snake) on the standings after session 1: "
                       "players who have met before are not kept apart")
    assert run_cli(["session", "draw", str(path), "2", "--seed", "1", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["seated_by_rank"] == "by_rank_snake"
