"""Decide a repair after session 1 over the shapes of its next session and, within one, over
the classes of the session after it (offline tool).

`first_split.py` splits the question over the shapes of the next session: each fixes that
session up to the history's symmetry, and any repair has a next session of one of them.
Where one shape stays undecided (24 x 6 less 3 from a table: shape 0 after 17 minutes),
split it once more. The history and that session together have symmetries of their own
(renamings of players that keep both: at 24 less 3 from a table, with the lone player out,
the players form a grid of history tables by tables of the next session, and every
exchange of indices made on both sides at once keeps it, 240 of them with the transpose).
Every seating of the session after it without a repeat is listed and reduced to one of each
class under those renamings (a canonical form of the graph of players, tables and byes,
`igraph`'s BLISS). Sessions after the first are interchangeable, so any repair can be
renamed to have its second session equal to one representative, and the rest are asked
of SAT with both sessions fixed, the others in order. Every class refused proves the shape
has no repair; every shape refused (here and by `first_split.py`) proves the case has
none.

    .venv/bin/python tools/seating_search/second_split.py --first-session 24,6 --lost 3 --shape 0

Needs python-sat and python-igraph in the development venv (the application needs
neither). A repair found is checked against the history and, with `--entry`, shipped like
`first_split.py --entry`'s.
"""

from __future__ import annotations

import argparse
import functools
import itertools
import multiprocessing
import queue
import subprocess
import sys
import tempfile
import time
from collections.abc import Collection, Iterator, Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tools.seating_search.first_split import (
    Shape,
    _canonical,
    later_byes_barred,
    seating,
    shapes,
)
from tools.seating_search.repair_entries import (
    Case,
    add_case_arguments,
    add_entry,
    added_excess,
    case_of,
)

Pair = tuple[int, int]
Seating = list[list[int]]
Answer = tuple[int, str, list[Seating], float]
"""A class's number, "SAT" / "UNSAT" (or "done": a solver has no more), the sessions found,
the seconds taken."""


def sessions_without_repeat(players: int, met: Collection[Pair],
                            may_sit_out: Collection[int]) -> Iterator[Seating]:
    """Every seating of one session of `players` (0..players - 1) at tables of four, the
    `players % 4` left over from `may_sit_out`, no pair of `met` together. Tables in order
    of their lowest player, each table sorted."""
    together = [0] * players
    for p, q in met:
        together[p] |= 1 << q
        together[q] |= 1 << p
    everyone = (1 << players) - 1

    def tables(free: int) -> Iterator[Seating]:
        if not free:
            yield []
            return
        p = (free & -free).bit_length() - 1
        rest = free & ~(1 << p) & ~together[p]
        for q in _members(rest):
            after_q = rest & ~together[q] & ~((1 << (q + 1)) - 1)
            for r in _members(after_q):
                after_r = after_q & ~together[r] & ~((1 << (r + 1)) - 1)
                for s in _members(after_r):
                    taken = (1 << p) | (1 << q) | (1 << r) | (1 << s)
                    for others in tables(free & ~taken):
                        yield [[p, q, r, s], *others]

    for out in itertools.combinations(sorted(may_sit_out), players % 4):
        free = everyone
        for p in out:
            free &= ~(1 << p)
        yield from tables(free)


def _members(mask: int) -> Iterator[int]:
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def canonical_form(players: int, history: Sequence[Sequence[int]],
                   sessions: Sequence[Seating]) -> tuple[object, ...]:
    """The same value for two lists of sessions exactly when a renaming of players keeps
    the history's tables and maps each session onto the other list's session of its
    number: a graph of players, history tables, each session's tables and a bye vertex a
    session, coloured by kind, in BLISS's canonical labelling."""
    import igraph

    colours = [0] * players
    edges: list[Pair] = []

    def vertex(colour: int) -> int:
        colours.append(colour)
        return len(colours) - 1

    for table in history:
        v = vertex(1)
        edges += [(p, v) for p in table]
    for number, session in enumerate(sessions):
        seated: set[int] = set()
        for table in session:
            v = vertex(2 + 2 * number)
            edges += [(p, v) for p in table]
            seated.update(table)
        bye = vertex(3 + 2 * number)
        edges += [(p, bye) for p in range(players) if p not in seated]
    graph = igraph.Graph(n=len(colours), edges=edges, vertex_attrs={"colour": colours})
    moved = graph.permute_vertices(graph.canonical_permutation(color=colours))
    return (tuple(moved.vs["colour"]),
            tuple(sorted((min(a, b), max(a, b)) for a, b in moved.get_edgelist())))


