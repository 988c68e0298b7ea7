"""Every involution a quotient of `quotient_search.c` could be kept by, one of each kind, and
the search run on each (offline tool).

`quotient_search.c` searches the base session of `OrbitStructure(c, (1, 1, 1))` with two kept
fixed players on its quotient by Z_2: three levels of Z_m (c = 2m, m odd), the first fixed
player's table at (0, 0), (1, 0), (2, 0). Its `sym` option asks the quotient to be kept by
(l, x) -> (s_l, mu x + t_l). Which of those are worth asking, and which say the same thing:

- Prime order only: any symmetry has a power of prime order. Odd order with every level kept
  cannot be (the tool's header: it keeps both fixed players' tables, which then meet one
  difference twice in one half); order 3 turning the levels is the `turn` option, with t = 0,
  since the first fixed player's table must be kept (three fixed players would be needed to
  move it). That leaves order 2.
- Order 2: s is the identity or exchanges two levels, and a relabelling of the levels makes
  that levels 1 and 2; mu^2 = 1 mod m; and applying it twice must give every point back,
  which fixes how t may look. The fixed players' tables are kept (then t = 0) or exchanged
  (then the second one is the image of the first).
- One of each kind: a multiplier of Z_m, and exchanging levels 1 and 2 where s does too,
  relabel the quotient without moving the first fixed player's table, so of the cases they
  carry into each other only the least is run.

    .venv/bin/python tools/seating_search/quotient_symmetries.py BINARY c A A2 B C D NODES

runs `BINARY c A A2 B C D 1 NODES 1 0 sym ...` for each case (the composition is not
imposed under `sym`; any valid one will do) and prints a line for each case that is not
refuted completely, then a count of outcomes.
"""

from __future__ import annotations

import subprocess
import sys
from collections import Counter
from collections.abc import Iterator, Sequence
from itertools import product
from math import gcd

Case = tuple[tuple[int, int, int], int, tuple[int, int, int], tuple[int, int, int], int]
"""(s, mu, t, i, swap): the symmetry, the second fixed player's table, whether it exchanges
the two fixed players' tables."""

_LEVEL_PERMUTATIONS = ((0, 1, 2), (0, 2, 1))


def _units(m: int) -> list[int]:
    return [u for u in range(1, m) if gcd(u, m) == 1]


def _is_involution(m: int, s: Sequence[int], mu: int, t: Sequence[int]) -> bool:
    def image(level: int, x: int) -> tuple[int, int]:
        return s[level], (mu * x + t[level]) % m
    points = [(level, x) for level in range(3) for x in range(m)]
    moves = any(image(*p) != p for p in points)
    return moves and all(image(*image(*p)) == p for p in points)


def _least_relabelling(m: int, s: tuple[int, int, int], t: tuple[int, ...],
                       i: tuple[int, ...]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The least (t, i) among the relabellings that keep the first fixed player's table."""
    forms = []
    for unit in _units(m):
        scaled_t = tuple(unit * v % m for v in t)
        scaled_i = tuple(unit * v % m for v in i)
        forms.append((scaled_t, scaled_i))
        if s == (0, 2, 1):  # exchanging levels 1 and 2 commutes with s
            forms.append(((scaled_t[0], scaled_t[2], scaled_t[1]),
                          (scaled_i[0], scaled_i[2], scaled_i[1])))
    return min(forms)


def involutions(m: int) -> Iterator[Case]:
    """One case of each kind, as the module docstring counts them."""
    seen: set[tuple[object, ...]] = set()
    for s in _LEVEL_PERMUTATIONS:
        for mu in (u for u in _units(m) if u * u % m == 1):
            for t in product(range(m), repeat=3):
                if not _is_involution(m, s, mu, t):
                    continue
                options = []
                if not any(t):  # both tables kept: the second one's points follow mu
                    options += [(i, 0) for i in product(range(m), repeat=3)
                                if all(mu * i[level] % m == i[s[level]] for level in range(3))]
                exchanged = [0, 0, 0]
                for level in range(3):
                    exchanged[s[level]] = t[level]
                options.append((tuple(exchanged), 1))
                for i, swap in options:
                    key = (s, mu, swap, *_least_relabelling(m, s, t, i))
                    if key in seen:
                        continue
                    seen.add(key)
                    yield s, mu, (t[0], t[1], t[2]), (i[0], i[1], i[2]), swap


def arguments(case: Case) -> list[int | str]:
    """The `sym` arguments of `quotient_search.c` for a case."""
    s, mu, t, i, swap = case
    return ["sym", *s, mu, *t, *i, swap]


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if len(args) != 8:
        print(__doc__.split("\n\n")[-2].strip())
        return 2
    binary, c, composition, nodes = args[0], int(args[1]), args[2:7], args[7]
    outcomes: Counter[str] = Counter()
    for case in involutions(c // 2):
        done = subprocess.run([binary, str(c), *composition, "1", nodes, "1", "0",
                               *map(str, arguments(case))],
                              capture_output=True, text=True, check=False)
        outcome = done.stdout.strip().splitlines()[0] if done.stdout.strip() else done.stderr
        outcomes[outcome.split(" (")[0]] += 1
        if not outcome.startswith("no solution"):
            print(case, outcome, done.stdout.strip().splitlines()[-1][:200], flush=True)
    print(dict(outcomes))
    return 0


if __name__ == "__main__":
    sys.exit(main())
