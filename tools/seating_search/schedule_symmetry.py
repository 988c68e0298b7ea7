"""The symmetries a repeat-free schedule has, read off the schedule itself (offline tool).

`automorphisms.py` counts which symmetries a field at the bound *could* have. This tool asks
a finished schedule which it *does* have: every permutation of the players that takes its set
of tables onto itself. That is how a schedule found elsewhere is learnt from without copying
it: its group says which structure a search of our own should assume (and which stronger
assumptions would have missed it), and `--levels` shows its base session in that structure.

    .venv/bin/python tools/seating_search/schedule_symmetry.py schedule.json
    .venv/bin/python tools/seating_search/schedule_symmetry.py schedule.json --levels

The file holds a JSON list of sessions, each a list of tables of player numbers (0-based, or
1-based as published schedules are). The search is exact and quick for schedules at or near
the bound: two players fix the table they share, so once two players' images are chosen
most of the others follow (a table with three mapped players maps its fourth; a player whose
only unmet partner is mapped maps that partner); only a table with two mapped players leaves
a choice, of two.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from collections.abc import Sequence
from itertools import combinations

from tournament_manager.domain.seating.components import connected_sets

Table = frozenset[int]
Mapping = dict[int, int]


class Design:
    """A schedule's tables, and for each pair of players the table they share."""

    def __init__(self, schedule: Sequence[Sequence[Sequence[int]]]) -> None:
        players = sorted({p for session in schedule for table in session for p in table})
        self.players = len(players)
        if players != list(range(self.players)):
            raise ValueError("players must be numbered 0 .. N - 1")
        self.sessions = [frozenset(frozenset(table) for table in session)
                         for session in schedule]
        self.tables = [table for session in self.sessions for table in session]
        self.table_set = set(self.tables)
        self.shared: dict[tuple[int, int], Table] = {}
        for table in self.tables:
            for p, q in combinations(sorted(table), 2):
                if (p, q) in self.shared:
                    raise ValueError(f"players {p} and {q} meet twice")
                self.shared[p, q] = self.shared[q, p] = table
        self.unmet = {p: [q for q in range(self.players)
                          if q != p and (p, q) not in self.shared]
                      for p in range(self.players)}

    def table_of(self, p: int, q: int) -> Table | None:
        return self.shared.get((p, q))

    def keeps(self, mapping: Mapping) -> bool:
        """Whether `mapping` (every player) takes the set of tables onto itself."""
        return all(frozenset(mapping[p] for p in table) in self.table_set
                   for table in self.tables)


def _propagated(design: Design, mapping: Mapping) -> Mapping | None:
    """`mapping` with everything it forces, or None when it cannot be completed."""
    mapping = dict(mapping)
    image = {v: k for k, v in mapping.items()}
    changed = True
    while changed:
        changed = False
        for p in list(mapping):
            mine, theirs = design.unmet[p], design.unmet[mapping[p]]
            if len(mine) != len(theirs):
                return None
            if len(mine) == 1:
                q, target = mine[0], theirs[0]
                if q in mapping:
                    if mapping[q] != target:
                        return None
                elif target in image:
                    return None
                else:
                    mapping[q], image[target] = target, q
                    changed = True
        for table in design.tables:
            mapped = [p for p in table if p in mapping]
            if len(mapped) < 2:
                continue
            target = design.table_of(mapping[mapped[0]], mapping[mapped[1]])
            if target is None or any(mapping[p] not in target for p in mapped):
                return None
            free = [q for q in target if q not in image]
            if len(free) != len(table) - len(mapped):
                return None  # the target's other players are images of players elsewhere
            if len(mapped) == 3:
                (p,) = (p for p in table if p not in mapping)
                mapping[p], image[free[0]] = free[0], p
                changed = True
    return mapping


