"""Recorded values checked against each rule set and its settings: the edges of what a hand
can score, settlement refusing the rest, the wording, and (so the check never refuses a real
hand) every worked example and generated hand's value passing it."""

from __future__ import annotations

import json
import random
from dataclasses import replace
from pathlib import Path
from typing import Any, TypeVar

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournament_manager.messages.hand_errors import (
    describe_settlement_error,
    describe_value_problem,
)
from tournament_manager.rules import get_rule_set
from tournament_manager.rules.classic import ClassicRuleSet, PlayerHand
from tournament_manager.rules.errors import (
    SettlementError,
    SettlementErrorCode,
    ValueErrorCode,
    ValueProblem,
)
from tournament_manager.rules.hand import WinType
from tournament_manager.rules.hand_json import read_hand
from tournament_manager.rules.mcr import McrRuleSet
from tournament_manager.rules.random_hands import random_hand
from tournament_manager.rules.settlement import TableOutcome, Win
from tournament_manager.rules.tiles import WINDS, Wind
from tournament_manager.rules.zung_jung import ZungJungRuleSet

E, S, W, N = Wind.E, Wind.S, Wind.W, Wind.N
DATA = Path(__file__).parent / "data"

RuleSetT = TypeVar("RuleSetT")


def _rule_set(rule_set_id: str, kind: type[RuleSetT]) -> RuleSetT:
    rule_set = get_rule_set(rule_set_id)
    assert isinstance(rule_set, kind)
    return rule_set


ZJ = _rule_set("zung-jung", ZungJungRuleSet)
MCR = _rule_set("mcr", McrRuleSet)
CLASSIC = _rule_set("classic", ClassicRuleSet)
ZJ_DEFAULT = ZJ.default_options()
SEED = CLASSIC.profile_options("classic_seed")
ROOF_OFF = replace(SEED, limit=None)

# Every pattern the printed table values at 5, 35, 125 or 155 moved to a multiple of 10.
ZJ_STEP_10 = ZJ.validate_options({"pattern_values": {"table": "default", "overrides": {
    "1.1": 10, "1.2": 10, "1.3": 10, "4.2.1": 10, "4.3.1": 10, "6.1": 40, "4.2.3": 120,
    "9.4.1": 160, "9.4.2": 160,
}}})  # fmt: skip


def code(problem: ValueProblem | None) -> ValueErrorCode | None:
    return None if problem is None else problem.code


# --- Zung Jung --------------------------------------------------------------------------


@pytest.mark.parametrize("value", [1, 5, 10, 35, 155, 315, 320, 400, 480])
def test_zj_accepts_values_a_hand_can_score(value: int) -> None:
    assert ZJ.value_problem(value, ZJ_DEFAULT) is None


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        (0, ValueErrorCode.NOT_POSITIVE),
        (-5, ValueErrorCode.NOT_POSITIVE),
        (2, ValueErrorCode.NOT_REACHABLE),
        (4, ValueErrorCode.NOT_REACHABLE),
        (26, ValueErrorCode.NOT_REACHABLE),
        (36, ValueErrorCode.NOT_REACHABLE),
        (321, ValueErrorCode.NOT_REACHABLE),
        (325, ValueErrorCode.NOT_REACHABLE),
        (440, ValueErrorCode.NOT_REACHABLE),
        (481, ValueErrorCode.ABOVE_LIMIT),
        (999, ValueErrorCode.ABOVE_LIMIT),
    ],
)
def test_zj_refuses_values_no_hand_scores(value: int, expected: ValueErrorCode) -> None:
    assert code(ZJ.value_problem(value, ZJ_DEFAULT)) is expected


def test_zj_unreachable_value_carries_what_is_possible() -> None:
    assert ZJ.value_problem(26, ZJ_DEFAULT) == ValueProblem(
        ValueErrorCode.NOT_REACHABLE, 26, minimum=5, limit=320, step=5, allowed=(1, 400, 480)
    )
    assert ZJ.value_problem(999, ZJ_DEFAULT) == ValueProblem(
        ValueErrorCode.ABOVE_LIMIT, 999, limit=480
    )


def test_zj_minimum_points_removes_the_chicken_hand() -> None:
    options = ZJ.validate_options({"minimum_points": 5})
    assert ZJ.value_problem(1, options) == ValueProblem(
        ValueErrorCode.BELOW_MINIMUM, 1, minimum=5
    )
    assert ZJ.value_problem(5, options) is None
    assert ZJ.value_problem(1, ZJ.validate_options({"minimum_points": 1})) is None