def representatives(players: int, history: Sequence[Sequence[int]], met: Collection[Pair],
                    first: Seating, may_sit_out: Collection[int],
                    least: Shape | None = None) -> list[Seating]:
    """One seating of each class of the session after `first` (no repeat over the history
    and `first`, byes from `may_sit_out`), under renamings that keep the history and
    `first`, in the order found; with `least`, only those of that shape or above (`first`
    being a repair's session of least shape, `first_split`)."""
    together = set(met) | {(min(p, q), max(p, q)) for table in first
                           for p, q in itertools.combinations(table, 2)}
    sizes = [len(table) for table in history]
    home = {p: i for i, table in enumerate(history) for p in table}
    seen: set[tuple[object, ...]] = set()
    chosen = []
    for second in sessions_without_repeat(players, together, may_sit_out):
        if least is not None and shape_of(sizes, home, second) < least:
            continue
        key = canonical_form(players, history, [first, second])
        if key not in seen:
            seen.add(key)
            chosen.append(second)
    return chosen


def shape_of(sizes: Sequence[int], home: dict[int, int], session: Seating) -> Shape:
    """A session's shape (`first_split`): the players each history table seats and the
    history tables each of its tables draws from, least under exchanges of tables."""
    seated = [0] * len(sizes)
    for table in session:
        for p in table:
            seated[home[p]] += 1
    return _least(tuple(sizes), tuple(seated),
                  tuple(sorted(tuple(sorted(home[p] for p in table)) for table in session)))


@functools.cache
def _least(sizes: tuple[int, ...], seated: tuple[int, ...],
           rows: tuple[tuple[int, ...], ...]) -> Shape:
    """`first_split._canonical`, remembered: a few hundred thousand sessions draw from the
    history tables in a few hundred ways."""
    return _canonical(sizes, seated, rows)


def history_tables(sizes: Sequence[int]) -> list[list[int]]:
    """The history's tables as `repair_entries.first_session_history` numbers them."""
    starts = list(itertools.accumulate([0, *sizes]))
    return [list(range(starts[i], starts[i + 1])) for i in range(len(sizes))]


def _ask(case: Case, first: Seating, barred: Collection[int], classes: Sequence[Seating],
         numbers: Sequence[int], solver: str, answers: multiprocessing.Queue[Answer]) -> None:
    """Ask the classes `numbers` of one solver, session 1 given as assumptions: what it
    learns of the history and session 0 serves them all. Puts (number, verdict, seating,
    seconds) on `answers` for each, then (-1, "done", [], 0)."""
    from pysat.solvers import Solver

    from tools.seating_search.pair_sat import PairModel

    model = PairModel(case.left, case.remaining, case.met, 0, case.most_out, fixed=[first],
                      assumed=1)
    model.cnf += [[-model.out(p, s)] for p in barred for s in range(1, case.remaining)]
    with Solver(name=solver, bootstrap_with=model.cnf) as sat:
        for number in numbers:
            began = time.monotonic()
            if sat.solve(assumptions=model.seating_literals(1, classes[number])):
                found = model.tables([v for v in sat.get_model() or () if v > 0])
                answers.put((number, "SAT", found, time.monotonic() - began))
                break
            answers.put((number, "UNSAT", [], time.monotonic() - began))
    answers.put((-1, "done", [], 0.0))


SOURCE = Path(__file__).with_name("later_sessions.c")


