"""One focused test per pattern: a hand that has it, and a near miss that does not."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from zj_hands import pattern_ids

from tournament_manager.rules.result import ScoreResult

H = dict[str, Any]


def h(concealed: str, win: str, **kwargs: Any) -> H:
    return {"concealed": concealed, "win": win, **kwargs}


CASES: list[tuple[str, H, H]] = [
    ("1.1", h("123m456p789s234sE", "E"), h("123m456p789s222sE", "E")),
    ("1.2", h("123m456p789s234sE", "E"), h("456p789s234sE", "E", melds=["chow:123m"])),
    ("1.3", h("234m456p678s234s5p", "5p"), h("234m456p678s234s9p", "9p")),
    ("2.1.1", h("123m456m789m222mE", "E"), h("123m456m789m222pE", "E")),
    ("2.1.2", h("123m456m789m222m5m", "5m"), h("123m456m789m222mE", "E")),
    (
        "2.2",
        h("1112345678999m", "5m", win_type="self_draw"),
        h("1123456789999m", "1m", win_type="self_draw"),
    ),
    (
        "3.1",
        h("123m456p789sE", "E", melds=["pung:SSS"]),
        h("123m456p789sE", "E", melds=["pung:WWW"]),
    ),
    ("3.2.1", h("RdRdRdGdGdGdWd123m456m", "Wd"), h("RdRdRdGdGdGd123m456m9m", "9m")),
    ("3.2.2", h("RdRdRdGdGdGdWdWdWd123m9m", "9m"), h("RdRdRdGdGdGdWd123m456m", "Wd")),
    ("3.3.1", h("EEESSSW123m456m", "W"), h("EEESSS123m456m9m", "9m")),
    ("3.3.2", h("EEESSSWWW123m9m", "9m"), h("EEESSSW123m456m", "W")),
    ("3.3.3", h("EEESSSWWWN123m", "N"), h("EEESSSWWW123m9m", "9m")),
    ("3.3.4", h("WWWNNN1m", "1m", melds=["pung:EEE", "pung:SSS"]), h("EEESSSWWWN123m", "N")),
    ("3.4", h("EEESSSWWWRdRdRdGd", "Gd"), h("EEESSSWWWRdRdRd9m", "9m")),
    ("4.1", h("111m222p333s444s5p", "5p"), h("111m222p333s456s5p", "5p")),
    ("4.2.1", h("111m222p456s789s5p", "5p"), h("111m22p456s789s55p", "2p")),
    ("4.2.2", h("111m222p333s789s5p", "5p"), h("111m222p33s789s55p", "3s")),
    ("4.2.3", h("222s444m666p888pW", "W"), h("222s444m666p88pWW", "8p")),
    (
        "4.3.1",
        h("456p789s234s5p", "5p", melds=["kong:1111m"]),
        h("456p789s234s5p", "5p", melds=["pung:111m"]),
    ),
    (
        "4.3.2",
        h("789s234s5p", "5p", melds=["kong:1111m", "ckong:2222p"]),
        h("789s234s5p", "5p", melds=["kong:1111m", "pung:222p"]),
    ),
    (
        "4.3.3",
        h("234s5p", "5p", melds=["kong:1111m", "ckong:2222p", "kong:9999s"]),
        h("234s5p", "5p", melds=["kong:1111m", "ckong:2222p", "pung:999s"]),
    ),
    (
        "4.3.4",
        h("5p", "5p", melds=["kong:1111m", "ckong:2222p", "kong:9999s", "kong:EEEE"]),
        h("5p", "5p", melds=["kong:1111m", "ckong:2222p", "kong:9999s", "pung:EEE"]),
    ),
    ("5.1.1", h("123m123m456p789s5p", "5p"), h("123m234m456p789s5p", "5p")),
    ("5.1.2", h("123m123m456p456p5s", "5s"), h("123m123m456p789p5s", "5s")),
    (
        "5.1.3",
        h("123m123m456p5s", "5s", melds=["chow:123m"]),
        h("123m123m456p5s", "5s", melds=["chow:456p"]),
    ),
    ("5.1.4", h("123m123m123m123m5s", "5s"), h("123m123m123m456p5s", "5s")),
    ("6.1", h("123m123p123s456s5p", "5p"), h("123m123p234s456s5p", "5p")),
    ("6.2.1", h("555m555p5s123p789s", "5s"), h("555m555p6s123p789s", "6s")),
    ("6.2.2", h("555m555p555s123p9s", "9s"), h("555m555p5s123p789s", "5s")),
    ("7.1", h("123m456m789m234p5s", "5s"), h("123m456m789p234p5s", "5s")),
    ("7.2.1", h("444m555m666m123p9s", "9s"), h("444m555m777m123p9s", "9s")),
    (
        "7.2.2",
        h("444m555m666m777m2p", "2p", win_type="self_draw"),
        h("444m555m666m888m2p", "2p", win_type="self_draw"),
    ),
    ("8.1.1", h("123m789p111sEEE9m", "9m"), h("123m678p111sEEE9m", "9m")),
    ("8.1.2", h("123m789p111s999s1p", "1p"), h("123m789p111sEEE9m", "9m")),
    (
        "8.1.3",
        h("EEERdRdRd1s", "1s", melds=["pung:111m", "pung:999p"]),
        h("123m789p111sEEE9m", "9m"),
    ),
    ("8.1.4", h("111m999m111p999p1s", "1s"), h("111m999m111pEEE1s", "1s")),
    (
        "9.1.1",
        h(
            "345s7m7m9s9s",
            "7m",
            melds=["chow:234m", "chow:567p"],
            win_type="self_draw",
            flags=["seabed"],
        ),
        h("345s7m7m9s9s", "7m", melds=["chow:234m", "chow:567p"], win_type="self_draw"),
    ),
    (
        "9.1.2",
        h("345s7m7m9s9s", "7m", melds=["chow:234m", "chow:567p"], flags=["riverbed"]),
        h("345s7m7m9s9s", "7m", melds=["chow:234m", "chow:567p"]),
    ),
    (
        "9.2",
        h(
            "345s7m7m9s9s",
            "7m",
            melds=["kong:2222m", "chow:567p"],
            win_type="self_draw",
            flags=["kong_replacement"],
        ),
        h("345s7m7m9s9s", "7m", melds=["kong:2222m", "chow:567p"], win_type="self_draw"),
    ),
    (
        "9.3",
        h("23m456p678s345p55m", "4m", flags=["robbing_kong"]),
        h("23m456p678s345p55m", "4m"),
    ),
    (
        "9.4.1",
        h("123m456p789s234sE", "E", win_type="self_draw", seat="E", flags=["heaven"]),
        h("123m456p789s234sE", "E", win_type="self_draw", seat="E"),
    ),
    (
        "9.4.2",
        h("123m456p789s234sE", "E", flags=["earth"]),
        h("123m456p789s234sE", "E"),
    ),
    ("10.1", h("1m9m1p9p1s9sESWNWdGdRd", "Rd"), h("1m1m9m9m1p1p9p9pEESSRd", "Rd")),
    ("10.2", h("1m1m5m5m7p7p9p9p3s3sEERd", "Rd"), h("223344m556677p8s", "8s")),
    (
        "chicken",
        h("567s345m6p6p9p9p", "6p", melds=["chow:234s"]),
        h("123m456p789sE", "E", melds=["pung:SSS"]),
    ),
]


@pytest.mark.parametrize(("pattern", "hit", "miss"), CASES, ids=[c[0] for c in CASES])
def test_pattern_and_near_miss(
    score: Callable[..., ScoreResult], pattern: str, hit: H, miss: H
) -> None:
    assert pattern in pattern_ids(score(**hit))
    assert pattern not in pattern_ids(score(**miss))


def test_every_pattern_has_a_focused_case() -> None:
    from tournament_manager.rules.zung_jung.patterns import PATTERN_IDS

    assert sorted(c[0] for c in CASES) == sorted([*PATTERN_IDS, "chicken"])
