"""Settings declaration and validation, and the rule-set registry."""

from __future__ import annotations

from typing import Any

import pytest

from tournament_manager.rules import available_rule_sets, get_rule_set
from tournament_manager.rules.errors import OptionError, OptionErrorCode
from tournament_manager.rules.options import OptionKind
from tournament_manager.rules.zung_jung import PayoffScheme, TripleWin, ZungJungRuleSet


def test_registry() -> None:
    assert "zung-jung" in available_rule_sets()
    assert isinstance(get_rule_set("zung-jung"), ZungJungRuleSet)
    with pytest.raises(KeyError):
        get_rule_set("riichi")


def test_declared_settings_and_defaults(zj: ZungJungRuleSet) -> None:
    specs = {spec.key: spec for spec in zj.option_specs()}
    assert {key: spec.default for key, spec in specs.items()} == {
        "pattern_values": "default",
        "minimum_points": None,
        "payoff_scheme": "formal",
        "par": 25,
        "triple_win": "all_win",
    }
    assert specs["payoff_scheme"].choices == ("formal", "uniform", "discarder_pays")
    assert specs["pattern_values"].kind is OptionKind.PATTERN_TABLE
    assert "wsom_variant" in specs["pattern_values"].choices
    options = zj.default_options()
    assert options == zj.validate_options({})
    assert (options.payoff_scheme, options.triple_win, options.par) == (
        PayoffScheme.FORMAL,
        TripleWin.ALL_WIN,
        25,
    )
    assert options.values["2.1.2"] == 80 and len(options.values) == 44


def test_variant_table_and_overrides(zj: ZungJungRuleSet) -> None:
    options = zj.validate_options(
        {"pattern_values": {"table": "wsom_variant", "overrides": {"7.1": 50}}}
    )
    assert (options.values["2.1.2"], options.values["3.2.1"], options.values["7.1"]) == (
        100,
        30,
        50,
    )
    assert options.values["1.1"] == 5


def test_options_round_trip_through_a_mapping(zj: ZungJungRuleSet) -> None:
    options = zj.validate_options(
        {
            "pattern_values": {"table": "wsom_variant", "overrides": {"9.3": 20}},
            "minimum_points": 5,
            "payoff_scheme": "discarder_pays",
            "par": 30,
            "triple_win": "draw",
        }
    )
    assert zj.validate_options(zj.options_as_mapping(options)) == options


@pytest.mark.parametrize(
    ("values", "code", "key"),
    [
        ({"colour": "red"}, OptionErrorCode.UNKNOWN_OPTION, "colour"),
        ({"payoff_scheme": "generous"}, OptionErrorCode.INVALID_CHOICE, "payoff_scheme"),
        ({"triple_win": True}, OptionErrorCode.INVALID_CHOICE, "triple_win"),
        ({"par": -1}, OptionErrorCode.NOT_AN_INTEGER, "par"),
        ({"par": True}, OptionErrorCode.NOT_AN_INTEGER, "par"),
        ({"minimum_points": "5"}, OptionErrorCode.NOT_AN_INTEGER, "minimum_points"),
        ({"pattern_values": "house"}, OptionErrorCode.INVALID_CHOICE, "pattern_values"),
        (
            {"pattern_values": {"overrides": {"11.1": 5}}},
            OptionErrorCode.UNKNOWN_PATTERN,
            "pattern_values",
        ),
        (
            {"pattern_values": {"overrides": {"1.1": 2.5}}},
            OptionErrorCode.NOT_AN_INTEGER,
            "pattern_values",
        ),
    ],
)
def test_invalid_settings_give_codes(
    zj: ZungJungRuleSet, values: dict[str, Any], code: OptionErrorCode, key: str
) -> None:
    with pytest.raises(OptionError) as caught:
        zj.validate_options(values)
    assert (caught.value.code, caught.value.key) == (code, key)


def test_zung_jung_has_no_profiles(zj: ZungJungRuleSet) -> None:
    assert zj.profiles() == ()
    with pytest.raises(OptionError) as caught:
        zj.profile_options("green_book")
    assert caught.value.code is OptionErrorCode.UNKNOWN_PROFILE
