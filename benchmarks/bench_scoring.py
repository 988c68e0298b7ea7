"""Scoring throughput: random Zung Jung winning hands (with melds) per second, one core.

The full arrangement search runs for every hand (all decompositions, every choice of the
group the winning tile completes, Seven Pairs and Thirteen Terminals). Hands are generated
first, so only scoring is timed. Target: at least 20,000 hands per second.

    cd /work/main && .venv/bin/python -m benchmarks.bench_scoring [--hands 20000] [--seed 1]
    cd /work/main && .venv/bin/python -m benchmarks.bench_scoring --profile   # cProfile top 25
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import random
import time

from tournament_manager.rules import get_rule_set
from tournament_manager.rules.hand import Hand, Meld, MeldKind, WinType
from tournament_manager.rules.tiles import WINDS, TileId


def random_hand(rng: random.Random) -> Hand:
    """Four sets and a pair that respect the four-copies limit; some sets become melds."""
    counts = [0] * 34
    sets: list[tuple[MeldKind, TileId]] = []
    while len(sets) < 4:
        if rng.random() < 0.55:
            start = rng.randrange(3) * 9 + rng.randrange(7)
            if all(counts[start + i] < 4 for i in range(3)):
                sets.append((MeldKind.CHOW, start))
                for i in range(3):
                    counts[start + i] += 1
        else:
            tile = rng.randrange(34)
            if counts[tile] == 0:
                sets.append((MeldKind.PUNG, tile))
                counts[tile] += 3
    pair = rng.choice([t for t in range(34) if counts[t] <= 2])
    counts[pair] += 2
    melds: list[Meld] = []
    held: list[TileId] = [pair, pair]
    for kind, tile in sets:
        if rng.random() < 0.35:
            if kind is MeldKind.PUNG and counts[tile] == 3 and rng.random() < 0.3:
                melds.append(Meld(MeldKind.KONG, (tile,) * 4, exposed=rng.random() < 0.5))
            else:
                tiles = (tile, tile + 1, tile + 2) if kind is MeldKind.CHOW else (tile,) * 3
                melds.append(Meld(kind, tiles))
        else:
            held.extend((tile, tile + 1, tile + 2) if kind is MeldKind.CHOW else (tile,) * 3)
    winning = held.pop(rng.randrange(len(held)))
    win_type = rng.choice((WinType.SELF_DRAW, WinType.DISCARD))
    return Hand(tuple(sorted(held)), tuple(melds), winning, win_type, rng.choice(WINDS))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=20000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--profile", action="store_true")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    hands = [random_hand(rng) for _ in range(args.hands)]
    rule_set = get_rule_set("zung-jung")
    options = rule_set.default_options()

    def score_all() -> None:
        for hand in hands:
            if not rule_set.score(hand, options).valid:
                raise SystemExit(f"generated hand did not score: {hand}")

    if args.profile:
        cProfile.runctx("score_all()", globals(), locals(), "/tmp/bench_scoring.prof")
        pstats.Stats("/tmp/bench_scoring.prof").sort_stats("cumulative").print_stats(25)
        return
    start = time.perf_counter()
    score_all()
    elapsed = time.perf_counter() - start
    print(f"{len(hands)} hands in {elapsed:.2f} s: {len(hands) / elapsed:,.0f} hands/s")


if __name__ == "__main__":
    main()
