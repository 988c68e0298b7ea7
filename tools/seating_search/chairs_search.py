"""Find repeat-free chairs for a field of 4T + 1 or 4T + 2 players (offline tool).

The draw seats such a field as its 4T core plus one or two extra players, each taking a
different core player's chair every session (`byes._stood_in`). Its CP-SAT minimises the
extras' repeats within a draw's work limit, which near the bound is not enough (42 x 13 kept
2 repeats, 101 x 33 kept 4). Asked only whether repeat-free chairs exist, on the canonical
core (`chair_library.core_schedule`), CP-SAT answers in a minute or more; the answer is
shipped in `chairs.json` and re-verified on use.

The model (`byes.chair_rules`, the draw's own, with repeats forbidden instead of counted):
take[x, k, p] says extra x takes p's chair in session k (p then sits out). One chair a
session for each extra; two extras never at one table; a core player gives his chair at
most once; and for every extra x and core player q, the chairs beside q that x takes over
all sessions number at most one. (Choosing a table and then a chair, with the meetings
counted per table, is the same model; CP-SAT left 101 x 33 undecided in it after 600 s.)

    .venv/bin/python tools/seating_search/chairs_search.py --players 42 --sessions 13
    .venv/bin/python tools/seating_search/chairs_search.py --players 101 --sessions 33 --write

`--method exact-cover` (the default) asks the same question as an exact cover instead, which
`exact_cover.c` (dancing links, built with gcc on each run) answers far faster near the
bound: a row is "extra x takes p's chair in session k" and covers session k of x, the three
table-mates x then meets, p's chair and the table; x meets every core player exactly once
except for the C - 3R he never meets (rows that cover "x misses q"). Found so: 42 x 13 in
0.0 s, 66 x 21 in 8.7 s, 101 x 33 in 1.2 s, 102 x 33 in 60 s and 169 x 55 in 26 s, where
CP-SAT took 96 s, more than 20 minutes, 113 s, more than 30 minutes and more than 20.
`--method cp-sat` is the CP-SAT model (with `--symmetry` and `--one-by-one`).

`--orbits NAME` (with the exact cover) searches only chairs that an automorphism of the
core keeps (`automorphism`; repeatable, the group they generate): a row is a whole orbit of
chairs, so the cover runs on the quotient (`orbit_rows`). 138 x 45, 150 x 49, 162 x 53 and
174 x 57, which the cover over single chairs had not found in half an hour each, took a
second or so:

    .venv/bin/python tools/seating_search/chairs_search.py --players 138 --orbits session:1
    .venv/bin/python tools/seating_search/chairs_search.py --players 162 \
        --orbits multiply:16 --second-orbits multiply:16@session:1 --one-by-one 20

`--frame` does the same for a framed core (`frames`), whose labelling keeps no such
automorphism: each extra follows one inflated table of each holey class of the frame
(`frame_rows`); 154 x 50 took 6 s.

`--around` keeps the first of two extras in the chairs already shipped for one player fewer
and searches only the second, around him: 158 x 51, on the frame product 156 x 51 (no
automorphism to search on, no frame to follow in its transversal sessions), where both
extras at once were not found in 23 minutes, took the 151st try of five million nodes
(669 s):

    .venv/bin/python tools/seating_search/chairs_search.py --players 158 --around \
        --seed 1 --nodes 5000000 --tries 400

`--write` puts the entry into tournament_manager/domain/seating/chairs.json (replacing one
for the same field), with the command and the seconds it took.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from ortools.sat.python import cp_model
from shipped_entries import written  # tools/seating_search/shipped_entries.py, beside this script

from tournament_manager.domain.seating.byes import chair_rules
from tournament_manager.domain.seating.chair_library import (
    core_schedule,
    sound_with_byes,
    stood_in,
)
from tournament_manager.domain.seating.constructions import _scale
from tournament_manager.domain.seating.frames import GROUPS
from tournament_manager.domain.seating.latin import field_tables
from tournament_manager.domain.seating.library import entries as library_entries
from tournament_manager.domain.seating.pairs import IntSessions

CHAIRS = (Path(__file__).resolve().parents[2] / "tournament_manager" / "domain" / "seating"
          / "chairs.json")
EXACT_COVER = Path(__file__).resolve().with_name("exact_cover.c")
Symmetry = tuple[list[int], list[int]]
"""A permutation of the core's players and the permutation of sessions it makes."""
Rows = tuple[list[list[tuple[int, int, int]]], list[list[str]], set[str]]
"""Exact-cover rows (each a list of chairs (x, k, p), or (x, -1, q) for "x misses q"),
their columns, and which columns are primary."""


