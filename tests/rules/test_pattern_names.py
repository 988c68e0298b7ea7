"""The scoring patterns' names in 简体中文 and 繁體中文: every pattern of every rule set has
a Chinese name in the catalogues, said in its rule set's context (one English name, two
Chinese ones), with MCR's official names; the rules themselves stay English."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from tournament_manager.languages import Language
from tournament_manager.messages.patterns import TILE, pattern_name
from tournament_manager.rules.registry import available_rule_sets, get_rule_set
from tournament_manager.words import use_language

LOCALE = Path(__file__).resolve().parents[2] / "tournament_manager" / "locale"
CHINESE = re.compile(r"[\u4e00-\u9fff]")

# Well-known official names of the MCR fans (Green Book, as the MCR spec's tables list them),
# simplified and traditional.
OFFICIAL_MCR = {
    "Big Four Winds": ("大四喜", "大四喜"),
    "Thirteen Orphans": ("十三幺", "十三么"),
    "Nine Gates": ("九莲宝灯", "九蓮寶燈"),
    "All Green": ("绿一色", "綠一色"),
    "Four Kongs": ("四杠", "四槓"),
    "Seven Shifted Pairs": ("连七对", "連七對"),
    "All Terminals": ("清幺九", "清么九"),
    "Pure Terminal Chows": ("一色双龙会", "一色雙龍會"),
    "All Pungs": ("碰碰和", "碰碰和"),
    "Chicken Hand": ("无番和", "無番和"),
    "Mixed Double Chow": ("喜相逢", "喜相逢"),
}


@pytest.fixture
def speaking() -> Iterator[None]:
    yield
    use_language(None)


def _example(template: str) -> str:
    return template.replace(TILE, "Rd")


@pytest.mark.parametrize("language", [Language.ZH_CN, Language.ZH_TW])
@pytest.mark.parametrize("rule_set_id", available_rule_sets())
def test_every_pattern_has_a_chinese_name(speaking: None, rule_set_id: str,
                                          language: Language) -> None:
    use_language(language)
    names = get_rule_set(rule_set_id).pattern_names()
    assert names
    for pattern_id, template in names:
        english = _example(template)
        said = pattern_name(rule_set_id, pattern_id, english)
        assert said != english and CHINESE.search(said), (pattern_id, english, said)
        assert not re.search(r"[A-Za-z]{3,}", said), (pattern_id, said)
        if TILE in template:
            assert "Rd" in said and TILE not in said


def test_one_english_name_is_two_chinese_ones(speaking: None) -> None:
    use_language(Language.ZH_CN)
    assert pattern_name("zung-jung", "4.1", "All Triplets") == "对对和"
    assert pattern_name("mcr", "49", "All Pungs") == "碰碰和"
    assert pattern_name("zung-jung", "9.1.1", "Final Draw") == "海底捞月"
    assert pattern_name("mcr", "44", "Last Tile Draw") == "妙手回春"
    assert pattern_name("mcr", "45", "Last Tile Claim") == "海底捞月"
    use_language(Language.ZH_TW)
    assert pattern_name("zung-jung", "10.1", "Thirteen Terminals") == "十三么"
    assert pattern_name("zung-jung", "chicken", "Chicken Hand") == "雞和"
    assert pattern_name("mcr", "43", "Chicken Hand") == "無番和"
    assert pattern_name("classic", "pair", "pair of 9m") == "9m 雀頭"


def test_english_stays_english_and_the_unknown_passes_through(speaking: None) -> None:
    use_language(Language.EN)
    assert pattern_name("mcr", "1", "Big Four Winds") == "Big Four Winds"
    assert pattern_name("classic", "pair", "pair of Rd") == "pair of Rd"
    use_language(Language.ZH_CN)
    assert pattern_name("mcr", "999", "Some New Fan") == "Some New Fan"
    assert pattern_name("no-such-rules", "1", "Big Four Winds") == "Big Four Winds"
    assert pattern_name("mcr", "1", "Not Its Name") == "Not Its Name"
    assert pattern_name("classic", "pair", "a pair of Rd, oddly") == "a pair of Rd, oddly"


def test_a_scored_hand_names_its_patterns_in_chinese(speaking: None) -> None:
    from tournament_manager.rules.hand_json import evaluate_hand

    rules = get_rule_set("classic")
    hand = {"concealed": "123m456p789s9m", "melds": [{"type": "pung", "tiles": "RdRdRd"}],
            "winning_tile": "9m", "win_type": "self_draw", "seat_wind": "E",
            "prevalent_wind": "E"}
    result = evaluate_hand(hand, rules, rules.default_options()).result
    assert result.valid, result.problem
    use_language(Language.ZH_CN)
    said = {p.id: pattern_name("classic", p.id, p.name) for p in result.patterns}
    assert said["exposed_pung"] == "Rd 明刻" and said["x2:dragon"] == "Rd 箭刻"
    assert all(p.name.isascii() for p in result.patterns)  # the rules' own names: English


@pytest.mark.parametrize(("language", "index"), [("zh_CN", 0), ("zh_TW", 1)])
def test_mcr_names_are_the_official_ones(language: str, index: int) -> None:
    with (LOCALE / language / "LC_MESSAGES" / "tournament_manager.po").open("rb") as handle:
        catalog = read_po(handle, locale=language)
    for english, names in OFFICIAL_MCR.items():
        message = catalog.get(english, context="mcr")
        assert message is not None and message.string == names[index], english
