"""Base sessions found offline (by `library_builder`) for fields where the live solver is slow.

Each entry is a base session that stays repeat-free for `sessions` sessions (so for any
fewer), moved from session to session either by an orbit structure ("cycle", "speeds") or
by adding the session's element of a finite field to every level ("field": q, see
`cyclotomic`; with "transversals", four levels and the transversal sessions after them, see
`four_levels`; "modulus": q with "transversals", the same over Z_q), or by adding the
session's element of an abelian group to every level ("group": [n1, ...], "levels": L, see
`orbits.group_sessions`), or written out whole
("schedule": every session, for designs whose symmetry fixes the sessions instead of moving
them, see tools/seating_search/lift_search.py), or as a small frame inflated and filled with
another library field ("frame", "frame_group", "inflate", "fill": [players, sessions], see
`frames`), or as the base blocks of a cyclic frame of type 3^v times a transversal design
("frame_blocks", see `frame_product`). Entries are re-verified on use, so a damaged file can
only cost time, never a wrong schedule.
"""

from __future__ import annotations

from typing import Any

from tournament_manager.domain.seating.cyclotomic import translated
from tournament_manager.domain.seating.four_levels import four_level_sessions
from tournament_manager.domain.seating.frame_product import frame_product_sessions
from tournament_manager.domain.seating.frames import framed_sessions
from tournament_manager.domain.seating.orbits import OrbitStructure, expand, group_sessions
from tournament_manager.domain.seating.pairs import IntSessions, repeat_free
from tournament_manager.domain.seating.shipped import shipped_entries

LIBRARY_FILE = "library.json"


def _entries() -> tuple[dict[str, Any], ...]:
    return shipped_entries(LIBRARY_FILE)


def entries() -> tuple[dict[str, Any], ...]:
    """The entries as shipped, unchecked (`library_schedule` checks what it expands; the
    offline tools read the frames and bases they build on here)."""
    return _entries()


def _expanded(entry: dict[str, Any], sessions: int) -> IntSessions:
    if "schedule" in entry:
        return [[list(table) for table in session] for session in entry["schedule"][:sessions]]
    if "frame" in entry:
        if entry["fill"][0] >= entry["players"]:  # the fill must be smaller: no loop
            raise ValueError("a fill as large as the field")
        fill = library_schedule(*entry["fill"])
        if fill is None:
            raise ValueError("the fill is not in the library")
        return framed_sessions(entry["frame"], entry["frame_group"], entry["inflate"], fill,
                               sessions)
    if "frame_blocks" in entry:
        return frame_product_sessions(entry["frame_blocks"], entry["players"], sessions)
    if "transversals" in entry and "modulus" in entry:
        return four_level_sessions(entry["base"], entry["transversals"], entry["modulus"],
                                   sessions, cyclic=True)
    if "transversals" in entry:
        return four_level_sessions(entry["base"], entry["transversals"], entry["field"],
                                   sessions)
    if "group" in entry:
        return group_sessions(entry["group"], entry["levels"], entry["base"], sessions)
    if "field" in entry:
        return translated(entry["base"], entry["field"], sessions)
    structure = OrbitStructure(entry["cycle"], tuple(entry["speeds"]))
    return expand(structure, entry["base"], sessions)


def sound(schedule: IntSessions, players: int) -> bool:
    """Every session seats each player once at a table of four, and no pair meets twice."""
    everybody = list(range(players))
    return (all(len(table) == 4 for session in schedule for table in session)
            and all(sorted(p for table in session for p in table) == everybody
                    for session in schedule)
            and repeat_free(schedule, players))


def library_schedule(players: int, sessions: int) -> IntSessions | None:
    for entry in _entries():
        if entry["players"] == players and entry["sessions"] >= sessions:
            try:
                schedule = _expanded(entry, sessions)
            except (IndexError, KeyError, TypeError, ValueError):
                continue
            if len(schedule) == sessions and sound(schedule, players):
                return schedule
    return None


def longest_schedule(players: int, below: int) -> IntSessions | None:
    """The longest shipped schedule for `players` with fewer than `below` sessions, or None.

    Where the library stops short of the sessions asked (20 x 6, which cannot be drawn
    without a repeat; 68 x 22, 140 x 46 and 164 x 54 until their entries), its repeat-free
    sessions are still the best start: the draw then searches only the sessions after them
    (see `grouping`)."""
    lengths = sorted({min(entry["sessions"], below - 1) for entry in _entries()
                      if entry["players"] == players and below > 1}, reverse=True)
    for sessions in lengths:
        schedule = library_schedule(players, sessions)
        if schedule is not None:
            return schedule
    return None
