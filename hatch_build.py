"""The wheel's build hook: compiles the MCR and Zung Jung scorers with mypyc, or leaves them
pure Python.

Scoring a hand walks a few dozen small functions over tuples and dictionaries; mypyc
turns the modules listed under `[tool.hatch.build.targets.wheel.hooks.custom] modules` into
C extensions, about twice as fast (benchmarks/bench_mcr.py and bench_scoring.py
--compiled), the way black, mypy and charset-normalizer ship. The `.py` files stay in the
wheel beside them: Python imports an extension module before a source file of the same
name, so a compiled wheel runs the compiled scorer and the sources document it.

Compiling is optional by design. It needs a C compiler and Python's headers (gcc and
python3-dev on Debian, in installer/linux/system-packages.txt); without them, or with
TOURNAMENT_MANAGER_PURE=1, the wheel is built pure Python with a warning and the
application works the same, only slower at scoring. Editable installs (the test venv)
are never compiled: an extension built from yesterday's source would shadow today's edit.
The compilation runs in a temporary copy of the package, so no extension is ever left in the
checkout either; tests/installer/test_compiled_scorer.py builds the wheel and runs the rules
checks against its compiled modules.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

PACKAGE = "tournament_manager"
GROUP = "tournament_manager_scorer"  # the name of mypyc's shared library module
_SETUP = """\
from setuptools import setup
from mypyc.build import mypycify

setup(
    name={group!r},
    ext_modules=mypycify({modules!r}, opt_level="3", group_name={group!r}),
)
"""


class CompileError(Exception):
    """mypyc could not compile the modules (no compiler, no headers, no mypy...)."""


def compile_modules(root: Path, modules: list[str], work: Path) -> dict[str, str]:
    """Compiles `modules` (paths relative to `root`) in a copy of the package under `work`;
    returns each extension built, by its path, with its path inside the wheel."""
    shutil.copytree(root / PACKAGE, work / PACKAGE,
                    ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.pyd"))
    (work / "setup.py").write_text(_SETUP.format(modules=modules, group=GROUP),
                                   encoding="utf-8")
    env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1"}
    try:
        done = subprocess.run(
            [sys.executable, "setup.py", "build_ext", "--inplace",
             "--build-temp", str(work / "temp")],
            cwd=work, env=env, capture_output=True, text=True, timeout=1800, check=False)
    except (OSError, subprocess.TimeoutExpired) as error:
        raise CompileError(str(error)) from error
    if done.returncode:
        raise CompileError((done.stdout + done.stderr)[-3000:])
    built: dict[str, str] = {}
    for module in modules:
        stem = work / module[: -len(".py")]
        found = [*stem.parent.glob(f"{stem.name}.*.so"), *stem.parent.glob(f"{stem.name}.*.pyd")]
        if len(found) != 1:
            raise CompileError(f"no extension was built for {module}")
        built[str(found[0])] = found[0].relative_to(work).as_posix()
    shared = [*work.glob(f"{GROUP}__mypyc.*.so"), *work.glob(f"{GROUP}__mypyc.*.pyd")]
    if len(shared) != 1:
        raise CompileError("mypyc's shared library was not built")
    built[str(shared[0])] = shared[0].name
    return built


class CompiledScorerHook(BuildHookInterface):  # type: ignore[type-arg]
    """Compiles the configured modules into the wheel; warns and stays pure on failure."""

    PLUGIN_NAME = "custom"
    _work: Path | None = None  # the temporary copy the extensions are built in

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        if self.target_name != "wheel" or version == "editable":
            return
        if os.environ.get("TOURNAMENT_MANAGER_PURE"):
            self.app.display_info("TOURNAMENT_MANAGER_PURE is set: the scorers stay pure Python")
            return
        modules = list(self.config.get("modules", []))
        self._work = Path(tempfile.mkdtemp(prefix="tm-mypyc-"))
        try:
            built = compile_modules(Path(self.root), modules, self._work)
        except CompileError as error:
            self.app.display_warning(
                "the scorers could not be compiled (they work the same in pure Python, "
                f"about half as fast): {error}")
            return
        build_data["pure_python"] = False
        build_data["infer_tag"] = True
        build_data["force_include"].update(built)
        self.app.display_info(f"compiled {len(modules)} scorer modules with mypyc")

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        """The extensions are in the wheel now: their temporary build goes."""
        if self._work is not None:
            shutil.rmtree(self._work, ignore_errors=True)
