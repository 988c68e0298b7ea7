"""The wheel as `pip install .` builds it, unpacked where a benchmark or a test can import it.

The development venv holds an editable install, which is never compiled (hatch_build.py);
the wheel of `pip install .` compiles the MCR and Zung Jung scorers with mypyc when a C
compiler is present. `bench_mcr --compiled`, `bench_scoring --compiled` and
tests/installer/test_compiled_scorer.py measure and check that wheel by putting its
unpacked folder first on PYTHONPATH in a child process.

    .venv/bin/python -m benchmarks.compiled_build DIR   # builds, unpacks into DIR/site
"""

from __future__ import annotations

import os
import subprocess
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


class BuildFailed(Exception):
    """pip could not build the wheel."""


def build_unpacked(dest: Path, *, pure: bool = False) -> Path:
    """Builds the project's wheel (compiled unless `pure`, and where a compiler is present)
    into `dest`/wheel, unpacks it into `dest`/site and returns that folder."""
    wheels = dest / "wheel"
    env = {**os.environ, "PIP_DISABLE_PIP_VERSION_CHECK": "1"}
    if pure:
        env["TOURNAMENT_MANAGER_PURE"] = "1"
    done = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", str(ROOT), "--no-deps", "-q", "-w", str(wheels)],
        capture_output=True, text=True, env=env, timeout=1800, check=False)
    if done.returncode:
        raise BuildFailed(done.stdout[-2000:] + done.stderr[-4000:])
    built = sorted(wheels.glob("tournament_manager-*.whl"))
    if len(built) != 1:
        raise BuildFailed(f"expected one wheel in {wheels}, found {len(built)}")
    site = dest / "site"
    with zipfile.ZipFile(built[0]) as wheel:
        wheel.extractall(site)
    return site


def scorer_is_compiled() -> bool:
    """Whether this process runs the MCR and Zung Jung scorers compiled (imports them)."""
    from tournament_manager.rules.mcr import fast_path
    from tournament_manager.rules.zung_jung import search

    return not any(module.__file__ is None or module.__file__.endswith(".py")
                   for module in (fast_path, search))


def run_against_wheel(module: str, arguments: list[str]) -> int:
    """The benchmark `module` run again, without `--compiled`, against the scorers of the
    project's wheel: built and unpacked into a temporary folder that comes first on the
    child's path (its working folder too, as `python -m` puts that first)."""
    import tempfile

    with tempfile.TemporaryDirectory(prefix="bench-compiled-") as folder:
        print("building the wheel (compiling the scorers with mypyc)...", flush=True)
        try:
            site = build_unpacked(Path(folder))
        except BuildFailed as error:
            print(f"the wheel could not be built:\n{error}", file=sys.stderr)
            return 1
        env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(site), str(ROOT)])}
        child = [sys.executable, "-m", module,
                 *(argument for argument in arguments if argument != "--compiled")]
        return subprocess.run(child, cwd=site, env=env, check=False).returncode


def main() -> None:
    if len(sys.argv) != 2:
        sys.exit("usage: python -m benchmarks.compiled_build DIR")
    site = build_unpacked(Path(sys.argv[1]).resolve())
    print(site)


if __name__ == "__main__":
    main()
