"""Look for a repair after session 1 that a symmetry of the history keeps (offline tool).

`first_split.py` decides a case; where SAT cannot (24 x 6 less 3 from a table, 24 x 7 less
2, 28 players and more), a repair may still be found by asking for one with more
structure. After one session, every renaming within a history table and every exchange of
history tables of a size keeps the history. Take such a renaming `sigma` of prime order p
and a permutation `pi` of the sessions to come whose p-th power is the identity, and ask
for a repair that `sigma` maps onto itself, session s onto session `pi(s)`
(`PairModel(..., automorphism=...)`). The solver then chooses a fraction of the seating and
the rest follows; a refusal says nothing of the case, only of that symmetry.

Up to conjugacy (renaming the history's players the history keeps; the sessions to come
have no order), `sigma` is fixed by how many p-cycles of tables it makes among the tables
of each size and the cycle type within each table it keeps, and `pi` by its number of
p-cycles. `candidates` lists them, the most symmetric first. An order need not be prime
(`composite_candidates`): then sigma's cycles on the tables may have any length dividing
it, each with the renaming it makes of a table when it comes back round.

    .venv/bin/python tools/seating_search/sym_repair.py --first-session 24,6 --lost 3

A repair found is checked against the history and, with `--entry`, shipped as
`first_split.py --entry`'s (`repair_entries.add_entry`).

`--whole` asks instead for a whole schedule of the players left, the history's session
among its sessions: where those who withdrew sat at one table, the history is whole tables
and that table's rest (one, two or three players), the shape of a session of the smaller
field with those players out; if they never meet in the schedule, renaming that session to
the history makes the others a repair (`repair_from_whole`). Byes are then one a player at
most over the whole schedule, the history's rest included. The symmetry need not keep the
history, only the schedule: up to conjugacy it is k p-cycles of players, any, and a
permutation of the sessions (`whole_candidates`; there an order may also be composite,
its cycles then all of one length).

    .venv/bin/python tools/seating_search/sym_repair.py --first-session 28,8 --lost 3 --whole
"""

from __future__ import annotations

import argparse
import functools
import itertools
import math
import sys
import time
from collections.abc import Iterator, Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tools.seating_search.first_split import solve
from tools.seating_search.repair_entries import (
    add_case_arguments,
    add_entry,
    added_excess,
    case_of,
)

Candidate = tuple[str, list[int], list[int]]
"""(a description, sigma on the players, pi on the sessions to come)."""


