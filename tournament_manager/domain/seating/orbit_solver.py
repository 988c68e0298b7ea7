"""CP-SAT search for a base session whose orbit is repeat-free (see `orbits`).

The model has one boolean per (point, table) and one per pair of points sharing a table; for
every pair of real players, at most one base pair may generate it over the R sessions. This
is the "much better model" the plain x[player, session, table] formulation is not: N x T
booleans instead of N x R x T, and the orbit removes the session symmetry entirely.
OR-Tools is imported here only, so the rest of the domain stays importable without it.
"""

from __future__ import annotations

from itertools import combinations

from tournament_manager.domain.seating.control import Budget
from tournament_manager.domain.seating.cp_sat import solve
from tournament_manager.domain.seating.orbits import OrbitStructure

WORK_LIMIT = 10.0
"""CP-SAT's deterministic time for one structure (its own unit, about a second here), so
that a seed gives the same answer on any machine that keeps up, as the tabu search's count
of swaps weighed does. What it settles it settles early (32 x 8 on four blocks of 8: 5.8
units, 28 x 9 and 28 x 8: under 2; measured 2026-11-28), and what it leaves it leaves after
30 units too (44 x 14, 40 x 13, 36 x 11, 32 x 10); without it a draw with countries, whose
cost the constructions cannot bring to the bound, gave the solver its whole share of the
clock (44 x 14: 31 of 54 s) and its answer depended on how busy the machine was."""


def _pair_orbits(structure: OrbitStructure, players: int, sessions: int
                 ) -> tuple[dict[tuple[int, int], list[tuple[int, int]]], set[tuple[int, int]]]:
    """For each player pair, the base pairs generating it; and base pairs that repeat themselves."""
    images = [[structure.image(p, h) for p in range(players)] for h in range(sessions)]
    generated: dict[tuple[int, int], list[tuple[int, int]]] = {}
    self_repeating: set[tuple[int, int]] = set()
    for p, q in combinations(range(players), 2):
        seen: set[tuple[int, int]] = set()
        for row in images:
            u, v = row[p], row[q]
            seen.add((u, v) if u < v else (v, u))
        if len(seen) < sessions:
            self_repeating.add((p, q))
            continue
        for key in seen:
            generated.setdefault(key, []).append((p, q))
    return generated, self_repeating


def solve_base(structure: OrbitStructure, players: int, sessions: int, *, seed: int,
               budget: Budget) -> list[list[int]] | None:
    """A base session (tables of point indices) or None if none was found within the budget.

    Run by `cp_sat.solve`: reproducible for a seed where `WORK_LIMIT` comes before the
    deadline, stopped when the caller cancels.
    """
    from ortools.sat.python import cp_model

    tables = players // 4
    generated, self_repeating = _pair_orbits(structure, players, sessions)
    model = cp_model.CpModel()
    at = [[model.new_bool_var(f"x{p}_{t}") for t in range(tables)] for p in range(players)]
    for p in range(players):
        model.add_exactly_one(at[p][: p + 1])
        for t in range(p + 1, tables):
            model.add(at[p][t] == 0)
    for t in range(tables):
        model.add(sum(at[p][t] for p in range(players)) == 4)
    together: dict[tuple[int, int], cp_model.IntVar] = {}
    for p, q in combinations(range(players), 2):
        if (p, q) in self_repeating:
            for t in range(tables):
                model.add_bool_or([at[p][t].Not(), at[q][t].Not()])
            continue
        both = model.new_bool_var(f"y{p}_{q}")
        together[p, q] = both
        for t in range(tables):
            model.add_bool_or([at[p][t].Not(), at[q][t].Not(), both])
    for sources in generated.values():
        if len(sources) > 1:
            model.add_at_most_one([together[pair] for pair in sources])

    solver = solve(model, seed=seed, budget=budget, work_limit=WORK_LIMIT)
    if solver is None:
        return None
    base: list[list[int]] = [[] for _ in range(tables)]
    for p in range(players):
        for t in range(tables):
            if solver.boolean_value(at[p][t]):
                base[t].append(p)
    return base
