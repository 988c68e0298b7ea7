"""MCR scoring throughput on the worked example set, side by side with the C++ calculator
behind PyMahjongGB (the reference algorithm), in one run on one core.

Both scorers get the same 132 hands of tests/rules/data/mcr-hands.json (mahjonggb profile,
the profile PyMahjongGB implements), already parsed, repeated `--rounds` times; only scoring
is timed. Our figure includes the full High-versus-Low search (every decomposition, the
special shapes, the unique-wait test). Goal (issue 17): within 3x of PyMahjongGB on fresh
random hands, in pure Python.
The run also checks that both scorers agree on each hand's total, on the example set and
(the minimum set aside, after the timing) on every fresh hand: `--random 20000` is the
20,000-hand agreement check.

Since the example hands repeat across rounds, the run also scores `--random` fresh random
hands (tests/rules/mcr/mcr_random.py, seed `--seed`) once each, after a warm-up on `--warm`
other random hands (the per-suit and per-pattern memos of a long-running application): no
memo keyed by a whole hand can flatter that figure.

Each timed run starts after a full garbage collection, ours and PyMahjongGB's alike: the
hands and arguments the run itself prepared are not charged to the scorer timed next (the
collections our own allocations cause while scoring still are).

The scorer measured is the one this interpreter imports: pure Python in the development
venv (an editable install), compiled by mypyc in the wheel of `pip install .` where a C
compiler is present (hatch_build.py). `--compiled` builds that wheel, unpacks it into a
temporary folder and runs the same benchmark against it in a child process; the first line
says which scorer was measured.

    cd /work/main && .venv/bin/python -m benchmarks.bench_mcr [--rounds 30] [--random 6000]
    cd /work/main && .venv/bin/python -m benchmarks.bench_mcr --compiled
    cd /work/main && .venv/bin/python -m benchmarks.bench_mcr --profile   # cProfile top 25
PyMahjongGB: `.venv/bin/pip install PyMahjongGB` (the run reports ours alone without it).
"""

from __future__ import annotations

import argparse
import cProfile
import gc
import json
import pstats
import random
import sys
import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

from tournament_manager.rules import get_rule_set
from tournament_manager.rules.hand import Hand, MeldKind, WinFlag, WinType
from tournament_manager.rules.hand_json import read_hand
from tournament_manager.rules.tiles import WINDS, TileId

EXAMPLES = Path(__file__).resolve().parents[1] / "tests" / "rules" / "data" / "mcr-hands.json"
RANDOM_HANDS = Path(__file__).resolve().parents[1] / "tests" / "rules" / "mcr"
_SUIT_CODES = ("W", "B", "T")  # characters, dots, bamboo in PyMahjongGB
SCORER = ["pure Python"]  # which scorer this process measures, as `report` labels it
_HONOR_CODES = ("F1", "F2", "F3", "F4", "J3", "J2", "J1")  # E S W N, white, green, red


def oracle_tile(tile: TileId) -> str:
    if tile >= 27:
        return _HONOR_CODES[tile - 27]
    return f"{_SUIT_CODES[tile // 9]}{tile % 9 + 1}"


def oracle_arguments(hand: Hand) -> dict[str, Any]:
    """PyMahjongGB's keyword arguments for a hand (a concealed kong has offer 0)."""
    packs = []
    for meld in hand.melds:
        if meld.kind is MeldKind.CHOW:
            packs.append(("CHI", oracle_tile(min(meld.tiles) + 1), 1))
        else:
            kind = "PENG" if meld.kind is MeldKind.PUNG else "GANG"
            packs.append((kind, oracle_tile(meld.tiles[0]), 1 if meld.exposed else 0))
    flags = hand.flags
    return {
        "pack": tuple(packs),
        "hand": tuple(oracle_tile(t) for t in hand.concealed),
        "winTile": oracle_tile(hand.winning_tile),
        "flowerCount": hand.flowers,
        "isSelfDrawn": hand.win_type is WinType.SELF_DRAW,
        "is4thTile": WinFlag.LAST_TILE in flags,
        "isAboutKong": bool(flags & {WinFlag.KONG_REPLACEMENT, WinFlag.ROBBING_KONG}),
        "isWallLast": bool(flags & {WinFlag.SEABED, WinFlag.RIVERBED}),
        "seatWind": WINDS.index(hand.seat_wind),
        "prevalentWind": WINDS.index(hand.prevalent_wind),
    }


def load_oracle() -> Callable[..., Any] | None:
    try:
        from MahjongGB import MahjongFanCalculator  # type: ignore[import-not-found]
    except ImportError:
        return None
    return MahjongFanCalculator  # type: ignore[no-any-return]


