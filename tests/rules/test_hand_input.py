"""Reading hands from JSON: tile notation, and a clear, specific error for bad input."""

from __future__ import annotations

from typing import Any

import pytest

from tournament_manager.messages.hand_errors import describe_hand_problem
from tournament_manager.rules import get_rule_set
from tournament_manager.rules.errors import HandError, HandErrorCode
from tournament_manager.rules.hand_json import evaluate_hand, read_hand, report_to_json, score_json
from tournament_manager.rules.tiles import parse_tiles, tile_code

BASE: dict[str, Any] = {
    "concealed": ["1m", "2m", "3m", "4p", "5p", "6p", "7s", "8s", "9s", "2s", "3s", "E", "E"],
    "melds": [],
    "winning_tile": "4s",
    "win_type": "discard",
    "seat_wind": "S",
}


def json_result(**changes: Any) -> dict[str, object]:
    rule_set = get_rule_set("zung-jung")
    report = evaluate_hand({**BASE, **changes}, rule_set, rule_set.default_options())
    return report_to_json(report, describe_hand_problem)


def test_compact_and_alternative_tile_codes() -> None:
    assert parse_tiles("123m456p789sEEWdWd1z7z") == parse_tiles(
        ["1m", "2m", "3m", "4p", "5p", "6p", "7s", "8s", "9s", "E", "E", "Wd", "Wd", "E", "Rd"]
    )
    assert [tile_code(t) for t in parse_tiles("SWNGdRd")] == ["S", "W", "N", "Gd", "Rd"]


def test_compact_hand_and_flag_list_score_like_the_long_form() -> None:
    long_form = json_result(flags={"riverbed": True, "seabed": False})
    short_form = json_result(concealed="123m456p789s23sEE", flags=["riverbed"])
    assert long_form == short_form
    assert long_form["value"] == 20


@pytest.mark.parametrize(
    ("changes", "code", "message"),
    [
        (
            {"concealed": "1111m456p789s23sE", "winning_tile": "1m"},
            "too_many_copies",
            "five copies of 1m (at most four exist)",
        ),
        ({"concealed": "123m456p789s23sEEE"}, "wrong_tile_count", "wrong tile count: 14"),
        (
            {"concealed": "456p789s23sEE", "melds": [{"type": "chow", "tiles": "ESW"}]},
            "chow_of_honors",
            "a chow cannot contain honors (E S W)",
        ),
        (
            {
                "concealed": "456p789s23sEE",
                "melds": [{"type": "chow", "tiles": ["1m", "2p", "3m"]}],
            },
            "chow_across_suits",
            "a chow must be of one suit (1m 3m 2p)",
        ),
        (
            {"concealed": "456p789s23sEE", "melds": [{"type": "chow", "tiles": "124m"}]},
            "chow_not_consecutive",
            "three consecutive numbers",
        ),
        (
            {"concealed": "456p789s23sEE", "melds": [{"type": "pung", "tiles": "112m"}]},
            "meld_not_identical",
            "a pung needs identical tiles",
        ),
        (
            {"concealed": "456p789s23sEE", "melds": [{"type": "kong", "tiles": "111m"}]},
            "meld_wrong_size",
            "a kong needs 4 tiles, not 3",
        ),
        (
            {
                "concealed": "456p789s23sEE",
                "melds": [{"type": "pung", "tiles": "111m", "exposed": False}],
            },
            "concealed_pung_or_chow",
            "only a kong can be declared concealed",
        ),
        (
            {"winning_tile": "5p"},
            "winning_tile_unusable",
            "the winning tile 5p does not complete it (it waits on 1s, 4s)",
        ),
        ({"concealed": "123m456p789s2s3sEX"}, "unknown_tile", "unknown tile code"),
        ({"winning_tile": "0m"}, "unknown_tile", "unknown tile code '0m'"),
        ({"concealed": "135m246p789s23sEE"}, "not_winning_hand", "not a winning hand (false win)"),
        ({"win_type": "tsumo"}, "invalid_field", "field 'win_type' has an invalid value tsumo"),
        ({"seat_wind": None}, "missing_field", "missing field 'seat_wind'"),
        ({"flags": ["lucky"]}, "unknown_flag", "unknown flag 'lucky'"),
        (
            {"melds": [{"type": "chow", "tiles": [3]}]},
            "invalid_field",
            "field 'melds[0].tiles' has an invalid value [3]",
        ),
        ({"melds": [{"tiles": "123m"}]}, "missing_field", "missing field 'melds[0].type'"),
        ({"discarder": "S"}, "discarder_is_winner", "cannot be the discarder"),
        ({"responsible": "S"}, "responsible_is_winner", "same-turn immunity"),
        (
            {"win_type": "self_draw", "discarder": "W"},
            "discarder_on_self_draw",
            "has no discarder",
        ),
    ],
)
def test_invalid_input_is_reported_in_plain_words(
    changes: dict[str, Any], code: str, message: str
) -> None:
    result = json_result(**changes)
    assert result["valid"] is False
    assert result["code"] == code
    assert message in str(result["error"])


