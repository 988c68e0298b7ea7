"""The compiled MCR and Zung Jung scorers of the wheel (hatch_build.py): built the way `pip
install .` builds them, they must pass every rules test, and MCR agree with PyMahjongGB on
20,000 random hands, exactly as the pure-Python scorers the rest of the suite runs do.

One test, about a minute on a 2-core machine (mypyc and gcc take most of it). The rules
tests are copied beside the unpacked wheel and run in a child process whose path starts
there, so they import the compiled modules (checked first). Without a C compiler the wheel
is pure and the test is skipped, except under CI (CI=true), where that must fail the run.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from benchmarks.compiled_build import ROOT, build_unpacked

_AGREEMENT = """
from dataclasses import replace
from benchmarks.bench_mcr import load_oracle, oracle_arguments, oracle_total, random_hands
from benchmarks.compiled_build import scorer_is_compiled
from tournament_manager.rules import get_rule_set

assert scorer_is_compiled()
rule_set = get_rule_set("mcr")
options = replace(rule_set.profile_options("mahjonggb"), minimum_points=0)
calculator = load_oracle()
hands = random_hands(20000, 17)
differing = [hand for hand in hands if rule_set.score(hand, options).value
             != oracle_total(calculator, oracle_arguments(hand))]
print("differing", len(differing), "of", len(hands))
"""


@pytest.mark.packaging
def test_compiled_scorer_passes_the_rules_tests_and_agrees_with_the_reference(
    tmp_path: Path,
) -> None:
    site = build_unpacked(tmp_path)
    extensions = sorted(p.name.split(".")[0] for p in (site / "tournament_manager" / "rules"
                                                       / "mcr").glob("*.so"))
    if not extensions:
        if os.environ.get("CI"):
            pytest.fail("the wheel was built pure: gcc and python3-dev are missing on CI")
        pytest.skip("no C compiler here: the wheel is pure Python")
    assert "fast_path" in extensions and "evaluate" in extensions, extensions
    zung_jung = sorted(p.name.split(".")[0] for p in (site / "tournament_manager" / "rules"
                                                      / "zung_jung").glob("*.so"))
    assert "search" in zung_jung and "evaluate" in zung_jung, zung_jung
    shutil.copytree(ROOT / "tests", site / "tests",
                    ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(ROOT / "pyproject.toml", site / "pyproject.toml")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(site), str(ROOT)]),
           "QT_QPA_PLATFORM": "offscreen"}

    agreement = subprocess.run([sys.executable, "-c", _AGREEMENT], cwd=site, env=env,
                               capture_output=True, text=True, timeout=900, check=False)
    assert agreement.returncode == 0, agreement.stderr[-4000:]
    assert agreement.stdout.split() == ["differing", "0", "of", "20000"], agreement.stdout

    tests = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "tests/rules",
        ],
        cwd=site, env=env, capture_output=True, text=True, timeout=900, check=False)
    assert tests.returncode == 0, tests.stdout[-6000:]
    assert " passed" in tests.stdout.splitlines()[-1], tests.stdout[-2000:]
