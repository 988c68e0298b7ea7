"""Minimum-cost perfect assignment (Hungarian method, O(n^3)) for square cost matrices.

Used to give groups their physical tables; small enough to keep the domain free of SciPy.
"""

from __future__ import annotations

from collections.abc import Sequence

_INF = float("inf")


def min_cost_assignment(cost: Sequence[Sequence[float]]) -> list[int]:
    """column[row] minimising the summed cost; rows and columns are 0..n-1."""
    n = len(cost)
    u = [0.0] * (n + 1)
    v = [0.0] * (n + 1)
    row_of = [0] * (n + 1)
    way = [0] * (n + 1)
    for row in range(1, n + 1):
        row_of[0] = row
        column = 0
        slack = [_INF] * (n + 1)
        used = [False] * (n + 1)
        while True:
            used[column] = True
            current = row_of[column]
            delta, next_column = _INF, 0
            for j in range(1, n + 1):
                if used[j]:
                    continue
                reduced = cost[current - 1][j - 1] - u[current] - v[j]
                if reduced < slack[j]:
                    slack[j], way[j] = reduced, column
                if slack[j] < delta:
                    delta, next_column = slack[j], j
            for j in range(n + 1):
                if used[j]:
                    u[row_of[j]] += delta
                    v[j] -= delta
                else:
                    slack[j] -= delta
            column = next_column
            if row_of[column] == 0:
                break
        while column:
            previous = way[column]
            row_of[column] = row_of[previous]
            column = previous
    result = [0] * n
    for j in range(1, n + 1):
        result[row_of[j] - 1] = j - 1
    return result
