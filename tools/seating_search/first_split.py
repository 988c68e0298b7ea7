"""Decide a repair after session 1 case by case over the shapes of its next session
(offline tool).

After one session the history is tables of four, less those who withdrew; its symmetry is
every renaming of players within a history table and every exchange of history tables of a
size. `pair_sat`'s twin ordering breaks the first; the second (5! = 120 ways at 24 players
less 3 from a table) it leaves, and SAT stays undecided on 24 x 6 less 3 after 1 for
15 minutes and more (`repair_sat.py`).

Without a repeat, each table of the next session takes at most one player of each history
table. Up to the renamings within tables, that session is its shape: which history tables
each of its tables draws from (a 0/1 matrix, tables x history tables, rows of 4, column i
summing to table i's size less its players out), its tables in any order. Up to exchanges
of history tables of a size, a handful of shapes remain. Any repair has a first session of
one of them, which the renamings bring to the shape's own seating (`seating`: each history
table's players, in order, to the tables drawing from it, in order, the rest out); the
sessions after it keep `pair_sat`'s session ordering. So the case is SAT if and only if
one shape is, and each shape is a question a SAT solver settles far faster.

    .venv/bin/python tools/seating_search/first_split.py --first-session 24,6 --lost 3

A repair found is checked against the history and, with `--entry`, shipped like
`repair_sat.py --entry`'s (`repair_entries.add_entry`). When every shape is refused, no
repair without a repeat exists: the tool says so, with each shape's time.
"""

from __future__ import annotations

import argparse
import itertools
import multiprocessing
import sys
import time
from collections.abc import Iterator, Sequence
from multiprocessing.connection import Connection
from pathlib import Path
from typing import TYPE_CHECKING

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tools.seating_search.repair_entries import (
    add_case_arguments,
    add_entry,
    added_excess,
    case_of,
)

if TYPE_CHECKING:  # python-sat only where a question is asked: the shapes need none
    from tools.seating_search.pair_sat import PairModel

Shape = tuple[tuple[int, ...], tuple[tuple[int, ...], ...]]
"""(players each history table has seated, the tables: each the sorted history tables it
draws from), tables sorted."""


def shapes(sizes: Sequence[int]) -> list[Shape]:
    """Every shape of a next session without a repeat, one of each class under exchanges of
    history tables of a size."""
    return sorted(new_shapes(sizes))


def new_shapes(sizes: Sequence[int]) -> Iterator[Shape]:
    """The shapes of `shapes` as they are found, each once: the listing takes minutes from
    28 players, and a repair may be found at the first."""
    n = sum(sizes)
    tables, byes = n // 4, n % 4
    rows = list(itertools.combinations(range(len(sizes)), 4))
    found: set[Shape] = set()
    for out in _byes(sizes, byes):
        seated = tuple(size - k for size, k in zip(sizes, out, strict=True))
        for chosen in _rows(rows, tables, list(seated), 0):
            shape = _canonical(sizes, seated, chosen)
            if shape not in found:
                found.add(shape)
                yield shape


def _byes(sizes: Sequence[int], byes: int) -> Iterator[tuple[int, ...]]:
    """How many of each history table sit out, `byes` in all: one of each class under
    exchanges of tables of a size (most out first among tables of a size)."""
    for out in itertools.product(*(range(size + 1) for size in sizes)):
        if sum(out) == byes and all(out[i] >= out[i + 1] for i in range(len(sizes) - 1)
                                    if sizes[i] == sizes[i + 1]):
            yield out


def _rows(rows: Sequence[tuple[int, ...]], count: int, left: list[int],
          start: int) -> Iterator[list[tuple[int, ...]]]:
    """`count` rows from `rows[start:]` (repeats allowed, in order) using each history table
    exactly `left[i]` times."""
    if count == 0:
        if not any(left):
            yield []
        return
    if sum(left) != 4 * count:
        return
    for index in range(start, len(rows)):
        row = rows[index]
        if all(left[i] for i in row):
            for i in row:
                left[i] -= 1
            for rest in _rows(rows, count - 1, left, index):
                yield [row, *rest]
            for i in row:
                left[i] += 1


def _canonical(sizes: Sequence[int], seated: tuple[int, ...],
               chosen: Sequence[tuple[int, ...]]) -> Shape:
    """The least image of a shape under exchanges of history tables of a size."""
    classes = [[i for i, s in enumerate(sizes) if s == size] for size in sorted(set(sizes))]
    best: Shape | None = None
    for orders in itertools.product(*(itertools.permutations(c) for c in classes)):
        image = {}
        for cls, order in zip(classes, orders, strict=True):
            image.update(zip(cls, order, strict=True))
        moved = [0] * len(sizes)
        for i, value in enumerate(seated):
            moved[image[i]] = value
        candidate = (tuple(moved), tuple(sorted(tuple(sorted(image[i] for i in row))
                                                for row in chosen)))
        if best is None or candidate < best:
            best = candidate
    assert best is not None
    return best


