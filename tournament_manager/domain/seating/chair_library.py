"""Chairs found offline for fields of 4T + 1 and 4T + 2 players near the bound.

A field of 4T + 1 or 4T + 2 players is drawn (`byes._stood_in`) as the draw of 4T, the
core, with each extra player taking, each session, the chair of a different core player,
who sits out. Which chairs: CP-SAT, within a draw's few seconds. Near the bound that
choice is tight and the draw's limit leaves repeats (42 x 13: 2, 101 x 33: 4, 102 x 33:
8, 169 x 55: 5, 170 x 55: 14) where repeat-free chairs exist, found offline by CP-SAT or, faster, by
an exact-cover search (`tools/seating_search/chairs_search.py`), on the quotient by a group of
the core's automorphisms where the cover over single chairs is slow (138 x 45, 150 x 49,
162 x 53, 174 x 57), or with the first extra kept in the chairs of one player fewer (158 x
51). They are shipped here in `chairs.json`.

An entry names its core field and, for each session, the core player whose chair each
extra player takes. The core is the canonical schedule of `core_schedule` (the affine
geometry, the library's entry or their product, before the draw renames its points), so an
entry stays valid as long as that schedule does (when the library gained 164 x 54, the chairs
of 165 and 166 x 53 were found again on its cut); the expanded schedule is re-verified on
use, so a damaged or stale file can only cost a draw its shortcut, never give a wrong
schedule.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tournament_manager.domain.seating.constructions import affine_schedule
from tournament_manager.domain.seating.library import library_schedule
from tournament_manager.domain.seating.pairs import IntSessions, repeat_free
from tournament_manager.domain.seating.product import product_schedule
from tournament_manager.domain.seating.shipped import shipped_entries

CHAIRS_FILE = "chairs.json"


def _entries() -> tuple[dict[str, Any], ...]:
    return shipped_entries(CHAIRS_FILE)


def core_schedule(players: int, sessions: int) -> IntSessions | None:
    """The canonical repeat-free schedule of a multiple of four the chairs refer to: the
    affine geometry, the library's entry, or the product of four groups (112 x 37, 144 x 47)
    whose groups play their own canonical schedule, or, for groups of 4T + 1 or 4T + 2,
    their shipped chairs (164 x 53 from 41 x 13, until the library reached 164 x 54)."""
    return (affine_schedule(players, sessions) or library_schedule(players, sessions)
            or product_schedule(players, sessions, core_schedule, chairs_schedule))


def stood_in(core: IntSessions, chairs: Sequence[Sequence[int]]) -> IntSessions:
    """`core` with extra player `len(core players) + i` in the chair of `chairs[k][i]` in
    session k (that core player sits out)."""
    size = sum(len(table) for table in core[0])
    return [[[size + row.index(p) if p in row else p for p in table] for table in session]
            for session, row in zip(core, chairs, strict=True)]


def sound_with_byes(schedule: IntSessions, players: int) -> bool:
    """Every session seats all but players mod 4 of range(players), each once, at tables of
    four; no pair meets twice; and nobody sits out twice while another has not sat out."""
    missed = [len(schedule)] * players
    for session in schedule:
        seated = [p for table in session for p in table]
        if (any(len(table) != 4 for table in session) or len(set(seated)) != len(seated)
                or len(seated) != players - players % 4
                or not all(0 <= p < players for p in seated)):
            return False
        for p in seated:
            missed[p] -= 1
    return max(missed) - min(missed) <= 1 and repeat_free(schedule, players)


def chairs_schedule(players: int, sessions: int) -> IntSessions | None:
    """A repeat-free schedule of `sessions` for `players` (not a multiple of four) from a
    shipped entry, or None where there is none."""
    for entry in _entries():
        if entry["players"] != players or entry["sessions"] < sessions:
            continue
        try:
            core = core_schedule(entry["core"], entry["sessions"])  # the one searched
            if core is None:
                continue
            schedule = stood_in(core[:sessions], entry["chairs"][:sessions])
        except (IndexError, KeyError, TypeError, ValueError):
            continue
        if sound_with_byes(schedule, players):
            return schedule
    return None
