"""The rule byes keep: nobody sits out again while a player seated has sat out fewer times.

A session that leaves players out must leave out those who have missed the fewest sessions
so far (byes, or sessions before a late entry): the rotation a head judge announces and
players check on the board. It is a rule about the order of the sessions, not only about
their totals: two plans can give every player the same number of byes while one of them has
a player sit out in sessions 2 and 3 and another not until session 10. The search keeps it
move by move (`tabu._State.sitting_out_for`); this is the check on whole schedules, for
the places that reorder or trade (`planner._cleanest_first`, `byes._evened`) and for tests.
"""

from __future__ import annotations

from collections.abc import Sequence

from tournament_manager.domain.seating.pairs import IntSessions


def first_unfair_session(sessions: IntSessions, absences: Sequence[int]) -> int | None:
    """The index of the first session in which someone sits out while a player seated has
    missed fewer sessions, counting `absences` (sessions each player missed before these,
    by index) and the byes of the sessions before it; None if every session keeps the rule."""
    missed = list(absences)
    for index, session in enumerate(sessions):
        seated = {p for table in session for p in table}
        out = [p for p in range(len(missed)) if p not in seated]
        if out and seated and max(missed[p] for p in out) > min(missed[p] for p in seated):
            return index
        for p in out:
            missed[p] += 1
    return None


def byes_fair(sessions: IntSessions, absences: Sequence[int]) -> bool:
    """Whether every session of `sessions` keeps the rule (see `first_unfair_session`)."""
    return first_unfair_session(sessions, absences) is None
