"""Recompute `library.json`: `python -m tournament_manager.domain.seating.library_builder`.

For every field of 16..172 players it looks for a schedule at the bound R = floor((N - 1) / 3):
first, where N = 3q + 1 (q a prime power ≡ 1 mod 4) or N = 3q + 3 (q ≡ 7 mod 12), with the
multiplier-orbit search over GF(q) (`cyclotomic`: 88, 124, 160 in seconds); where N = 4q
(q ≡ 1 mod 3), on four levels of GF(q) (`four_levels`: 172 in seconds, 100 by CP-SAT in
about three minutes); then with the symmetric difference search (`difference_search`),
trying each multiplier and a few seeds; the fields that search cannot reach (N = 8 mod 12
without a multiplier) go to the CP-SAT orbit solver at the session counts it reaches. Every
entry found is written at once, so an interrupted run keeps what it found, and `library`
checks each entry again on use.

The 3q + 3 fields past 60 need the multiplier-orbit annealing kept warm (`WARM`) and longer:
`--players 96 --moves 3000000` found 96 x 31 at seed 3 in 269 s (2026-11-26, one core; each
failed seed costs 70 s). 132 x 43 (q = 43) took nine restarts of 30 million moves, which a
C transcription of `search_cyclotomic` ran in about two minutes; this Python search would
need hours for it, so that entry was written from the transcription's base session
(verified by `library.sound` like every entry) and its found_by says so.

The same holds for the difference search on the fields it has a structure for but never
settled: its Python annealing stalls one clash short in a million moves a seed (16 s at 80).
`tools/seating_search/` keeps both C transcriptions (same moves, cost and acceptance, another
random generator); their entries name the seed and the restart, and were checked by
`orbits.verified` before they were written. On 2026-11-26, one core: 80 x 26 (u = 3) at the
first restart of 20 million moves (2.5 s); 108 x 35 (0 cycled, u = 11) after about seven
minutes of restarts (20 and 50 million moves, temperatures 0.25 to 0.35, every u and both
shapes); 120 x 39 (0 cycled, u = 22) after 21 minutes of them (166 restarts, up to 80
million moves). Still one or two clashes short after about 15 minutes each: 116, 128 and 136;
156, 164 and 168 two or three short after a minute. The C program's exact repair (free eight
base tables, the clashing ones first, and refill them by depth-first search whenever the
annealing is at most three clashes short) then settled 116 x 38 (u = 11) in 2.7 s, the third
restart of 30 million moves (about four minutes of restarts, 2026-11-26), and 128 x 42
(u = 25) at the first restart, 19.6 s, and 136 x 45 (u = 16) at the fourteenth, 2.6 s
(about four minutes of restarts over u = 16, 31, 1). Where the bound itself has no level
turn or was not settled, the C program's fixed-player argument gives one a few sessions under
it (more fixed players, a smaller Z_R with a u of order 3): 68 x 21, 140 x 45, 152 x 49 (five
fixed), 168 x 54 (six), 92 x 28, 164 x 52 (eight), 156 x 49 (nine), 104 x 31 (eleven), each
at the first seeds (2026-11-26, `tools/seating_search/README.md`).

Options: `--players 44 56` limits the fields, `--moves 300000` the annealing moves a try
(`--seeds 40` tries a structure),
`--below 2` also tries up to two session counts under the bound, `--seconds 600` the CP-SAT
time a try.
"""

from __future__ import annotations

import argparse
import json
import time
from importlib import resources
from pathlib import Path
from typing import Any

