"""Rows of four orthogonal squares of order T where MacNeish's product has none (offline tool).

`table_squares` seats session r at table c with the players (i, d_i(r) + c mod T), i = 1..4,
which sends nobody to a table twice and seats no pair twice as long as, over the rows played,
the columns 0, d_1, .., d_4 differ pairwise by distinct amounts mod T (a (T, 5; 1)
difference matrix cut to R rows). For T = 6, 10, 12, ... a full matrix over Z_T cannot
exist (Z_T of even order has no complete mapping) or is not known, but R < T rows may: this
asks CaDiCaL for R of them, rows in increasing order of d_1, and prints them as the
`square_rows.json` entry for T.

    .venv/bin/python tools/seating_search/square_rows_search.py --tables 10 --rows 9
    .venv/bin/python tools/seating_search/square_rows_search.py --tables 12 --rows 12 --group 2,6

`--group` takes another abelian group of order T (elements numbered in mixed radix, the last
factor fastest): one whose 2-part is not cyclic may have all T rows, which Z_T of even order
cannot (Hall and Paige: no complete mapping).

Needs `.venv/bin/pip install python-sat`. The schedule built from the file is checked on use
(`table_squares._sound`).
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import sys

from lift_search import one_of, solved
from pysat.formula import IDPool

from tournament_manager.domain.seating.table_squares import plus

COLUMNS = range(1, 5)


class RowsModel:
    """x(r, i, v): column i of row r is v; column 0 is 0 throughout, so distinct values in a
    column are its distinct differences from column 0."""

    def __init__(self, group: tuple[int, ...], rows: int) -> None:
        self.group = group
        self.tables, self.rows = math.prod(group), rows
        self.pool = IDPool()
        self.clauses: list[list[int]] = []
        self._build()

    def x(self, r: int, i: int, v: int) -> int:
        return self.pool.id(("x", r, i, v))

    def _card(self, lits: list[int], exactly: bool) -> None:
        self.clauses += one_of(lits, self.pool, exactly)

    def _build(self) -> None:
        t, rows = self.tables, self.rows
        for r in range(rows):
            for i in COLUMNS:
                self._card([self.x(r, i, v) for v in range(t)], True)
        for i in COLUMNS:
            for v in range(t):
                self._card([self.x(r, i, v) for r in range(rows)], rows == t)
        for i, j in itertools.combinations(COLUMNS, 2):
            for d in range(t):
                at = []
                for r in range(rows):
                    a = self.pool.id(("d", r, i, j, d))
                    self.clauses += [[-self.x(r, i, plus(v, d, self.group)), -self.x(r, j, v), a]
                                     for v in range(t)]
                    at.append(a)
                self._card(at, False)
        for r in range(rows - 1):  # rows in increasing order of column 1
            for v in range(t):
                self.clauses += [[-self.x(r, 1, v), -self.x(r + 1, 1, w)] for w in range(v + 1)]

    def rows_of(self, model: set[int]) -> list[list[int]]:
        return [[next(v for v in range(self.tables) if self.x(r, i, v) in model)
                 for i in COLUMNS] for r in range(self.rows)]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, required=True, help="T, the order of the squares")
    parser.add_argument("--rows", type=int, required=True, help="R <= T rows wanted")
    parser.add_argument("--group", default="",
                        help="the group as n1,n2,... (product T), Z_T if not given")
    parser.add_argument("--solver", default="cadical195")
    args = parser.parse_args(argv)
    group = tuple(int(n) for n in args.group.split(",")) if args.group else (args.tables,)
    if not 1 <= args.rows <= args.tables or math.prod(group) != args.tables:
        parser.error("needs 1 <= rows <= tables and a group of order T")
    model = RowsModel(group, args.rows)
    assignment, seconds = solved(f"T = {args.tables} on {group}, {args.rows} rows",
                                 model.pool.top, model.clauses, args.solver)
    if assignment is None:
        return 1
    print(f"found in {seconds:.1f} s")
    entry: dict[str, object] = {"tables": args.tables, "rows": model.rows_of(assignment)}
    if len(group) > 1:
        entry["group"] = list(group)
    print(json.dumps(entry))
    return 0


if __name__ == "__main__":
    sys.exit(main())