def seating(sizes: Sequence[int], shape: Shape) -> list[list[int]]:
    """The shape's own seating, players numbered as `first_session_history` numbers them:
    each history table's players, in order, to the tables drawing from it, in order."""
    starts = list(itertools.accumulate([0, *sizes]))
    used = [0] * len(sizes)
    tables = []
    for row in shape[1]:
        table = []
        for i in row:
            table.append(starts[i] + used[i])
            used[i] += 1
        tables.append(table)
    return tables


def later_byes_barred(sizes: Sequence[int], shape: Shape) -> list[int]:
    """With one bye a session, the players who cannot sit out after session 0: any repair
    can take as its session 0 the session of least shape, and a shape's first part is
    the players each history table seats, so no later session's bye leaves a seated
    tuple below session 0's (for 24 less 3 from a table: where player 0, alone at his
    history table, plays session 0, he plays them all)."""
    if sum(sizes) % 4 != 1:
        return []
    starts = list(itertools.accumulate([0, *sizes]))
    barred = []
    for i, size in enumerate(sizes):
        out = tuple(int(j == i) for j in range(len(sizes)))
        seated = tuple(s - k for s, k in zip(sizes, out, strict=True))
        if _canonical(sizes, seated, [])[0] < shape[0]:
            barred += range(starts[i], starts[i] + size)
    return barred


def solve(model: PairModel, solver: str, seconds: float) -> tuple[str, list[list[list[int]]]]:
    """"SAT" with the seating, "UNSAT", or "undecided" after `seconds`. The solver runs in
    a child process, stopped at the time: CaDiCaL ignores python-sat's interrupt."""
    receiving, sending = multiprocessing.Pipe(duplex=False)
    child = multiprocessing.Process(target=_answer, args=(model, solver, sending))
    child.start()
    sending.close()
    if not receiving.poll(seconds):
        child.kill()
        child.join()
        return "undecided", []
    verdict, found = receiving.recv()
    child.join()
    return verdict, found


def _answer(model: PairModel, solver: str, sending: Connection) -> None:
    from pysat.solvers import Solver

    with Solver(name=solver, bootstrap_with=model.cnf) as sat:
        if sat.solve():
            sending.send(("SAT", model.tables([v for v in sat.get_model() or () if v > 0])))
        else:
            sending.send(("UNSAT", []))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    add_case_arguments(parser)
    parser.add_argument("--seconds", type=float, default=600.0,
                        help="for each shape, before it is left undecided")
    parser.add_argument("--only", type=int, nargs="*",
                        help="ask these shapes (their numbers in the list) and no others")
    parser.add_argument("--as-found", action="store_true",
                        help="ask each shape as it is found, numbered in that order, instead "
                             "of listing them all first (in order) and counting them")
    parser.add_argument("--solver", default="cadical195")
    parser.add_argument("--entry", action="store_true")
    args = parser.parse_args()
    from tools.seating_search.pair_sat import PairModel

    case = case_of(args)
    sizes, met, n, remaining, most_out, name = (case.sizes, case.met, case.left,
                                                case.remaining, case.most_out, case.name)
    if args.as_found:
        every: Iterator[Shape] = new_shapes(sizes)
    else:
        listed = shapes(sizes)
        print(f"{name}: {len(listed)} shapes of the next session", flush=True)
        every = iter(listed)
    started = time.monotonic()
    undecided = 0
    for number, shape in enumerate(every):
        if args.only is not None and number not in args.only:
            if number > max(args.only, default=-1):
                break
            continue
        first = seating(sizes, shape)
        model = PairModel(n, remaining, met, 0, most_out, fixed=[first])
        model.cnf += [[-model.out(p, s)] for p in later_byes_barred(sizes, shape)
                      for s in range(1, remaining)]
        began = time.monotonic()
        verdict, found = solve(model, args.solver, args.seconds)
        print(f"  shape {number} {shape}: {verdict} in {time.monotonic() - began:.1f} s",
              flush=True)
        if verdict == "SAT":
            assert added_excess(met, found) == 0, "the solver's seating breaks the model"
            if args.entry:
                add_entry(n, met, found, "tools/seating_search/first_split.py "
                          + " ".join(sys.argv[1:]), time.monotonic() - started)
                print(f"{name}: added to repairs.json")
            return
        undecided += verdict == "undecided"
    if args.only is None and not undecided:
        print(f"{name}: every shape refused, no repair without a repeat exists "
              f"({time.monotonic() - started:.1f} s)")


if __name__ == "__main__":
    main()
