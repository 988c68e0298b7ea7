"""`new` then `info`, through the real entry point, and their one-line errors."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tournament_manager.cli.main import run_cli


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "tournament_manager", *args],
                          capture_output=True, text=True, env=os.environ.copy(), check=False)


def test_new_then_info_as_a_real_process(tmp_path: Path) -> None:
    path = tmp_path / "x.tmt"
    created = _run("new", str(path), "--name", "Tokyo Open", "--preset", "wsom_2015")
    assert created.returncode == 0, created.stderr
    info = _run("info", str(path))
    assert info.returncode == 0, info.stderr
    assert "Tokyo Open" in info.stdout
    assert "0 of 8 played" in info.stdout
    assert "top 32 advance" in info.stdout


@pytest.mark.parametrize(("preset", "sessions", "advances"), [
    ("wsom_2015", 8, [32, 16, 8, 4, None]),
    ("wsom_2010", 9, [16, 8, 4, None]),
    ("open", 5, [None]),
])
def test_presets_shape_the_event(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                 preset: str, sessions: int, advances: list[int | None]) -> None:
    path = tmp_path / f"{preset}.tmt"
    extra = ["--sessions", "5"] if preset == "open" else []
    assert run_cli(["new", str(path), "--name", "E", "--preset", preset, *extra]) == 0
    capsys.readouterr()
    assert run_cli(["info", str(path), "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["sessions"] == sessions
    assert [r["advance"] for r in summary["rounds"]] == advances
    assert summary["format_preset"] == preset


def _one_line_error(result: subprocess.CompletedProcess[str]) -> str:
    assert result.returncode != 0
    assert "Traceback" not in result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    return lines[0]


def test_errors_are_one_clear_line(tmp_path: Path) -> None:
    path = tmp_path / "x.tmt"
    assert _run("new", str(path), "--name", "A").returncode == 0
    assert "already exists" in _one_line_error(_run("new", str(path), "--name", "B"))
    assert "no such file" in _one_line_error(_run("info", str(tmp_path / "none.tmt")))
    garbage = tmp_path / "garbage.tmt"
    garbage.write_bytes(b"\x00\x01 not a database")
    assert "not a tournament file" in _one_line_error(_run("info", str(garbage)))
    assert "cannot be empty" in _one_line_error(_run("new", str(tmp_path / "y.tmt"),
                                                     "--name", "  "))
    assert not (tmp_path / "y.tmt").exists(), "a refused `new` leaves no file behind"


def test_bad_arguments_exit_non_zero_without_traceback(tmp_path: Path) -> None:
    result = _run("new", str(tmp_path / "z.tmt"), "--name", "A", "--preset", "nope")
    assert result.returncode == 2
    assert "Traceback" not in result.stderr and "invalid choice" in result.stderr
    assert _run("frobnicate").returncode == 2


def test_a_closed_pipe_is_not_an_error(tmp_path: Path) -> None:
    path = tmp_path / "x.tmt"
    assert _run("new", str(path), "--name", "Pipe").returncode == 0
    reader = subprocess.Popen([sys.executable, "-m", "tournament_manager", "info", str(path)],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                              env=os.environ.copy())
    assert reader.stdout is not None and reader.stderr is not None
    reader.stdout.close()  # like `| head` that has read enough
    errors = reader.stderr.read().decode()
    assert reader.wait() == 0 and "internal error" not in errors


def test_new_with_another_rule_set_and_profile(tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "mcr.tmt"
    assert run_cli(["new", str(path), "--name", "MCR Open", "--rules", "mcr",
                    "--profile", "mahjonggb"]) == 0
    capsys.readouterr()
    assert run_cli(["info", str(path), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["rule_set"] == "mcr"
    assert run_cli(["new", str(tmp_path / "bad.tmt"), "--name", "B", "--rules", "mcr",
                    "--profile", "nope"]) == 2
    assert "profiles: green_book, mahjonggb" in capsys.readouterr().err
    assert not (tmp_path / "bad.tmt").exists()


def test_a_new_file_named_without_its_suffix_gets_it(tmp_path: Path,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    """As File ▸ New does: "spring" made a file "spring" that Open's filter did not list."""
    assert run_cli(["new", str(tmp_path / "spring"), "--name", "Spring"]) == 0
    assert (tmp_path / "spring.tmt").is_file() and not (tmp_path / "spring").exists()
    assert f"created {tmp_path / 'spring.tmt'}: Spring" in capsys.readouterr().out