def _within(size: int, order: int) -> list[int]:
    """How many p-cycles a renaming of order dividing p can make within a table."""
    return list(range(size // order + 1))


def candidates(sizes: Sequence[int], sessions: int, order: int) -> Iterator[Candidate]:
    """Each (sigma, pi) of `order` up to conjugacy, sigma not the identity; those moving
    more tables and sessions first (`composite_candidates` for an order not prime)."""
    if order < 2 or any(order % d == 0 for d in range(2, order)):
        yield from composite_candidates(sizes, sessions, order)
        return
    starts = list(itertools.accumulate([0, *sizes]))
    by_size: dict[int, list[int]] = {}
    for i, size in enumerate(sizes):
        by_size.setdefault(size, []).append(i)
    classes = sorted(by_size.items(), reverse=True)
    choices = []  # per size: (table cycles, the p-cycles within each kept table)
    for size, tables in classes:
        options = []
        for cycles in range(len(tables) // order, -1, -1):
            kept = len(tables) - order * cycles
            for inner in itertools.combinations_with_replacement(
                    sorted(_within(size, order), reverse=True), kept):
                options.append((cycles, inner))
        choices.append(options)
    found = []
    for picked in itertools.product(*choices):
        sigma = list(range(sum(sizes)))
        words = []
        for (size, tables), (cycles, inner) in zip(classes, picked, strict=True):
            for c in range(cycles):
                ring = tables[order * c:order * (c + 1)]
                for a, b in zip(ring, ring[1:] + ring[:1], strict=True):
                    for k in range(size):
                        sigma[starts[a] + k] = starts[b] + k
            for table, count in zip(tables[order * cycles:], inner, strict=True):
                for c in range(count):
                    ring = [starts[table] + order * c + k for k in range(order)]
                    for a, b in zip(ring, ring[1:] + ring[:1], strict=True):
                        sigma[a] = b
            if cycles or any(inner):
                words.append(f"size {size}: {cycles} table cycles, within {list(inner)}")
        if sigma == list(range(sum(sizes))):
            continue
        moved = sum(p != q for p, q in enumerate(sigma))
        for rings in range(sessions // order, -1, -1):
            found.append((-moved, -rings,
                          (f"order {order}; {'; '.join(words)}; {rings} session cycles",
                           sigma, _cycles(sessions, order, rings))))
    for *_, candidate in sorted(found, key=lambda item: (item[0], item[1])):
        yield candidate


def _partitions(total: int, parts: Sequence[int]) -> Iterator[tuple[int, ...]]:
    """`total` as a sum of `parts` (each as often as wanted), largest first."""
    if total == 0:
        yield ()
        return
    for index, part in enumerate(parts):
        if part <= total:
            for rest in _partitions(total - part, parts[index:]):
                yield (part, *rest)


def _lcm(values: Sequence[int]) -> int:
    return functools.reduce(math.lcm, values, 1)


def _cycle_type_permutation(kind: Sequence[int]) -> list[int]:
    """A permutation of 0..sum(kind) - 1 with cycles of the lengths `kind`."""
    image, start = [], 0
    for length in kind:
        image += [start + (k + 1) % length for k in range(length)]
        start += length
    return image


def composite_candidates(sizes: Sequence[int], sessions: int,
                         order: int) -> Iterator[Candidate]:
    """Each (sigma, pi) of `order` up to conjugacy, any order. In the history's symmetry
    (for each size, renamings within its tables and exchanges of them), a renaming is
    fixed up to conjugacy by its cycles on the tables of each size, each with the cycle
    type of the renaming it makes of a table of the cycle when it comes back (its length
    times that type's order dividing `order`); pi by its cycle type, lengths dividing
    `order`. Only sigma of exactly `order` are listed (the others are of a smaller one)."""
    starts = list(itertools.accumulate([0, *sizes]))
    by_size: dict[int, list[int]] = {}
    for i, size in enumerate(sizes):
        by_size.setdefault(size, []).append(i)
    classes = sorted(by_size.items(), reverse=True)
    divisors = [d for d in range(order, 0, -1) if order % d == 0]
    choices = []  # per size: tuples of (table cycle length, cycle type back at a table)
    for size, tables in classes:
        types = [kind for kind in _partitions(size, list(range(size, 0, -1)))
                 if order % _lcm(kind) == 0]
        options = []
        for lengths in _partitions(len(tables), divisors):
            per_length = [[(length, kind) for kind in types if order % (length * _lcm(kind)) == 0]
                          for length in lengths]
            groups = [(length, sum(1 for v in lengths if v == length))
                      for length in dict.fromkeys(lengths)]
            for picked in itertools.product(*(
                    itertools.combinations_with_replacement(per_length[lengths.index(length)],
                                                            count)
                    for length, count in groups)):
                options.append(tuple(cycle for group in picked for cycle in group))
        choices.append(options)
    found = []
    for picked_all in itertools.product(*choices):
        sigma = list(range(sum(sizes)))
        words = []
        for (size, tables), cycles in zip(classes, picked_all, strict=True):
            next_table = 0
            for length, kind in cycles:
                ring = tables[next_table:next_table + length]
                next_table += length
                back = _cycle_type_permutation(kind)
                for a, b in itertools.pairwise(ring):
                    for k in range(size):
                        sigma[starts[a] + k] = starts[b] + k
                for k in range(size):
                    sigma[starts[ring[-1]] + k] = starts[ring[0]] + back[k]
            moving = [f"{length}{list(kind)}" for length, kind in cycles
                      if length > 1 or any(v > 1 for v in kind)]
            if moving:
                words.append(f"size {size}: {' '.join(moving)}")
        if _order_of(sigma) != order:
            continue
        moved = sum(p != q for p, q in enumerate(sigma))
        for kind in _partitions(sessions, divisors):
            pi = _cycle_type_permutation(kind)
            found.append((-moved, -sum(v for v in kind if v > 1),
                          (f"order {order}; {'; '.join(words)}; sessions {list(kind)}",
                           sigma, pi)))
    for *_, candidate in sorted(found, key=lambda item: (item[0], item[1])):
        yield candidate


def _order_of(permutation: Sequence[int]) -> int:
    lengths, seen = [], set()
    for start in range(len(permutation)):
        length, p = 0, start
        while p not in seen:
            seen.add(p)
            p = permutation[p]
            length += 1
        if length:
            lengths.append(length)
    return _lcm(lengths)


def _cycles(size: int, length: int, count: int) -> list[int]:
    """The permutation of 0..size - 1 with `count` cycles of `length` on its first
    players, the rest fixed."""
    image = list(range(size))
    for c in range(count):
        ring = list(range(length * c, length * (c + 1)))
        for a, b in zip(ring, ring[1:] + ring[:1], strict=True):
            image[a] = b
    return image


def whole_candidates(players: int, sessions: int, order: int) -> Iterator[Candidate]:
    """(sigma, pi) on a whole schedule: sigma k cycles of `order` on the players (k >= 1),
    the rest fixed; pi r cycles of one length dividing `order` on the sessions, the rest
    fixed; more cycles first. For a prime order that is every kind up to conjugacy; for
    another, the kinds whose cycles are all of one length."""
    lengths = [m for m in range(order, 1, -1) if order % m == 0]
    for cycles in range(players // order, 0, -1):
        sigma = _cycles(players, order, cycles)
        for length in lengths:
            for rings in range(sessions // length, 0, -1):
                text = (f"whole, order {order}: {cycles} player cycles, {rings} session "
                        f"cycles of {length}")
                yield text, sigma, _cycles(sessions, length, rings)
        yield (f"whole, order {order}: {cycles} player cycles, 0 session cycles",
               sigma, list(range(sessions)))


def repair_from_whole(whole: list[list[list[int]]], players: int,
                      lost: int) -> list[list[list[int]]] | None:
    """The repair a schedule of the `players - lost` left gives after the history of
    `first_session_history(players, [lost])`: one of its sessions, its players out
    renamed to the broken table's rest and its tables to the whole ones, and the others
    renamed alike; None if no session has players out who never meet in it."""
    rest = 4 - lost
    n = players - lost
    together = {pair for session in whole for table in session
                for pair in itertools.combinations(sorted(table), 2)}
    for index, session in enumerate(whole):
        seated = {p for table in session for p in table}
        out = [p for p in range(n) if p not in seated]
        if len(out) != rest or any(pair in together for pair in itertools.combinations(out, 2)):
            continue
        name = dict(zip(out, range(rest), strict=True))
        for number, table in enumerate(session):
            name.update(zip(table, range(rest + 4 * number, rest + 4 * number + 4),
                            strict=True))
        return [[sorted(name[p] for p in table) for table in other]
                for k, other in enumerate(whole) if k != index]
    return None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    add_case_arguments(parser)
    parser.add_argument("--orders", default="5,3,2",
                        help="the orders of the symmetries to try, in turn")
    parser.add_argument("--seconds", type=float, default=60.0,
                        help="for each symmetry, before it is left undecided")
    parser.add_argument("--only", type=int, nargs="*",
                        help="ask these symmetries (their numbers as printed) and no others")
    parser.add_argument("--solver", default="cadical195")
    parser.add_argument("--whole", action="store_true",
                        help="a whole schedule of those left, the history one of its "
                             "sessions (all who withdrew from one table)")
    parser.add_argument("--entry", action="store_true")
    args = parser.parse_args()
    from tools.seating_search.pair_sat import PairModel

    case = case_of(args)
    players, sessions, lost, sizes = case.players, case.sessions, case.lost, case.sizes
    met, n, remaining, most_out, name = (case.met, case.left, case.remaining, case.most_out,
                                         case.name)
    started = time.monotonic()
    orders = [int(v) for v in args.orders.split(",")]
    if args.whole and len(lost) != 1:
        sys.exit("--whole needs those who withdrew to have sat at one table (--lost 1, 2 or 3)")
    if min(orders) < 2:
        sys.exit("an order is 2 or more")
    every = [candidate for order in orders for candidate in (
        whole_candidates(n, sessions, order) if args.whole
        else candidates(sizes, remaining, order))]
    for number, (text, sigma, pi) in enumerate(every):
        if args.only is None or number in args.only:
            if args.whole:
                model = PairModel(n, sessions, set(), 0, 1, automorphism=(sigma, pi))
            else:
                model = PairModel(n, remaining, met, 0, most_out, automorphism=(sigma, pi))
            began = time.monotonic()
            verdict, found = solve(model, args.solver, args.seconds)
            if verdict == "SAT" and args.whole:
                found = repair_from_whole(found, players, lost[0]) or []
                verdict = "SAT" if found else "SAT, those out meet"
            print(f"  {number}. {text}: {verdict} in {time.monotonic() - began:.1f} s",
                  flush=True)
            if verdict == "SAT":
                assert added_excess(met, found) == 0, "the solver's seating breaks the model"
                print(f"{name}: {found}")
                if args.entry:
                    add_entry(n, met, found, "tools/seating_search/sym_repair.py "
                              + " ".join(sys.argv[1:]), time.monotonic() - started)
                    print(f"{name}: added to repairs.json")
                return
    print(f"{name}: no symmetric repair found ({time.monotonic() - started:.1f} s)")


if __name__ == "__main__":
    main()