def test_zj_minimum_off_the_step_starts_the_range_at_the_next_multiple() -> None:
    options = ZJ.validate_options({"minimum_points": 8})
    assert code(ZJ.value_problem(5, options)) is ValueErrorCode.BELOW_MINIMUM
    assert ZJ.value_problem(10, options) is None
    problem = ZJ.value_problem(12, options)
    assert problem is not None and (problem.minimum, problem.allowed) == (10, (400, 480))


def test_zj_step_follows_the_tournaments_table() -> None:
    assert ZJ.value_problem(15, ZJ_STEP_10) == ValueProblem(
        ValueErrorCode.NOT_REACHABLE, 15, minimum=10, limit=320, step=10, allowed=(1, 400, 480)
    )
    assert ZJ.value_problem(20, ZJ_STEP_10) is None
    assert ZJ.value_problem(320, ZJ_STEP_10) is None
    # A 2-point pattern makes every number up to 320 a possible sum.
    gcd_one = ZJ.validate_options({"pattern_values": {"overrides": {"1.1": 2}}})
    assert ZJ.value_problem(26, gcd_one) is None
    assert code(ZJ.value_problem(321, gcd_one)) is ValueErrorCode.NOT_REACHABLE


def test_zj_listed_limits_follow_the_tournaments_table() -> None:
    options = ZJ.validate_options({"pattern_values": {"overrides": {"2.2": 500, "4.3.4": 360}}})
    for value in (360, 400, 480, 500):  # 480: Four Identical Sequences keeps it
        assert ZJ.value_problem(value, options) is None
    assert code(ZJ.value_problem(365, options)) is ValueErrorCode.NOT_REACHABLE
    assert code(ZJ.value_problem(505, options)) is ValueErrorCode.ABOVE_LIMIT
    options = ZJ.validate_options({"pattern_values": {"overrides": {"2.2": 400, "4.3.4": 400,
                                                                    "5.1.4": 400}}})
    assert code(ZJ.value_problem(480, options)) is ValueErrorCode.ABOVE_LIMIT


# --- MCR ---------------------------------------------------------------------------------


@pytest.mark.parametrize("profile", ["green_book", "mahjonggb"])
def test_mcr_minimum_is_eight(profile: str) -> None:
    options = MCR.profile_options(profile)
    assert MCR.value_problem(8, options) is None
    assert MCR.value_problem(88, options) is None
    assert MCR.value_problem(1000, options) is None  # no limit in MCR
    assert MCR.value_problem(5, options) == ValueProblem(
        ValueErrorCode.BELOW_MINIMUM, 5, minimum=8
    )
    assert code(MCR.value_problem(0, options)) is ValueErrorCode.NOT_POSITIVE


def test_mcr_minimum_points_setting() -> None:
    options = MCR.validate_options({"minimum_points": 10})
    assert code(MCR.value_problem(9, options)) is ValueErrorCode.BELOW_MINIMUM
    assert MCR.value_problem(10, options) is None
    no_minimum = MCR.validate_options({"minimum_points": 0})
    assert MCR.value_problem(1, no_minimum) is None
    assert code(MCR.value_problem(0, no_minimum)) is ValueErrorCode.NOT_POSITIVE


# --- Classical ---------------------------------------------------------------------------


def test_classic_limit_caps_every_player() -> None:
    for winner in (True, False):
        assert CLASSIC.hand_points_problem(300, SEED, winner=winner) is None
        assert CLASSIC.hand_points_problem(301, SEED, winner=winner) == ValueProblem(
            ValueErrorCode.ABOVE_LIMIT, 301, limit=300
        )
    assert CLASSIC.value_problem(301, SEED) == ValueProblem(
        ValueErrorCode.ABOVE_LIMIT, 301, limit=300
    )


def test_classic_roof_off_accepts_big_hands() -> None:
    assert CLASSIC.value_problem(5120, ROOF_OFF) is None
    assert CLASSIC.hand_points_problem(5120, ROOF_OFF, winner=False) is None


def test_classic_winner_has_the_win_bonus() -> None:
    assert CLASSIC.value_problem(20, SEED) is None
    assert CLASSIC.value_problem(19, SEED) == ValueProblem(
        ValueErrorCode.BELOW_MINIMUM, 19, minimum=20
    )
    assert CLASSIC.hand_points_problem(0, SEED, winner=False) is None  # a loser may score 0
    assert CLASSIC.hand_points_problem(4, SEED, winner=False) is None
    # A limit under the win bonus caps the winner too.
    assert CLASSIC.value_problem(10, replace(SEED, limit=10)) is None


