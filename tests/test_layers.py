"""The import direction between layers, checked on the source of every module.

rules <- domain <- services <- (storage, exports) <- application <- (gui, cli). The pure
layers import neither Qt nor SQLAlchemy; services do not know which storage they run on.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "tournament_manager"

# For each layer: the top-level modules or package prefixes it must never import.
FORBIDDEN = {
    "rules": ("PySide6", "sqlalchemy", "alembic", "reportlab", "openpyxl",
              "tournament_manager.domain", "tournament_manager.services",
              "tournament_manager.storage", "tournament_manager.exports",
              "tournament_manager.gui", "tournament_manager.cli",
              "tournament_manager.messages"),
    "domain": ("PySide6", "sqlalchemy", "alembic", "reportlab", "openpyxl",
               "tournament_manager.services", "tournament_manager.storage",
               "tournament_manager.exports", "tournament_manager.gui",
               "tournament_manager.cli", "tournament_manager.messages"),
    "services": ("PySide6", "sqlalchemy", "alembic", "reportlab", "openpyxl",
                 "tournament_manager.storage", "tournament_manager.exports",
                 "tournament_manager.gui", "tournament_manager.cli"),
    "storage": ("PySide6", "tournament_manager.gui", "tournament_manager.cli",
                "tournament_manager.exports"),
    "exports": ("PySide6", "sqlalchemy", "tournament_manager.storage",
                "tournament_manager.gui", "tournament_manager.cli"),
    "imports": ("PySide6", "sqlalchemy", "tournament_manager.services",
                "tournament_manager.storage", "tournament_manager.gui",
                "tournament_manager.cli"),
    "gui": ("sqlalchemy", "alembic", "tournament_manager.storage.schema",
            "tournament_manager.storage.collections", "tournament_manager.cli"),
    "cli": ("PySide6", "sqlalchemy", "tournament_manager.gui"),
    "application": ("PySide6", "sqlalchemy", "alembic", "tournament_manager.gui",
                    "tournament_manager.cli"),
    "web": ("PySide6", "sqlalchemy", "alembic", "tournament_manager.storage",
            "tournament_manager.gui", "tournament_manager.cli"),
}


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
    return names


def _modules(layer: str) -> list[Path]:
    return sorted((PACKAGE / layer).rglob("*.py"))


@pytest.mark.parametrize("layer", sorted(FORBIDDEN))
def test_layer_imports_point_inwards(layer: str) -> None:
    violations = [
        f"{path.relative_to(PACKAGE)} imports {name}"
        for path in _modules(layer)
        for name in sorted(_imports(path))
        if any(name == banned or name.startswith(banned + ".") for banned in FORBIDDEN[layer])
    ]
    assert violations == []


def test_every_layer_folder_exists_and_is_checked() -> None:
    layers = {p.name for p in PACKAGE.iterdir() if p.is_dir() and not p.name.startswith("_")}
    assert set(FORBIDDEN) <= layers
    assert all(_modules(layer) for layer in FORBIDDEN)


def test_the_checker_sees_a_violation(tmp_path: Path) -> None:
    module = tmp_path / "bad.py"
    module.write_text("from PySide6.QtCore import QObject\nimport sqlalchemy.orm\n")
    assert {"PySide6.QtCore", "sqlalchemy.orm"} <= _imports(module)
