"""Sessions where no two players meet twice and no player sits at the same table twice.

With four mutually orthogonal Latin squares L1..L4 of order T (the number of tables), session
r seats at table c the players (i, L_i(r, c)), one of each of four groups of T:

- a row of a Latin square is a permutation, so every player plays once a session;
- two of the squares are orthogonal, so two players of different groups meet in at most one
  cell, and two of one group never: no repeated opponent;
- a column of a Latin square is a permutation too, so a player's table numbers over the
  sessions are all different: no table revisited.

Rows, columns and the four squares are a transversal design with six groups, which is why up
to T sessions reach both zeros at once. Drawing the groups first and numbering the tables
afterwards does not: a grouping that is free of repeats seldom leaves room for a revisit-free
numbering (36 x 8 drawn that way kept 34 revisits, 20 x 5 kept 12).

Where MacNeish's product has no four squares of order T (every prime power dividing T must be
5 or more), R < T sessions need only R rows of them, and cyclic rows L_i(r, c) = d_i(r) + c
mod T serve when every two of the columns 0, d_1, .., d_4 differ by distinct amounts over
the rows: a difference matrix cut to R rows, found offline (`square_rows_search.py`) and
kept in `square_rows.json`, the schedule built from it checked on use. Where T is even, Z_T
has at most T - 1 such rows (no complete mapping, Hall and Paige); Z_2 x Z_(T/2) may have
all T when 4 divides T (12, 20, 24, 28, 36). Whole matrices, and quasi-difference matrices
over a group of order T - u with u points it leaves alone (four squares of order u filling
the hole), are the shapes the literature gives most orders in (Handbook of Combinatorial
Designs III.3): found again here with an automorphism to shrink the search
(`quasi_difference_search.py`), they give all T sessions; where four squares of order T are
not known (22), a partial one gives the T - u sessions its group moves. A third shape is a
matrix over a group of order T / L with L orbits on the symbols ("levels"): four squares of
order 18 (Abel, 2015, has five) on two levels of Z_3 x Z_3, where no group of order 17 or
18 gave them.

Where four squares of order T are not at hand (10, 22: none are known; 14 is, but was not
found here), a generalized Howell design may be: a T x T array of tables of four over 4T
players, each player once in every row (session) and every column (table number), no pair
twice, with no groups at all (two players of one orbit may meet), which is what lets it go
where squares cannot. The file holds it 1-rotational (`entry_howell`): rows and columns a
group of order n = T - 1 plus one, players four orbits of the group plus four fixed players
(or regular: a group of order T, nothing fixed; or partial: the n = T - F sessions a group
of order n moves, F tables and 4F players left alone, for a side where no whole design is
found; sides 34 and 42 had such designs until their squares were found), found offline
(`howell_search.py`, most of them also kept by an automorphism of order 3) and checked on
use like the rows. The squares are still preferred where they have the rows:
their four groups that never meet are room for clubs (`squares_groups`).

Which R of the rows at hand are played matters for a third figure: the first R rows of the
field's squares are an arithmetic run, and two players of one group then share no opponent
far more often than in a draw (172 x 12: 1,204 such pairs against none). Rows drawn at random
and then exchanged one for one while that count falls bring it to zero or near it.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from tournament_manager.domain.seating.latin import orthogonal_squares
from tournament_manager.domain.seating.library import sound
from tournament_manager.domain.seating.pairs import IntSessions, worlds_apart
from tournament_manager.domain.seating.shipped import shipped_entries

ROWS_FILE = "square_rows.json"
_ROW_STEPS = 200
"""Row exchanges tried at most, each one count of the pairs apart (a millisecond or two at
172 players, 0.3 s in all): 60 left 172 x 9 at 129 pairs apart, 200 reach 0 there, and
600 do no better than 200 on the grid's fields."""

SquareRow = tuple[tuple[int, ...], ...]
"""One row of each of the four squares: the values at tables 0..T-1."""


