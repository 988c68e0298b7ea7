"""Schedules with byes found offline as the orbit of one base session.

A field of 4T + 1, 4T + 2 or 4T + 3 players is otherwise drawn around a multiple of four:
the 4T with chairs taken by the extras (`chair_library`), or 4T + 4 with one player who
stands for nobody (`byes._ghosted`). Where that multiple of four has no repeat-free
schedule at the field's length, neither can give one. The field itself may still have one:
70 players over 22 sessions need not be 68 and two (its entry was found while 68 x 22 was
open here; chairs for two extras around the library's 68 x 22 are not shipped).

An entry is a base session under `orbits.OrbitStructure(cycle, speeds)`: players
`l * cycle + x` on levels that move one place a session, then fixed players; session h is
the base session with every level moved h places, and whoever it leaves out sits out
(`tools/seating_search/bye_orbits.py` finds them; the entry keeps its command and seconds).
The expanded schedule is checked on use like every shipped schedule, so a damaged file can
only cost the draw its shortcut.
"""

from __future__ import annotations

from typing import Any

from tournament_manager.domain.seating.chair_library import sound_with_byes
from tournament_manager.domain.seating.orbits import OrbitStructure, expand
from tournament_manager.domain.seating.pairs import IntSessions
from tournament_manager.domain.seating.shipped import shipped_entries

BYE_ORBITS_FILE = "bye_orbits.json"


def _entries() -> tuple[dict[str, Any], ...]:
    return shipped_entries(BYE_ORBITS_FILE)


def orbit_schedule_with_byes(players: int, sessions: int) -> IntSessions | None:
    """A repeat-free schedule of `sessions` for `players` (not a multiple of four) with
    fair byes, from a shipped base session; None where there is none."""
    for entry in _entries():
        if entry["players"] != players or entry["sessions"] < sessions:
            continue
        try:
            structure = OrbitStructure(entry["cycle"], tuple(entry["speeds"]))
            schedule = expand(structure, entry["base"], sessions)
        except (KeyError, TypeError, ValueError, ZeroDivisionError):
            continue
        if sound_with_byes(schedule, players):
            return schedule
    return None
