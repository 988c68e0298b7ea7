"""Greedy construction of sessions: most constrained player first, cheapest companions next.

This is the start Triska and Musliu found decisive for the local search: a player with few
opponents left to meet ("low freedom") gets a table while good companions are still
unplaced, instead of being left with whoever remains at the end of the session.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from tournament_manager.domain.seating.pairs import IntSession, IntSessions, MeetingCounts


def _freedom(player: int, pool: Sequence[int], counts: MeetingCounts) -> int:
    base = player * counts.n
    flat = counts.flat
    return sum(1 for other in pool if other != player and flat[base + other] == 0)


def greedy_session(players: Sequence[int], counts: MeetingCounts, rng: random.Random) -> IntSession:
    """One session over `players`; `counts` already holds every earlier meeting (and is updated)."""
    n, flat = counts.n, counts.flat
    unplaced = list(players)
    rng.shuffle(unplaced)
    freedom = {p: _freedom(p, unplaced, counts) for p in unplaced}
    session: IntSession = []
    while unplaced:
        anchor = min(unplaced, key=freedom.__getitem__)
        unplaced.remove(anchor)
        table = [anchor]
        while len(table) < 4:
            best = min(unplaced, key=lambda c: (sum(flat[c * n + m] for m in table), freedom[c]))
            unplaced.remove(best)
            table.append(best)
        counts.add_table(table)
        session.append(table)
    return session


def greedy_sessions(players: Sequence[int], sessions: int, counts: MeetingCounts,
                    rng: random.Random) -> IntSessions:
    return [greedy_session(players, counts, rng) for _ in range(sessions)]
