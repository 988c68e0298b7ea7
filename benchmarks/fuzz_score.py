"""Fuzzing the `score` path of every rule set: no input may raise, whatever its shape.

Each input is a JSON value as `tournament-manager score` would read it: mostly hands near
the format (random tile multisets of any size, melds of any kind and length, flags,
winds, flowers, discarder and responsible seats), some with wrong types, huge counts,
huge integers or Unicode digits. Every input is scored under every rule set and profile
through `evaluate_hand` (the function the command and the GUI calculator share), then
written out through `report_to_json` and `json.dumps`. A failure is any exception; the
first few are printed with their input so they can be replayed.

    cd /work/main && .venv/bin/python -m benchmarks.fuzz_score --inputs 100000 [--seed 1]

The generator (`fuzz_input`) is shared with the property test in
tests/rules/test_score_fuzz.py, which runs a bounded number of examples in CI.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import traceback
from pathlib import Path
from typing import Any

from tournament_manager.messages.hand_errors import describe_hand_problem
from tournament_manager.rules import available_rule_sets, get_rule_set
from tournament_manager.rules.hand import Hand
from tournament_manager.rules.hand_json import evaluate_hand, report_to_json
from tournament_manager.rules.random_hands import random_hand
from tournament_manager.rules.tiles import tile_code

_MCR_RANDOM = Path(__file__).resolve().parents[1] / "tests" / "rules" / "mcr"

TILE_CODES = (*(f"{n}{s}" for s in "mps" for n in range(1, 10)),
              "E", "S", "W", "N", "Wd", "Gd", "Rd")
ODD_TILES = ("0m", "10p", "8z", "1z", "7z", "x", "", " ", "٣m", "²s", "1", "m", "WdW", "1m2",
             "123", "EEEE", "1234567899m", "1,2m", "🀄", "\x00", "1m\n")
FLAGS = ("seabed", "riverbed", "kong_replacement", "robbing_kong", "heaven", "earth",
         "last_tile")
WINDS = ("E", "S", "W", "N")
ODD_VALUES: tuple[Any, ...] = (None, True, False, 0, -1, 1.5, 10**400, -(10**400), 1e308, "",
                               "x", [], {}, [[]], {"a": 1}, "none", "NaN")


def _odd(rng: random.Random) -> Any:
    return rng.choice(ODD_VALUES)


def _tiles(rng: random.Random, size: int) -> list[str]:
    if rng.random() < 0.3:  # a few kinds, many copies: five-of-a-kind and beyond
        kinds = rng.sample(TILE_CODES, rng.randint(1, 4))
        return [rng.choice(kinds) for _ in range(size)]
    return [rng.choice(TILE_CODES) for _ in range(size)]


def _size(rng: random.Random) -> int:
    roll = rng.random()
    if roll < 0.6:
        return rng.choice((13, 13, 10, 7, 4, 1))
    if roll < 0.9:
        return rng.randint(0, 20)
    return rng.choice((256, 257, 300, 1000, rng.randint(21, 600)))


def _tile_field(rng: random.Random, size: int) -> Any:
    roll = rng.random()
    if roll < 0.05:
        return _odd(rng)
    tiles = _tiles(rng, size)
    if roll < 0.1:
        tiles.insert(rng.randint(0, len(tiles)), rng.choice(ODD_TILES))
    if roll < 0.35:
        return "".join(tiles)  # compact form
    return tiles


def _meld(rng: random.Random) -> Any:
    if rng.random() < 0.05:
        return _odd(rng)
    kind = rng.choice(("chow", "pung", "kong", "kong", "pair", "CHOW", None))
    roll = rng.random()
    if roll < 0.5 and kind in ("pung", "kong"):
        tile = rng.choice(TILE_CODES)
        tiles: Any = [tile] * (3 if kind == "pung" else 4)
    elif roll < 0.7 and kind == "chow":
        suit, start = rng.choice("mps"), rng.randint(1, 7)
        tiles = [f"{start + i}{suit}" for i in range(3)]
    else:
        tiles = _tile_field(rng, rng.choice((0, 2, 3, 4, 5, 8)))
    meld: dict[str, Any] = {"type": kind, "tiles": tiles}
    if rng.random() < 0.3:
        meld["exposed"] = rng.choice((True, False, False, 0, "no"))
    return meld


def _flags(rng: random.Random) -> Any:
    chosen = rng.sample(FLAGS, rng.randint(0, 3))
    roll = rng.random()
    if roll < 0.05:
        return _odd(rng)
    if roll < 0.1:
        chosen.append(rng.choice(("unknown", "", "SEABED")))
    if roll < 0.5:
        return chosen
    return {name: rng.random() < 0.8 for name in chosen}


def _winning_hand(rng: random.Random) -> Hand:
    """A winning hand of any shape (MCR's special shapes included), when the test
    generator is at hand; the shared regular generator otherwise."""
    if str(_MCR_RANDOM) not in sys.path and _MCR_RANDOM.is_dir():
        sys.path.insert(0, str(_MCR_RANDOM))
    try:
        from mcr_random import random_mcr_hand  # type: ignore[import-not-found]
    except ImportError:
        return random_hand(rng)
    hand: Hand = random_mcr_hand(rng)
    return hand


def hand_to_json(hand: Hand) -> dict[str, Any]:
    return {
        "concealed": [tile_code(t) for t in hand.concealed],
        "melds": [{"type": m.kind.value, "tiles": [tile_code(t) for t in m.tiles],
                   "exposed": m.exposed} for m in hand.melds],
        "winning_tile": tile_code(hand.winning_tile),
        "win_type": hand.win_type.value,
        "seat_wind": hand.seat_wind.value,
        "flags": sorted(flag.value for flag in hand.flags),
        "prevalent_wind": hand.prevalent_wind.value,
        "flowers": hand.flowers,
    }


def _mutated(rng: random.Random, hand: dict[str, Any]) -> dict[str, Any]:
    """A winning hand with a few small changes: a tile swapped, added or dropped, a meld
    turned concealed or into another kind, circumstances and seats changed."""
    for _ in range(rng.choice((0, 1, 1, 2, 3))):
        roll = rng.random()
        concealed: list[str] = hand["concealed"]
        if roll < 0.3 and concealed:
            concealed[rng.randrange(len(concealed))] = rng.choice(TILE_CODES)
        elif roll < 0.4:
            concealed.append(rng.choice(TILE_CODES))
        elif roll < 0.5 and concealed:
            concealed.pop(rng.randrange(len(concealed)))
        elif roll < 0.6 and hand["melds"]:
            meld = rng.choice(hand["melds"])
            meld[rng.choice(("type", "exposed"))] = (
                rng.choice(("chow", "pung", "kong")) if rng.random() < 0.5
                else rng.random() < 0.5)
        elif roll < 0.75:
            hand["flags"] = _flags(rng)
        elif roll < 0.85:
            hand["winning_tile"] = rng.choice(TILE_CODES)
        elif roll < 0.9:
            hand["win_type"] = rng.choice(("self_draw", "discard"))
        else:
            key = rng.choice(("discarder", "responsible", "seat_wind", "prevalent_wind"))
            hand[key] = rng.choice((*WINDS, "none"))
    return hand


def fuzz_input(rng: random.Random) -> Any:
    """One JSON value for `score`: a winning hand or one a few changes from it, a hand
    near the format, sometimes anything else."""
    if rng.random() < 0.02:
        return _odd(rng)
    if rng.random() < 0.5:
        return _mutated(rng, hand_to_json(_winning_hand(rng)))
    meld_count = rng.choice((0, 0, 1, 1, 2, 3, 4, 5))
    melds = [_meld(rng) for _ in range(meld_count)]
    concealed_size = max(0, 13 - 3 * meld_count) if rng.random() < 0.6 else _size(rng)
    hand: dict[str, Any] = {
        "concealed": _tile_field(rng, concealed_size),
        "melds": melds if rng.random() > 0.03 else _odd(rng),
        "winning_tile": (rng.choice(TILE_CODES) if rng.random() < 0.93
                         else rng.choice((*ODD_TILES, *ODD_VALUES))),
        "win_type": rng.choice(("self_draw", "discard", "discard")) if rng.random() < 0.97
        else _odd(rng),
        "seat_wind": rng.choice(WINDS) if rng.random() < 0.97 else _odd(rng),
    }
    if rng.random() < 0.5:
        hand["flags"] = _flags(rng)
    if rng.random() < 0.5:
        hand["prevalent_wind"] = rng.choice(WINDS) if rng.random() < 0.95 else _odd(rng)
    if rng.random() < 0.5:
        hand["flowers"] = rng.randint(0, 8) if rng.random() < 0.9 else _odd(rng)
    if rng.random() < 0.5:
        hand["discarder"] = rng.choice(WINDS) if rng.random() < 0.95 else _odd(rng)
    if rng.random() < 0.3:
        hand["responsible"] = rng.choice((*WINDS, "none")) if rng.random() < 0.95 else _odd(rng)
    if rng.random() < 0.05:
        del hand[rng.choice(list(hand))]
    return hand


def scorers() -> list[tuple[str, Any, Any]]:
    """(label, rule set, options) for every rule set under its default options and each
    of its profiles."""
    found = []
    for rule_set_id in available_rule_sets():
        rule_set = get_rule_set(rule_set_id)
        found.append((rule_set_id, rule_set, rule_set.default_options()))
        for profile in rule_set.profiles():
            found.append((f"{rule_set_id}:{profile}", rule_set,
                          rule_set.profile_options(profile)))
    return found


def score_everywhere(data: Any, chosen: list[tuple[str, Any, Any]]) -> list[tuple[str, str]]:
    """(scorer, traceback) for every scorer that raised on `data`."""
    failures = []
    for label, rule_set, options in chosen:
        try:
            json.dumps(report_to_json(evaluate_hand(data, rule_set, options),
                                      describe_hand_problem))
        except Exception:  # noqa: BLE001 - the point of the run: anything raised fails
            failures.append((label, traceback.format_exc(limit=-3)))
    return failures


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--inputs", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--show", type=int, default=5, help="failures printed in full")
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    chosen = scorers()
    failed_inputs = 0
    by_scorer: dict[str, int] = {}
    for _ in range(args.inputs):
        data = fuzz_input(rng)
        failures = score_everywhere(data, chosen)
        if failures:
            failed_inputs += 1
            for label, trace in failures:
                by_scorer[label] = by_scorer.get(label, 0) + 1
            if failed_inputs <= args.show:
                print(json.dumps(data)[:600], file=sys.stderr)
                print(failures[0][0], failures[0][1], file=sys.stderr)
    labels = ", ".join(label for label, _, _ in chosen)
    print(f"inputs tried: {args.inputs} (seed {args.seed}), each under {labels}")
    print(f"inputs that raised: {failed_inputs}"
          + (f" ({', '.join(f'{k}: {v}' for k, v in sorted(by_scorer.items()))})"
             if by_scorer else ""))
    return 1 if failed_inputs else 0


if __name__ == "__main__":
    sys.exit(main())
