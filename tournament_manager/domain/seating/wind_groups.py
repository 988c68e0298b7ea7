"""Whether a session's tables can seat every player on a wind that keeps him in range.

Winds are given after the grouping (`positions`), and a table can only give each player a
wind he still lacks if their lacks differ: four players who have each started East, South
and West once need four different fourth winds, and a table of two who both lack North
cannot keep both in range, in whatever order they sit. Which wind keeps a player in range
depends on his own history alone, so each table can be judged by itself, before its seats
are given: the planner plays now, of the sessions equally clean, one that can be seated
(`planner._cleanest_first`).
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

from tournament_manager.domain.seating.pairs import IntSession, IntTable
from tournament_manager.domain.seating.positions import violation_after

_SUBSETS = tuple(tuple(c) for size in range(1, 5) for c in combinations(range(4), size))


def wanted_winds(winds: Sequence[Sequence[int]]) -> list[int]:
    """For each player, the winds (a bit each) that leave his counts (`winds[p]`) nearest the
    range after one more session: the one he lacks after three, any of three after one."""
    wanted = []
    for counts in winds:
        after = [violation_after(counts, w) for w in range(4)]
        least = min(after)
        wanted.append(sum(1 << w for w in range(4) if after[w] == least))
    return wanted


def unseatable_tables(session: IntSession, wanted: Sequence[int]) -> int:
    """How many of the session's tables cannot seat each player on a wind he wants
    (`wanted_winds`)."""
    return sum(not _seatable(table, wanted) for table in session)


def _seatable(table: IntTable, wanted: Sequence[int]) -> bool:
    """Whether the table's players can each take a wind they want, all four different
    (Hall's condition: every few of them want at least as many winds between them)."""
    for subset in _SUBSETS:
        joined = 0
        for k in subset:
            joined |= wanted[table[k]]
        if joined.bit_count() < len(subset):
            return False
    return True
