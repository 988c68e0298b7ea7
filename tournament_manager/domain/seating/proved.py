"""The least excess meetings of fields where a repeat is forced by more than the seats.

`grouping.lower_bound` counts the seats a draw has against the pairs its players can
still form; a draw that reaches it stops searching. For a few fresh fields the count
allows zero but no schedule reaches it, and the search would spend its whole time limit
looking for a draw that does not exist. The fields here are proved, not merely unreached:

- 17 x 5 (fair byes, one out a session): 1. `tools/seating_search/bye_proof.py` splits
  on the graph of pairs that never meet and has CP-SAT refute every case (about 90 s;
  CaDiCaL on the same split agrees).

20 x 6, where the draw keeps 6 excess meetings, is not here: no proof reaches 6.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

PROVED_LEAST_EXCESS: Mapping[tuple[int, int], int] = MappingProxyType({(17, 5): 1})
"""(players, sessions) -> excess meetings no fresh draw with fair byes can go below."""


def proved_least_excess(players: int, sessions: int) -> int:
    """The proved least excess of a fresh draw of `players` over `sessions`; 0 if none is
    known beyond what the seats force."""
    return PROVED_LEAST_EXCESS.get((players, sessions), 0)
