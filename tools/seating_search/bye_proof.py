"""Prove that 17 players cannot play 5 sessions without a repeat (offline tool).

17 x 5 is the one odd field at the bound where the draw keeps a repeated pair (benchmark
`--odd`: 1 excess meeting). Zero is not ruled out by counting seats, so this settles it by
an exhaustive case split that CP-SAT (the application's own solver) decides.

The field: 4 tables of four each session, one player sitting out; fair byes give five
different players one bye each (number them so that player s sits out session s). With no
pair meeting twice, a player who plays all five sessions meets 15 of the other 16 and a
player who sat out meets 12, so the graph G of pairs that never meet has degree 1 at the
12 who played throughout and degree 4 at the 5 who sat out. G is therefore fixed up to
relabelling by its part H on the five: each of them has 4 - deg_H(v) partners among the
twelve (each of the twelve has one partner in all), and the twelve left over pair among
themselves. H needs at least four edges (the five have 20 - 2e partners among the twelve,
at most 12). For each of the 26 graphs H on five points with four edges or more, taken up
to isomorphism (renaming the sessions renames the five), the model asks for the sessions
with every pair of G apart and every other pair at one table exactly once; tables within a
session are ordered by their lowest player. Each answers "no such schedule" (H = K5 is
the nearly Kirkman triple system on 12 points, which is known not to exist). Before the
proof, the same model must find the 16 x 5 design, so an encoding that forbids too much
cannot pass for a proof.

    .venv/bin/python tools/seating_search/bye_proof.py

Exit status 0 when every case is refuted, 1 if a case has a schedule (it is printed).
"""

from __future__ import annotations

import itertools
import sys
import time
from collections.abc import Iterator, Sequence

from ortools.sat.python import cp_model

Pair = tuple[int, int]
PLAYERS, SESSIONS, TABLES = 17, 5, 4
SITTING_OUT = tuple(range(SESSIONS))  # player s sits out session s
PLAYED_THROUGHOUT = tuple(range(SESSIONS, PLAYERS))


def graphs_on_five(least_edges: int) -> list[tuple[Pair, ...]]:
    """Every graph on five points with at least `least_edges` edges, one per isomorphism
    class (the least sorted edge list over the 120 relabellings)."""
    points = range(5)
    pairs = list(itertools.combinations(points, 2))
    classes: set[tuple[Pair, ...]] = set()
    for mask in range(1 << len(pairs)):
        edges = [pair for bit, pair in enumerate(pairs) if mask >> bit & 1]
        if len(edges) < least_edges:
            continue
        classes.add(min(tuple(sorted(tuple(sorted((p[a], p[b]))) for a, b in edges))
                        for p in itertools.permutations(points)))
    return sorted(classes, key=lambda h: (len(h), h))


def never_met(h: Sequence[Pair]) -> set[Pair]:
    """G from H: the five's own unmet pairs, 4 - deg_H(v) partners of each of the five among
    the twelve, and the rest of the twelve paired off."""
    degree = [sum(v in edge for edge in h) for v in SITTING_OUT]
    graph = set(h)
    twelve = iter(PLAYED_THROUGHOUT)
    for v in SITTING_OUT:
        for _ in range(4 - degree[v]):
            graph.add((v, next(twelve)))
    rest = list(twelve)
    graph.update((rest[i], rest[i + 1]) for i in range(0, len(rest), 2))
    return graph


def decide(players: int, out_of: Sequence[int | None], apart: set[Pair],
           seconds: float) -> tuple[str, list[list[list[int]]]]:
    """'found' with the sessions (tables of players), or 'refuted', or 'unknown'.
    `out_of[s]` sits out session s (None: nobody); pairs in `apart` never meet and every
    other pair meets exactly once."""
    model = cp_model.CpModel()
    sessions = len(out_of)
    seated = [[p for p in range(players) if p != out_of[s]] for s in range(sessions)]
    at = {(p, s, t): model.new_bool_var(f"x{p}_{s}_{t}")
          for s in range(sessions) for p in seated[s] for t in range(TABLES)}
    for s in range(sessions):
        for p in seated[s]:
            model.add_exactly_one(at[p, s, t] for t in range(TABLES))
        for t in range(TABLES):
            model.add(sum(at[p, s, t] for p in seated[s]) == 4)
            if t:  # tables ordered by their lowest player
                for p in seated[s]:
                    model.add_bool_or([at[q, s, t - 1] for q in seated[s] if q < p]
                                      ).only_enforce_if(at[p, s, t])
    for p, q in itertools.combinations(range(players), 2):
        meetings = []
        for s in range(sessions):
            if p not in seated[s] or q not in seated[s]:
                continue
            for t in range(TABLES):
                meet = model.new_bool_var(f"m{p}_{q}_{s}_{t}")
                model.add_implication(meet, at[p, s, t])
                model.add_implication(meet, at[q, s, t])
                model.add_bool_or([meet, at[p, s, t].Not(), at[q, s, t].Not()])
                meetings.append(meet)
        if (p, q) in apart:
            model.add(sum(meetings) == 0)
        else:
            model.add_exactly_one(meetings)
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    solver.parameters.max_time_in_seconds = seconds
    status = solver.solve(model)
    if status == cp_model.INFEASIBLE:
        return "refuted", []
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return "unknown", []
    return "found", [[[p for p in seated[s] if solver.value(at[p, s, t])]
                      for t in range(TABLES)] for s in range(sessions)]


def cases() -> Iterator[tuple[tuple[Pair, ...], set[Pair]]]:
    for h in graphs_on_five(least_edges=4):
        yield h, never_met(h)


def main(argv: Sequence[str] | None = None) -> int:
    import argparse
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=600.0,
                        help="CP-SAT time limit for each case (default 600)")
    arguments = parser.parse_args(argv)
    started = time.monotonic()
    verdict, design = decide(16, [None] * SESSIONS, set(), arguments.seconds)
    met = sorted(pair for session in design for table in session
                 for pair in itertools.combinations(sorted(table), 2))
    if verdict != "found" or met != list(itertools.combinations(range(16), 2)):
        print(f"The model did not find the 16 x 5 design ({verdict}): it proves nothing.",
              file=sys.stderr)
        return 2
    print(f"control: the model finds the 16 x 5 design ({time.monotonic() - started:.1f} s)")
    unknown = 0
    for h, apart in cases():
        started = time.monotonic()
        verdict, sessions = decide(PLAYERS, SITTING_OUT, apart, arguments.seconds)
        print(f"H = {list(h)} ({len(h)} edges): {verdict} in "
              f"{time.monotonic() - started:.1f} s", flush=True)
        if verdict == "found":
            print(f"17 x 5 without a repeat: {sessions}")
            return 1
        unknown += verdict == "unknown"
    if unknown:
        print(f"{unknown} cases undecided: nothing is proved.")
        return 3
    print("17 x 5 with fair byes cannot be drawn without a repeated pair: 1 excess meeting "
          "is the least.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
