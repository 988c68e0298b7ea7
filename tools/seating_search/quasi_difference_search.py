r"""Whole sets of four orthogonal squares of order T from a quasi-difference matrix (offline tool).

`table_squares` needs T rows of four orthogonal Latin squares of order T to draw T sessions
with no table revisited. Where MacNeish's product has none, the literature has them for
T = 15, 20, 21, 24, 26, 28, 30, 33, 34, 36, 38, 39, 42 (Handbook of Combinatorial Designs,
table III.3.87), mostly from two shapes this tool asks CaDiCaL for:

- a (T, 5; 1) difference matrix over an abelian group G of order T (`--blanks 0`): five rows,
  T columns, every two rows differing by each element of G once. Column r with its first
  row made 0 is the `square_rows.json` row of session r (`d_1..d_4`).
- a (n, 6; 1, 1; u) quasi-difference matrix over G of order n = T - u (`--blanks u`): six
  rows, n + 2u columns, u blanks in every row and at most one in a column, every two rows
  differing (where both are filled) by each element of G once. Each column moved by every
  g in G, a blank read as one of u points that G does not move, gives all of a transversal
  design with six groups of T but a hole on the u fixed points; four orthogonal squares of
  order u fill the hole (u = 1 needs none). Row 0 is the session, row 1 the table, rows
  2..5 the four squares (`table_squares` reads it so).

- a matrix on L levels (`--levels L`, no blanks): six rows over a group of order n = T / L,
  symbols level * n + x moved by the group within their level, L * L * n columns, every two
  rows meeting each (level, level, difference) once. Four squares of order 18 on two levels
  of Z_3 x Z_3 (Abel's five are of this kind), where no group of order 17 or 18 gave them.

Without help the solver does not finish for T over 20; the shapes in the literature are
fixed by an automorphism, and so may ours, so that only one column of each orbit is searched
for: `--multiplier m --cycles 0,1,2/3,4,5` asks that the set of columns be kept by x -> m x
on every entry together with the row permutation (one cycle per `/`; `--short` sizes the
orbits shorter than its order), `--twist w_0,..` that it be kept by adding w_i to row i.
`--mirror K` adds the row reflection r -> -r to the shape that turns every row one place
on (one base column of the Handbook's (35, 7; 1, 1; 7) matrix reads the same backwards,
which suggested it), `--levels L` the shape above.
`--partial` asks only that the sessions the group moves be whole (where four squares of
order T are not known), and `--shuffle SEED` renames and reorders the clauses: the solver's
time is heavy-tailed, and several short runs beat one long one.

`--depth-first NODES` asks a depth-first search instead of a solver, at most NODES a seed
and `--seeds` seeds from `--shuffle` on (`matrix_search.c`, forward checking over the base
entries, or `mirror_search.c` for the mirror's shape; gcc builds them): clause learning does
little for "each difference once", and the mirror's (35, 7; 1, 1; 7) matrix, undecided after
15 minutes of Kissat, came in 1.5 billion nodes (about 25 s).

    .venv/bin/python tools/seating_search/quasi_difference_search.py --group 2,2,6 \
        --twist 0,3,6,12,18
    .venv/bin/python tools/seating_search/quasi_difference_search.py --group 13 --blanks 1 \
        --partial --multiplier 3 --cycles 0/1,2,3/4/5
    .venv/bin/python tools/seating_search/quasi_difference_search.py --group 3,3 --levels 2 \
        --twist 0,1,2,3,4,5 --solver "/tmp/kissat/build/kissat -q --sat"
    .venv/bin/python tools/seating_search/quasi_difference_search.py --group 35 --blanks 7 \
        --rows 7 --cycles 0,1,2,3,4,5,6 --mirror 1 --depth-first 10000000000

Prints the `square_rows.json` entry (`matrix`, or `rows` for a difference matrix), checked here
as it is on use. Needs `.venv/bin/pip install python-sat`.
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import random
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from lift_search import one_of, solved
from pysat.formula import IDPool

from tournament_manager.domain.seating.table_squares import (
    entry_rows,
    level_plus,
    plus,
    rows_sound,
)


def times(m: int, a: int, group: tuple[int, ...]) -> int:
    """m a in the mixed-radix group (each factor multiplied by m)."""
    total, weight = 0, 1
    for n in reversed(group):
        total += a // weight % n * m % n * weight
        weight *= n
    return total


def minus(a: int, group: tuple[int, ...]) -> int:
    return times(-1, a, group)


class Shape:
    """The automorphism phi and its order h: either phi(column)[sigma(i)] = m column[i] (a
    multiplier with a row permutation), or phi(column)[i] = column[i] + w_i (a twist: every
    row moved by its own element). Columns are (base, t), t < h, or fixed columns (base, 0)
    that phi keeps."""

    def __init__(self, group: tuple[int, ...], rows: int, blanks: int, multiplier: int,
                 cycles: list[list[int]], twist: list[int], short: list[int] | None = None,
                 levels: int = 1) -> None:
        self.group, self.rows = group, rows
        self.order_g = math.prod(group)
        self.levels = levels
        self.values = levels * self.order_g
        """Symbols of a row: level * n + x, the group moving x and keeping the level."""
        self.m = multiplier
        self.twist = twist
        sigma = list(range(rows))
        for cycle in cycles:
            for a, b in zip(cycle, cycle[1:] + cycle[:1]):
                sigma[a] = b
        self.sigma = sigma
        if twist and (multiplier != 1 or sigma != list(range(rows)) or len(twist) != rows):
            raise SystemExit("a twist names one element a row, with no multiplier or cycles")
        h = 1
        while not self._power_is_identity(h):
            h += 1
        self.h = h
        if levels > 1 and blanks:
            raise SystemExit("levels go without blanks")
        columns = levels * levels * self.order_g + 2 * blanks
        if blanks and sum(len(c) for c in cycles) != rows:
            raise SystemExit("with blanks, the cycles must cover every row")
        # An orbit of h columns blank in a row of a cycle of length L puts h / L blanks in
        # each row of the cycle; a row phi fixes may also take blanks in columns phi fixes.
        self.fixed_blanks: list[int] = []
        self.blank_bases: list[int] = []
        for cycle in cycles if blanks else []:
            each = h // len(cycle)
            if blanks % each == 0:
                self.blank_bases += [cycle[0]] * (blanks // each)
            elif len(cycle) == 1 and not twist:
                self.fixed_blanks += [cycle[0]] * blanks
            else:
                raise SystemExit(f"rows {cycle} cannot take {blanks} blanks in orbits of {h}")
        moved = columns - len(self.fixed_blanks) - h * len(self.blank_bases)
        # Full columns in orbits shorter than h: fixed ones unless told (`short`).
        self.short = [1] * (moved % h) if short is None else short
        self.full_bases, rest = divmod(moved - sum(self.short), h)
        if rest or self.full_bases < 0 or any(h % size for size in self.short) or (
                twist and any(size != h for size in self.short)):
            raise SystemExit("these columns do not fall into orbits of this automorphism")

    def _power_is_identity(self, h: int) -> bool:
        if self.twist:
            return all(times(h, w, self.group) == 0 for w in self.twist)
        if any(times(pow(self.m, h), a, self.group) != a for a in range(self.order_g)):
            return False
        perm = list(range(self.rows))
        for _ in range(h):
            perm = [self.sigma[p] for p in perm]
        return perm == list(range(self.rows))

    def forward(self, t: int, i: int, v: int) -> int:
        """The value in row i of column (j, t) when the base row holds v (its level kept)."""
        if self.twist:
            return level_plus(v, times(t, self.twist[i], self.group), self.group)
        return self._scaled(pow(self.m, t, math.lcm(*self.group)), v)

    def backward(self, t: int, i: int, v: int) -> int:
        """The base row's value that puts v in row i of column (j, t)."""
        if self.twist:
            return level_plus(v, times(-t, self.twist[i], self.group), self.group)
        return self._scaled(pow(self.m, -t, math.lcm(*self.group)) if t else 1, v)

    def _scaled(self, m: int, v: int) -> int:
        """v = level * n + x taken to level * n + m x."""
        level, x = divmod(v, self.order_g)
        return level * self.order_g + times(m, x, self.group)