@pytest.mark.parametrize(
    ("win_type", "seat", "flags", "code"),
    [
        ("discard", "S", ["seabed"], HandErrorCode.FLAG_NEEDS_SELF_DRAW),
        ("discard", "S", ["kong_replacement"], HandErrorCode.FLAG_NEEDS_SELF_DRAW),
        ("discard", "E", ["heaven"], HandErrorCode.FLAG_NEEDS_SELF_DRAW),
        ("self_draw", "S", ["riverbed"], HandErrorCode.FLAG_NEEDS_DISCARD),
        ("self_draw", "S", ["robbing_kong"], HandErrorCode.FLAG_NEEDS_DISCARD),
        ("self_draw", "S", ["earth"], HandErrorCode.FLAG_NEEDS_DISCARD),
        ("self_draw", "S", ["seabed", "riverbed"], HandErrorCode.FLAGS_EXCLUSIVE),
        ("self_draw", "E", ["heaven", "earth"], HandErrorCode.FLAGS_EXCLUSIVE),
        # spec §5: "`riverbed` with `robbing_kong` (the seabed drawer may not declare a kong,
        # so the riverbed tile is never a robbed kong tile)"
        ("discard", "S", ["riverbed", "robbing_kong"], HandErrorCode.FLAGS_EXCLUSIVE),
        # 9.4.1 "East wins on the dealt 14 tiles": no tile was drawn, none from a kong
        ("self_draw", "E", ["heaven", "seabed"], HandErrorCode.FLAGS_EXCLUSIVE),
        ("self_draw", "E", ["heaven", "kong_replacement"], HandErrorCode.FLAGS_EXCLUSIVE),
        # 9.4.2 "a non-dealer wins on East's first discard": not the riverbed, not a kong tile
        ("discard", "S", ["earth", "riverbed"], HandErrorCode.FLAGS_EXCLUSIVE),
        ("discard", "S", ["earth", "robbing_kong"], HandErrorCode.FLAGS_EXCLUSIVE),
        ("self_draw", "S", ["heaven"], HandErrorCode.FLAG_WRONG_SEAT),
        ("discard", "E", ["earth"], HandErrorCode.FLAG_WRONG_SEAT),
        ("self_draw", "S", ["kong_replacement"], HandErrorCode.KONG_REPLACEMENT_WITHOUT_KONG),
    ],
)
def test_contradictory_flags_are_invalid(
    win_type: str, seat: str, flags: list[str], code: HandErrorCode
) -> None:
    rule_set = get_rule_set("zung-jung")
    hand = {**BASE, "win_type": win_type, "seat_wind": seat, "flags": flags}
    result = evaluate_hand(hand, rule_set, rule_set.default_options()).result
    assert result.problem is not None and result.problem.code is code
    assert describe_hand_problem(result.problem)


def test_seabed_on_a_kong_replacement_is_allowed() -> None:
    hand = {
        **BASE,
        "concealed": "123m456p23sEE",
        "melds": [{"type": "kong", "tiles": "9999s"}],
        "win_type": "self_draw",
        "flags": ["seabed", "kong_replacement"],
    }
    result = json_result(**hand)
    patterns = result["patterns"]
    assert isinstance(patterns, list)
    assert {p["id"] for p in patterns} >= {"9.1.1", "9.2", "4.3.1"}


def test_heaven_accepts_any_of_the_fourteen_tiles_as_winning_tile() -> None:
    values = {
        json_result(win_type="self_draw", seat_wind="E", flags=["heaven"], **swap)["value"]
        for swap in ({}, {"concealed": "23m456p789s234sEE", "winning_tile": "1m"})
    }
    assert len(values) == 1


def test_payments_by_seat_when_the_discarder_is_known() -> None:
    result = json_result(discarder="W", concealed="123m456p789s23sEE", flags=["riverbed"])
    assert result["payments"] == {"E": -20, "S": 60, "W": -20, "N": -20}
    immune = json_result(discarder="W", responsible="none")
    assert immune["payments"] == {"E": -10, "S": 30, "W": -10, "N": -10}
    earlier_thrower = json_result(discarder="W", responsible="N", concealed="123m456m789m23sEE")
    assert earlier_thrower["value"] == 50
    assert earlier_thrower["payments"] == {"E": -25, "S": 150, "W": -25, "N": -100}


def test_a_batch_reports_bad_hands_in_place() -> None:
    rule_set = get_rule_set("zung-jung")
    output = score_json(
        [BASE, 7, BASE], rule_set, rule_set.default_options(), describe_hand_problem
    )
    assert isinstance(output, list)
    assert [item["valid"] for item in output] == [True, False, True]


def test_read_hand_raises_codes_not_sentences() -> None:
    with pytest.raises(HandError) as caught:
        read_hand({**BASE, "concealed": 5})
    assert caught.value.problem.code is HandErrorCode.INVALID_FIELD
    assert caught.value.problem.field == "concealed"