@dataclass(frozen=True)
class TableDraw:
    """Sessions numbered table by table (index c is table c + 1) in which nobody meets twice or
    sits at a table twice, and the sets of players who never meet in them: room for a club
    or country to sit out the whole draw without a compatriot at its tables."""

    sessions: IntSessions
    apart: tuple[tuple[int, ...], ...]
    howell: bool
    """Drawn from a Howell design (no groups apart) rather than four orthogonal squares."""


def squares_groups(players: int) -> tuple[tuple[int, ...], ...]:
    """The four groups whose players never meet in a draw from four orthogonal squares."""
    tables = players // 4
    return tuple(tuple(range(i * tables, (i + 1) * tables)) for i in range(4))


def _never() -> bool:
    return False


def squares_schedule(players: int, sessions: int, rng: random.Random,
                     stop: Callable[[], bool] = _never) -> TableDraw | None:
    """`sessions` sessions whose table at index c is physical table c + 1, from four
    orthogonal squares where enough rows are at hand, else from a Howell design; or None
    where neither is: more sessions than tables, or too few of both (24 x 6: the file has
    five rows of order 6, four whole squares of order 6 do not exist, and no Howell design
    of side 6 can: its 24 players would be 24 permutations of six tables agreeing pairwise
    in at most one place, and there are at most 18). `stop` ends the choice of rows early (the
    draw's time limit: 500 players take 3 s of row exchanges)."""
    tables, rest = divmod(players, 4)
    if rest or not 1 <= sessions <= tables:
        return None
    rows = square_rows(tables)
    if len(rows) >= sessions:
        every, apart, howell = _sessions(rows), squares_groups(players), False
    else:
        every, apart, howell = howell_sessions(tables), (), True
        if len(every) < sessions:
            return None
    schedule = [every[r] for r in _spread_rows(every, players, sessions, rng, stop)]
    return TableDraw(schedule, apart, howell) if _sound(schedule, players) else None


def square_rows(tables: int) -> tuple[SquareRow, ...]:
    """Every row of four orthogonal squares of order `tables` at hand (none if none)."""
    squares = orthogonal_squares(tables, 4)
    if squares is not None:
        return tuple(tuple(square[r] for square in squares) for r in range(tables))
    entry = next((entry for entry in _file_entries().get(tables, ()) if "howell" not in entry),
                 None)
    return (entry_rows(entry) or ()) if entry is not None else ()


def howell_sessions(tables: int) -> IntSessions:
    """Every session of the file's Howell design of side `tables` with the most sessions
    (none if it has none)."""
    designs = (entry_howell(entry) for entry in _file_entries().get(tables, ())
               if "howell" in entry)
    return max((sessions for sessions in designs if sessions), key=len, default=[])


