"""Minimum, payoff, profiles, principles and invalid input."""

from __future__ import annotations

from dataclasses import replace

import pytest
from mcr_hands import GREEN_BOOK, MAHJONGGB, RULES, fan_ids, mcr_hand, score

from tournament_manager.rules.errors import HandErrorCode, OptionError
from tournament_manager.rules.hand import WinType
from tournament_manager.rules.mcr.options import WaitRule
from tournament_manager.rules.settlement import Role, TableOutcome, Win
from tournament_manager.rules.tiles import Wind


def test_under_eight_points_is_a_false_win_and_flowers_do_not_help() -> None:
    hand = mcr_hand("456p678s234s5m", "5m", "chow:123m", flowers=8)
    result = score(hand)
    assert not result.valid and result.problem is not None
    assert result.problem.code is HandErrorCode.BELOW_MINIMUM
    assert (result.problem.count, result.problem.expected) == (3, 8)  # All Chows, Single Wait


def test_value_includes_flowers_after_the_minimum() -> None:
    result = score(mcr_hand("123m456p789s234s5p", "5p", flowers=3))
    assert result.valid and result.value == 8 + 2 + 2 + 1 + 3  # MS, CH, AC, Closed Wait (455p6p+5p)


def test_payoff_discard_and_self_draw() -> None:
    discard = TableOutcome(WinType.DISCARD, (Win(Wind.S, 10, Wind.W),), Wind.W)
    assert RULES.settle(discard, MAHJONGGB) == {Wind.E: -8, Wind.S: 34, Wind.W: -18, Wind.N: -8}
    drawn = TableOutcome(WinType.SELF_DRAW, (Win(Wind.S, 10, None),))
    assert RULES.settle(drawn, MAHJONGGB)[Wind.S] == 54
    assert RULES.payments_by_role(WinType.DISCARD, 10, True, MAHJONGGB) == {
        Role.WINNER: 34,
        Role.RESPONSIBLE: -18,
        Role.OTHER: -8,
    }


def test_high_versus_low_takes_the_chows() -> None:
    """Spec §3.4: 555 666 777p + 5556s, self-drawn 7s: three 567p chows score 48."""
    result = score(mcr_hand("555666777p5556s", "7s", self_draw=True))
    assert result.value == 48


def test_account_once_limits_chow_pair_fans_to_three() -> None:
    ids = fan_ids(mcr_hand("123m789m123s789sE", "E"))
    assert sum(ids.count(i) for i in ("69", "70", "71", "72")) == 3


def test_non_identical_only_one_mixed_shifted_pungs() -> None:
    ids = fan_ids(mcr_hand("333s444m555p9m", "9m", "pung:222p"))
    assert ids.count("42") == 1


def test_two_waits_give_no_wait_fan() -> None:
    """Spec §5: 44m 56667p waits on 4m and 6p, so winning on 6p is no Closed Wait."""
    ids = fan_ids(mcr_hand("44m56667p", "6p", "chow:123s", "chow:789s"))
    assert "78" not in ids


def test_every_arrangement_wait_rule_needs_agreement() -> None:
    """1112m + 3m... 11 pair with 123, or 111 with 23? Here 12m+3m edge in one reading,
    the pair in none: an unambiguous edge wait scores in both profiles."""
    hand = mcr_hand("12m456p789s234s55m", "3m")
    assert "77" in fan_ids(hand, GREEN_BOOK)
    assert GREEN_BOOK.wait_rule is WaitRule.EVERY_ARRANGEMENT


def test_robbing_a_kong_of_a_held_tile_is_invalid() -> None:
    result = score(mcr_hand("123m456p789s34s55m", "5m", flags=["robbing_kong"]))
    assert result.problem is not None
    assert result.problem.code is HandErrorCode.ROBBED_TILE_HELD


def test_blessings_do_not_exist_in_mcr() -> None:
    result = score(mcr_hand("123m456p789s234s5m", "5m", self_draw=True, flags=["heaven"], seat="E"))
    assert result.problem is not None and result.problem.code is HandErrorCode.FLAG_NOT_IN_RULES


def test_profiles_and_options_round_trip() -> None:
    assert RULES.profiles() == ("green_book", "mahjonggb")
    assert RULES.default_options() == GREEN_BOOK
    stored = RULES.options_as_mapping(MAHJONGGB)
    assert RULES.validate_options(stored) == MAHJONGGB
    tweaked = RULES.validate_options({"profile": "mahjonggb", "two_concealed_kongs": 8})
    assert tweaked == replace(MAHJONGGB, two_concealed_kongs=8)
    with pytest.raises(OptionError):
        RULES.validate_options({"kong_scoring": "nonsense"})
    with pytest.raises(OptionError):
        RULES.profile_options("zung-jung")


def test_arrangements_and_score_arrangement_agree_with_score() -> None:
    hand = mcr_hand("555666777p5556s", "7s", self_draw=True)
    result = score(hand)
    assert result.arrangement in RULES.arrangements(hand)
    patterns = RULES.score_arrangement(hand, result.arrangement, MAHJONGGB)
    assert sum(p.points for p in patterns) == result.value


def test_nine_gates_needs_a_winning_tile_of_its_suit() -> None:
    """1112345678999p waits on every pin; a tile of another suit completes nothing."""
    result = score(mcr_hand("1112345678999p", "9m"), minimum=0)
    assert not result.valid and result.problem is not None
    assert result.problem.code is HandErrorCode.WINNING_TILE_UNUSABLE
    assert score(mcr_hand("1112345678999p", "9p")).valid


def test_a_knitted_straight_waits_on_a_tile_far_from_the_others() -> None:
    """147m 258p 369s lacks 7m, three ranks from every man held: still the only wait."""
    result = score(mcr_hand("14m258p369s123sEE", "E"), minimum=0)
    assert not result.valid and result.problem is not None
    assert result.problem.code is HandErrorCode.WINNING_TILE_UNUSABLE
    assert result.problem.tiles == ("7m",)


def test_lesser_honors_and_knitted_tiles_does_not_add_all_types_in_either_profile() -> None:
    """Spec mcr.md P4 and the seed's footnote 5 (seed 002): All Types is implied by Lesser
    Honors and Knitted Tiles, as by Greater Honors and Knitted Tiles, so it is not scored
    with it; the green_book profile scored it until now."""
    lesser = mcr_hand("147m258p36sESWWdGd", "N")  # six honors: Lesser, not Greater
    greater = mcr_hand("147m258p3sESWNWdGd", "Rd")  # all seven honors
    for options in (GREEN_BOOK, MAHJONGGB):
        lesser_fans, greater_fans = fan_ids(lesser, options), fan_ids(greater, options)
        assert "34" in lesser_fans and "52" not in lesser_fans, options.profile
        assert "20" in greater_fans and "52" not in greater_fans, options.profile
