"""Search a field with byes as the orbit of one base session, and write the entry the draw
reads (`tournament_manager/domain/seating/bye_orbits.json`, see `bye_library`).

For N = 3R + F players over R sessions, N mod 4 of them sitting out each session: levels
of R players that move one place a session, F fixed players. The search is the annealing of
`plain_search.c` with its table of those who sit out (built here with gcc into a temporary
folder), run over seeds from `--seed` until one finds a base session; the entry is checked
as the draw checks it before it is printed or written.

    .venv/bin/python tools/seating_search/bye_orbits.py --players 70 --sessions 22 \\
        --seed 200 --moves 300000000 --temperature 0.25 --write
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(Path(__file__).resolve().parent))  # when loaded from elsewhere

from shipped_entries import written  # tools/seating_search/shipped_entries.py, beside this

from tournament_manager.domain.seating.bye_library import BYE_ORBITS_FILE
from tournament_manager.domain.seating.chair_library import sound_with_byes
from tournament_manager.domain.seating.orbits import OrbitStructure, expand

SOURCE = Path(__file__).resolve().parent / "plain_search.c"
ENTRIES = ROOT / "tournament_manager" / "domain" / "seating" / BYE_ORBITS_FILE
REPAIR = ("8", "2000000", "3000", "3")
"""Refill 8 tables exactly (2 million nodes) at cost 3 or less, 3000 moves apart."""


def shape(players: int, sessions: int) -> tuple[int, int] | None:
    """(fixed players, players sitting out a session), or None where the structure does
    not fit: no bye, fewer than three levels' worth of players, more fixed players than
    the levels can give three table-mates each, or more than `plain_search.c` holds."""
    fixed, out = players - 3 * sessions, players % 4
    if (out == 0 or fixed < 0 or sessions < 2 or 3 * fixed > 3 * sessions - out
            or players + 4 - out > 256):
        return None
    return fixed, out


def search(binary: Path, players: int, fixed: int, seed: int, moves: int,
           temperature: float) -> list[list[int]] | None:
    done = subprocess.run([str(binary), str(players), str(fixed), str(seed),
                           str(moves), str(temperature), "3", *REPAIR],
                          capture_output=True, text=True, check=True)
    found = re.search(r"^BASE (\[.*\])$", done.stdout, re.MULTILINE)
    print(done.stdout.splitlines()[0], file=sys.stderr)
    return None if found is None else json.loads(found.group(1))


def schedule_of(base: list[list[int]], sessions: int) -> list[list[list[int]]]:
    return expand(OrbitStructure(sessions, (1, 1, 1)), base, sessions)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, required=True)
    parser.add_argument("--sessions", type=int, required=True)
    parser.add_argument("--seed", type=int, default=1, help="the first seed tried")
    parser.add_argument("--runs", type=int, default=20, help="seeds tried, one after another")
    parser.add_argument("--moves", type=int, default=30_000_000, help="moves a run")
    parser.add_argument("--temperature", type=float, default=0.3)
    parser.add_argument("--write", action="store_true", help=f"put the entry in {BYE_ORBITS_FILE}")
    args = parser.parse_args(argv)
    fitted = shape(args.players, args.sessions)
    if fitted is None:
        parser.error(f"{args.players} players over {args.sessions} sessions do not fit "
                     "levels of one place a session with fixed players and byes")
    fixed, _out = fitted
    began = time.monotonic()
    with tempfile.TemporaryDirectory() as folder:
        binary = Path(folder) / "plain_search"
        subprocess.run(["gcc", "-O2", "-o", str(binary), str(SOURCE), "-lm"], check=True)
        for seed in range(args.seed, args.seed + args.runs):
            base = search(binary, args.players, fixed, seed, args.moves, args.temperature)
            if base is not None:
                break
        else:
            print(f"# none found in {args.runs} runs", file=sys.stderr)
            return 1
    took = time.monotonic() - began
    if not sound_with_byes(schedule_of(base, args.sessions), args.players):
        print("# the base session found does not verify", file=sys.stderr)
        return 2
    # the seed that found it, so that the command finds it again in one run
    command = (f"tools/seating_search/bye_orbits.py --players {args.players} --sessions "
               f"{args.sessions} --seed {seed} --runs 1 --moves {args.moves} "
               f"--temperature {args.temperature}")
    entry = {"players": args.players, "sessions": args.sessions, "cycle": args.sessions,
             "speeds": [1, 1, 1], "base": base, "command": command, "seconds": round(took, 1)}
    print(json.dumps(entry))
    if args.write:
        written(ENTRIES, entry)
    return 0


if __name__ == "__main__":
    sys.exit(main())
