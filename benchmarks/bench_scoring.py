"""Scoring throughput: random Zung Jung winning hands (with melds) per second, one core.

The full arrangement search runs for every hand (all decompositions, every choice of the
group the winning tile completes, Seven Pairs and Thirteen Terminals). Hands are generated
first, so only scoring is timed. Target: at least 20,000 hands per second, by the scorer
as `pip install .` installs it (compiled by mypyc where a C compiler is present; the
development venv's editable install is pure Python, about half as fast).

    cd /work/main && .venv/bin/python -m benchmarks.bench_scoring [--hands 20000] [--seed 1]
    cd /work/main && .venv/bin/python -m benchmarks.bench_scoring --compiled   # the wheel's
    cd /work/main && .venv/bin/python -m benchmarks.bench_scoring --profile   # cProfile top 25
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import random
import sys
import time

from tournament_manager.rules import get_rule_set
from tournament_manager.rules.random_hands import random_hand


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=20000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--profile", action="store_true")
    parser.add_argument("--compiled", action="store_true",
                        help="build the wheel (mypyc) and measure its scorer instead")
    args = parser.parse_args()
    if args.compiled:
        from benchmarks.compiled_build import run_against_wheel

        raise SystemExit(run_against_wheel("benchmarks.bench_scoring", sys.argv[1:]))
    from benchmarks.compiled_build import scorer_is_compiled

    print("scorer:", "compiled by mypyc (the wheel of `pip install .`)"
          if scorer_is_compiled() else "pure Python (an editable install)")
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
