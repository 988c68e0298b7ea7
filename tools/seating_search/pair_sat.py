"""A SAT model of a seating by who meets whom, not by who sits where (shared by `cut_sat.py`
and `repair_sat.py`, `--model pairs`).

The table model (x[p, s, t]: player p at table t of session s) makes the solver choose
table numbers, which mean nothing, and learns little from a meeting it forbids. Here
y[p, q, s] says that p and q share a table in session s: a player seated in s has exactly
three partners and none when he sits out, and partners are closed under "at the same
table" (y[p, q, s] and y[q, r, s] imply y[p, r, s]), so every session falls into tables of
four with no numbering to break. The tables come back from the partners (`tables`).

What the solver finds hard to count is stated for it; all of it holds in every seating
the question admits, so it narrows the search and never the answer:

- a player plays no more sessions than a third of the players he has not met, plus K;
- with none allowed (K = 0), a player who plays every session with exactly 3 x sessions
  players unmet meets every one of them;
- with K allowed, a player seated every session meets again at least 3 x sessions less
  his unmet players, counted among the K (each excess meeting counts at both players);
- sessions are interchangeable: with byes, in the order of their lowest player out; without
  them, in the order of player 0's lowest partner;
- with no repeat allowed, players who met each other and the same others (twins: after one
  session, the players of a table) are interchangeable: in session 0 they sit in the order
  of their tables' lowest players (`_order_twins`), the sessions after it ordered as above.

Measured on 2026-12-06, one core, against the table model (`--model tables`) on the same
cases: 24 x 6 less 2 after 3 at 0, SAT in 1.8 s (8.8 s); 24 x 6 less 3 after 3 at 0, UNSAT
in 1.9 s (132.7 s); 16 x 5 less 2 after 1 at 3, UNSAT in 34 s (undecided in 5 minutes).
With the twins ordered against without (`repair_sat.py --first-session ... --no-twins`), the
same day, one core: 20 x 6 less 1 after 1 at 0, SAT in 56 s (undecided after 400 s); 24 x 6
less 1 from each of two tables after 1, SAT in 38 s (undecided after 60 s). 24 x 6 less 3
after 1, from one table or from two, stays undecided after 15 minutes with them.
"""

from __future__ import annotations

import itertools
from collections.abc import Collection, Sequence

from pysat.card import CardEnc, EncType
from pysat.formula import IDPool

from tournament_manager.domain.seating.exact_repair import twin_blocks
from tournament_manager.domain.seating.pairs import MeetingCounts

Pair = tuple[int, int]


