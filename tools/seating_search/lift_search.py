r"""Find a seating by lifting a smaller design with a SAT solver (offline tool).

At the bound N = 3R + 2 every player misses exactly one other, and at N = 3R + 3 two others
who miss each other too: the pairs never met are a perfect matching, or triangles. Suppose an
automorphism s of order m (2 or 3) turns every missed pair or triangle in itself and keeps
every session. Then no table holds two players of one s-orbit, so each table is one of m
tables t, s t, ... of its session, and dividing by s leaves a design on Q = N / m points:
blocks of four, every pair of points in exactly m blocks. Writing a table as its block with a
"voltage" (which of the m players of each point it seats), the m blocks through two points
must lift to the m different voltage differences, and conversely any such design lifts to a
repeat-free seating. The quotient is m times smaller, which is what makes it solvable: 32 x 10
(open for years; Aguado 2004) is a quotient on 16 points and 10 classes, found in half a
minute.

The quotient may carry a cyclic group as well: points (level, i) for i in Z_n plus `fixed`
points, `bases` base classes each moved by Z_n (so R = bases * n); a pair orbit of Z_n then
takes the place of a pair. With n = 1 there is no group and the first class is fixed.

    .venv/bin/python tools/seating_search/lift_search.py --cycle 1 --levels 16 --fixed 0 \
        --bases 10 --lift 2
    .venv/bin/python tools/seating_search/lift_search.py --cycle 51 --levels 1 --fixed 1 \
        --bases 1 --lift 3

With `--lift 1` there is no lift: the quotient is the seating itself, and `--leave` names the
pair orbits that are never met (each of the others is met once). Four levels over Z_q, q =
N / 4 odd, one base class and (q - 2) / 3 spread classes is the shape of the library's 100
and 172 moved to N = 8 mod 12, where the missed pairs are (x, 0)-(x, 1) and (x, 2)-(x, 3):

    .venv/bin/python tools/seating_search/lift_search.py --cycle 17 --levels 4 --fixed 0 \
        --bases 1 --lift 1 --spread 5 --leave 0-1,2-3

`--automorphism mu:levels:classes` (no lift, one base class) also asks that (level, i) ->
(levels[level], mu i) keep the base class and take spread class c to class classes[c].
With no lift and fewer sessions than the bound, every orbit is met at most once (164 x 53:
`--cycle 41 --levels 4 --fixed 0 --bases 1 --lift 1 --spread 12 --leave 0-1,2-3`).

Player m * X + v is point X with voltage v. The expanded schedule is checked by
`library.sound` (the check every library.json entry passes on use) and printed as a library
entry with the whole schedule. Needs `.venv/bin/pip install python-sat`.
"""

from __future__ import annotations

import argparse
import ctypes
import itertools
import json
import os
import shlex
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass

from pysat.card import CardEnc, EncType
from pysat.formula import IDPool
from pysat.solvers import Solver

from tournament_manager.domain.seating.library import sound

OrbitKey = tuple[object, ...]


