"""Fields of 12v players at the bound from a cyclic 4-frame of type 3^v and a transversal design.

A *4-frame of type 3^v* on V = Z_3v has v groups of three, {j, j + v, j + 2v}, and for each
group one holey class: nine tables (for v = 13) that seat everybody outside the group, four
of different groups a table, with every two points of different groups together exactly
once over the v holey classes. Here it is cyclic: (v - 1) / 4 base blocks whose points fall
on the nonzero residues mod v once each and whose differences cover Z_3v outside the
subgroup vZ once each; group j's holey class is the base blocks moved by j + v t, t < 3.
A depth-first search finds the base blocks at once (tools/seating_search/cyclic_frame_search.py).

Players are (x, y), x < 4, y in V (player x · 3v + y). A resolvable transversal design on the
four groups {x} x V (see `product.transversal_sessions`) meets every two players with
different x exactly once in 3v sessions; relabelling each group makes one of its sessions
the tables {(0, y), (1, y), (2, y), (3, y)}. Drop that session, and give each frame group j
one session instead: the holey class of j on every layer {x} x V, plus the three tables
{(x, y) : x < 4} for y in j's group. Two players of one layer meet in the frame unless their
points share a group, and those triangles are the pairs no field of 12v players can all
meet: 3v - 1 + v sessions, the bound. This is Rees and Stinson's construction of a resolvable
GDD from a frame and a resolvable transversal design ("Frames with block size four", 1992)
with one block of four as the resolvable design. 156 x 51 is v = 13, with the transversal
design of order 39 from Wilson's construction.
"""

from __future__ import annotations

from collections.abc import Sequence

from tournament_manager.domain.seating.pairs import IntSessions
from tournament_manager.domain.seating.product import transversal_sessions

LAYERS = 4


def _idempotent(transversal: IntSessions, n: int) -> IntSessions:
    """The design relabelled layer by layer so that session 0's table c is (c, n + c, ...)."""
    label = [dict[int, int]() for _ in range(LAYERS)]
    for c, table in enumerate(transversal[0]):
        for player in table:
            label[player // n][player % n] = c
    return [[sorted(p // n * n + label[p // n][p % n] for p in table) for table in session]
            for session in transversal]


def frame_product_sessions(blocks: Sequence[Sequence[int]], players: int,
                           sessions: int) -> IntSessions:
    """The first `sessions` sessions of the field built from the frame's base `blocks`.

    Raises ValueError where the pieces cannot fit (a damaged library entry); a frame that
    fits in size but is not a frame gives a schedule that the library's check refuses."""
    n, rest = divmod(players, LAYERS)
    v, third = divmod(n, 3)
    if rest or third or v % 4 != 1 or len(blocks) != (v - 1) // 4:
        raise ValueError("no frame of type 3^v for this field")
    transversal = transversal_sessions(n)
    if transversal is None:
        raise ValueError("no transversal design of this order")
    result = _idempotent(transversal, n)[1:]
    for j in range(v):
        holey = [[x * n + (point + j + v * t) % n for point in block]
                 for x in range(LAYERS) for block in blocks for t in range(3)]
        result.append(holey + [[x * n + y for x in range(LAYERS)] for y in (j, j + v, j + 2 * v)])
    return result[:sessions]
