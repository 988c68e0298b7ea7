"""The product construction: 4m players from a resolvable transversal design and m players.

Split the field into four groups of m. Three mutually orthogonal Latin squares L1, L2, L3 of
order m give m sessions in which table y of session x seats player y of group 0 and players
L1(x, y), L2(x, y), L3(x, y) of groups 1, 2, 3: any two players of different groups meet
exactly once over those m sessions (a Latin square's rows and the squares' orthogonality say
so). Players of one group have not met yet, so each group then plays a repeat-free schedule
of its own m players, the four groups side by side. 4m players get m + R(m) sessions, which
is the bound whenever R(m) is m's bound and m ≡ 4 or 0 (mod 12): 112 x 37 from 28 x 9,
144 x 47 from 36 x 11, 160 x 53 from 40 x 13, the fields near the bound that the symmetric
search does not reach. (Where three squares of order m are not at hand, the transversal
design comes from Wilson's construction instead, see `latin.transversal_design`.)
"""

from __future__ import annotations

from collections.abc import Callable

from tournament_manager.domain.seating.latin import transversal_design
from tournament_manager.domain.seating.pairs import IntSessions

InnerSchedule = Callable[[int, int], IntSessions | None]
"""(players, sessions) -> a repeat-free schedule, or None if none is at hand."""


def transversal_sessions(m: int) -> IntSessions | None:
    """The m sessions of the resolvable transversal design on four groups of m, or None: a
    transversal design with five groups whose first group names the session (a block
    (x, y, a, b, c) seats players y, m + a, 2m + b and 3m + c together in session x)."""
    blocks = transversal_design(m)
    if blocks is None:
        return None
    sessions: IntSessions = [[] for _ in range(m)]
    for x, *values in blocks:
        sessions[x].append([k * m + value for k, value in enumerate(values)])
    return sessions


def product_schedule(players: int, sessions: int, inner: InnerSchedule) -> IntSessions | None:
    """A repeat-free schedule of `sessions` for 4m players, or None where this cannot give one.

    The transversal sessions come first; the groups' own sessions (from `inner`, asked only
    when the transversal sessions are not enough) follow.
    """
    m, rest = divmod(players, 4)
    transversal = transversal_sessions(m) if rest == 0 else None
    if transversal is None:
        return None
    if sessions <= m:
        return transversal[:sessions]
    own = inner(m, sessions - m) if m % 4 == 0 else None
    if own is None:
        return None
    return transversal + [[[g * m + p for p in table] for g in range(4) for table in session]
                          for session in own]
