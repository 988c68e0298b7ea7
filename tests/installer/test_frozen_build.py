"""The frozen application: PyInstaller builds it, it passes its smoke test offscreen, and
the Windows installer script compiles with the build as its payload.

One test, about a minute on a 2-core machine (build ~35 s). It runs the real build script
`installer/build_linux.sh`, into a temporary folder. Without PyInstaller or makensis it is
skipped, except under CI (CI=true), where a missing tool must fail the run.
"""

from __future__ import annotations

import importlib.util
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tournament_manager import __version__
from tournament_manager.rules import get_rule_set
from tournament_manager.rules.hand_json import read_hand

ROOT = Path(__file__).resolve().parents[2]
BUILD_SCRIPT = ROOT / "installer" / "build_linux.sh"
EXAMPLES = {"mcr": ROOT / "tests" / "rules" / "data" / "mcr-hands.json",
            "zung-jung": ROOT / "tests" / "rules" / "data" / "zung-jung-hands.json"}


def _require(available: bool, what: str) -> None:
    if not available:
        if os.environ.get("CI"):
            pytest.fail(f"{what} is missing on CI (see .ci/run)")
        pytest.skip(f"{what} is not installed")


@pytest.mark.packaging
@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the Linux build script")
def test_frozen_app_builds_runs_and_its_installer_compiles(tmp_path: Path) -> None:
    _require(importlib.util.find_spec("PyInstaller") is not None,
             "PyInstaller (the `build` extra)")
    _require(shutil.which("makensis") is not None, "makensis (Debian package nsis)")
    dist = tmp_path / "dist"
    data = tmp_path / "data"
    env = {**os.environ, "PYTHON": sys.executable, "QT_QPA_PLATFORM": "offscreen",
           "TOURNAMENT_MANAGER_DATA_DIR": str(data)}

    built = subprocess.run(
        ["bash", str(BUILD_SCRIPT), "--dist", str(dist), "--work", str(tmp_path / "work"),
         "--no-archive", "--nsis"],
        capture_output=True, text=True, timeout=900, env=env, check=False)

    report = f"stdout:\n{built.stdout}\nstderr:\n{built.stderr[-4000:]}"
    assert built.returncode == 0, report
    assert f"SMOKE OK version={__version__} frozen " in built.stdout, report
    assert " verified=aside" in built.stdout, report  # the entry point answered the child
    app = dist / "tournament-manager"
    bundled = app / "_internal" / "tournament_manager"
    assert sorted(p.name for p in (bundled / "storage" / "migrations" / "versions").glob("*.py"))
    assert (bundled / "storage" / "migrations" / "env.py").is_file()
    assert any((bundled / "resources" / "fonts").iterdir())
    assert (dist / f"TournamentManager-{__version__}-setup-check.exe").stat().st_size > 10**7

    # The CLI of the frozen build: commands found by pkgutil, one-line errors on stderr.
    created = subprocess.run([str(app / "tournament-manager-cli"), "new",
                              str(tmp_path / "event.tmt"), "--name", "Frozen Open"],
                             capture_output=True, text=True, env=env, timeout=120, check=False)
    assert created.returncode == 0, created.stderr
    refused = subprocess.run([str(app / "tournament-manager"), "info",
                              str(tmp_path / "none.tmt")],
                             capture_output=True, text=True, env=env, timeout=120, check=False)
    assert refused.returncode == 1
    assert refused.stderr.strip().splitlines() == [
        f"tournament-manager: {tmp_path / 'none.tmt'}: no such file"]

    # Its languages: the compiled catalogues travel with it, and are found.
    assert (bundled / "translations" / "tournament_manager_zh_CN.qm").is_file()
    assert (bundled / "locale" / "zh_TW" / "LC_MESSAGES" / "tournament_manager.mo").is_file()
    chinese = subprocess.run([str(app / "tournament-manager"), "info",
                              str(tmp_path / "none.tmt")], capture_output=True, text=True,
                             env={**env, "TOURNAMENT_MANAGER_LANGUAGE": "zh_TW"}, timeout=120,
                             check=False)
    assert chinese.returncode == 1 and "檔案不存在" in chinese.stderr, chinese.stderr

    # Its scorers: compiled by mypyc where the build machine has a C compiler (always on
    # CI), and scoring the worked examples exactly as the pure scorers of this process do.
    for rules, folder, module in (("mcr", "mcr", "fast_path"),
                                  ("zung-jung", "zung_jung", "search")):
        compiled = sorted((bundled / "rules" / folder).glob(f"{module}.*.so"))
        assert compiled or not os.environ.get("CI"), f"the bundle's {rules} scorer is not compiled"
        hands = tmp_path / f"{rules}-hands.json"
        examples = json.loads(EXAMPLES[rules].read_text(encoding="utf-8"))
        hands.write_text(json.dumps(examples), encoding="utf-8")
        frozen = subprocess.run([str(app / "tournament-manager-cli"), "score", "--rules", rules,
                                 str(hands)], capture_output=True, text=True, env=env,
                                timeout=120, check=False)
        assert frozen.returncode == 0, frozen.stderr
        rule_set = get_rule_set(rules)
        options = rule_set.validate_options({})
        values = [item["value"] for item in json.loads(frozen.stdout)]
        assert values == [rule_set.score(read_hand(item).hand, options).value
                          for item in examples]