def test_classic_points_are_even_under_even_items() -> None:
    """Every item of the usual settings is even and doubling keeps it so: 25 is a slip of
    the pen for 52, refused for the winner and for a loser alike; the limit itself stands
    even when it is odd, and an odd item lets odd scores through."""
    assert CLASSIC.value_problem(25, SEED) == ValueProblem(
        ValueErrorCode.NOT_REACHABLE, 25, minimum=20, limit=300, step=2)
    assert CLASSIC.hand_points_problem(7, SEED, winner=False) == ValueProblem(
        ValueErrorCode.NOT_REACHABLE, 7, minimum=0, limit=300, step=2)
    assert CLASSIC.value_problem(52, SEED) is None
    assert CLASSIC.value_problem(299, replace(SEED, limit=299)) is None
    assert CLASSIC.value_problem(45, replace(SEED, flower_points=3)) is None
    assert CLASSIC.value_problem(27, replace(ROOF_OFF, win_bonus=24)) == (
        ValueProblem(ValueErrorCode.NOT_REACHABLE, 27, minimum=24, limit=None, step=2))


def test_classic_negative_and_zero() -> None:
    assert code(CLASSIC.hand_points_problem(-2, SEED, winner=False)) is ValueErrorCode.NEGATIVE
    assert code(CLASSIC.value_problem(0, SEED)) is ValueErrorCode.NOT_POSITIVE


def test_rule_sets_scoring_the_winner_only_check_a_losers_sign_alone() -> None:
    assert ZJ.hand_points_problem(26, ZJ_DEFAULT, winner=False) is None
    assert code(ZJ.hand_points_problem(26, ZJ_DEFAULT, winner=True)) is (
        ValueErrorCode.NOT_REACHABLE
    )
    assert code(ZJ.hand_points_problem(-1, ZJ_DEFAULT, winner=False)) is ValueErrorCode.NEGATIVE


# --- Settlement refuses what the check refuses -------------------------------------------


def discard(value: int, winner: Wind = S) -> TableOutcome:
    return TableOutcome(WinType.DISCARD, (Win(winner, value, W),), discarder=W)


@pytest.mark.parametrize("value", [2, 26, 36, 325, 999])
def test_zj_settle_refuses_an_unreachable_value(value: int) -> None:
    with pytest.raises(SettlementError) as caught:
        ZJ.settle(discard(value), ZJ_DEFAULT)
    assert caught.value.code is SettlementErrorCode.VALUE_NOT_ALLOWED
    assert caught.value.seat == "S"
    assert caught.value.problem == ZJ.value_problem(value, ZJ_DEFAULT)


def test_zj_settle_checks_every_winner_even_when_a_triple_win_is_a_draw() -> None:
    triple = TableOutcome(
        WinType.DISCARD, (Win(S, 30, W), Win(N, 26, None), Win(E, 70, W)), discarder=W
    )
    for options in (ZJ_DEFAULT, ZJ.validate_options({"triple_win": "draw"})):
        with pytest.raises(SettlementError) as caught:
            ZJ.settle(triple, options)
        assert caught.value.code is SettlementErrorCode.VALUE_NOT_ALLOWED
        assert caught.value.seat == "N"


def test_zj_settle_respects_minimum_points() -> None:
    options = ZJ.validate_options({"minimum_points": 5})
    with pytest.raises(SettlementError) as caught:
        ZJ.settle(discard(1), options)
    assert caught.value.problem is not None
    assert caught.value.problem.code is ValueErrorCode.BELOW_MINIMUM
    assert ZJ.settle(discard(1), ZJ_DEFAULT)[S] == 3


def test_mcr_settle_refuses_a_win_under_the_minimum() -> None:
    options = MCR.profile_options("green_book")
    with pytest.raises(SettlementError) as caught:
        MCR.settle(discard(5), options)
    assert caught.value.code is SettlementErrorCode.VALUE_NOT_ALLOWED
    assert caught.value.problem == ValueProblem(ValueErrorCode.BELOW_MINIMUM, 5, minimum=8)
    assert MCR.settle(discard(8), options)[S] == 32


def classic_outcome(points: dict[Wind, int], value: int = 40) -> TableOutcome:
    return TableOutcome(
        WinType.SELF_DRAW, (Win(S, value, None),), hand_points={S: value, **points}
    )


def test_classic_settle_refuses_a_losers_points_above_the_limit() -> None:
    with pytest.raises(SettlementError) as caught:
        CLASSIC.settle(classic_outcome({E: 8, W: 301}), SEED)
    assert caught.value.code is SettlementErrorCode.HAND_POINTS_NOT_ALLOWED
    assert caught.value.seat == "W"
    assert caught.value.problem == ValueProblem(ValueErrorCode.ABOVE_LIMIT, 301, limit=300)
    assert sum(CLASSIC.settle(classic_outcome({E: 8, W: 302}), ROOF_OFF).values()) == 0


