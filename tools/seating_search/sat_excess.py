"""The excess meetings of a SAT seating model, counted and capped (shared by `cut_sat.py`
and `repair_sat.py`).

z(p, q, s) must be implied by p and q sharing a table in session s. A meeting counts as
excess when the pair met before (`met`) or in an earlier session of the model; at most
`excess` of them may be true. At 0 the meetings are forbidden outright, which a solver
propagates far better than a cardinality of zero.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable

from pysat.card import CardEnc, EncType
from pysat.formula import IDPool


def excess_clauses(pool: IDPool, players: int, sessions: int, met: set[tuple[int, int]],
                   excess: int, z: Callable[[int, int, int], int]) -> list[list[int]]:
    cnf: list[list[int]] = []
    counted = []
    for p, q in itertools.combinations(range(players), 2):
        for s in range(sessions):
            if (p, q) in met:
                counted.append(z(p, q, s))
            elif s and excess:
                again = pool.id(("again", p, q, s))
                cnf += [[-z(p, q, s), -z(p, q, earlier), again] for earlier in range(s)]
                counted.append(again)
            elif s:
                cnf += [[-z(p, q, s), -z(p, q, earlier)] for earlier in range(s)]
    if excess:
        cnf += CardEnc.atmost(counted, excess, vpool=pool, encoding=EncType.totalizer).clauses
    else:
        cnf += [[-v] for v in counted]
    return cnf