class PairModel:
    """The CNF for `players` (0..players - 1) over `sessions`, `met` the pairs that met
    before, at most `excess` excess meetings (a meeting of a pair in `met`, or a pair's
    meeting after its first), nobody out more than `most_out` times.

    `fixed` gives the first sessions outright; the `assumed` sessions after them are left
    out of the session ordering, to be given as assumptions (`seating_literals`), so one
    solver answers for many of them and keeps what it learns."""

    def __init__(self, players: int, sessions: int, met: Collection[Pair], excess: int,
                 most_out: int, *, twins: bool = True,
                 fixed: Sequence[Sequence[Sequence[int]]] = (), assumed: int = 0,
                 automorphism: tuple[Sequence[int], Sequence[int]] | None = None) -> None:
        self.players = players
        self.sessions = sessions
        self.met = {(min(p, q), max(p, q)) for p, q in met}
        self.excess = excess
        self.pool = IDPool()
        self.cnf: list[list[int]] = []
        self.byes = players % 4
        self.unmet = {p: players - 1 - sum((min(p, q), max(p, q)) in self.met
                                           for q in range(players) if q != p)
                      for p in range(players)}
        for s in range(sessions):
            self._session(s)
        self._excess()
        self._turns(most_out)
        if automorphism is not None:  # `sym_repair.py`: the seating it moves, no ordering
            self._keep(*automorphism)
            return
        blocks = self._twin_blocks() if twins and not excess and not fixed else []
        if fixed:  # the first sessions given (`first_split.py`, `second_split.py`)
            for s, tables in enumerate(fixed):
                self._fix(s, tables)
            self._order_sessions(first=len(fixed) + assumed)
        elif any(len(block) > 1 for block in blocks):
            self._order_twins(blocks)
            self._order_sessions(first=1)
        else:
            self._order_sessions()

    def y(self, p: int, q: int, s: int) -> int:
        return self.pool.id(("y", min(p, q), max(p, q), s))

    def out(self, p: int, s: int) -> int:
        return self.pool.id(("out", p, s))

    def _allowed(self, p: int, q: int) -> bool:
        """Whether p and q may share a table at all (not, without excess, if they met)."""
        return bool(self.excess) or (min(p, q), max(p, q)) not in self.met

    def _card(self, lits: list[int], bound: int, kind: str,
              unless: list[int] | None = None) -> None:
        encode = {"atmost": CardEnc.atmost, "atleast": CardEnc.atleast,
                  "equals": CardEnc.equals}[kind]
        clauses = encode(lits, bound, vpool=self.pool, encoding=EncType.seqcounter).clauses
        self.cnf += [clause + (unless or []) for clause in clauses]

    def _session(self, s: int) -> None:
        n = self.players
        self._card([self.out(p, s) for p in range(n)], self.byes, "equals")
        for p in range(n):
            partners = [self.y(p, q, s) for q in range(n) if q != p and self._allowed(p, q)]
            self.cnf += [[-self.out(p, s), -lit] for lit in partners]
            self._card(partners, 3, "atmost")
            self._card(partners, 3, "atleast", unless=[self.out(p, s)])
        for q in range(n):
            around = [p for p in range(n) if p != q and self._allowed(p, q)]
            for p, r in itertools.combinations(around, 2):
                if self._allowed(p, r):
                    self.cnf.append([-self.y(p, q, s), -self.y(q, r, s), self.y(p, r, s)])
                else:
                    self.cnf.append([-self.y(p, q, s), -self.y(q, r, s)])

    def _excess(self) -> None:
        """At most `excess` excess meetings; at 0, each unmet pair meets once at most."""
        counted: dict[int, list[int]] = {p: [] for p in range(self.players)}
        every: list[int] = []
        for p, q in itertools.combinations(range(self.players), 2):
            if not self._allowed(p, q):
                continue
            for s in range(self.sessions):
                meets = self.y(p, q, s)
                if (p, q) in self.met:
                    again = meets
                elif not s:
                    continue
                elif not self.excess:
                    self.cnf += [[-meets, -self.y(p, q, e)] for e in range(s)]
                    continue
                else:
                    again = self.pool.id(("again", p, q, s))
                    self.cnf += [[-meets, -self.y(p, q, e), again] for e in range(s)]
                every.append(again)
                counted[p].append(again)
                counted[q].append(again)
        if self.excess:
            self.cnf += CardEnc.atmost(every, self.excess, vpool=self.pool,
                                       encoding=EncType.totalizer).clauses
        for p in range(self.players):
            away = [self.out(p, s) for s in range(self.sessions)]
            short = 3 * self.sessions - self.unmet[p]
            if short <= 0:
                continue
            if self.excess:  # seated every session, he meets again `short` times at least
                self._card(counted[p], short, "atleast", unless=away)
        if not self.excess:  # seated every session, a tight player meets all he has not met
            for p in range(self.players):
                if 3 * self.sessions != self.unmet[p]:
                    continue
                away = [self.out(p, s) for s in range(self.sessions)]
                for q in range(self.players):
                    if q != p and self._allowed(p, q):
                        self.cnf.append(away + [self.y(p, q, s) for s in range(self.sessions)])

    def _turns(self, most_out: int) -> None:
        for p in range(self.players):
            away = [self.out(p, s) for s in range(self.sessions)]
            if not self.byes:
                self.cnf += [[-lit] for lit in away]
                continue
            self._card(away, most_out, "atmost")
            plays = min(self.sessions, (self.unmet[p] + self.excess) // 3)
            if plays < self.sessions:
                self._card(away, self.sessions - plays, "atleast")

    def _twin_blocks(self) -> list[list[int]]:
        """The classes of twins (`exact_repair.twin_blocks`: after one session, the tables
        of the history), each cut into runs of consecutive players, as `_order_twins` needs
        them; `repair_entries.first_session_history` numbers each table so."""
        counts = MeetingCounts(self.players)
        for pair in self.met:
            counts.add_table(pair)
        runs: list[list[int]] = []
        for block in twin_blocks(counts, [0] * self.players, ()):
            for p in block:
                if runs and runs[-1][-1] == p - 1 and p - 1 in block:
                    runs[-1].append(p)
                else:
                    runs.append([p])
        return sorted(runs)

    def _order_twins(self, blocks: list[list[int]]) -> None:
        """In session 0, twins sit in the order of their tables' lowest players, those out
        last. Any seating can be renamed so, block by block in increasing numbers: twins
        never share a table, so a table's lowest player is from an earlier block (a name
        the renaming leaves alone) or is the twin himself; give the block's lowest numbers
        to those at tables led from earlier blocks, in those leaders' order, then to those
        who lead their own, then to those out."""
        for block in blocks:
            for a, b in itertools.pairwise(block):
                if self.byes:
                    self.cnf.append([-self.out(a, 0), self.out(b, 0)])
                for q in range(a):
                    if self._allowed(q, b):
                        self.cnf.append([-self.y(q, b, 0)] + [self.y(r, a, 0) for r in range(q)
                                                              if self._allowed(r, a)])

    def _fix(self, s: int, tables: Sequence[Sequence[int]]) -> None:
        """Session s is `tables`, those at none of them out."""
        self.cnf += [[literal] for literal in self.seating_literals(s, tables)]

    def seating_literals(self, s: int, tables: Sequence[Sequence[int]]) -> list[int]:
        """The literals that make session s `tables`, those at none of them out (a pair the
        model cannot seat gives a literal and its negation)."""
        together = {(min(p, q), max(p, q)) for table in tables
                    for p, q in itertools.combinations(table, 2)}
        seated = {p for table in tables for p in table}
        literals = []
        for p, q in itertools.combinations(range(self.players), 2):
            if self._allowed(p, q):
                literals.append(self.y(p, q, s) if (p, q) in together else -self.y(p, q, s))
            elif (p, q) in together:
                never = self.pool.id(("never", p, q))
                literals += [never, -never]
        return literals + [self.out(p, s) if p not in seated else -self.out(p, s)
                           for p in range(self.players)]

    def _keep(self, players: Sequence[int], sessions: Sequence[int]) -> None:
        """The seating is its own image when player p becomes `players[p]` and session s
        `sessions[s]`. Orderings that break the symmetry of renaming are left out: they
        may contradict this one."""
        n = self.players
        for s in range(self.sessions):
            t = sessions[s]
            for p in range(n):
                self.cnf += [[-self.out(p, s), self.out(players[p], t)],
                             [self.out(p, s), -self.out(players[p], t)]]
            for p, q in itertools.combinations(range(n), 2):
                if self._allowed(p, q):
                    a, b = self.y(p, q, s), self.y(players[p], players[q], t)
                    self.cnf += [[-a, b], [a, -b]]

    def _order_sessions(self, first: int = 0) -> None:
        """Sessions `first`.. in order: any seating's can be put so."""
        for s in range(first, self.sessions - 1):
            if self.byes:  # the lowest player out rises session by session
                for b in range(self.players):
                    self.cnf.append([-self.out(b, s + 1)]
                                    + [self.out(a, s) for a in range(b)])
            else:  # player 0's lowest partner rises session by session
                partners = [q for q in range(1, self.players) if self._allowed(0, q)]
                for b in partners:
                    self.cnf.append([-self.y(0, b, s + 1)]
                                    + [self.y(0, a, s) for a in partners if a < b])

    def tables(self, model: Collection[int]) -> list[list[list[int]]]:
        """The sessions of a satisfying assignment, each a list of tables."""
        true = set(model)
        sessions = []
        for s in range(self.sessions):
            seated: set[int] = set()
            tables = []
            for p in range(self.players):
                if p in seated or self.out(p, s) in true:
                    continue
                table = [p] + [q for q in range(p + 1, self.players)
                               if self._allowed(p, q) and self.y(p, q, s) in true]
                seated.update(table)
                tables.append(table)
            sessions.append(tables)
        return sessions