def test_classic_settle_refuses_a_winner_under_the_win_bonus_or_over_the_limit() -> None:
    for value in (10, 450):
        with pytest.raises(SettlementError) as caught:
            CLASSIC.settle(classic_outcome({}, value), SEED)
        assert caught.value.code is SettlementErrorCode.VALUE_NOT_ALLOWED
        assert caught.value.seat == "S"


def test_classic_settle_checks_points_of_a_drawn_hand() -> None:
    drawn = TableOutcome(None, hand_points={E: 12, S: 400})
    with pytest.raises(SettlementError) as caught:
        CLASSIC.settle(drawn, SEED)
    assert (caught.value.code, caught.value.seat) == (
        SettlementErrorCode.HAND_POINTS_NOT_ALLOWED,
        "S",
    )


def test_structural_errors_and_the_winners_own_entry_keep_their_codes() -> None:
    with pytest.raises(SettlementError) as caught:
        ZJ.settle(discard(0), ZJ_DEFAULT)
    assert caught.value.code is SettlementErrorCode.VALUE_NOT_POSITIVE
    with pytest.raises(SettlementError) as caught:
        CLASSIC.settle(classic_outcome({E: -2}), SEED)
    assert caught.value.code is SettlementErrorCode.HAND_POINTS_NEGATIVE
    mismatch = TableOutcome(WinType.SELF_DRAW, (Win(S, 40, None),), hand_points={S: 44})
    with pytest.raises(SettlementError) as caught:
        CLASSIC.settle(mismatch, SEED)
    assert caught.value.code is SettlementErrorCode.WINNER_POINTS_MISMATCH


def test_payments_by_role_refuses_the_same_values() -> None:
    with pytest.raises(SettlementError) as caught:
        ZJ.payments_by_role(WinType.DISCARD, 26, True, ZJ_DEFAULT)
    assert caught.value.code is SettlementErrorCode.VALUE_NOT_ALLOWED
    assert caught.value.seat is None
    assert caught.value.problem == ZJ.value_problem(26, ZJ_DEFAULT)
    with pytest.raises(SettlementError) as caught:
        MCR.payments_by_role(WinType.SELF_DRAW, 5, False, MCR.default_options())
    assert caught.value.code is SettlementErrorCode.VALUE_NOT_ALLOWED
    with pytest.raises(SettlementError) as caught:
        CLASSIC.payments_by_role(WinType.SELF_DRAW, 0, False, SEED)
    assert caught.value.code is SettlementErrorCode.VALUE_NOT_POSITIVE
    assert caught.value.problem is not None
    assert CLASSIC.payments_by_role(WinType.SELF_DRAW, 40, False, SEED)


# --- Wording -----------------------------------------------------------------------------


def test_wording_of_each_problem() -> None:
    def said(problem: ValueProblem | None, name: str | None = None) -> str:
        assert problem is not None
        return describe_value_problem(problem, name)

    assert said(ZJ.value_problem(26, ZJ_DEFAULT), "zung-jung") == (
        "a Zung Jung (Asia Pacific Mahjong) hand is worth 1 (Chicken Hand) or a multiple of 5 "
        "from 5 to 320, or a listed limit of 400 or 480; 26 is not possible"
    )
    assert said(ZJ.value_problem(12, ZJ.validate_options({"minimum_points": 8}))) == (
        "a hand is worth a multiple of 5 from 10 to 320, or a listed limit of 400 or 480; "
        "12 is not possible"
    )
    assert said(ZJ.value_problem(999, ZJ_DEFAULT)) == "the limit is 480 points; 999 is above it"
    assert said(MCR.value_problem(5, MCR.default_options())) == (
        "the minimum is 8 points; 5 is too few"
    )
    assert said(CLASSIC.value_problem(450, SEED)) == "the limit is 300 points; 450 is above it"
    assert said(CLASSIC.hand_points_problem(-2, SEED, winner=False)) == (
        "hand points cannot be negative; -2 is not possible"
    )
    assert said(ZJ.value_problem(0, ZJ_DEFAULT)) == (
        "a winning hand is worth at least 1 point; 0 is not possible"
    )
    off_step = ValueProblem(ValueErrorCode.NOT_REACHABLE, 7, minimum=3, limit=320, step=3,
                            allowed=(1, 400))
    assert said(off_step) == (
        "a hand is worth 1 (Chicken Hand) or a multiple of 3 from 3 to 318, 320, "
        "or a listed limit of 400; 7 is not possible"
    )