def oracle_total(calculator: Callable[..., Any], arguments: dict[str, Any]) -> int:
    try:
        return sum(points for points, _ in calculator(**arguments))
    except TypeError:  # PyMahjongGB's signal for an invalid or non-winning hand
        return -1


def rate(run: Callable[[], None], count: int) -> float:
    gc.collect()
    start = time.perf_counter()
    run()
    return count / (time.perf_counter() - start)


def random_hands(count: int, seed: int) -> list[Hand]:
    """`count` random MCR winning hands of every shape (the oracle test's generator)."""
    sys.path.insert(0, str(RANDOM_HANDS))
    from mcr_random import random_mcr_hand  # type: ignore[import-not-found]

    rng = random.Random(seed)
    return [random_mcr_hand(rng) for _ in range(count)]


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--rounds", type=int, default=30)
    parser.add_argument("--random", type=int, default=6000, help="fresh random hands (0: none)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--warm", type=int, default=30000, help="random warm-up hands")
    parser.add_argument("--profile", action="store_true")
    parser.add_argument("--compiled", action="store_true",
                        help="build the wheel (mypyc) and measure its scorer instead")
    args = parser.parse_args()
    if args.compiled:
        from benchmarks.compiled_build import run_against_wheel

        sys.exit(run_against_wheel("benchmarks.bench_mcr", sys.argv[1:]))
    from benchmarks.compiled_build import scorer_is_compiled

    SCORER[0] = "compiled" if scorer_is_compiled() else "pure Python"
    print("scorer:", "compiled by mypyc (the wheel of `pip install .`)"
          if SCORER[0] == "compiled" else "pure Python (an editable install)")
    rule_set = get_rule_set("mcr")
    options = rule_set.profile_options("mahjonggb")
    hands = [read_hand(item).hand for item in json.loads(EXAMPLES.read_text(encoding="utf-8"))]
    batch = hands * args.rounds

    def ours() -> None:
        for hand in batch:
            rule_set.score(hand, options)

    if args.profile:
        profiler = cProfile.Profile()
        profiler.runcall(ours)
        pstats.Stats(profiler).sort_stats("cumulative").print_stats(25)
        return
    ours()  # warm the per-suit caches as a long-running application would have them
    ours_rate = rate(ours, len(batch))
    calculator = load_oracle()
    print(f"example set, {len(hands)} hands x {args.rounds} rounds ({len(batch)} hands)")
    report(ours_rate, calculator, batch)
    if calculator is not None:
        arguments = [oracle_arguments(hand) for hand in hands]
        disagreements = [
            i
            for i, hand in enumerate(hands)
            if (result := rule_set.score(hand, options)).value
            != oracle_total(calculator, arguments[i])
            and result.valid
        ]
        print(f"totals that differ from PyMahjongGB: {len(disagreements)} of {len(hands)}")
    if args.random <= 0:
        return
    fresh = random_hands(args.random, args.seed)
    for hand in random_hands(args.warm, args.seed + 1_000_003):  # warm-up: other hands
        rule_set.score(hand, options)

    def ours_fresh() -> None:
        for hand in fresh:
            rule_set.score(hand, options)

    print(
        f"fresh random hands, each scored once ({len(fresh)} hands, seed {args.seed},"
        f" after {args.warm} others)"
    )
    report(rate(ours_fresh, len(fresh)), calculator, fresh)
    if calculator is not None:  # after the timing: every hand's total, minimum set aside
        every_total = replace(options, minimum_points=0)
        differing = sum(
            rule_set.score(hand, every_total).value
            != oracle_total(calculator, oracle_arguments(hand))
            for hand in fresh
        )
        print(f"totals that differ from PyMahjongGB: {differing} of {len(fresh)}"
              " (the 8-point minimum set aside)")


def report(ours_rate: float, calculator: Callable[..., Any] | None, hands: list[Hand]) -> None:
    """Our rate, then PyMahjongGB's on the same hands and the ratio."""
    label = f"tournament_manager ({SCORER[0]}):"
    print(f"  {label:<33} {ours_rate:,.0f} hands/s")
    if calculator is None:
        print("  PyMahjongGB not installed: no side-by-side figure")
        return
    arguments = [oracle_arguments(hand) for hand in hands]

    def oracle() -> None:
        for item in arguments:
            oracle_total(calculator, item)

    oracle_rate = rate(oracle, len(hands))
    print(f"  PyMahjongGB (C++ extension):      {oracle_rate:,.0f} hands/s")
    print(f"  ratio: PyMahjongGB is {oracle_rate / ours_rate:.1f}x faster "
          "(goal: within 3x on fresh hands)")


if __name__ == "__main__":
    main()
