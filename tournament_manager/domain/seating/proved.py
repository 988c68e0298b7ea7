"""The least excess meetings of fields where a repeat is forced by more than the seats.

`grouping.lower_bound` counts the seats a draw has against the pairs its players can
still form; a draw that reaches it stops searching. For a few fresh fields the count
allows zero but no schedule reaches it, and the search would spend its whole time limit
looking for a draw that does not exist. The fields here are proved, not merely unreached:

- 17 x 5 (fair byes, one out a session): 1. `tools/seating_search/bye_proof.py` splits
  on the graph of pairs that never meet and has CP-SAT refute every case (about 90 s;
  CaDiCaL on the same split agrees).

20 x 6, where the draw keeps 6 excess meetings, is not here: no proof reaches 6.

A field of one to three tables (4, 8 or 12 players) repeats in every two sessions, which
counting seats against pairs does not see (8 x 2: 24 seats a pair, 28 pairs, "minimum 0",
yet every draw repeats four pairs): `few_tables_least_excess`.
"""

from __future__ import annotations

from collections.abc import Mapping
from math import comb
from types import MappingProxyType

PROVED_LEAST_EXCESS: Mapping[tuple[int, int], int] = MappingProxyType({(17, 5): 1})
"""(players, sessions) -> excess meetings no fresh draw with fair byes can go below."""


def proved_least_excess(players: int, sessions: int) -> int:
    """The proved least excess of a fresh draw of `players` over `sessions`; 0 if none is
    known beyond what the seats force."""
    return max(PROVED_LEAST_EXCESS.get((players, sessions), 0),
               few_tables_least_excess(players, sessions))


def few_tables_least_excess(players: int, sessions: int) -> int:
    """The excess meetings `sessions` sessions of `players` = 4T players at T < 4 tables
    cannot avoid (0 for any other field).

    Proof. Two sessions share the pairs counted by their T x T matrix of table overlaps,
    whose rows and columns each sum to 4: each row shares at least the pairs of 4 spread
    as evenly as T tables allow, so two sessions share at least f(T) pairs (T = 1: 6,
    T = 2: 4, T = 3: 3), and the circulant matrix reaches it. Over R sessions a pair that
    meets m times is counted in C(m, 2) of the C(R, 2) pairs of sessions and makes m - 1
    excess meetings, and m - 1 >= C(m, 2) * 2 / R since m <= R. So the excess is at least
    C(R, 2) * f(T) * 2 / R = (R - 1) * f(T)."""
    tables, left = divmod(players, 4)
    if left or not 1 <= tables < 4 or sessions < 2:
        return 0
    even, more = divmod(4, tables)  # per row: `more` overlaps of even + 1, the rest even
    shared = tables * (more * comb(even + 1, 2) + (tables - more) * comb(even, 2))
    return (sessions - 1) * shared