def test_settlement_wording_with_and_without_the_problem() -> None:
    problem = MCR.value_problem(5, MCR.default_options())
    assert describe_settlement_error(SettlementErrorCode.VALUE_NOT_ALLOWED, "S", problem) == (
        "the value of the win by S is not possible under these rules: "
        "the minimum is 8 points; 5 is too few"
    )
    assert describe_settlement_error(SettlementErrorCode.VALUE_NOT_ALLOWED, "S") == (
        "the value of the win by S is not possible under these rules"
    )
    assert describe_settlement_error(SettlementErrorCode.VALUE_NOT_ALLOWED).startswith(
        "the value of the win is not possible"
    )
    assert describe_settlement_error(SettlementErrorCode.HAND_POINTS_NOT_ALLOWED, "W") == (
        "the hand points of W are not possible under these rules"
    )
    # Existing callers: code and seat only.
    assert describe_settlement_error(SettlementErrorCode.DUPLICATE_WINNER, "E") == (
        "E is entered as winner twice"
    )


def test_every_settlement_code_has_words() -> None:
    for settlement_code in SettlementErrorCode:
        assert describe_settlement_error(settlement_code, "E")
    for value_code in ValueErrorCode:
        problem = ValueProblem(value_code, 7, minimum=5, limit=320, step=5, allowed=(1,))
        assert describe_value_problem(problem)


# --- The check never refuses a value the calculator produces -----------------------------


def _examples(name: str) -> list[dict[str, Any]]:
    loaded: list[dict[str, Any]] = json.loads((DATA / name).read_text(encoding="utf-8"))
    return loaded


ZJ_EXAMPLES = _examples("zung-jung-hands.json")
MCR_EXAMPLES = _examples("mcr-hands.json")


@pytest.mark.parametrize("example", ZJ_EXAMPLES, ids=[e["id"] for e in ZJ_EXAMPLES])
def test_zj_example_values_pass(example: dict[str, Any]) -> None:
    result = ZJ.score(read_hand(example).hand, ZJ_DEFAULT)
    assert result.valid and result.value == example["total"]
    assert ZJ.value_problem(result.value, ZJ_DEFAULT) is None


@pytest.mark.parametrize("example", MCR_EXAMPLES, ids=[e["id"] for e in MCR_EXAMPLES])
def test_mcr_example_values_pass(example: dict[str, Any]) -> None:
    hand = read_hand(example).hand
    for options in (MCR.profile_options("mahjonggb"), MCR.profile_options("green_book")):
        result = MCR.score(hand, options)
        assert result.valid
        assert MCR.value_problem(result.value, options) is None


ZJ_OPTIONS = [
    ZJ_DEFAULT,
    ZJ.validate_options({"minimum_points": 5}),
    ZJ.validate_options({"pattern_values": "wsom_variant"}),
    ZJ_STEP_10,
]
CLASSIC_OPTIONS = [SEED, CLASSIC.profile_options("classic_babcock"), ROOF_OFF,
                   replace(SEED, limit=500, win_bonus=10, flower_points=4),
                   replace(SEED, limit=301, flower_points=3),  # odd items and limit: step 1
                   replace(SEED, limit=None, win_bonus=24, flower_points=4)]


@st.composite
def generated(draw: st.DrawFn) -> Any:
    rng = random.Random(draw(st.integers(0, 2**32)))
    hand = random_hand(rng)
    return replace(
        hand, prevalent_wind=draw(st.sampled_from(WINDS)), flowers=draw(st.integers(0, 8))
    )


@settings(max_examples=200, deadline=None)
@given(generated())
def test_generated_hands_values_pass(hand: Any) -> None:
    for zj_options in ZJ_OPTIONS:
        result = ZJ.score(replace(hand, flowers=0), zj_options)
        if result.valid:
            assert ZJ.value_problem(result.value, zj_options) is None, result
    for mcr_options in (MCR.profile_options("mahjonggb"), MCR.profile_options("green_book")):
        result = MCR.score(hand, mcr_options)
        if result.valid:
            assert MCR.value_problem(result.value, mcr_options) is None, result
    for classic_options in CLASSIC_OPTIONS:
        result = CLASSIC.score(hand, classic_options)
        assert result.valid
        assert CLASSIC.value_problem(result.value, classic_options) is None, result
        loser = PlayerHand(hand.melds, (*hand.concealed, hand.winning_tile), hand.seat_wind,
                           hand.prevalent_wind, hand.flowers)
        points = CLASSIC.score_player_hand(loser, classic_options).value
        assert CLASSIC.hand_points_problem(points, classic_options, winner=False) is None
