"""Minimum-cost perfect assignment for square cost matrices: which group sits at which
physical table.

OR-Tools' linear sum assignment (C++, already here for CP-SAT) rather than a Hungarian
method in Python: 250 tables took 0.7 s a call that way, twice in every draw of a
1,000-player session. Imported on first use, so the seating domain stays light to import.
"""

from __future__ import annotations

from collections.abc import Sequence


def min_cost_assignment(cost: Sequence[Sequence[int]]) -> list[int]:
    """column[row] minimising the summed cost; rows and columns are 0..n-1, costs whole."""
    from ortools.graph.python import linear_sum_assignment  # type: ignore[import-untyped]

    n = len(cost)
    if n == 0:
        return []
    solver = linear_sum_assignment.SimpleLinearSumAssignment()
    for row, costs in enumerate(cost):
        for column, value in enumerate(costs):
            solver.add_arc_with_cost(row, column, int(value))
    status = solver.solve()
    assert status == solver.OPTIMAL, status  # a square matrix has a perfect assignment
    return [solver.right_mate(row) for row in range(n)]
