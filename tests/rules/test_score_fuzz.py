"""Fuzzing the score path of every rule set: whatever JSON comes in, a result comes out.

`evaluate_hand` and `report_to_json` (what `tournament-manager score` and the GUI
calculator run) must never raise: a hand is either scored or reported invalid in words.
Hypothesis draws hands near the format (any number of copies of a tile, melds of any
kind and size, flags, seats, flowers) and JSON of any shape; the longer run is
`benchmarks/fuzz_score.py`, whose generator the last test shares.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from benchmarks.fuzz_score import fuzz_input, scorers
from tournament_manager.messages.hand_errors import describe_hand_problem
from tournament_manager.rules import get_rule_set
from tournament_manager.rules.hand_json import evaluate_hand, report_to_json

SCORERS = scorers()  # every rule set, under its defaults and each profile
TILES = [*(f"{n}{s}" for s in "mps" for n in range(1, 10)), "E", "S", "W", "N", "Wd", "Gd",
         "Rd", "1z", "7z"]
WINDS = ["E", "S", "W", "N"]
FLAGS = ["seabed", "riverbed", "kong_replacement", "robbing_kong", "heaven", "earth",
         "last_tile"]

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=True)
    | st.text(max_size=8),
    lambda children: st.lists(children, max_size=4)
    | st.dictionaries(st.text(max_size=6), children, max_size=4),
    max_leaves=12,
)


def _tiles(max_size: int) -> st.SearchStrategy[Any]:
    listed = st.lists(st.sampled_from(TILES), max_size=max_size)
    return st.one_of(listed, listed.map("".join), json_values)


melds = st.fixed_dictionaries(
    {"type": st.sampled_from(["chow", "pung", "kong", "pair"]) | json_values,
     "tiles": _tiles(6)},
    optional={"exposed": st.booleans() | json_values},
)

hands = st.fixed_dictionaries(
    {"concealed": st.one_of(_tiles(16),
                            # many copies of one tile: 256 and more broke MCR's counters
                            st.builds(lambda tile, n: [tile] * n, st.sampled_from(TILES),
                                      st.integers(200, 400))),
     "winning_tile": st.sampled_from(TILES) | json_values,
     "win_type": st.sampled_from(["self_draw", "discard"]) | json_values,
     "seat_wind": st.sampled_from(WINDS) | json_values},
    optional={
        "melds": st.lists(melds, max_size=5) | json_values,
        "flags": st.lists(st.sampled_from(FLAGS + ["unknown"]), max_size=3)
        | st.dictionaries(st.sampled_from(FLAGS), st.booleans() | json_values, max_size=3)
        | json_values,
        "prevalent_wind": st.sampled_from(WINDS) | json_values,
        "flowers": st.integers(-2, 10) | st.integers() | json_values,
        "discarder": st.sampled_from(WINDS) | json_values,
        "responsible": st.sampled_from([*WINDS, "none"]) | json_values,
    },
)


def _score_everywhere(data: Any) -> None:
    for _label, rule_set, options in SCORERS:
        output = report_to_json(evaluate_hand(data, rule_set, options), describe_hand_problem)
        json.dumps(output)  # the command prints it
        assert output["valid"] in (True, False)
        if not output["valid"]:
            assert isinstance(output["error"], str) and output["error"]


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(hands)
def test_hands_near_the_format_never_raise(data: dict[str, Any]) -> None:
    _score_everywhere(data)


@settings(max_examples=150, deadline=None)
@given(json_values)
def test_any_json_value_never_raises(data: Any) -> None:
    _score_everywhere(data)


@settings(max_examples=200, deadline=None)
@given(st.randoms(use_true_random=False))
def test_the_benchmark_generator_never_breaks_the_calculator(rng: random.Random) -> None:
    """The generator of `benchmarks/fuzz_score.py` (winning hands of every MCR shape,
    mutated), a few hundred draws per run."""
    _score_everywhere(fuzz_input(rng))


@pytest.mark.parametrize("copies", [255, 256, 300, 1000])
def test_mcr_hand_with_hundreds_of_copies_is_invalid_not_a_crash(copies: int) -> None:
    mcr = get_rule_set("mcr")
    hand = {"concealed": ["1m"] * copies, "winning_tile": "1m", "win_type": "self_draw",
            "seat_wind": "E"}
    output = report_to_json(evaluate_hand(hand, mcr, mcr.default_options()),
                            describe_hand_problem)
    assert output["valid"] is False
    assert output["code"] == "wrong_tile_count"


def test_mcr_meld_of_hundreds_of_tiles_is_invalid_not_a_crash() -> None:
    mcr = get_rule_set("mcr")
    hand = {"concealed": "123m456p789s", "winning_tile": "1s", "win_type": "discard",
            "seat_wind": "E", "melds": [{"type": "kong", "tiles": ["9s"] * 300}]}
    output = report_to_json(evaluate_hand(hand, mcr, mcr.default_options()),
                            describe_hand_problem)
    assert output["valid"] is False