def exact(case: Case, first: Seating, barred: Collection[int], classes: Sequence[Seating],
          jobs: int) -> tuple[int, list[Seating] | None]:
    """Ask `later_sessions.c` (built here) for the sessions after each class, `jobs` of it
    at once, each with every `jobs`-th class: (classes refused, the sessions after session 0
    of a repair found, or None)."""
    n = case.left
    byes = n % 4
    together = set(case.met) | {(min(p, q), max(p, q)) for table in first
                                for p, q in itertools.combinations(table, 2)}
    out_before = [p for p in range(n) if all(p not in table for table in first)]
    no_more = sorted(set(barred) | (set(out_before) if case.most_out == 1 else set()))
    with tempfile.TemporaryDirectory() as folder:
        binary = Path(folder) / "later_sessions"
        subprocess.run(["gcc", "-O2", "-o", str(binary), str(SOURCE)], check=True)
        runs = []
        for job in range(jobs):  # the questions and answers in files: no pipe fills up
            mine = list(range(job, len(classes), jobs))
            words = [n, case.remaining - 2, byes, len(together)]
            words += [v for pair in sorted(together) for v in pair]
            words += [len(no_more), *no_more, len(mine)]
            for number in mine:
                second = classes[number]
                seated = {p for table in second for p in table}
                words += [p for p in range(n) if p not in seated]
                words += [p for table in second for p in table]
            asked, answered = Path(folder) / f"asked{job}", Path(folder) / f"answered{job}"
            asked.write_text(" ".join(map(str, words)))
            with asked.open() as questions, answered.open("w") as answers:
                runs.append((mine, answered, subprocess.Popen(
                    [str(binary)], stdin=questions, stdout=answers)))
        refused, found = 0, None
        for mine, answered, run in runs:
            if run.wait():
                sys.exit(f"later_sessions.c ended with {run.returncode}")
            lines = answered.read_text().splitlines()
            at = 0
            while at < len(lines) and lines[at].startswith("class"):
                _, k, verdict = lines[at].split()
                at += 1
                if verdict == "UNSAT":
                    refused += 1
                    continue
                later = []
                for line in lines[at:at + case.remaining - 2]:
                    order = [int(v) for v in line.split()]
                    later.append([sorted(order[i:i + 4]) for i in range(0, n - byes, 4)])
                at += case.remaining - 2
                found = found or [classes[mine[int(k)]], *later]
    return refused, found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    add_case_arguments(parser)
    parser.add_argument("--shape", type=int, required=True,
                        help="the shape's number in `first_split.py`'s list")
    parser.add_argument("--seconds", type=float, default=3600.0,
                        help="for all the classes, before those left are undecided")
    parser.add_argument("--jobs", type=int, default=1, help="solvers at once, one a core")
    parser.add_argument("--exact", action="store_true",
                        help="search the sessions after each class with later_sessions.c "
                             "instead of asking a SAT solver (fast where few are left)")
    parser.add_argument("--solver", default="cadical195")
    parser.add_argument("--entry", action="store_true")
    args = parser.parse_args()

    case = case_of(args)
    sizes, n = case.sizes, case.left
    shape = shapes(sizes)[args.shape]
    first = seating(sizes, shape)
    barred = set(later_byes_barred(sizes, shape))
    seated = {p for table in first for p in table}
    may_sit_out = [p for p in range(n) if p not in barred
                   and (case.most_out > 1 or p in seated)]
    started = time.monotonic()
    classes = representatives(n, history_tables(sizes), case.met, first, may_sit_out,
                              least=shape)
    print(f"{case.name}, shape {args.shape} {shape}: {len(classes)} classes of the session "
          f"after it ({time.monotonic() - started:.1f} s)", flush=True)
    if args.exact:
        refused, later = exact(case, first, barred, classes, args.jobs)
        found = None if later is None else [first, *later]
    else:
        refused, found = by_sat(case, first, barred, classes, args.jobs, args.solver,
                                started + args.seconds)
    elapsed = time.monotonic() - started
    if found is not None:
        _found(case, found, args.entry, elapsed)
    elif refused == len(classes):
        print(f"{case.name}, shape {args.shape}: all {refused} classes refused, no repair of "
              f"this shape without a repeat ({elapsed:.1f} s)")
    else:
        print(f"{case.name}, shape {args.shape}: {refused} of {len(classes)} classes refused, "
              f"the rest undecided after {elapsed:.1f} s")


def by_sat(case: Case, first: Seating, barred: Collection[int], classes: Sequence[Seating],
           jobs: int, solver: str, deadline: float) -> tuple[int, list[Seating] | None]:
    """Ask `jobs` incremental solvers (`_ask`), each every `jobs`-th class, until one finds
    a repair, all are refused or `deadline` (a `time.monotonic()`) passes: (classes
    refused, the sessions of a repair found, or None)."""
    answers: multiprocessing.Queue[Answer] = multiprocessing.Queue()
    workers = [multiprocessing.Process(
        target=_ask, args=(case, first, barred, classes, range(job, len(classes), jobs),
                           solver, answers))
        for job in range(jobs)]
    for worker in workers:
        worker.start()
    refused, running, found = 0, len(workers), None
    while running and found is None:
        try:
            number, verdict, seating_found, seconds = answers.get(
                timeout=max(0.1, deadline - time.monotonic()))
        except queue.Empty:
            break
        if verdict == "done":
            running -= 1
        elif verdict == "SAT":
            found = seating_found
            print(f"  class {number}: SAT in {seconds:.1f} s", flush=True)
        else:
            refused += 1
            if seconds > 1 or refused % 500 == 0:
                print(f"  class {number}: UNSAT in {seconds:.1f} s ({refused} refused)",
                      flush=True)
    for worker in workers:
        worker.kill()
        worker.join()
    return refused, found


def _found(case: Case, sessions: list[Seating], entry: bool, elapsed: float) -> None:
    assert added_excess(case.met, sessions) == 0, "the seating found repeats"
    print(f"{case.name}: a repair without a repeat ({elapsed:.1f} s)")
    if entry:
        add_entry(case.left, case.met, sessions, "tools/seating_search/second_split.py "
                  + " ".join(sys.argv[1:]), elapsed)
        print(f"{case.name}: added to repairs.json")


if __name__ == "__main__":
    main()