def automorphism(core: IntSessions, name: str) -> Symmetry:
    """`_automorphism`, or with `NAME@OTHER` its conjugate by OTHER: OTHER NAME OTHER^-1,
    the same symmetry about another point (multiply:16@session:5 keeps session 5 where
    multiply:16 keeps session 0)."""
    name, _, other = name.partition("@")
    sigma, pi = _worded(core, name)
    if not other:
        return sigma, pi
    tau, rho = _worded(core, other)

    def conjugate(move: list[int], by: list[int]) -> list[int]:
        result = [0] * len(move)
        for x in range(len(move)):
            result[by[x]] = by[move[x]]
        return result

    return conjugate(sigma, tau), conjugate(pi, rho)


def _worded(core: IntSessions, name: str) -> Symmetry:
    """`_automorphism`, with a number that does not fit the core (a field order that is
    no prime power, a step past the sessions) said in words."""
    try:
        return _automorphism(core, name)
    except (ValueError, IndexError) as error:
        raise SystemExit(f"{name!r} does not fit this core: {error}") from None


def _automorphism(core: IntSessions, name: str) -> Symmetry:
    """A permutation sigma of the core's players that maps every session onto a session,
    and that map of sessions: `scale` (the affine core: every point times the element a
    of GF(4), which keeps every parallel class), `shift:H` (the four-level core over GF(q)
    of `four_levels`: +H on every level, H = 1 by default, which moves the base session's
    translates H on and keeps each transversal session), `negate` (that core's x -> -x
    on every level), `session:G` (a core developed from its first session: session G read
    off seat by seat), `multiply:M[:L]` (the cores of L levels over GF(q), three by
    default, whose sessions x -> M x permutes) or `rotate:M:K` (p -> p + K mod M for the
    first M players, the rest kept: for the framed cores of `frames`, M = 5gm and K = gm
    turn the five groups)."""
    players = sum(len(table) for table in core[0])
    if name == "scale":
        sigma = [_scale(2, tuple((p >> (2 * i)) & 3 for i in range(players.bit_length() // 2)))
                 for p in range(players)]
    elif name.startswith("shift") or name == "negate":
        q = players // 4
        add, _ = field_tables(q)
        if name == "negate":
            moved = [add[x].index(0) for x in range(q)]
        else:
            step = int(name.partition(":")[2] or 1)
            moved = [add[x][step] for x in range(q)]
        sigma = [level * q + moved[x] for level in range(4) for x in range(q)]
    elif name.startswith("session:"):
        # A core developed from its first session (`orbits.expand`, `cyclotomic.translated`,
        # `orbits.group_sessions`) keeps every table and seat in place: session G is session
        # 0 with every player moved by G, read off seat by seat.
        step = int(name.partition(":")[2])
        sigma = list(range(players))
        for table, moved_table in zip(core[0], core[step], strict=True):
            for p, moved_p in zip(table, moved_table, strict=True):
                sigma[p] = moved_p
    elif name.startswith("multiply:"):
        # The cores of L levels over GF(q) (`cyclotomic.translated`: L = 3, q = players // 3,
        # the rest fixed; `four_levels`: L = 4) whose sessions the multiplier M permutes:
        # x -> M x on every level.
        factor, _, levels_text = name.partition(":")[2].partition(":")
        levels = int(levels_text or 3)
        q = players // levels
        _, times = field_tables(q)
        sigma = [level * q + times[x][int(factor)] for level in range(levels) for x in range(q)]
        sigma += range(levels * q, players)
    elif name.startswith("rotate:"):
        try:
            size, step = (int(part) for part in name.split(":")[1:])
        except ValueError:
            raise SystemExit("rotate:M:K takes two numbers") from None
        sigma = [(p + step) % size if p < size else p for p in range(players)]
    else:
        raise SystemExit(f"no symmetry named {name!r}: scale, shift[:H], negate, session:G, "
                         "multiply:M[:L] or rotate:M:K")
    index = {frozenset(frozenset(t) for t in session): k for k, session in enumerate(core)}
    image = [index.get(frozenset(frozenset(sigma[p] for p in t) for t in session))
             for session in core]
    if sorted(sigma) != list(range(players)) or None in image:
        raise SystemExit(f"{name!r} does not map this core's sessions onto its sessions")
    return sigma, [k for k in image if k is not None]


def chairs(core: IntSessions, extras: int, *, seconds: float, workers: int, seed: int,
           given: list[list[int]] | None = None,
           symmetry: Symmetry | None = None) -> list[list[int]] | None:
    """For each session the core player whose chair each extra takes, or None if CP-SAT
    found none in time (or proved there is none). `given`: the chairs of extra players
    already seated (per session), whose tables and chairs the new ones must leave alone.
    `symmetry` (sigma, pi): the second extra takes sigma(p) in session pi(k) where the
    first takes p in session k, so only the first is searched; his meetings carried by
    sigma are the second's, and the model checks the two do not clash."""
    model = cp_model.CpModel()
    sessions = range(len(core))
    players = sorted(p for table in core[0] for p in table)
    take, met = chair_rules(model, core, range(extras))
    if given is not None:
        taken = {p for row in given for p in row}
        for k in sessions:
            beside = {p for table in core[k] if set(table) & set(given[k]) for p in table}
            for x in range(extras):
                for p in taken | beside:
                    model.add(take[x, k, p] == 0)
    for sources in met.values():
        model.add(sum(sources) <= 1)
    if symmetry is not None and extras == 2:
        sigma, pi = symmetry
        for k in sessions:
            for p in players:
                model.add(take[1, pi[k], sigma[p]] == take[0, k, p])
    solver = cp_model.CpSolver()
    solver.parameters.max_time_in_seconds = seconds
    solver.parameters.num_workers = workers
    solver.parameters.random_seed = seed
    status = solver.solve(model)
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        print(f"# {solver.status_name(status)} after {solver.wall_time:.1f} s", file=sys.stderr)
        return None
    return [[next(p for p in players if solver.boolean_value(take[x, k, p]))
             for x in range(extras)] for k in sessions]


def beside(first: list[list[int]], rest: list[list[int]] | None) -> list[list[int]] | None:
    """The chairs of the first extra and of those seated around him, session by session;
    None where those around him found no room."""
    return None if rest is None else [a + b for a, b in zip(first, rest, strict=True)]


def cover_one_by_one(core: IntSessions, extras: int, *, seed: int, nodes: int, tries: int,
                     symmetries: list[Symmetry],
                     second: list[Symmetry] | None = None,
                     within: tuple[set[tuple[int, int]], set[int]] | None = None
                     ) -> list[list[int]] | None:
    """Two extra players by exact cover, one after the other: the first kept by
    `symmetries` (one extra is quick, and the group's quotient quicker still), the second
    around him (kept by `second` where given, over single chairs otherwise), with the next
    seed for the first where the second finds no room. Two extras both kept by a group
    that fixes a session cannot be: both would sit at the one table of it the group keeps
    (160 x 53 under its multipliers); the second is kept by the group about another
    session instead (`NAME@session:G`). `within` applies to the first only."""
    for attempt in range(seed, seed + tries):
        first = exact_cover(core, 1, seed=attempt, nodes=nodes, tries=1,
                            symmetries=symmetries, within=within)
        if first is None or extras == 1:
            return first
        found = beside(first, exact_cover(core, extras - 1, seed=attempt, nodes=nodes, tries=1,
                                          given=first, symmetries=second))
        if found is not None:
            return found
    return None


def one_by_one(core: IntSessions, extras: int, *, tries: int, seconds: float, workers: int,
               seed: int) -> list[list[int]] | None:
    """Two extra players seated one after the other: the first alone (one extra is quick:
    65 x 21 in 2.5 s where two together were undecided after 20 minutes), then the second
    around him, with a new seed for the first where the second finds no room."""
    for attempt in range(seed, seed + tries):
        first = chairs(core, 1, seconds=seconds, workers=workers, seed=attempt)
        if first is None:
            continue
        if extras == 1:
            return first
        found = beside(first, chairs(core, extras - 1, seconds=seconds, workers=workers,
                                     seed=attempt, given=first))
        if found is not None:
            return found
        print(f"# seed {attempt}: no room for the second", file=sys.stderr)
    return None


def cover_rows(core: IntSessions, extras: int) -> Rows:
    """The chairs as an exact cover, one chair a row (`grouped_rows` with groups of one):
    primary columns are each extra's sessions (one chair each), his meeting or missing
    each core player, and his C - 3R misses (numbered slots); secondary, each core
    player's chair (given at most once) and each table of each session (one extra at
    most)."""
    chairs = [[(k, p)] for k, session in enumerate(core) for table in session for p in table]
    players = [[p] for p in sorted(p for table in core[0] for p in table)]
    return grouped_rows(core, extras, lambda x: chairs, lambda x: players)


def grouped_rows(core: IntSessions, extras: int,
                 groups: Callable[[int], list[list[tuple[int, int]]]],
                 missed: Callable[[int], list[list[int]]]) -> Rows:
    """The chairs as an exact cover where a row is a group of chairs taken together:
    `groups(x)` lists the groups (session, chair) extra x may take, `missed(x)` the groups of
    players he may miss together. A group that would seat him twice in a session, or have him
    meet a player twice, is no row; a group of s missed players takes s consecutive numbered
    slots."""
    players = sorted(p for table in core[0] for p in table)
    misses = len(players) - 3 * len(core)
    where = [{p: (t, table) for t, table in enumerate(session) for p in table}
             for session in core]
    rows: list[list[tuple[int, int, int]]] = []
    columns: list[list[str]] = []
    primary: set[str] = set()
    for x in range(extras):
        for chosen in groups(x):
            cols = []
            for k, p in chosen:
                t, table = where[k][p]
                cols += [f"S{x}.{k}", f"G{p}", f"U{k}.{t}"]
                cols += [f"M{x}.{q}" for q in table if q != p]
            if len(set(cols)) == len(cols):
                rows.append([(x, k, p) for k, p in chosen])
                columns.append(cols)
        for together in missed(x):
            for first in range(misses - len(together) + 1):
                rows.append([(x, -1, q) for q in together])
                columns.append([f"M{x}.{q}" for q in together]
                               + [f"Z{x}.{first + i}" for i in range(len(together))])
        primary.update(f"S{x}.{k}" for k in range(len(core)))
        primary.update(f"M{x}.{q}" for q in players)
        primary.update(f"Z{x}.{slot}" for slot in range(misses))
    return rows, columns, primary


def orbit_rows(core: IntSessions, extras: int, symmetries: list[Symmetry]) -> Rows:
    """`cover_rows` for chairs that the group generated by `symmetries` keeps: a row is a
    whole orbit of "x takes p's chair in session k" (or of "x misses q"), so the search
    runs on the quotient. 138 x 45 on the library's 136 x 45 (`session:1`, a cycle of 45:
    an orbit is an extra following one table through every session) is one row of 136
    for each extra; the exact cover over single chairs had not found it in half an hour."""
    players = sorted(p for table in core[0] for p in table)

    def orbit(start: tuple[int, int],
              move: Callable[[tuple[int, int], Symmetry], tuple[int, int]]
              ) -> list[tuple[int, int]]:
        seen, queue = {start}, [start]
        while queue:
            item = queue.pop()
            for image in (move(item, symmetry) for symmetry in symmetries):
                if image not in seen:
                    seen.add(image)
                    queue.append(image)
        return sorted(seen)

    def orbits(starts: list[tuple[int, int]],
               move: Callable[[tuple[int, int], Symmetry], tuple[int, int]]
               ) -> list[list[tuple[int, int]]]:
        found: list[list[tuple[int, int]]] = []
        seen: set[tuple[int, int]] = set()
        for start in starts:
            if start not in seen:
                found.append(orbit(start, move))
                seen.update(found[-1])
        return found

    chairs = orbits([(k, p) for k in range(len(core)) for p in players],
                    lambda item, sym: (sym[1][item[0]], sym[0][item[1]]))
    missed = [[q for _, q in group]
              for group in orbits([(0, q) for q in players],
                                  lambda item, sym: (0, sym[0][item[1]]))]
    return grouped_rows(core, extras, lambda x: chairs, lambda x: missed)


def frame_rows(core: IntSessions, extras: int) -> Rows:
    """Rows for a framed core (`frames.framed_sessions`, the library entry that built it):
    an extra follows one table of a holey class of the frame through the m sessions the
    inflation makes of it. In session b of the class the inflated tables of frame table
    (p_0, p_1, p_2, p_3) are {(p_t, a + b t)}; he sits at a = alpha + b and takes the chair
    of (p_s, alpha + b (s + 1)), so he meets every copy of the three other points once and
    every copy of p_s gives up a chair once. One such table in each holey class, the
    points met covering the frame once, seats an extra who meets every player of the five
    groups and misses only the fill's extra players (154 x 50: two extras, 3,611 nodes;
    over single chairs not found in 40 minutes)."""
    players = sum(len(table) for table in core[0])
    entry = next((e for e in library_entries() if e["players"] == players and "frame" in e
                  and e["sessions"] >= len(core)), None)
    if entry is None:
        raise SystemExit(f"{players} players have no framed schedule in the library")
    frame, group, m = entry["frame"], entry["frame_group"], entry["inflate"]
    classes = group // 3
    groups = []
    for c, holey in enumerate(frame):
        first = (c // classes) * classes * m + (c % classes) * m
        if first + m > len(core):
            continue
        for table in holey:
            points = sorted(table)
            for s, point in enumerate(points):
                for alpha in range(m):
                    groups.append([(first + b, point * m + (alpha + b * (s + 1)) % m)
                                   for b in range(m)])
    outside = [[p] for p in range(GROUPS * group * m, players)]
    return grouped_rows(core, extras, lambda x: groups, lambda x: outside)


def within_blocks(core: IntSessions, block: int) -> tuple[set[tuple[int, int]], set[int]]:
    """For a framed core (`frames.framed_sessions`: five groups of `block` players, then
    the fill's extra players): the (session, player) chairs at tables of one group alone,
    and the fill's extra players. An extra player seated only there meets, in each group's
    own sessions, the group's players once each (a chair at each of its fill's tables
    that do not hold the fill's extra players), and misses exactly those extra players;
    each group's part is a small cover of its own (154 x 50 on 152 x 50)."""
    groups = GROUPS * block
    chairs = {(k, p) for k, session in enumerate(core) for table in session
              if max(table) < groups and len({q // block for q in table}) == 1 for p in table}
    outside = {p for table in core[0] for p in table if p >= groups}
    return chairs, outside


def exact_cover(core: IntSessions, extras: int, *, seed: int, nodes: int, tries: int,
                symmetries: list[Symmetry] | None = None,
                given: list[list[int]] | None = None,
                within: tuple[set[tuple[int, int]], set[int]] | None = None,
                framed: bool = False) -> list[list[int]] | None:
    """The chairs by `exact_cover.c`, or None if it found none (or proved there is none);
    kept by `symmetries` where given (`orbit_rows`), following the frame's classes where
    `framed` (`frame_rows`). `given`: the chairs of extra players already seated, whose
    chairs and tables the new ones leave alone. `within`: the only chairs allowed and the
    only players who may be missed (`within_blocks`)."""
    if framed:
        rows, columns, primary = frame_rows(core, extras)
    elif symmetries:
        rows, columns, primary = orbit_rows(core, extras, symmetries)
    else:
        rows, columns, primary = cover_rows(core, extras)
    if given is not None:
        taken = {p for row in given for p in row}
        beside = [{p for table in session if set(table) & set(row) for p in table}
                  for session, row in zip(core, given, strict=True)]
        kept = [i for i, row in enumerate(rows)
                if not any(k >= 0 and (p in taken or p in beside[k]) for _, k, p in row)]
        rows, columns = [rows[i] for i in kept], [columns[i] for i in kept]
    if within is not None:
        allowed, missable = within
        kept = [i for i, row in enumerate(rows)
                if all((k, p) in allowed if k >= 0 else p in missable for _, k, p in row)]
        rows, columns = [rows[i] for i in kept], [columns[i] for i in kept]
    names = sorted(primary) + sorted({c for row in columns for c in row} - primary)
    index = {name: i for i, name in enumerate(names)}
    instance = [f"{len(primary)} {len(names) - len(primary)} {len(rows)}"]
    instance += [" ".join([str(len(row)), *(str(index[c]) for c in row)]) for row in columns]
    with tempfile.TemporaryDirectory() as folder:
        binary = Path(folder) / "exact_cover"
        subprocess.run(["gcc", "-O2", "-o", str(binary), str(EXACT_COVER)], check=True)
        done = subprocess.run([str(binary), str(seed), str(nodes), str(tries)],
                              input="\n".join(instance) + "\n", capture_output=True,
                              text=True, check=True)
    lines = done.stdout.split()
    print(f"# exact cover: {' '.join(lines[:3])}", file=sys.stderr)
    if lines[0] != "found":
        return None
    found = [[-1] * extras for _ in core]
    for line in lines[3:]:
        for x, k, p in rows[int(line)]:
            if k >= 0:
                found[k][x] = p
    return found


def shipped(players: int, sessions: int, core: int) -> list[list[int]] | None:
    """The chairs `chairs.json` holds for `players` on the same core, for the first
    `sessions` sessions, or None."""
    data = json.loads(CHAIRS.read_text(encoding="utf-8"))
    entry = next((e for e in data["entries"] if e["players"] == players
                  and e["core"] == core and e["sessions"] >= sessions), None)
    return None if entry is None else [list(row) for row in entry["chairs"][:sessions]]


def longest(players: int) -> int:
    """The most sessions the canonical core of a field of 4T + 1 or 4T + 2 players plays
    without a repeat, and no more than the field allows with fair byes."""
    extras = players % 4
    size = players - extras
    sessions = min((players - 1) // 3, players // extras)
    while sessions > 0 and core_schedule(size, sessions) is None:
        sessions -= 1
    return sessions


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, required=True)
    parser.add_argument("--sessions", type=int, default=0,
                        help="sessions to seat (default: the most the core allows, no more "
                             "than the field's bound)")
    parser.add_argument("--method", choices=("exact-cover", "cp-sat"), default="exact-cover")
    parser.add_argument("--nodes", type=int, default=50_000_000,
                        help="exact cover: nodes a try searches before the next (default 50M)")
    parser.add_argument("--tries", type=int, default=100,
                        help="exact cover: restarts, each with its own shuffle (default 100)")
    parser.add_argument("--seconds", type=float, default=600.0, help="CP-SAT time limit")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--one-by-one", type=int, default=0, metavar="TRIES",
                        help="seat the first extra player alone (seeds SEED, SEED + 1, ...; "
                             "CP-SAT: --seconds each; exact cover: kept by --orbits, "
                             "--nodes each), then the second around him")
    parser.add_argument("--symmetry", metavar="scale|shift[:H]|negate|rotate:M:K",
                        help="the second extra player is the first moved by this "
                             "automorphism of the core (see `automorphism`)")
    parser.add_argument("--orbits", action="append", default=[],
                        metavar="session:G|multiply:M[:L]|shift[:H]|...",
                        help="exact cover: only chairs this automorphism of the core keeps "
                             "(repeatable: the group they generate; see `automorphism`)")
    parser.add_argument("--within", type=int, default=0, metavar="BLOCK",
                        help="exact cover on a framed core of five groups of BLOCK players: "
                             "extras only at tables of one group (see `within_blocks`)")
    parser.add_argument("--frame", action="store_true",
                        help="exact cover on a framed core: each extra follows one table of "
                             "each holey class of the frame (see `frame_rows`)")
    parser.add_argument("--second-orbits", action="append", default=[], metavar="NAME",
                        help="exact cover with --one-by-one: the second extra player's "
                             "chairs are kept by this (repeatable), as --orbits the first's")
    parser.add_argument("--around", action="store_true",
                        help="exact cover, two extra players: the first keeps the chairs "
                             "shipped for one player fewer (chairs.json); only the second "
                             "is searched, around him (kept by --orbits where given)")
    parser.add_argument("--write", action="store_true")
    args = parser.parse_args(argv)
    extras = args.players % 4
    if extras not in (1, 2):
        parser.error("the field must be 4T + 1 or 4T + 2 players")
    size = args.players - extras
    if args.sessions <= 0:
        args.sessions = longest(args.players)
        if not args.sessions:
            parser.error(f"{size} players have no canonical schedule (the affine geometry, "
                         "the library or their product) for the chairs to refer to")
    core = core_schedule(size, args.sessions)
    if core is None:
        parser.error(f"no repeat-free schedule of {size} x {args.sessions} to stand in")
    if args.method == "exact-cover" and args.symmetry:
        parser.error("--symmetry goes with --method cp-sat")
    if args.method != "exact-cover" and (args.orbits or args.frame):
        parser.error("--orbits and --frame go with --method exact-cover")
    if args.frame and (args.orbits or args.within or args.one_by_one):
        parser.error("--frame goes alone: --orbits, --within and --one-by-one do not mix "
                     "with it")
    if args.second_orbits and not (args.one_by_one and args.method == "exact-cover"):
        parser.error("--second-orbits goes with --one-by-one and the exact cover")
    first = None
    if args.around:
        if extras != 2 or args.method != "exact-cover" or args.one_by_one or args.frame \
                or args.within:
            parser.error("--around goes with two extra players and the exact cover, without "
                         "--one-by-one, --frame or --within")
        first = shipped(args.players - 1, args.sessions, size)
        if first is None:
            parser.error(f"chairs.json has no chairs for {args.players - 1} x "
                         f"{args.sessions} on the {size}-player core to seat the second "
                         "extra around")
    began = time.monotonic()
    symmetries = [automorphism(core, name) for name in args.orbits]
    within = within_blocks(core, args.within) if args.within else None
    if args.method == "exact-cover" and args.one_by_one:
        found = cover_one_by_one(core, extras, seed=args.seed, nodes=args.nodes,
                                 tries=args.one_by_one, symmetries=symmetries,
                                 second=[automorphism(core, name) for name in args.second_orbits],
                                 within=within)
    elif first is not None:
        found = beside(first, exact_cover(core, 1, seed=args.seed, nodes=args.nodes,
                                          tries=args.tries, symmetries=symmetries, given=first))
    elif args.method == "exact-cover":
        found = exact_cover(core, extras, seed=args.seed, nodes=args.nodes, tries=args.tries,
                            symmetries=symmetries, within=within, framed=args.frame)
    elif args.one_by_one:
        found = one_by_one(core, extras, tries=args.one_by_one, seconds=args.seconds,
                           workers=args.workers, seed=args.seed)
    else:
        found = chairs(core, extras, seconds=args.seconds, workers=args.workers,
                       seed=args.seed, symmetry=automorphism(core, args.symmetry)
                       if args.symmetry else None)
    took = time.monotonic() - began
    if found is None:
        return 1
    schedule = stood_in(core, found)
    if not sound_with_byes(schedule, args.players):
        print("# the chairs found do not verify", file=sys.stderr)
        return 2
    command = ("tools/seating_search/chairs_search.py "
               + " ".join(a for a in (argv if argv is not None else sys.argv[1:])
                          if a != "--write"))
    entry = {"players": args.players, "sessions": args.sessions, "core": size,
             "chairs": found, "command": command, "seconds": round(took, 1)}
    print(json.dumps(entry))
    if args.write:
        written(CHAIRS, entry)
    return 0


if __name__ == "__main__":
    sys.exit(main())