class Model:
    """b(j, i, v): base column j holds v in row i. Column (j, t) holds phi^t of it; a blank
    base column is blank in one row only."""

    def __init__(self, shape: Shape, partial: bool = False, clauses: bool = True) -> None:
        self.shape = shape
        self.partial = partial
        self.pool = IDPool()
        self.clauses: list[list[int]] = []
        s = shape
        blank_at: list[int | None] = [*s.fixed_blanks, *[None] * len(s.short), *s.blank_bases,
                                      *[None] * s.full_bases]
        sizes = [1] * len(s.fixed_blanks) + s.short + [s.h] * (len(s.blank_bases) + s.full_bases)
        self.bases = list(zip(sizes, blank_at))  # (orbit size, blank row)
        self.inverse_sigma = [s.sigma.index(i) for i in range(s.rows)]
        self.mirrored: int | None = None
        """The base columns `mirror` keeps self-paired, if the shape has the reflection."""
        self.with_clauses = clauses
        if clauses:
            self._build()

    def b(self, j: int, i: int, v: int) -> int:
        return int(self.pool.id(("b", j, i, v)))

    def mirror(self, self_paired: int) -> None:
        """Keep the columns also under the row reflection r -> -r (mod the number of rows),
        for the shape whose automorphism turns every row one place on (`--cycles 0,1,..`,
        no multiplier) and whose base columns are all blank in row 0: the reflection turns
        the rotation backwards, so it is enough that it send base columns 0 and 1, 2 and 3,
        .. into each other and keep the last `self_paired`. With row 1 made 0, base j' is
        base j read backwards less its last entry: b(j', r) = b(j, -r) - b(j, k - 1). One
        base column of the Handbook's (35, 7; 1, 1; 7) matrix (III.3.63) reads the same
        backwards, which suggested it."""
        s, rows = self.shape, self.shape.rows
        if (s.m != 1 or s.twist or s.levels != 1 or s.sigma != [(i + 1) % rows for i in
                                                                 range(rows)]
                or any(blank != 0 or size != s.h for size, blank in self.bases)
                or (len(self.bases) - self_paired) % 2 or self_paired < 0):
            raise SystemExit("--mirror needs one cycle of every row, no multiplier, every "
                             "base column blank in row 0, and the others in pairs")
        self.mirrored = self_paired
        if not self.with_clauses:
            return
        pairs = len(self.bases) - self_paired
        partner = [j ^ 1 if j < pairs else j for j in range(len(self.bases))]
        g = s.order_g
        for j, other in enumerate(partner):
            for w in range(g):
                for r in range(1, rows):
                    for v in range(g):
                        self.clauses.append([-self.b(j, rows - 1, w), -self.b(j, (-r) % rows, v),
                                             self.b(other, r, plus(v, minus(w, s.group),
                                                                   s.group))])

    def _card(self, lits: list[int], exactly: bool) -> None:
        self.clauses += one_of(lits, self.pool, exactly)

    def columns(self) -> list[tuple[int, int]]:
        return [(j, t) for j, (size, _) in enumerate(self.bases) for t in range(size)]

    def source(self, j: int, t: int, i: int) -> int | None:
        """The base row that column (j, t)'s row i comes from, or None where it is blank."""
        row = i
        for _ in range(t):
            row = self.inverse_sigma[row]
        _, blank = self.bases[j]
        return None if row == blank else row

    def entry(self, j: int, t: int, i: int, v: int) -> int | None:
        """The literal 'column (j, t) holds v in row i' (None where the entry is blank)."""
        row = self.source(j, t, i)
        if row is None:
            return None
        return self.b(j, row, self.shape.backward(t, i, v))

    def _build(self) -> None:
        s = self.shape
        g, values = s.order_g, s.values
        for j, (size, blank) in enumerate(self.bases):
            filled = [i for i in range(s.rows) if i != blank]
            for i in filled:
                self._card([self.b(j, i, v) for v in range(values)], True)
            if size == s.h:  # translate the column so that its first filled entry is 0
                self.clauses.append([self.b(j, filled[0], level * g)
                                     for level in range(s.levels)])
                continue
            image = list(range(s.rows))  # phi^size keeps the column
            for _ in range(size):
                image = [s.sigma[i] for i in image]
            for i in filled:
                for v in range(values):
                    self.clauses.append([-self.b(j, i, v),
                                         self.b(j, image[i], s.forward(size, i, v))])
        columns = self.columns()
        levels = list(itertools.product(range(s.levels), repeat=2))
        for a, c in itertools.combinations(range(s.rows), 2):
            for d, (la, lc) in itertools.product(range(g), levels):
                at = []  # the columns with levels la, lc in rows a, c differing by d
                for j, t in columns:
                    if self.source(j, t, a) is None or self.source(j, t, c) is None:
                        continue
                    if self.partial and a > 0 and self.source(j, t, 0) is None:
                        continue  # a column of a session that is not played
                    key = ("z", a, c, j, t, d) + ((la, lc) if s.levels > 1 else ())
                    z = self.pool.id(key)
                    for x in range(g):  # z: the column's difference is d, both ways
                        first = self.entry(j, t, a, la * g + x)
                        second = self.entry(j, t, c, level_plus(lc * g + x, d, s.group))
                        assert first is not None and second is not None
                        self.clauses.append([-first, -second, z])
                        self.clauses.append([-z, -first, second])
                    at.append(z)
                self._card(at, not (self.partial and a > 0))  # in exactly one column

    def matrix(self, model: set[int]) -> list[list[int | None]]:
        """The whole matrix from a model of the clauses."""
        s = self.shape
        return self.developed(lambda j, row: next(v for v in range(s.values)
                                                  if self.b(j, row, v) in model))

    def developed(self, base: Callable[[int, int], int]) -> list[list[int | None]]:
        """The whole matrix from base(j, row), the value in base column j's row."""
        s = self.shape
        out: list[list[int | None]] = [[] for _ in range(s.rows)]
        for j, t in self.columns():
            for i in range(s.rows):
                row = self.source(j, t, i)
                out[i].append(None if row is None else s.forward(t, i, base(j, row)))
        return out


