"""Changing a tournament file behind the application, as someone with an SQLite tool would."""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path

MOVE_FIVE_POINTS = ("UPDATE hand_delta SET delta = delta + 5 WHERE id = 1",
                    "UPDATE hand_delta SET delta = delta - 5 WHERE id = 2")
"""Five points moved between two players of one hand with an ordinary SQLite tool: the
hand still sums to zero, but it is no longer what its table signed."""


def tampered_copy(path: Path, folder: Path, statements: tuple[str, ...] = MOVE_FIVE_POINTS
                  ) -> Path:
    """A copy of the (closed) tournament file at `path`, changed behind the application."""
    copy = folder / "tampered.tmt"
    shutil.copy(path, copy)
    connection = sqlite3.connect(copy)
    try:
        for statement in statements:
            connection.execute(statement)
        connection.commit()
    finally:
        connection.close()
    return copy
