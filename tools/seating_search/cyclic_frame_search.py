"""Find a cyclic 4-frame of type 3^v and print the library entry it makes (offline tool).

The field is 12v players at the bound (see `tournament_manager.domain.seating.frame_product`):
the frame's (v - 1) / 4 base blocks on Z_3v must put their points on the nonzero residues mod
v once each and cover every difference outside the subgroup vZ once. A depth-first search
places the residues one at a time (in an order shuffled by `--seed`), trying each block that
is not full (empty blocks are interchangeable, so only the first) and each of the three
lifts r, r + v, r + 2v of the residue, and backs up as soon as a difference repeats. The
first point is not lifted: moving every block by v changes nothing.

    .venv/bin/python tools/seating_search/cyclic_frame_search.py --groups 13

The expanded schedule is checked by `library.sound`, the check every library.json entry
passes on use.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time

from tournament_manager.domain.seating.frame_product import LAYERS, frame_product_sessions
from tournament_manager.domain.seating.library import sound


def find_blocks(v: int, seed: int) -> list[list[int]] | None:
    """The base blocks of a cyclic 4-frame of type 3^v on Z_3v, or None if there is none."""
    n = 3 * v
    rng = random.Random(seed)
    residues = list(range(1, v))
    rng.shuffle(residues)
    blocks: list[list[int]] = [[] for _ in range((v - 1) // 4)]
    used: set[int] = set()

    def differences(point: int, block: list[int]) -> list[int] | None:
        found: list[int] = []
        for other in block:
            for d in ((point - other) % n, (other - point) % n):
                if d in used or d in found:
                    return None
                found.append(d)
        return found

    def place(i: int) -> bool:
        if i == len(residues):
            return True
        r = residues[i]
        open_blocks = [b for b in blocks if len(b) < 4]
        first_empty = next((k for k, b in enumerate(open_blocks) if not b), len(open_blocks))
        lifts = [r] if i == 0 else [r + v * t for t in range(3)]
        for block in open_blocks[:first_empty + 1]:
            for point in lifts:
                new = differences(point, block)
                if new is None:
                    continue
                used.update(new)
                block.append(point)
                if place(i + 1):
                    return True
                block.pop()
                used.difference_update(new)
        return False

    return blocks if v % 4 == 1 and place(0) else None


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--groups", type=int, required=True, help="v, 1 mod 4 and at least 5")
    parser.add_argument("--seed", type=int, default=1, help="the order the residues are placed in")
    args = parser.parse_args(argv)
    v = args.groups
    if v % 4 != 1 or v < 5:
        parser.error("a cyclic frame of type 3^v needs v = 1 mod 4, v >= 5")
    start = time.monotonic()
    blocks = find_blocks(v, args.seed)
    seconds = time.monotonic() - start
    if blocks is None:
        print(f"no frame ({seconds:.1f} s)")
        return 1
    players = LAYERS * 3 * v
    sessions = 4 * v - 1
    try:
        schedule = frame_product_sessions(blocks, players, sessions)
    except ValueError as error:
        print(f"found a frame, but {error}")
        return 2
    if len(schedule) != sessions or not sound(schedule, players):
        print("the schedule is not sound: a bug in this tool")
        return 2
    print(f"found and checked in {seconds:.1f} s")
    print(json.dumps({"players": players, "sessions": sessions, "frame_blocks": blocks,
                      "found_by": f"cyclic_frame_search.py --groups {v} --seed {args.seed}",
                      "seconds": round(seconds, 1)}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
