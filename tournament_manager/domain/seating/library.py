"""Base sessions found offline (by `library_builder`) for fields where the live solver is slow.

Each entry is an orbit structure and a base session that stays repeat-free for `sessions`
sessions (so for any fewer). Entries are re-verified on use, so a damaged file can only
cost time, never a wrong schedule.
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import Any

from tournament_manager.domain.seating.orbits import OrbitStructure, verified
from tournament_manager.domain.seating.pairs import IntSessions

LIBRARY_FILE = "library.json"


@cache
def _entries() -> tuple[dict[str, Any], ...]:
    text = resources.files(__package__).joinpath(LIBRARY_FILE).read_text(encoding="utf-8")
    return tuple(json.loads(text)["entries"])


def library_schedule(players: int, sessions: int) -> IntSessions | None:
    for entry in _entries():
        if entry["players"] == players and entry["sessions"] >= sessions:
            structure = OrbitStructure(entry["cycle"], tuple(entry["speeds"]))
            schedule = verified(structure, entry["base"], players, sessions)
            if schedule is not None:
                return schedule
    return None
