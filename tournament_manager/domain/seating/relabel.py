"""Choosing which real player takes which point of a constructed schedule.

Renaming players never creates a repeat, so a repeat-free construction stays repeat-free;
what the names decide is whether players of one club (country, team) meet. A hill climb on
swaps of two names moves forbidden pairs apart without touching the structure.

The spec keeps club mates apart in the first session where possible, and near the bound
they cannot be kept apart in every session (at 32 x 10 each player meets 30 of the other
31), so a meeting in the first session weighs more than all the others together. The
draw later plays first whichever planned session seats the fewest mates together.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from tournament_manager.domain.seating.components import connected_sets
from tournament_manager.domain.seating.control import Budget
from tournament_manager.domain.seating.pairs import IntSessions, MeetingCounts

_ROUNDS = 50


def _weighted_meetings(schedule: IntSessions, players: int) -> MeetingCounts:
    """Meetings over the whole schedule, a first-session meeting counted above them all."""
    meets = MeetingCounts(players)
    meets.add_sessions(schedule)
    above_all = 6 * sum(len(session) for session in schedule) + 1
    for table in schedule[0] if schedule else ():
        meets.add_table(table, times=above_all)
    return meets


def _forbidden_meetings(player: int, point_of: list[int], partners: Sequence[Sequence[int]],
                        meets: MeetingCounts) -> int:
    return sum(meets.get(point_of[player], point_of[other]) for other in partners[player])


def relabel(schedule: IntSessions, players: int, forbidden: set[tuple[int, int]],
            rng: random.Random, budget: Budget,
            apart: Sequence[Sequence[int]] = (), named: bool = False) -> IntSessions:
    """The schedule with points renamed to players: random, then forbidden meetings minimised.

    `apart` names sets of points that never meet in the schedule, if the construction knows
    them: each club then starts inside one of them, largest club first into the roomiest, so
    clubs that fit meet nobody of their own from the start. The swaps alone reach that only
    by luck (20 x 5 on four squares' groups of five, eight countries of two or three: stuck
    with compatriots together). `named`: the points are players already (a search's draw,
    which weighed every meeting of club mates alike), and the swaps start from them.
    """
    if named:
        point_of = list(range(players))
    elif forbidden and apart:
        point_of = _packed(players, forbidden, apart, rng)
    elif forbidden and schedule:
        point_of = _dealt(players, forbidden, schedule[0], rng)
    else:
        point_of = list(range(players))
        rng.shuffle(point_of)
    if forbidden:
        meets = _weighted_meetings(schedule, players)
        partners: list[list[int]] = [[] for _ in range(players)]
        for a, b in forbidden:
            partners[a].append(b)
            partners[b].append(a)
        _improve(point_of, partners, meets, rng, budget)
    player_at = [0] * players
    for player, point in enumerate(point_of):
        player_at[point] = player
    return [[[player_at[p] for p in table] for table in session] for session in schedule]


def _packed(players: int, forbidden: set[tuple[int, int]], apart: Sequence[Sequence[int]],
            rng: random.Random) -> list[int]:
    """point_of with each club (players joined by forbidden pairs) in the `apart` set with
    the most room left, spilling into the next roomiest when it is full."""
    rooms = [rng.sample(list(points), len(points)) for points in apart]
    point_of = [-1] * players
    for club in _clubs(players, forbidden):
        members = rng.sample(club, len(club))
        while members:
            room = max(rooms, key=len)
            if not room:
                break
            while members and room:
                point_of[members.pop()] = room.pop()
    return _rest_at_random(point_of, rng)


def _dealt(players: int, forbidden: set[tuple[int, int]], first: Sequence[Sequence[int]],
           rng: random.Random) -> list[int]:
    """point_of with each club dealt over the first session's tables, one member a table
    while its tables last (largest club first, each member to the table with the fewest of
    his club, then the most seats free), the rest at random.

    The swaps below never give back a first-session meeting once it is gone (it weighs
    above all the others), but they stop at the time limit: on a loaded machine the limit
    can come before the first round ends, and a random naming seats compatriots together in
    the first session (32 x 10 with four countries of seven: nine such pairs seen). Dealt,
    the first session is as free of them as the tables allow before any swap is tried."""
    free = [rng.sample(list(table), len(table)) for table in first]
    point_of = [-1] * players
    for club in _clubs(players, forbidden):
        held = [0] * len(free)
        for member in rng.sample(club, len(club)):
            open_tables = [t for t in range(len(free)) if free[t]]
            if not open_tables:
                break
            t = min(open_tables, key=lambda t: (held[t], -len(free[t]), rng.random()))
            point_of[member] = free[t].pop()
            held[t] += 1
    return _rest_at_random(point_of, rng)


def _rest_at_random(point_of: list[int], rng: random.Random) -> list[int]:
    """point_of with the players still without a point (-1) given the points left, at
    random."""
    taken = set(point_of)
    left = [p for p in range(len(point_of)) if p not in taken]
    rng.shuffle(left)
    for player, point in enumerate(point_of):
        if point < 0:
            point_of[player] = left.pop()
    return point_of


def _clubs(players: int, forbidden: set[tuple[int, int]]) -> list[list[int]]:
    """The players joined by forbidden pairs, one list per connected set, largest first."""
    return [club for club in connected_sets(players, sorted(forbidden)) if len(club) > 1]


def _improve(point_of: list[int], partners: Sequence[Sequence[int]], meets: MeetingCounts,
             rng: random.Random, budget: Budget) -> None:
    """Rounds of swaps: each troubled player swapped with the first other player (in a
    random order) that lowers their two counts. A round that swaps nobody has tried every
    swap of every troubled player and ends the climb: the next would try the same swaps on
    the same names. Stopping there, and not at the clock, is what keeps a big field with
    countries the same for a seed (168 x 42 with seven countries of 24 ran 45 rounds of
    nothing to its time limit, 47 s of a 60 s draw)."""
    everyone = list(range(len(point_of)))
    for _ in range(_ROUNDS):
        troubled = [p for p in everyone if _forbidden_meetings(p, point_of, partners, meets)]
        if not troubled or budget.exhausted():
            return
        swapped = False
        for player in troubled:
            before = _forbidden_meetings(player, point_of, partners, meets)
            if before == 0:
                continue
            for other in rng.sample(everyone, len(everyone)):
                pair_before = before + _forbidden_meetings(other, point_of, partners, meets)
                point_of[player], point_of[other] = point_of[other], point_of[player]
                pair_after = (_forbidden_meetings(player, point_of, partners, meets)
                              + _forbidden_meetings(other, point_of, partners, meets))
                if pair_after < pair_before:
                    swapped = True
                    break
                point_of[player], point_of[other] = point_of[other], point_of[player]
        if not swapped:
            return
