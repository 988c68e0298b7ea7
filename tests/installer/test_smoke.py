"""`tournament-manager --smoke-test` from the source tree: in-process and as a process."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tournament_manager import logging_setup, paths
from tournament_manager.smoke import SmokeRun, run_smoke_test


def test_smoke_test_in_process(capsys: pytest.CaptureFixture[str], data_dir: Path) -> None:
    assert run_smoke_test() == 0
    out, err = capsys.readouterr()
    assert err == ""
    lines = out.splitlines()
    assert len(lines) == 1 and lines[0].startswith("SMOKE OK version=")
    for fact in ("sessions=8", "hand=10pts", "pdf=", "xlsx=", "cp-sat=ok", "gui=offscreen"):
        assert fact in lines[0]
    assert os.environ[paths.DATA_DIR_ENV] == str(data_dir), "the override is restored"
    assert not any(data_dir.iterdir()), "the smoke test works in its own temporary folder"


def test_a_failing_step_gives_one_line_and_keeps_the_log(
        capsys: pytest.CaptureFixture[str]) -> None:
    kept: list[Path] = []

    def broken(run: SmokeRun) -> None:
        kept.append(run.folder)
        raise KeyError("the font\nsecond line")

    assert run_smoke_test(steps=[("fonts", broken)]) == 1
    out, err = capsys.readouterr()
    assert out == ""
    assert len(err.splitlines()) == 1
    assert err.startswith("SMOKE FAILED at fonts: KeyError: 'the font")
    log_text = (kept[0] / "data" / "logs" / logging_setup.LOG_FILE_NAME).read_text()
    assert "Traceback" in log_text and "smoke test failed at fonts" in log_text
    shutil.rmtree(kept[0])


def test_unexpected_arguments_are_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert run_smoke_test(["--frobnicate"]) == 2
    assert capsys.readouterr().err.startswith("SMOKE FAILED: unexpected arguments")


def test_smoke_test_as_a_process() -> None:
    completed = subprocess.run(
        [sys.executable, "-m", "tournament_manager", "--smoke-test"],
        capture_output=True, text=True, timeout=300, check=False,
        env={**os.environ, "QT_QPA_PLATFORM": "offscreen"})
    assert completed.returncode == 0, completed.stderr
    assert completed.stderr == ""
    assert completed.stdout.startswith("SMOKE OK") and completed.stdout.count("\n") == 1