def automorphisms(design: Design) -> list[Mapping]:
    """Every permutation of the players that keeps the set of tables."""
    found: list[Mapping] = []

    def extend(mapping: Mapping) -> None:
        if len(mapping) == design.players:
            if design.keeps(mapping):
                found.append(mapping)
            return
        image = set(mapping.values())
        for table in design.tables:
            mapped = [p for p in table if p in mapping]
            if len(mapped) == 2:
                target = design.table_of(mapping[mapped[0]], mapping[mapped[1]])
                assert target is not None  # _propagated checked it
                u, v = (p for p in table if p not in mapping)
                a, b = (q for q in target if q not in image)
                for x, y in ((a, b), (b, a)):
                    nxt = _propagated(design, {**mapping, u: x, v: y})
                    if nxt is not None:
                        extend(nxt)
                return
        p = min(q for q in range(design.players) if q not in mapping)
        for target in range(design.players):
            if target not in image:
                nxt = _propagated(design, {**mapping, p: target})
                if nxt is not None:
                    extend(nxt)

    extend({})
    return found


def order(mapping: Mapping) -> int:
    """The order of a permutation: the least common multiple of its cycle lengths."""
    result = 1
    for length in cycle_type(mapping):
        a, b = result, length
        while b:
            a, b = b, a % b
        result = result * length // a
    return result


def cycle_type(mapping: Mapping) -> list[int]:
    """The lengths of the permutation's cycles, longest first."""
    seen: set[int] = set()
    lengths = []
    for start in mapping:
        if start in seen:
            continue
        length, p = 0, start
        while p not in seen:
            seen.add(p)
            p = mapping[p]
            length += 1
        lengths.append(length)
    return sorted(lengths, reverse=True)


def orbits(players: int, group: Sequence[Mapping]) -> list[list[int]]:
    """The players' orbits under the group."""
    return connected_sets(players, (link for mapping in group for link in mapping.items()))


def level_view(design: Design, generator: Mapping) -> list[list[tuple[str, int]]]:
    """The session holding player 0's first table, in the coordinates a cyclic symmetry
    gives: ("L<k>", i) for the i-th image of the k-th orbit's first player, ("fixed", j) for
    the players it fixes. With the session step as `generator` this is the base session of
    an `OrbitStructure(c, (1, ..., 1))` entry with its fixed players."""
    coordinates: dict[int, tuple[str, int]] = {}
    level = 0
    fixed = 0
    for p in range(design.players):
        if p in coordinates:
            continue
        if generator[p] == p:
            coordinates[p] = ("fixed", fixed)
            fixed += 1
            continue
        q, i = p, 0
        while q not in coordinates:
            coordinates[q] = (f"L{level}", i)
            q, i = generator[q], i + 1
        level += 1
    session = next(s for s in design.sessions if any(0 in table for table in s))
    return sorted((sorted(coordinates[p] for p in table) for table in session),
                  key=lambda table: table[0])


def read_schedule(path: str) -> list[list[list[int]]]:
    """A JSON list of sessions of tables, renumbered from 0 when it starts at 1."""
    with open(path, encoding="utf-8") as handle:
        schedule: list[list[list[int]]] = json.load(handle)
    lowest = min(p for session in schedule for table in session for p in table)
    return [[[p - lowest for p in table] for table in session] for session in schedule]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("schedule", help="JSON list of sessions, each a list of tables")
    parser.add_argument("--levels", action="store_true",
                        help="show a session in the coordinates of a cyclic symmetry of the "
                             "group's largest order")
    args = parser.parse_args(argv)
    design = Design(read_schedule(args.schedule))
    group = automorphisms(design)
    keeps_sessions = all(
        {frozenset(frozenset(m[p] for p in t) for t in s) for s in design.sessions}
        == set(design.sessions) for m in group)
    print(f"{design.players} players, {len(design.sessions)} sessions: "
          f"group of order {len(group)}"
          f"{'' if keeps_sessions else ' (not all of it keeps the sessions)'}")
    print("player orbits:", [len(o) for o in orbits(design.players, group)])
    print("element orders:", dict(sorted(Counter(order(m) for m in group).items())))
    types = Counter(tuple(sorted(Counter(cycle_type(m)).items())) for m in group)
    for shape, count in sorted(types.items()):
        print(f"  {count} x cycles {', '.join(f'{n} of length {k}' for k, n in shape)}")
    if args.levels:
        generator = max(group, key=order)
        for table in level_view(design, generator):
            print("  ", table)
    return 0


if __name__ == "__main__":
    sys.exit(main())