def entry_howell(entry: Mapping[str, Any]) -> IntSessions | None:
    """The sessions of a Howell design entry, or None if it cannot be read.

    With F tables left alone (`last_tables`, usually one) and n = T - F, player i * n + x
    (i < 4, x in Z_n or the entry's `group` of order n, numbered as `plus` adds) is moved
    by r to i * n + (x + r) and players 4n .. 4T - 1 are left alone. `blocks[d]` is the
    table of session 0 at table d, so session r (r < n) seats `blocks[d]` moved by r at
    table r + d and `last_tables[k]` moved by r at table n + k. Each of the F last sessions
    n + k seats `last_sessions[k]` moved by c at table c and, at table n + j, the fixed
    players of `corner[k][j]` (a Howell design of side F of their own). A `partial` design
    has no last sessions (its n sessions alone send nobody back to a table). A `regular`
    design has no fixed session, table or player: its group, of order n = T / K for K
    `session_orbits` (usually one), moves every session, every table and the 4K orbits of
    players, and session s * n + r seats `blocks[(s * K + u) * n + d]` moved by r at table
    u * n + (r + d). Whether no one meets twice or sits at a table twice is for `_sound` to
    say."""
    try:
        tables = int(entry["tables"])
        design = entry["howell"]
        regular = bool(design.get("regular"))
        last_tables = [] if regular else [[int(p) for p in block]
                                          for block in design["last_tables"]]
        orbits = int(design.get("session_orbits", 1)) if regular else 1
        n = tables // orbits if regular else tables - len(last_tables)
        blocks = [[int(p) for p in block] for block in design["blocks"]]
        group = tuple(int(order) for order in design.get("group", [n]))
        whole = not regular and not design.get("partial")
        last_sessions = [[int(p) for p in block]
                         for block in (design["last_sessions"] if whole else [])]
        corner = [[[int(p) for p in cell] for cell in row]
                  for row in (design["corner"] if whole else [])]
    except (KeyError, TypeError, ValueError):
        return None
    players = 4 * tables
    given = [*blocks, *last_tables, *last_sessions, *(cell for row in corner for cell in row)]
    fixed = len(last_tables)
    if n < 1 or orbits < 1 or orbits * n != tables - fixed or math.prod(group) != n \
            or len(blocks) != orbits * orbits * n \
            or (not regular and not last_tables) \
            or (whole and (len(last_sessions) != fixed or len(corner) != fixed
                           or any(len(row) != fixed for row in corner))) \
            or any(len(block) != 4 for block in given) \
            or any(not 0 <= p < players for block in given for p in block):
        return None

    moving = 4 * orbits * n

    def moved(block: Sequence[int], r: int) -> list[int]:
        return sorted(p if p >= moving else p // n * n + plus(p % n, r, group) for p in block)

    sessions: IntSessions = []
    for s in range(orbits):
        for r in range(n):
            session: list[list[int]] = [[] for _ in range(tables)]
            for u in range(orbits):
                for d in range(n):
                    block = blocks[(s * orbits + u) * n + d]
                    session[u * n + plus(r, d, group)] = moved(block, r)
            for k, block in enumerate(last_tables):
                session[orbits * n + k] = moved(block, r)
            sessions.append(session)
    for block, row in zip(last_sessions, corner, strict=True):
        sessions.append([moved(block, c) for c in range(n)] + [sorted(cell) for cell in row])
    return sessions


def plus(a: int, b: int, group: Sequence[int]) -> int:
    """a + b in Z_n1 x Z_n2 x ... (Z_T alone for most orders), elements numbered in mixed
    radix with the last factor fastest, as the file's rows are."""
    total, weight = 0, 1
    for n in reversed(group):
        total += (a // weight % n + b // weight % n) % n * weight
        weight *= n
    return total


def level_plus(v: int, g: int, group: Sequence[int]) -> int:
    """Symbol v = level * n + x of a matrix on levels moved by g: level * n + (x + g), the
    level kept (n the group's order; with one level, plain `plus`)."""
    n = math.prod(group)
    return v // n * n + plus(v % n, g, group)


@cache
def _file_entries() -> dict[int, list[dict[str, Any]]]:
    """Order T -> its entries in `ROWS_FILE` (rows or a matrix, and a Howell design)."""
    entries: dict[int, list[dict[str, Any]]] = {}
    for entry in shipped_entries(ROWS_FILE):
        entries.setdefault(entry["tables"], []).append(entry)
    return entries


def entry_rows(entry: Mapping[str, Any]) -> tuple[SquareRow, ...] | None:
    """The rows an entry of `ROWS_FILE` gives, or None for an entry that cannot be read.

    An entry holds either `rows`, each a session's d_1..d_4 (session r seats (i, d_i + c) at
    table c), or a quasi-difference `matrix` over a group of order n = T - u: six rows, u
    blanks in each, every column moved by every g in the group (a blank standing for the
    row's next point n, n + 1, .. that the group leaves alone). Row 0 is then the session,
    row 1 the table and rows 2..5 the four squares; four squares of order u (MacNeish) fill
    the hole the fixed points leave, and without them only the n sessions the group moves are
    whole. A `partial` matrix promises only those n: differences repeat in the columns that
    make the others, and they are not developed. A matrix without blanks over a group of
    order n = T / L has L levels instead: a symbol level * n + x is moved by g to
    level * n + (x + g), so the group has L orbits on each row's symbols (18 on Z_3 x Z_3
    with two levels, where no group of order 17 or 18 was found to give them). Whether the
    squares are orthogonal is for `rows_sound` to say."""
    try:
        tables = int(entry["tables"])
        group = tuple(int(n) for n in entry.get("group", [tables]))
        if "matrix" not in entry:
            return tuple(tuple(tuple(plus(int(d), c, group) for c in range(tables))
                               for d in differences) for differences in entry["rows"])
        return _developed(entry["matrix"], group, tables, bool(entry.get("partial")))
    except (KeyError, TypeError, ValueError, IndexError):
        return None


def _developed(matrix: Sequence[Sequence[int | None]], group: tuple[int, ...],
               tables: int, partial: bool) -> tuple[SquareRow, ...] | None:
    """The sessions the matrix makes whole (see `entry_rows`), or None where two of its
    points claim one table of one session."""
    n = math.prod(group)
    if len(matrix) != 6 or any(len(row) != len(matrix[0]) for row in matrix):
        return None
    fixed = sum(v is None for v in matrix[0])
    levels, rest = divmod(tables - fixed, n)
    if rest or levels < 1 or (levels > 1 and fixed) or any(
            v is not None and not 0 <= int(v) < levels * n for row in matrix for v in row):
        return None
    moved = levels * n
    cells: list[list[list[int | None]]] = [[[None] * tables for _ in range(tables)]
                                           for _ in range(4)]
    symbols = [{j: moved + k for k, j in enumerate(j for j, v in enumerate(row) if v is None)}
               for row in matrix]

    def place(point: Sequence[int]) -> bool:
        r, c = point[0], point[1]
        if not all(0 <= v < tables for v in point):
            return False
        for square, value in zip(cells, point[2:]):
            if square[r][c] is not None:
                return False
            square[r][c] = value
        return True

    for j in range(len(matrix[0])):
        if partial and matrix[0][j] is None:
            continue
        for g in range(n):
            point = [symbols[i][j] if (v := matrix[i][j]) is None
                     else level_plus(int(v), g, group)
                     for i in range(6)]
            if not place(point):
                return None
    hole = None if partial or not fixed else (
        (((0,),),) * 4 if fixed == 1 else orthogonal_squares(fixed, 4))
    if hole is not None:
        for a in range(fixed):
            for b in range(fixed):
                if not place([moved + a, moved + b,
                              *(moved + square[a][b] for square in hole)]):
                    return None
    return tuple(tuple(tuple(v for v in square[r] if v is not None) for square in cells)
                 for r in range(tables) if all(None not in square[r] for square in cells))


def rows_sound(rows: Sequence[SquareRow]) -> bool:
    """Every row played at once: each player once a session, no pair twice, no table twice."""
    return bool(rows) and _sound(_sessions(rows), 4 * len(rows[0][0]))


def _sessions(rows: Sequence[SquareRow]) -> IntSessions:
    tables = len(rows[0][0])
    return [[[i * tables + square[c] for i, square in enumerate(row)] for c in range(tables)]
            for row in rows]


def _sound(schedule: IntSessions, players: int) -> bool:
    """What the library checks of its entries (everyone once a session at tables of four, no
    pair twice) and no table twice: what the squares promise, checked because rows may come
    from a file."""
    seats = {(p, t) for session in schedule for t, table in enumerate(session) for p in table}
    return sound(schedule, players) and len(seats) == players * len(schedule)


def _spread_rows(every: IntSessions, players: int, sessions: int,
                 rng: random.Random, stop: Callable[[], bool]) -> list[int]:
    """Sessions (rows) that leave few pairs in different worlds (see the module text): a
    random choice, then exchanges of a played row for an unplayed one, kept when they do not
    make it worse."""
    everything = list(range(len(every)))
    chosen = sorted(rng.sample(everything, sessions))
    apart = worlds_apart([every[r] for r in chosen], players)
    for _ in range(_ROW_STEPS):
        unplayed = [r for r in everything if r not in chosen]
        if not apart or not unplayed or stop():
            break
        trial = list(chosen)
        trial[rng.randrange(sessions)] = rng.choice(unplayed)
        trial.sort()
        found = worlds_apart([every[r] for r in trial], players)
        if found <= apart:
            chosen, apart = trial, found
    return chosen