class Quotient:
    """Points (level, i), i in Z_cycle, then the fixed points; orbits of pairs under Z_cycle."""

    def __init__(self, cycle: int, levels: int, fixed: int) -> None:
        self.cycle, self.levels, self.fixed = cycle, levels, fixed
        self.moving = levels * cycle
        self.points = self.moving + fixed

    def moved(self, point: int, g: int) -> int:
        if point >= self.moving:
            return point
        level, i = divmod(point, self.cycle)
        return level * self.cycle + (i + g) % self.cycle

    def orbit(self, p: int, q: int) -> tuple[OrbitKey, bool]:
        """The pair's orbit under Z_cycle, and whether (p, q) is its named direction."""
        n = self.cycle
        if p >= self.moving or q >= self.moving:
            if p >= self.moving and q >= self.moving:
                return ("fixed pair", min(p, q), max(p, q)), p < q
            if p >= self.moving:
                return ("fixed", p, q // n), True
            return ("fixed", q, p // n), False
        (l1, i1), (l2, i2) = divmod(p, n), divmod(q, n)
        if l1 != l2:
            return (("across", l1, l2, (i2 - i1) % n), True) if l1 < l2 else \
                (("across", l2, l1, (i1 - i2) % n), False)
        d = (i2 - i1) % n
        if 2 * d == n:
            raise ValueError("an even cycle has a pair orbit of half length")
        return (("within", l1, d), True) if d < n - d else (("within", l1, n - d), False)


@dataclass(frozen=True)
class Automorphism:
    """(level, i) -> (levels[level], mu i), and spread class c -> classes[c]."""

    mu: int
    levels: tuple[int, ...]
    classes: tuple[int, ...]

    @classmethod
    def parse(cls, text: str) -> Automorphism:
        """From "mu:l0,l1,...:c0,c1,..." (the spread classes' images may be empty)."""
        mu, levels, classes = text.split(":")
        return cls(int(mu), tuple(int(v) for v in levels.split(",")),
                   tuple(int(v) for v in classes.split(",") if v))


class Model:
    """Base classes (blocks x[b, j, X]) with voltages s[b, X, v] on the quotient."""

    def __init__(self, quotient: Quotient, bases: int, lift: int, spread: int = 0,
                 leave: frozenset[OrbitKey] = frozenset(),
                 automorphism: Automorphism | None = None, at_most: bool = False) -> None:
        self.q, self.bases, self.lift, self.spread = quotient, bases, lift, spread
        self.leave, self.automorphism, self.at_most = leave, automorphism, at_most
        self.blocks = quotient.points // 4
        self.pool = IDPool()
        self.clauses: list[list[int]] = []
        self._build()

    def x(self, b: int, j: int, point: int) -> int:
        return self.pool.id(("x", b, j, point))

    def s(self, b: int, point: int, v: int) -> int:
        return self._voltage(("s", b, point), v)

    def _voltage(self, owner: tuple[object, ...], v: int) -> int:
        """The literal "owner has voltage v" (one variable an owner when m = 2)."""
        if self.lift == 2:
            return self.pool.id(owner) * (1 if v else -1)
        return self.pool.id(owner + (v,))

    def _one_voltage(self, owner: tuple[object, ...]) -> None:
        if self.lift != 2:
            self._exactly([self._voltage(owner, v) for v in range(self.lift)], 1)

    def _any(self, name: tuple[object, ...], both: list[tuple[int, int]]) -> int:
        """A variable true when both literals of some pair are: t_i <-> a_i & b_i, OR of t_i."""
        together = self.pool.id(name)  # numbered first, so the documented runs repeat
        parts = []
        for index, (first, second) in enumerate(both):
            t = self.pool.id(name + ("and", index))
            self.clauses += [[-t, first], [-t, second], [t, -first, -second]]
            parts.append(t)
        self.clauses.append([-together] + parts)
        self.clauses += [[together, -t] for t in parts]
        return together

    def _meets(self, key: OrbitKey, together: int, first: tuple[object, ...],
               second: tuple[object, ...], met: dict[OrbitKey, list[int]],
               cover: dict[tuple[OrbitKey, int], list[int]]) -> None:
        """Count `together` for its orbit, and for each d > 0 a w: together, and
        voltage(second) - voltage(first) = d (the orbit's d = 0 is then the one left)."""
        m = self.lift
        met.setdefault(key, []).append(together)
        for d in range(1, m):
            w = self.pool.id(("w", together, d))
            self.clauses.append([-w, together])
            for v in range(m):
                low, high = self._voltage(first, v), self._voltage(second, (v + d) % m)
                self.clauses += [[-w, -low, high], [w, -together, -low, -high]]
            cover.setdefault((key, d), []).append(w)

    def _exactly(self, lits: list[int], k: int) -> None:
        encoding = EncType.seqcounter if len(lits) < 40 else EncType.totalizer
        self.clauses.extend(CardEnc.equals(lits=lits, bound=k, vpool=self.pool,
                                           encoding=encoding).clauses)

    def _build(self) -> None:
        q, m = self.q, self.lift
        for b in range(self.bases):
            for point in range(q.points):
                self._exactly([self.x(b, j, point) for j in range(self.blocks)], 1)
                self._one_voltage(("s", b, point))
            for j in range(self.blocks):
                self._exactly([self.x(b, j, point) for point in range(q.points)], 4)
            # Symmetry: block 0 holds the first fixed point (or point 0), blocks in the order
            # of their least points, and that point's voltage is 0.
            anchor = q.moving if q.fixed else 0
            self.clauses += [[self.x(b, 0, anchor)], [self.s(b, anchor, 0)]]
            for j in range(1, self.blocks - 1):
                for point in range(q.points):
                    self.clauses.append([-self.x(b, j + 1, point)]
                                        + [self.x(b, j, p) for p in range(point)])
        if q.cycle == 1:  # no group: every point alike, so the first class is any partition
            for j in range(self.blocks):
                for point in range(q.points):
                    self.clauses.append([self.x(0, j, point) if point // 4 == j
                                         else -self.x(0, j, point)])
        elif q.fixed:
            self.clauses.append([self.x(0, 0, 0)])
        # Each orbit is met m times, once with each voltage difference.
        met: dict[OrbitKey, list[int]] = {}
        cover: dict[tuple[OrbitKey, int], list[int]] = {}
        for p, r in itertools.combinations(range(q.points), 2):
            key, named = q.orbit(p, r)
            first, second = (p, r) if named else (r, p)
            for b in range(self.bases):
                together = self._any(("z", b, p, r), [(self.x(b, j, p), self.x(b, j, r))
                                                      for j in range(self.blocks)])
                self._meets(key, together, ("s", b, first), ("s", b, second), met, cover)
        self._spread(met, cover)
        if self.automorphism:
            self._keep(self.automorphism)
        for key, lits in met.items():
            if key in self.leave:
                self._exactly(lits, 0)
            elif self.at_most:
                self.clauses.extend(CardEnc.atmost(lits=lits, bound=1, vpool=self.pool,
                                                   encoding=EncType.seqcounter).clauses)
            else:
                self._exactly(lits, m)
        for lits in cover.values():
            self._exactly(lits, 1)

    def _keep(self, tau: Automorphism) -> None:
        """Make tau map the base class onto itself (p, r together iff tau p, tau r are) and
        spread class c onto class tau.classes[c] (a difference d from level l1 to l2
        becomes mu d from sigma l1 to sigma l2). With no fixed points and one base class,
        tau then permutes the sessions: it takes the base class moved by h to the base
        class moved by mu h."""
        q, n = self.q, self.q.cycle

        def image(point: int) -> int:
            level, i = divmod(point, n)
            return tau.levels[level] * n + tau.mu * i % n

        def same(first: int, second: int) -> None:
            self.clauses += [[-first, second], [first, -second]]

        for p, r in itertools.combinations(range(q.points), 2):
            tp, tr = sorted((image(p), image(r)))
            same(self.pool.id(("z", 0, p, r)), self.pool.id(("z", 0, tp, tr)))
        for c in range(self.spread):
            for l1, l2 in itertools.combinations(range(4), 2):
                for d in range(n):
                    t1, t2, td = tau.levels[l1], tau.levels[l2], tau.mu * d % n
                    if t1 > t2:
                        t1, t2, td = t2, t1, -td % n
                    same(self.pool.id(("y", c, l1, l2, d)),
                         self.pool.id(("y", tau.classes[c], t1, t2, td)))

    def a(self, c: int, level: int, i: int) -> int:
        return self.pool.id(("a", c, level, i))

    def _spread(self, met: dict[OrbitKey, list[int]],
                cover: dict[tuple[OrbitKey, int], list[int]]) -> None:
        """Classes kept by Z_n: the orbit of one block (level l, a_l) on four levels, each
        point of level l with voltage v_l. Such a class meets each pair orbit across two
        levels once and no orbit within a level."""
        q, n = self.q, self.q.cycle
        for c in range(self.spread):
            for level in range(4):
                self._exactly([self.a(c, level, i) for i in range(n)], 1)
                self._one_voltage(("sv", c, level))
            self.clauses += [[self.a(c, 0, 0)], [self._voltage(("sv", c, 0), 0)]]
            for l1, l2 in itertools.combinations(range(4), 2):
                for d in range(n):
                    key, _ = q.orbit(l1 * n, l2 * n + d)
                    together = self._any(("y", c, l1, l2, d),
                                         [(self.a(c, l1, i), self.a(c, l2, (i + d) % n))
                                          for i in range(n)])
                    self._meets(key, together, ("sv", c, l1), ("sv", c, l2), met, cover)

    def schedule(self, model: set[int]) -> list[list[list[int]]]:
        """The lifted sessions from a model (every literal, so a voltage 0 is seen too)."""
        q, m = self.q, self.lift
        sessions = []
        for g in range(q.cycle):
            for b in range(self.bases):
                tables = []
                for j in range(self.blocks):
                    block = [p for p in range(q.points) if self.x(b, j, p) in model]
                    voltage = {p: next(v for v in range(m) if self.s(b, p, v) in model)
                               for p in block}
                    for turn in range(m):
                        tables.append(sorted(m * q.moved(p, g) + (voltage[p] + turn) % m
                                             for p in block))
                sessions.append(tables)
        n = q.cycle
        for c in range(self.spread):
            start = [next(i for i in range(n) if self.a(c, level, i) in model)
                     for level in range(4)]
            volts = [next(v for v in range(m) if self._voltage(("sv", c, level), v) in model)
                     for level in range(4)]
            sessions.append([sorted(m * (level * n + (start[level] + g) % n)
                                    + (volts[level] + turn) % m for level in range(4))
                             for g in range(n) for turn in range(m)])
        return sessions


def leave_orbits(quotient: Quotient, text: str) -> frozenset[OrbitKey]:
    """The pair orbits never met, from "l1-l2" (levels l1 and l2 at difference 0) and "l:d"
    (level l at difference d), comma-separated."""
    orbits = []
    n = quotient.cycle
    for part in filter(None, text.split(",")):
        if ":" in part:
            level, d = (int(v) for v in part.split(":"))
            orbits.append(quotient.orbit(level * n, level * n + d % n)[0])
        else:
            first, second = (int(v) for v in part.split("-"))
            orbits.append(quotient.orbit(first * n, second * n)[0])
    return frozenset(orbits)


def one_of(lits: list[int], pool: IDPool, exactly: bool) -> list[list[int]]:
    """Clauses for exactly one (or at most one) of `lits` true, a sequential counter whose
    auxiliary variables come from `pool`: shared by the square-row searches."""
    encode = CardEnc.equals if exactly else CardEnc.atmost
    return list(encode(lits=lits, bound=1, vpool=pool, encoding=EncType.seqcounter).clauses)


def solved(title: str, variables: int, clauses: list[list[int]],
           name: str) -> tuple[set[int] | None, float]:
    """Every literal of a model (so a variable's falsity is seen too), or None, and the
    seconds the solver took; the model's size and a "no solution" are printed under `title`.

    `name` is a PySAT solver ("cadical195") or, with a path in it ("/tmp/kissat/build/kissat
    --seed=3"), a command for an external solver that reads DIMACS and answers in the SAT
    competition's format: the solvers that win those competitions are not all in PySAT."""
    print(f"{title}: {variables} variables, {len(clauses)} clauses", flush=True)
    start = time.monotonic()
    if "/" in name:
        model = external(name, variables, clauses)
    else:
        with Solver(name=name, bootstrap_with=clauses) as solver:
            found = solver.solve()
            model = set(solver.get_model()) if found else None
    seconds = time.monotonic() - start
    if model is None:
        print(f"no solution ({seconds:.1f} s)")
    return model, seconds


def tables_of(players: int, together: Callable[[int, int], bool]) -> list[list[int]]:
    """A session's tables read back from a model's "p and q share a table" variables."""
    seated: set[int] = set()
    tables = []
    for p in range(players):
        if p not in seated:
            table = [p] + [q for q in range(players) if q != p and together(p, q)]
            seated.update(table)
            tables.append(sorted(table))
    return tables


def _die_with_parent() -> None:
    """In the solver's process (Linux): be killed when the search that started it dies, even
    by SIGKILL, rather than run on for hours as an orphan."""
    try:
        ctypes.CDLL(None).prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
    except (AttributeError, OSError):
        pass


def _terminated(signum: int, frame: object) -> None:
    raise SystemExit(128 + signum)


def external(command: str, variables: int, clauses: list[list[int]]) -> set[int] | None:
    """Run a DIMACS solver on the clauses (through a temporary file) and read its model. The
    solver goes when the search goes, however it ends; the file too, unless by SIGKILL."""
    with tempfile.NamedTemporaryFile("w", suffix=".cnf", delete=False) as cnf:
        cnf.write(f"p cnf {variables} {len(clauses)}\n")
        cnf.writelines(" ".join(map(str, clause)) + " 0\n" for clause in clauses)
    previous = signal.signal(signal.SIGTERM, _terminated)
    try:
        with subprocess.Popen([*shlex.split(command), cnf.name], stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, text=True,
                              preexec_fn=_die_with_parent) as solver:  # noqa: PLW1509 (one thread)
            try:
                stdout, stderr = solver.communicate()
            finally:
                if solver.poll() is None:
                    solver.kill()
    finally:
        signal.signal(signal.SIGTERM, previous)
        os.unlink(cnf.name)
    run = subprocess.CompletedProcess(solver.args, solver.returncode, stdout, stderr)
    answer = [line for line in run.stdout.splitlines() if line.startswith("s ")]
    if answer != ["s SATISFIABLE"]:
        if answer != ["s UNSATISFIABLE"]:
            raise SystemExit(f"{command}: no answer (exit {run.returncode})\n{run.stderr}")
        return None
    literals = {int(word) for line in run.stdout.splitlines() if line.startswith("v ")
                for word in line.split()[1:]}
    literals.discard(0)
    return literals | {-v for v in range(1, variables + 1) if v not in literals}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cycle", type=int, required=True)
    parser.add_argument("--levels", type=int, required=True)
    parser.add_argument("--fixed", type=int, default=1)
    parser.add_argument("--bases", type=int, required=True)
    parser.add_argument("--lift", type=int, choices=(1, 2, 3), required=True,
                        help="1: no lift, the quotient is the seating; name its --leave")
    parser.add_argument("--leave", default="",
                        help="with --lift 1: the pair orbits never met, e.g. 0-1,2-3 (levels 0 "
                             "and 1 at difference 0, and 2 and 3) or 0-1,0-2,1-2,3:13")
    parser.add_argument("--spread", type=int, default=0,
                        help="classes kept by Z_n (one block on four levels, moved by Z_n)")
    parser.add_argument("--automorphism", default="",
                        help="with one base class and no fixed points: mu:levels:classes, e.g. "
                             "4:2,3,1,0:0,2,3,4,1 keeps the base class and permutes the spread "
                             "classes under (level, i) -> (levels[level], mu i)")
    parser.add_argument("--solver", default="cadical195")
    args = parser.parse_args(argv)
    quotient = Quotient(args.cycle, args.levels, args.fixed)
    players = args.lift * quotient.points
    sessions = args.bases * args.cycle + args.spread
    if args.spread and (args.fixed or args.levels != 4):
        parser.error("--spread needs four levels and no fixed points")
    leave = leave_orbits(quotient, args.leave)
    missed = args.lift - 1 if args.lift > 1 else 2 * len(leave) * args.cycle // quotient.points
    below = args.lift == 1 and 3 * sessions < quotient.points - 1 - missed
    if quotient.points % 4 or (3 * sessions != args.lift * quotient.points - 1 - missed
                               and not below):
        parser.error(f"{players} players cannot meet all but {missed} others "
                     f"in {sessions} sessions")
    automorphism = Automorphism.parse(args.automorphism) if args.automorphism else None
    if automorphism and (args.bases != 1 or args.fixed or args.lift != 1):
        parser.error("--automorphism needs one base class, no fixed points and no lift")
    model = Model(quotient, args.bases, args.lift, args.spread, leave, automorphism, below)
    assignment, seconds = solved(f"{players} x {sessions}", model.pool.top, model.clauses,
                                 args.solver)
    if assignment is None:
        return 1
    schedule = model.schedule(assignment)
    if not sound(schedule, players):
        print("the lifted schedule is not sound: a bug in this tool")
        return 2
    print(f"found and checked in {seconds:.1f} s")
    lifted = {"lift": args.lift} if args.lift > 1 else {}
    print(json.dumps({"players": players, "sessions": sessions, **lifted,
                      "schedule": schedule,
                      "found_by": f"lift_search.py --cycle {args.cycle} --levels {args.levels}"
                                  f" --fixed {args.fixed} --bases {args.bases} --lift {args.lift}"
                                  f" --spread {args.spread}"
                                  + (f" --leave {args.leave}" if leave else "")
                                  + (f" --automorphism {args.automorphism}"
                                     if automorphism else ""),
                      "seconds": round(seconds, 1)}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
