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

Where m is not a multiple of four, a group cannot play on its own: m = 4T + r leaves r of
its players over each session. The product then keeps m - 1 of the transversal sessions
and plays the groups' own sessions from a schedule of m players with byes (`with_byes`,
r sit out each session, nobody twice). The players a group leaves over sit at the tables
of the transversal session that was left out: player p's leftover table is the one p sat
at in it, and each group's players are named after their table-mate of group 0 there, so
the four groups' leftovers are always whole tables of it. Each of those tables is used
once, because nobody sits out twice, so its pairs meet exactly once as well. 164 x 53
(m = 41: 40 transversal sessions and 41 x 13 with one bye a session, from `chairs`),
which no search had reached, is built this way (the library's 164 x 54, found since by
tools/seating_search/turn_split_search.c, now comes first).
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


def product_schedule(players: int, sessions: int, inner: InnerSchedule,
                     with_byes: InnerSchedule | None = None) -> IntSessions | None:
    """A repeat-free schedule of `sessions` for 4m players, or None where this cannot give one.

    The transversal sessions come first; the groups' own sessions (from `inner` where m is a
    multiple of four, else from `with_byes`, asked only when the transversal sessions are
    not enough) follow.
    """
    m, rest = divmod(players, 4)
    transversal = transversal_sessions(m) if rest == 0 else None
    if transversal is None:
        return None
    if sessions <= m:
        return transversal[:sessions]
    if m % 4:
        own = with_byes(m, sessions - m + 1) if with_byes is not None else None
        return _leftovers_at(transversal, m - 1, own, m - 1) if own is not None else None
    own = inner(m, sessions - m)
    if own is None:
        return None
    return transversal + [[[g * m + p for p in table] for g in range(4) for table in session]
                          for session in own]


def near_product_schedule(players: int, sessions: int,
                          with_byes: InnerSchedule) -> IntSessions | None:
    """All m transversal sessions and then the groups' own sessions with byes, for fields
    past what `product_schedule` reaches (164 x 54: no 41 x 14 without a repeat): the
    leftovers' tables are those of the first transversal session again (the furthest from
    them: of the last, 20 x 6 met six pairs again in the next session), so each such table
    repeats its six pairs once (164 x 54: 13 tables, 78 meetings beyond the first, each pair
    twice at most), and nothing else repeats but what the groups' own schedule repeats
    (68 x 22 from 17 x 5, whose least is one: 34). Mostly a start for the draw's last
    search (20 x 6 keeps it as built: the search does no better than its 6). None where
    there is no such schedule."""
    m, rest = divmod(players, 4)
    if rest or not m % 4 or sessions <= m:
        return None
    transversal = transversal_sessions(m)
    if transversal is None:
        return None
    own = with_byes(m, sessions - m)
    return _leftovers_at(transversal, m, own, 0) if own is not None else None


def _leftovers_at(transversal: IntSessions, kept: int, own: IntSessions,
                  leftover: int) -> IntSessions | None:
    """The first `kept` transversal sessions, then each of `own` (a schedule of m players
    with byes) played by all four groups, their leftovers at the tables of transversal
    session `leftover`; None if someone in `own` sits out twice while that session is not
    played (its table would then be used twice, which the caller did not ask for)."""
    m = len(transversal[0])
    table_of = {table[0]: table for table in transversal[leftover]}  # named by group 0's
    out_before: set[int] = set()
    schedule = [list(map(list, session)) for session in transversal[:kept]]
    for session in own:
        seated = {p for table in session for p in table}
        out = [p for p in range(m) if p not in seated]
        if leftover >= kept and out_before.intersection(out):
            return None
        out_before.update(out)
        schedule.append([[table_of[p][g] for p in table] for g in range(4) for table in session]
                        + [list(table_of[p]) for p in out])
    return schedule
