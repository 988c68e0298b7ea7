"""The rules around the patterns: series, Freedom of Count, concealment, limits, shapes,
minimum, value tables and the arrangement interface."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from zj_hands import build_hand, pattern_ids

from tournament_manager.rules.arrangement import GroupKind, Shape
from tournament_manager.rules.errors import HandErrorCode
from tournament_manager.rules.result import Limit, ScoreResult
from tournament_manager.rules.zung_jung import ZungJungRuleSet

Score = Callable[..., ScoreResult]

# 1m can complete the 111m triplet or the 123m sequence; the choice decides whether three or
# two triplets stay concealed on a discard.
CHOICE_HAND = {"concealed": "11123m222p333s55p", "win": "1m"}


def test_winning_tile_choice_keeps_triplets_concealed_by_default(score: Score) -> None:
    assert "4.2.2" in pattern_ids(score(**CHOICE_HAND))


def test_series_rule_names_the_highest_member_whatever_the_values(score: Score) -> None:
    options = {"pattern_values": {"overrides": {"4.2.2": 1, "4.2.1": 5}}}
    only_pair_choice = score("111m222p333s789s5p", "5p", options)
    assert "4.2.2" in pattern_ids(only_pair_choice)
    assert "4.2.1" not in pattern_ids(only_pair_choice)


def test_every_winning_tile_choice_is_searched(score: Score) -> None:
    options = {"pattern_values": {"overrides": {"4.2.2": 1, "4.2.1": 5}}}
    result = score(**CHOICE_HAND, options=options)
    assert "4.2.1" in pattern_ids(result)
    assert result.arrangement is not None
    winning = result.arrangement.groups[result.arrangement.winning_group]
    assert winning.kind is GroupKind.PUNG and not winning.concealed


def test_self_drawn_winning_tile_leaves_its_triplet_concealed(score: Score) -> None:
    assert "4.2.2" in pattern_ids(score("111m22p333s789sEE", "2p", win_type="self_draw"))
    assert "4.2.1" in pattern_ids(score("111m22p333s789sEE", "2p"))


def test_concealed_kong_is_a_concealed_triplet_exposed_kong_is_not(score: Score) -> None:
    hand = {"concealed": "111m222p456s5p", "win": "5p"}
    assert "4.2.2" in pattern_ids(score(**hand, melds=["ckong:9999s"]))
    assert "4.2.1" in pattern_ids(score(**hand, melds=["kong:9999s"]))


def test_concealed_hand_allows_concealed_kongs_not_irregular_shapes(score: Score) -> None:
    assert "1.2" in pattern_ids(score("456p789s234s5p", "5p", melds=["ckong:1111m"]))
    assert "1.2" not in pattern_ids(score("1m1m5m5m7p7p9p9p3s3sEERd", "Rd"))
    assert "1.2" not in pattern_ids(score("1m9m1p9p1s9sESWNWdGdRd", "Rd"))


def test_nine_gates_needs_the_exact_thirteen_tiles_and_no_heaven(score: Score) -> None:
    assert pattern_ids(score("1112345678999p", "9p")) == ["2.2"]
    heaven = score("1112345678999p", "9p", win_type="self_draw", seat="E", flags=["heaven"])
    assert "2.2" not in pattern_ids(heaven)
    assert {"9.4.1", "2.1.2"} <= set(pattern_ids(heaven))


def test_listed_limit_shows_only_its_highest_listed_pattern(score: Score) -> None:
    result = score("WWWNNN1m", "1m", melds=["pung:EEE", "pung:SSS"], seat="E")
    assert (result.limit, result.value, result.raw_total) == (Limit.LISTED, 400, 400)
    assert pattern_ids(result) == ["3.3.4"]


def test_compound_limit_caps_the_sum_and_keeps_the_breakdown(score: Score) -> None:
    result = score("444m555m666m777m2p", "2p", win_type="self_draw")
    assert (result.limit, result.value, result.raw_total) == (Limit.COMPOUND, 320, 365)
    assert len(result.patterns) == 5


def test_listed_follows_the_configured_table(score: Score) -> None:
    listed = score(
        "444m555m666m777m2p",
        "2p",
        {"pattern_values": {"overrides": {"7.2.2": 320}}},
        win_type="self_draw",
    )
    assert (listed.limit, pattern_ids(listed)) == (Limit.LISTED, ["7.2.2"])
    unlisted = score(
        "WWWNNN1m",
        "1m",
        {"pattern_values": {"overrides": {"3.3.4": 200}}},
        melds=["pung:EEE", "pung:SSS"],
        seat="E",
    )
    assert unlisted.limit is Limit.COMPOUND
    assert "4.1" in pattern_ids(unlisted)


def test_no_limit_below_320(score: Score) -> None:
    result = score("123m456m789m222mE", "E")
    assert result.limit is Limit.NONE and result.value == result.raw_total


def test_equal_values_are_broken_by_the_raw_sum(score: Score) -> None:
    hand = {"concealed": "444m555m666m777m2p", "win": "2p", "win_type": "self_draw"}
    triplets_richer = score(**hand, options={"pattern_values": {"overrides": {"5.1.3": 315}}})
    assert (triplets_richer.value, triplets_richer.raw_total) == (320, 365)
    assert "7.2.2" in pattern_ids(triplets_richer)
    sequences_richer = score(
        **hand, options={"pattern_values": {"overrides": {"5.1.3": 319, "7.2.2": 160}}}
    )
    assert (sequences_richer.value, sequences_richer.raw_total) == (320, 329)
    assert "5.1.3" in pattern_ids(sequences_richer)


def test_seven_pairs_combines_with_its_listed_companions(score: Score) -> None:
    one_suit = score("1m1m3m3m5m5m7m7m9m9m2m2m4m", "4m", win_type="self_draw", flags=["seabed"])
    assert pattern_ids(one_suit) == ["10.2", "2.1.2", "9.1.1"]
    assert one_suit.arrangement is not None
    assert one_suit.arrangement.shape is Shape.SEVEN_PAIRS
    all_honors = score("EESSWWNNRdRdGdGdWd", "Wd")
    assert pattern_ids(all_honors) == ["3.4"]
    terminals = score("1m1m9m9m1p1p9p9p1s1s9s9s9p", "9p")
    assert (pattern_ids(terminals), terminals.value) == (["8.1.4"], 400)
    assert terminals.arrangement is not None
    assert terminals.arrangement.shape is Shape.SEVEN_PAIRS


def test_four_identical_tiles_are_two_pairs(score: Score) -> None:
    result = score("2p2p2p2p3p3p4p4p6m6m7m7m8s", "8s")
    assert pattern_ids(result) == ["1.3", "10.2"]


def test_thirteen_terminals_combines_only_with_category_nine(score: Score) -> None:
    result = score("1m9m1p9p1s9sESWNWdGdRd", "1m", win_type="self_draw", flags=["seabed"])
    assert pattern_ids(result) == ["10.1", "9.1.1"]


def test_value_honor_is_counted_per_set(score: Score) -> None:
    result = score("EEERdRdRd123m9m", "9m", melds=["pung:GdGdGd"], seat="E")
    assert [p.id for p in result.patterns].count("3.1") == 3


def test_minimum_points_turns_a_small_hand_into_a_false_win(score: Score) -> None:
    chicken = {"concealed": "567s345m6p6p9p9p", "win": "6p", "melds": ["chow:234s"]}
    assert score(**chicken).value == 1
    result = score(**chicken, options={"minimum_points": 5})
    assert not result.valid and result.problem is not None
    assert (result.problem.code, result.problem.count) == (HandErrorCode.BELOW_MINIMUM, 1)
    assert score("123m456p789s234sE", "E", {"minimum_points": 5}).value == 10


def test_variant_value_table(score: Score) -> None:
    variant = {"pattern_values": "wsom_variant"}
    pure = score("123m456m789m222m5m", "5m", variant)
    assert {p.id: p.points for p in pure.patterns}["2.1.2"] == 100
    dragons = score("RdRdRdGdGdGdWd123m456m", "Wd", variant)
    assert {p.id: p.points for p in dragons.patterns}["3.2.1"] == 30


def test_false_win_and_unusable_winning_tile(score: Score) -> None:
    unusable = score("123m456p789s234sE", "5p")
    assert unusable.problem is not None
    assert unusable.problem.code is HandErrorCode.WINNING_TILE_UNUSABLE
    assert unusable.problem.tiles == ("E",)
    hopeless = score("135m246p789s234sE", "E")
    assert hopeless.problem is not None
    assert hopeless.problem.code is HandErrorCode.NOT_WINNING_HAND


@pytest.mark.parametrize(
    "hand",
    [
        {"concealed": "11122233p9m9m", "win": "3p", "melds": ["pung:RdRdRd"]},
        {"concealed": "223344m556677p8s", "win": "8s"},
        {"concealed": "444m555m666m777m2p", "win": "2p", "win_type": "self_draw"},
        {"concealed": "1m9m1p9p1s9sESWNWdGdRd", "win": "Rd"},
    ],
)
def test_score_is_the_best_of_all_scored_arrangements(
    zj: ZungJungRuleSet, hand: dict[str, Any]
) -> None:
    built = build_hand(**hand)
    options = zj.default_options()
    arrangements = zj.arrangements(built)
    limited = [
        zj.apply_limit(zj.score_arrangement(built, arrangement, options), options)
        for arrangement in arrangements
    ]
    best = zj.score(built, options)
    assert best.value == max(score.value for score in limited)
    assert best.arrangement in arrangements


def test_arrangements_list_each_winning_tile_choice(zj: ZungJungRuleSet) -> None:
    arrangements = zj.arrangements(build_hand("11122233p9m9m", "3p", melds=["pung:RdRdRd"]))
    completed = {
        (a.groups[a.winning_group].kind, a.groups[a.winning_group].concealed) for a in arrangements
    }
    assert completed == {(GroupKind.CHOW, False), (GroupKind.PUNG, False)}
    assert len(arrangements) == 2
