"""Recompute `library.json`: `python -m tournament_manager.domain.seating.library_builder`.

Runs the orbit solver (see `orbit_solver`) with a long time limit on fields where the live
draw would spend most of its budget, and stores every base session found; `library` checks
each entry again on use.
"""

from __future__ import annotations

import json
import sys
from importlib import resources
from pathlib import Path
from typing import Any

from tournament_manager.domain.seating.control import Budget
from tournament_manager.domain.seating.library import LIBRARY_FILE
from tournament_manager.domain.seating.orbit_solver import solve_base
from tournament_manager.domain.seating.orbits import candidate_structures, verified

FIELDS = ((40, 10), (48, 12), (28, 9), (24, 7), (32, 9))
SEEDS = (0, 1, 2)


def build(fields: tuple[tuple[int, int], ...], seconds_per_try: float, target: Path) -> None:
    """Write the library again after every field found, so an interrupted run keeps them."""
    entries: list[dict[str, Any]] = []
    for players, sessions in fields:
        for structure in candidate_structures(players, sessions):
            found = None
            for seed in SEEDS:
                found = solve_base(structure, players, sessions, seed=seed,
                                   budget=Budget(seconds_per_try))
                if found is not None:
                    break
            if found is not None and verified(structure, found, players, sessions):
                entries.append({"players": players, "sessions": sessions,
                                "cycle": structure.cycle, "speeds": list(structure.speeds),
                                "base": found})
                target.write_text(json.dumps({"entries": entries}) + "\n", encoding="utf-8")
                print(f"{players} x {sessions}: found", flush=True)
                break
        else:
            print(f"{players} x {sessions}: not found", flush=True)


def main() -> None:
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 120.0
    target = Path(str(resources.files(__package__).joinpath(LIBRARY_FILE)))
    build(FIELDS, seconds, target)


if __name__ == "__main__":
    main()