class Tables:
    """The model as `matrix_search.c` reads it: one variable for each base entry (or for
    each cycle of entries that a short orbit ties together, its values those that close the
    cycle), every entry of the developed matrix a table of one variable, and a term for each
    row pair and column where both are filled: the same columns, normalisation and partial
    rows as the clauses, so a solution of one is a solution of the other."""

    def __init__(self, model: Model) -> None:
        s = self.shape = model.shape
        self.model = model
        self.cells: dict[tuple[int, int], tuple[int, list[int]]] = {}
        """(base, row) -> (variable, the row's value for each value of the variable)."""
        self.domains: list[list[int]] = []
        for j, (size, blank) in enumerate(model.bases):
            filled = [i for i in range(s.rows) if i != blank]
            image = list(range(s.rows))
            for _ in range(size):
                image = [s.sigma[i] for i in image]
            for first in filled:
                if (j, first) in self.cells:
                    continue
                var, values, row = len(self.domains), list(range(s.values)), first
                while True:  # phi^size keeps a short column: its rows follow the first
                    self.cells[(j, row)] = (var, values)
                    if size == s.h:
                        allowed = ([level * s.order_g for level in range(s.levels)]
                                   if first == filled[0] else list(range(s.values)))
                        break
                    values = [s.forward(size, row, v) for v in values]
                    row = image[row]
                    if row == first:
                        allowed = [v for v in range(s.values) if values[v] == v]
                        break
                self.domains.append(allowed)

    def text(self) -> str:
        """The problem in `matrix_search.c`'s input (its header says how it reads)."""
        s, model = self.shape, self.model
        entries: list[str] = []
        at: dict[tuple[int, int, int], int] = {}
        for j, t in model.columns():
            for i in range(s.rows):
                row = model.source(j, t, i)
                if row is not None:
                    var, values = self.cells[(j, row)]
                    at[(j, t, i)] = len(entries)
                    entries.append(" ".join(str(n) for n in
                                            [var, *(s.forward(t, i, v) for v in values)]))
        terms = []
        for p, (a, c) in enumerate(itertools.combinations(range(s.rows), 2)):
            for j, t in model.columns():
                if (j, t, a) in at and (j, t, c) in at and not (
                        model.partial and a > 0 and (j, t, 0) not in at):
                    terms.append(f"{p} {at[(j, t, a)]} {at[(j, t, c)]}")
        g = s.order_g
        keys = [(va // g * s.levels + vc // g) * g + plus(vc % g, minus(va % g, s.group), s.group)
                for va in range(s.values) for vc in range(s.values)]
        pairs = s.rows * (s.rows - 1) // 2
        lines = [f"{len(self.domains)} {s.values} {s.levels * s.levels * g} {pairs}",
                 *(" ".join(str(n) for n in [len(d), *d]) for d in self.domains),
                 str(len(entries)), *entries, str(len(terms)), *terms, " ".join(map(str, keys))]
        return "\n".join(lines) + "\n"

    def base(self, values: list[int]) -> Callable[[int, int], int]:
        """base(j, row) for `Model.developed`, from the search's values of the variables."""
        def value(j: int, row: int) -> int:
            var, table = self.cells[(j, row)]
            return table[values[var]]
        return value


def _built(name: str) -> Path:
    """The C search `name` beside this file, built with gcc into the temporary directory."""
    source = Path(__file__).with_name(f"{name}.c")
    binary = Path(tempfile.gettempdir()) / name
    if not binary.exists() or binary.stat().st_mtime < source.stat().st_mtime:
        subprocess.run(["gcc", "-O2", "-o", str(binary), str(source)], check=True)
    return binary


def depth_first(model: Model, nodes: int, seeds: range
                ) -> tuple[list[list[int | None]] | None, float]:
    """`matrix_search.c` on the model, a run of at most `nodes` for each seed in turn until one
    finds the matrix; the shape under `--mirror 1` goes to `mirror_search.c` instead."""
    if model.mirrored is not None:  # mirror_search.c keeps the reflection; the tables do not
        return mirrored(model, nodes)
    tables = Tables(model)
    text = tables.text()
    print(f"depth first: {len(tables.domains)} variables", flush=True)
    start = time.monotonic()
    for seed in seeds:
        done = subprocess.run([str(_built("matrix_search")), str(seed), str(nodes)],
                              input=text, capture_output=True, text=True, check=False)
        words = done.stdout.split()
        print(f"seed {seed}: {' '.join(words[:3]) if words[:1] != ['VALUES'] else 'found'} "
              f"({time.monotonic() - start:.1f} s)", flush=True)
        if words[:1] == ["VALUES"]:
            return model.developed(tables.base([int(w) for w in words[1:]])), \
                time.monotonic() - start
        if words[:1] == ["NONE"]:
            break  # the whole tree: no seed can find one
    print(f"no solution ({time.monotonic() - start:.1f} s)")
    return None, time.monotonic() - start


def mirrored(model: Model, nodes: int) -> tuple[list[list[int | None]] | None, float]:
    """The Handbook's (n, 7; 1, 1; 7) shape under `--mirror 1` by `mirror_search.c` (built
    with gcc into the temporary directory) instead of a SAT solver: its tree is small for a
    search with bit sets and large for clause learning (35: 1.5 billion nodes in 21 to 32 s,
    against undecided after 15 minutes of Kissat). Its columns are the palindrome, then
    pairs of a column and its reflection: the model's base columns 6, then 0 and 1, 2 and 3,
    4 and 5."""
    s = model.shape
    if (model.mirrored != 1 or len(s.group) != 1 or s.rows != 7 or s.m != 1 or s.twist
            or s.levels != 1 or s.sigma != [(i + 1) % 7 for i in range(7)]
            or len(model.bases) != s.order_g // 7 + 2
            or any(blank != 0 for _, blank in model.bases)):
        raise SystemExit("--depth-first with --mirror needs --rows 7 --blanks 7 "
                         "--cycles 0,1,2,3,4,5,6 --mirror 1 on a cyclic group")
    start = time.monotonic()
    done = subprocess.run([str(_built("mirror_search")), str(s.order_g), str(nodes)],
                          capture_output=True, text=True, check=False)
    seconds = time.monotonic() - start
    print(done.stderr.strip(), flush=True)
    found = [[int(v) for v in line.split()[1:]] for line in done.stdout.splitlines()
             if line.startswith("BASE ")]
    if not found:
        print(f"no solution: {done.stdout.strip()} ({seconds:.1f} s)")
        return None, seconds
    columns = [*found[1:], found[0]]  # the model's order: pairs, then the palindrome
    return model.developed(lambda j, row: columns[j][row - 1]), seconds


def shuffled(clauses: list[list[int]], variables: int, seed: int
             ) -> tuple[list[list[int]], Callable[[int], int]]:
    """The clauses with variables renamed and reordered at random (seed 0: as they are), and
    the way back: the solver's run time on these models is heavy-tailed, and a few short runs
    with other seeds find what one long run does not."""
    if not seed:
        return clauses, lambda literal: literal
    rng = random.Random(seed)
    names = list(range(1, variables + 1))
    rng.shuffle(names)
    to = {v: w for v, w in zip(range(1, variables + 1), names)}
    fro = {w: v for v, w in to.items()}
    renamed = [[to[abs(x)] * (1 if x > 0 else -1) for x in clause] for clause in clauses]
    rng.shuffle(renamed)
    return renamed, lambda literal: fro[abs(literal)] * (1 if literal > 0 else -1)


def entry_for(matrix: list[list[int | None]], group: tuple[int, ...], blanks: int,
              command: str, seconds: float, levels: int = 1) -> dict[str, object]:
    tables = levels * math.prod(group) + blanks
    entry: dict[str, object] = {"tables": tables}
    if levels > 1:  # six rows of symbols level * n + x, developed by the group
        entry["matrix"] = matrix[:6]
    elif blanks == 0:  # a difference matrix: the session rows d_1..d_4, row 0 made 0
        rows = []
        for column in zip(*matrix[:5]):
            base = minus(column[0], group)
            rows.append([plus(v, base, group) for v in column[1:]])
        rows.sort()
        entry["rows"] = rows
    else:
        entry["blanks"] = blanks
        entry["matrix"] = matrix[:6]
    if len(group) > 1 or blanks or levels > 1:
        entry["group"] = list(group)
    entry["found_by"] = command
    entry["seconds"] = round(seconds, 1)
    return entry


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--group", required=True, help="n1,n2,... (elements in mixed radix)")
    parser.add_argument("--blanks", type=int, default=0,
                        help="u: 0 for a difference matrix (five rows), else six rows")
    parser.add_argument("--rows", type=int, default=0,
                        help="rows searched for (a difference matrix may have a sixth, for the "
                             "automorphism's sake; the entry reads the first five)")
    parser.add_argument("--levels", type=int, default=1,
                        help="L: symbols level * n + x, L of them a group orbit (six rows, "
                             "no blanks, L * L * n columns)")
    parser.add_argument("--multiplier", type=int, default=1)
    parser.add_argument("--cycles", default="", help="row cycles, e.g. 0,1,2/3,4,5")
    parser.add_argument("--twist", default="",
                        help="instead: one group element a row, e.g. 1,7,5,11,13,17")
    parser.add_argument("--short", default=None,
                        help="sizes of the orbits shorter than the automorphism's order among "
                             "the full columns, e.g. 1,2 (default: as many fixed as needed)")
    parser.add_argument("--partial", action="store_true",
                        help="only the sessions the group moves (row 0 filled) need be whole: "
                             "T - u of them where four squares of order T are not known")
    parser.add_argument("--mirror", type=int, default=None,
                        help="also keep the columns under the row reflection r -> -r, the "
                             "base columns in pairs but this many (see Model.mirror)")
    parser.add_argument("--shuffle", type=int, default=0,
                        help="rename and reorder the clauses at random with this seed")
    parser.add_argument("--solver", default="cadical195")
    parser.add_argument("--depth-first", type=int, default=0, metavar="NODES",
                        help="instead of a SAT solver, depth-first search (matrix_search.c, "
                             "or mirror_search.c for the (n, 7; 1, 1; 7) shape under --mirror "
                             "1), at most NODES a seed, seeds from --shuffle on")
    parser.add_argument("--seeds", type=int, default=1, help="with --depth-first: how many")
    args = parser.parse_args(argv)
    group = tuple(int(n) for n in args.group.split(","))
    rows = args.rows or (6 if args.blanks or args.levels > 1 else 5)
    cycles = [[int(i) for i in c.split(",")] for c in args.cycles.split("/")] if args.cycles \
        else [[i] for i in range(rows)]
    twist = [int(w) for w in args.twist.split(",")] if args.twist else []
    short = None if args.short is None else [int(x) for x in args.short.split(",") if x]
    shape = Shape(group, rows, args.blanks, args.multiplier, cycles, twist, short, args.levels)
    model = Model(shape, args.partial, clauses=not args.depth_first)
    if args.mirror is not None:
        model.mirror(args.mirror)
    title = (f"G = {group}, {args.levels} levels, {rows} rows, {args.blanks} blanks, "
             f"order-{shape.h} automorphism, "
             f"{len(model.bases)} base columns")
    if args.depth_first:
        print(title, flush=True)
        matrix, seconds = depth_first(model, args.depth_first,
                                      range(args.shuffle, args.shuffle + args.seeds))
        if matrix is None:
            return 1
    else:
        clauses, back = shuffled(model.clauses, model.pool.top, args.shuffle)
        found, seconds = solved(title, model.pool.top, clauses, args.solver)
        if found is None:
            return 1
        matrix = model.matrix({back(literal) for literal in found})
    command = "quasi_difference_search.py " + " ".join(argv if argv is not None
                                                       else sys.argv[1:])
    entry = entry_for(matrix, group, args.blanks, command, seconds, args.levels)
    if args.partial:
        entry["partial"] = True
    squares = entry_rows(entry)
    if squares is None or not rows_sound(squares):
        print("the matrix found does not give the squares: a bug in this tool", file=sys.stderr)
        return 2
    print(f"found in {seconds:.1f} s: {len(squares)} rows of order {entry['tables']}")
    print(json.dumps(entry))
    return 0


if __name__ == "__main__":
    sys.exit(main())