from tournament_manager.domain.seating.constructions import affine_dimension
from tournament_manager.domain.seating.control import Budget
from tournament_manager.domain.seating.cyclotomic import (
    bound_sessions,
    multiplier_orders,
    search_cyclotomic,
)
from tournament_manager.domain.seating.difference_search import (
    bound_field,
    fields,
    multipliers,
    search_symmetric,
)
from tournament_manager.domain.seating.four_levels import (
    four_level_field,
    search_four_levels,
    solve_four_levels_symmetric,
)
from tournament_manager.domain.seating.four_levels import (
    multiplier_orders as four_level_orders,
)
from tournament_manager.domain.seating.library import LIBRARY_FILE
from tournament_manager.domain.seating.orbit_solver import solve_base
from tournament_manager.domain.seating.orbits import OrbitStructure, candidate_structures, verified

ALL_FIELDS = tuple(range(16, 173, 4))
CP_SAT_FIELDS = ((28, 9), (32, 9), (20, 5))
"""Below the bound, where the symmetric search has no structure: the orbit solver's fields."""
WARM = 0.3
"""The temperature the 3q + 3 search stays at (at 0.05 it stalls one or two clashes short)."""


def _entry(players: int, sessions: int, structure: OrbitStructure, base: list[list[int]],
           how: str, seconds: float) -> dict[str, Any]:
    return {"players": players, "sessions": sessions, "cycle": structure.cycle,
            "speeds": list(structure.speeds), "base": base, "found_by": how,
            "seconds": round(seconds, 1)}


def _cyclotomic(players: int, moves: int, seeds: int) -> dict[str, Any] | None:
    """3q + 1 settles all but greedily; 3q + 3 (groups of three) from 96 up needs the
    annealing kept warm (`search_cyclotomic`'s `coolest`)."""
    q = bound_sessions(players)
    if q is None:
        return None
    coolest = WARM if players % 3 == 0 else 0.05
    started = time.monotonic()
    for order in multiplier_orders(players):
        for seed in range(seeds):
            base = search_cyclotomic(players, order, seed=seed, max_moves=moves,
                                     coolest=coolest)
            if base is not None:
                return {"players": players, "sessions": q, "field": q, "base": base,
                        "found_by": f"multiplier-orbit search over GF({q}), multiplier group "
                                    f"of order {order}, seed {seed}"
                                    + (f", temperature {coolest}" if coolest != 0.05 else ""),
                        "seconds": round(time.monotonic() - started, 1)}
    return None


def _four_levels(players: int, moves: int, seeds: int, seconds: float
                 ) -> dict[str, Any] | None:
    """4q players (q ≡ 1 mod 3): annealing under an odd multiplier group, then CP-SAT
    under {±1} (`four_levels`: 172 in seconds, 100 in about three minutes)."""
    q = four_level_field(players)
    if q is None:
        return None
    started = time.monotonic()
    sessions = q + (q - 1) // 3

    def entry(found: tuple[list[list[int]], list[list[int]]], how: str) -> dict[str, Any]:
        base, transversals = found
        return {"players": players, "sessions": sessions, "field": q, "base": base,
                "transversals": transversals, "found_by": how,
                "seconds": round(time.monotonic() - started, 1)}

    for order in four_level_orders(players):
        if order == 1:
            continue  # no symmetry: the annealing does not settle
        for seed in range(seeds):
            found = search_four_levels(players, order, seed=seed, max_moves=moves)
            if found is not None:
                return entry(found, f"four levels over GF({q}), multiplier group of order "
                                    f"{order}, seed {seed}")
    for seed in range(3):
        found = solve_four_levels_symmetric(players, seed=seed, seconds=seconds)
        if found is not None:
            return entry(found, f"four levels over GF({q}), CP-SAT under ±1, seed {seed}")
    return None


