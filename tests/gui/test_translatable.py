"""Every word the window shows reaches the translation files: `pyside6-lupdate` finds a
string only where it is written out in a call it knows (`self.tr("…")`,
`translate("Context", "…")`, `QT_TRANSLATE_NOOP("Context", "…")`), and Qt finds the
translation only under the context it was filed under. So, in `tournament_manager/gui`:

- `tr` is called on `self` only (`parent.tr("…")` is filed under "parent", but looked up
  under the parent's class); `self.tr(variable)` looks its words up under the class's
  name, so they are marked `QT_TRANSLATE_NOOP("ThatClass", "…")` where they are written
  (a forgotten mark shows in `test_languages`, which finds the English on the page);
- `translate` and `QT_TRANSLATE_NOOP` are given the context and the text written out;
  a `translate(context, variable)` must look up words marked with QT_TRANSLATE_NOOP under
  that same context (checked against the .ts files);
- no home-made wrapper (`_tr(text)`) hides the words from lupdate.

And the shipped .ts/.qm files are current and complete (`tools/translations.py check`).
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
GUI = ROOT / "tournament_manager" / "gui"


def _text(node: ast.AST) -> bool:
    return isinstance(node, ast.Constant) and isinstance(node.value, str)


def _offences(path: Path) -> list[str]:
    found = []
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef) and node.name in ("_tr", "tr_", "_"):
            found.append(f"{node.lineno}: a wrapper {node.name}() hides its words from lupdate")
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", None)
        where = f"{path.relative_to(ROOT)}:{node.lineno}"
        if name == "tr":
            if not (isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name)
                    and func.value.id == "self"):
                found.append(f"{where}: tr() on something other than self")
            elif not node.args:
                found.append(f"{where}: self.tr() of nothing")
        elif name in ("translate", "QT_TRANSLATE_NOOP"):
            if len(node.args) < 2 or not _text(node.args[0]):
                found.append(f"{where}: {name}() without a written-out context")
            elif not _text(node.args[1]) and name == "QT_TRANSLATE_NOOP":
                found.append(f"{where}: QT_TRANSLATE_NOOP() of a text not written out")
    return found


def test_every_word_of_the_window_is_written_where_lupdate_finds_it() -> None:
    found = [offence for path in sorted(GUI.rglob("*.py")) for offence in _offences(path)]
    assert found == []


def test_the_translation_files_are_current_and_complete() -> None:
    completed = subprocess.run([sys.executable, str(ROOT / "tools" / "translations.py"),
                                "check"], capture_output=True, text=True, check=False)
    assert completed.returncode == 0, completed.stdout + completed.stderr
