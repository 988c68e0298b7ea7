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

Which R of the T rows are played matters for a third figure: the first R rows of the field's
squares are an arithmetic run, and two players of one group then share no opponent far more
often than in a draw (172 x 12: 1,204 such pairs against none). Rows drawn at random and then
exchanged one for one while that count falls bring it to zero or near it (172 x 12: 0).
"""

from __future__ import annotations

import random

from tournament_manager.domain.seating.latin import LatinSquare, orthogonal_squares
from tournament_manager.domain.seating.pairs import IntSessions, worlds_apart

_ROW_STEPS = 200
"""Row exchanges tried at most, each one count of the pairs apart (a millisecond or two at
172 players, 0.3 s in all): 60 left 172 x 9 at 129 pairs apart, 200 reach 0 there, and
600 do no better than 200 on the grid's fields."""


def squares_groups(players: int) -> list[list[int]]:
    """The four groups whose players never meet in `squares_schedule`: room for a club or
    country to sit out the whole draw without a compatriot at its tables."""
    tables = players // 4
    return [list(range(i * tables, (i + 1) * tables)) for i in range(4)]


def squares_schedule(players: int, sessions: int, rng: random.Random) -> IntSessions | None:
    """`sessions` sessions whose table at index c is physical table c + 1, or None where
    they cannot be built here: more sessions than tables, or no four orthogonal squares of
    that order at hand (MacNeish's product needs every prime power dividing T to be 5 or
    more: 20, 28, 32, 36, 44 ... 164, 172 players; not 24, 40, 48 ...)."""
    tables, rest = divmod(players, 4)
    if rest or not 1 <= sessions <= tables:
        return None
    squares = orthogonal_squares(tables, 4)
    if squares is None:
        return None
    return _sessions(squares, _spread_rows(squares, players, sessions, rng))


def _sessions(squares: tuple[LatinSquare, ...], rows: list[int]) -> IntSessions:
    tables = len(squares[0])
    return [[[i * tables + square[r][c] for i, square in enumerate(squares)]
             for c in range(tables)]
            for r in rows]


def _spread_rows(squares: tuple[LatinSquare, ...], players: int, sessions: int,
                 rng: random.Random) -> list[int]:
    """Rows that leave few pairs in different worlds (see the module text): a random choice,
    then exchanges of a played row for an unplayed one, kept when they do not make it worse."""
    everything = list(range(len(squares[0])))
    rows = sorted(rng.sample(everything, sessions))
    apart = worlds_apart(_sessions(squares, rows), players)
    for _ in range(_ROW_STEPS):
        unplayed = [r for r in everything if r not in rows]
        if not apart or not unplayed:
            break
        trial = list(rows)
        trial[rng.randrange(sessions)] = rng.choice(unplayed)
        trial.sort()
        found = worlds_apart(_sessions(squares, trial), players)
        if found <= apart:
            rows, apart = trial, found
    return rows