def _symmetric(players: int, moves: int, seeds: int, below: int) -> dict[str, Any] | None:
    """The longest schedule the symmetric search finds: the bound first, then one less..."""
    bound = bound_field(players)
    if bound is None:
        return None
    started = time.monotonic()
    for sessions in range(bound.sessions, max(4, bound.sessions - below - 1), -1):
        for field in fields(players, sessions):
            turns = [(u, False) for u in multipliers(field)]
            if sessions % 3 == 0 and field.invariant <= 1:
                turns.append((1, True))  # Z_3R is not Z_3 x Z_R: another symmetry to try
            for multiplier, cyclic in turns:
                for seed in range(seeds):
                    base = search_symmetric(field, multiplier, seed=seed, max_moves=moves,
                                            cyclic=cyclic)
                    if base is not None and verified(field.structure, base, players, sessions):
                        how = "cyclic Z_3R" if cyclic else f"multiplier {multiplier}"
                        return _entry(players, sessions, field.structure, base,
                                      f"difference search, {field.cycled} cycled, {how}, "
                                      f"seed {seed}", time.monotonic() - started)
    return None


def _cp_sat(players: int, sessions: int, seconds: float) -> dict[str, Any] | None:
    started = time.monotonic()
    for structure in candidate_structures(players, sessions):
        for seed in range(3):
            base = solve_base(structure, players, sessions, seed=seed, budget=Budget(seconds))
            if base is not None and verified(structure, base, players, sessions):
                return _entry(players, sessions, structure, base,
                              f"CP-SAT orbit solver, cycle {structure.cycle}, seed {seed}",
                              time.monotonic() - started)
    return None


def _read(target: Path) -> dict[int, dict[str, Any]]:
    """Each field's longest entry in the file as it is now."""
    entries: dict[int, dict[str, Any]] = {}
    if target.exists():
        for entry in json.loads(target.read_text(encoding="utf-8"))["entries"]:
            if entry["sessions"] > entries.get(entry["players"], {}).get("sessions", 0):
                entries[entry["players"]] = entry
    return entries


def _write(target: Path, found: dict[str, Any]) -> None:
    """Merge one entry into the file as it is now, so builders on different fields can run
    side by side (one process per core)."""
    entries = _read(target)
    if found["sessions"] > entries.get(found["players"], {}).get("sessions", 0):
        entries[found["players"]] = found
    ordered = [entries[n] for n in sorted(entries)]
    text = "{\"entries\": [\n" + ",\n".join(json.dumps(e) for e in ordered) + "\n]}\n"
    partial = target.with_suffix(".partial")
    partial.write_text(text, encoding="utf-8")
    partial.replace(target)


def build(players: tuple[int, ...], moves: int, seeds: int, seconds: float, below: int,
          target: Path) -> None:
    """Keep each field's longest schedule: an entry is replaced only by a longer one."""
    for n in players:
        field = bound_field(n)
        if field is None or affine_dimension(n) is not None:
            continue
        known = _read(target).get(n, {}).get("sessions", 0)
        if known >= field.sessions:
            print(f"{n} x {field.sessions}: already in the library", flush=True)
            continue
        found = (_cyclotomic(n, moves, seeds) or _four_levels(n, moves, seeds, seconds)
                 or _symmetric(n, moves, seeds, below))
        if found is not None and found["sessions"] <= known:
            found = None
        if found is None:
            for cp_players, sessions in CP_SAT_FIELDS:
                if cp_players == n and known < sessions:
                    found = _cp_sat(n, sessions, seconds)
        if found is None:
            print(f"{n}: nothing new", flush=True)
            continue
        _write(target, found)
        print(f"{n} x {found['sessions']}: {found['found_by']}, {found['seconds']} s", flush=True)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, nargs="*", default=list(ALL_FIELDS))
    parser.add_argument("--moves", type=int, default=300_000)
    parser.add_argument("--seeds", type=int, default=40, help="restarts a structure gets")
    parser.add_argument("--seconds", type=float, default=600.0)
    parser.add_argument("--below", type=int, default=0,
                        help="also try this many session counts below the bound")
    options = parser.parse_args(argv)
    target = Path(str(resources.files(__package__).joinpath(LIBRARY_FILE)))
    build(tuple(options.players), options.moves, options.seeds, options.seconds,
          options.below, target)


if __name__ == "__main__":
    main()
