"""Fields at the bound built from a small frame: inflate it, then fill its groups.

A *4-frame of type g^5* seats 5g players in five groups of g. For each group there are g / 3
"holey" sessions that seat the other 4g players at g tables, one player of each other group a
table, and every two players of different groups meet exactly once over all of them. Such a
frame is small (15 players for g = 3) and a SAT solver finds one at once
(tools/seating_search/frame_search.py).

Inflating by a prime m >= 5 makes each player m players (p, z), z in Z_m: a table
{p_0, p_1, p_2, p_3} becomes, for each b in Z_m, the m tables {(p_t, a + b t)}, a in Z_m (a
resolvable transversal design: two players (p_s, z) and (p_t, z') with s != t share exactly
one of them, because t - s is invertible mod m). So each holey session becomes m, and the
result is a frame of type (gm)^5.

Each inflated group then plays, beside its gm / 3 holey sessions, a repeat-free field of
gm + w players at its own bound, whose w extra players are the same w players for every
group and never meet one another in it (a missed pair when w = 2, a missed triangle when
w = 3). A player meets every player of the other groups in the frame, and the rest of his
group and the extra players in the fill: 5gm + w players, 5gm / 3 sessions, no pair twice,
which is the bound. 152 x 50 is the frame 6^5 inflated by 5 and filled with 32 x 10; 168 x 55
the frame 3^5 inflated by 11 and filled with 36 x 11 (Ge, Lam, Ling and Shen, "Resolvable
maximum packings with quadruples", 2005, fill frames the same way).
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence

from tournament_manager.domain.seating.pairs import IntSession, IntSessions, MeetingCounts

GROUPS = 5

Table = Sequence[int]
HoleySession = Sequence[Table]


def inflated(frame: Sequence[HoleySession], group: int, m: int) -> list[IntSessions]:
    """The holey sessions of the inflated frame, per group (player p * m + z is (p, z)).

    `frame` lists each group's g / 3 holey sessions in group order; a frame player p is in
    group p // group.
    """
    per_group: list[IntSessions] = [[] for _ in range(GROUPS)]
    for index, holey in enumerate(frame):
        hole = index // (group // 3)
        for b in range(m):
            session: IntSession = []
            for table in holey:
                points = sorted(table)
                for a in range(m):
                    session.append([p * m + (a + b * t) % m for t, p in enumerate(points)])
            per_group[hole].append(session)
    return per_group


def apart(schedule: IntSessions, players: int, extra: int) -> list[int]:
    """`extra` players of `schedule` no two of whom ever meet (the first such set), or []."""
    counts = MeetingCounts(players)
    counts.add_sessions(schedule)
    for chosen in itertools.combinations(range(players), extra):
        if all(counts.get(p, q) == 0 for p, q in itertools.combinations(chosen, 2)):
            return list(chosen)
    return []


def framed_sessions(frame: Sequence[HoleySession], group: int, m: int,
                    fill: IntSessions, sessions: int) -> IntSessions:
    """The first `sessions` sessions of the filled, inflated frame (see the module text).

    `fill` seats gm + w players in gm / 3 sessions. Raises ValueError where the pieces do
    not fit (a damaged library entry), which the library treats as "no schedule here".
    """
    size = group * m
    fill_players = len({p for table in fill[0] for p in table}) if fill else 0
    extra = fill_players - size
    if len(frame) != GROUPS * (group // 3) or len(fill) != size // 3 or extra not in (2, 3):
        raise ValueError("frame, inflation and fill do not fit together")
    outside = apart(fill, fill_players, extra)
    if not outside:
        raise ValueError("the fill has no extra players who never meet")
    inside = [p for p in range(fill_players) if p not in outside]
    holey = inflated(frame, group, m)
    result: IntSessions = []
    for hole in range(GROUPS):
        where = {p: hole * size + k for k, p in enumerate(inside)}
        where.update({p: GROUPS * size + k for k, p in enumerate(outside)})
        for own, holey_session in zip(fill, holey[hole], strict=True):
            result.append([list(table) for table in holey_session]
                          + [[where[p] for p in table] for table in own])
            if len(result) == sessions:
                return result
    return result
