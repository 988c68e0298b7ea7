"""One hand per fan that scores it, and a near miss that does not (mahjonggb profile unless
the fan is profile-specific); the 8-point minimum is set aside so every fan shows alone."""

from __future__ import annotations

from typing import Any

import pytest
from mcr_hands import fan_ids, mcr_hand

from tournament_manager.rules.mcr.fans import Fan

H = mcr_hand
SD = {"self_draw": True}
# fan: (hit, near miss)
CASES: dict[Fan, tuple[Any, Any]] = {
    Fan.BIG_FOUR_WINDS: (H("55pWWWNN", "N", "pung:EEE", "kong:SSSS"), H("55pWWWNN", "5p", "pung:EEE", "pung:SSS")),
    Fan.BIG_THREE_DRAGONS: (H("66s999sRdRd", "Rd", "pung:WdWdWd", "pung:GdGdGd"), H("66s999sRdRd", "6s", "pung:WdWdWd", "pung:GdGdGd")),
    Fan.ALL_GREEN: (H("223344s666s88sGdGd", "Gd"), H("223344s666s99sGdGd", "Gd")),
    Fan.NINE_GATES: (H("1112345678999m", "5m"), H("1112345678889m", "9m")),
    Fan.FOUR_KONGS: (H("5p", "5p", "kong:1111m", "kong:2222s", "kong:EEEE", "kong:9999p"), H("5p", "5p", "kong:1111m", "kong:2222s", "kong:EEEE", "pung:999p")),
    Fan.SEVEN_SHIFTED_PAIRS: (H("2233445566778s", "8s"), H("2233445566779s", "9s")),
    Fan.THIRTEEN_ORPHANS: (H("19m19s19pESWNWdGdRd", "1m"), H("1199m1199s11pEEW", "W")),
    Fan.ALL_TERMINALS: (H("111m999m111p999p1s", "1s"), H("111m999m111p999pE", "E")),
    Fan.LITTLE_FOUR_WINDS: (H("55pWWWNN", "5p", "pung:EEE", "pung:SSS"), H("55pWWWNN", "5p", "pung:EEE", "chow:123m")),
    Fan.LITTLE_THREE_DRAGONS: (H("66s999sRdRd", "6s", "pung:WdWdWd", "pung:GdGdGd"), H("66s999sRdRd", "6s", "pung:WdWdWd", "chow:123s")),
    Fan.ALL_HONORS: (H("SSSWWRdRd", "W", "pung:EEE", "pung:GdGdGd"), H("SSSWW11m", "W", "pung:EEE", "pung:GdGdGd")),
    Fan.FOUR_CONCEALED_PUNGS: (H("111m222p333s44sEE", "4s", **SD), H("111m222p333s44sEE", "4s")),
    Fan.PURE_TERMINAL_CHOWS: (H("123p55p77p8p99p", "8p", "chow:123p"), H("123p66p77p8p99p", "8p", "chow:123p")),
    Fan.QUADRUPLE_CHOW: (H("55m45s", "6s", "chow:456s", "chow:456s", "chow:456s"), H("55m45s", "6s", "chow:456s", "chow:456s", "chow:345s")),
    Fan.FOUR_PURE_SHIFTED_PUNGS: (H("111222333444m5p", "5p"), H("111222333555m5p", "5p")),
    Fan.FOUR_PURE_SHIFTED_CHOWS: (H("123m234m345m456m5p", "5p"), H("123m234m345m567m5p", "5p")),
    Fan.THREE_KONGS: (H("678p5p", "5p", "kong:1111m", "kong:2222s", "kong:EEEE"), H("678p5p", "5p", "kong:1111m", "kong:2222s", "pung:EEE")),
    Fan.ALL_TERMINALS_AND_HONORS: (H("SSSWW11m", "W", "pung:EEE", "pung:GdGdGd"), H("SSSWW22m", "W", "pung:EEE", "pung:GdGdGd")),
    Fan.SEVEN_PAIRS: (H("3355m3355s88s5pNN", "5p"), H("333555m555s88s33s", "8s")),
    Fan.GREATER_HONORS_AND_KNITTED: (H("1m4m2s5s3p6p9pESWNGdWd", "Rd"), H("1m4m7m2s5s3p6pESWNGdWd", "9p")),
    Fan.ALL_EVEN_PUNGS: (H("222m444p666s888s8m", "8m"), H("222m444p666s888s5m", "5m")),
    Fan.FULL_FLUSH: (H("1112345678889m", "9m"), H("111234567888m9p", "9p")),
    Fan.PURE_TRIPLE_CHOW: (H("123123m456p5s", "5s", "chow:123m"), H("123234m456p5s", "5s", "chow:123m")),
    Fan.PURE_SHIFTED_PUNGS: (H("111222333m456p5s", "5s"), H("111222444m456p5s", "5s")),
    Fan.UPPER_TILES: (H("777888999m789p7s", "7s"), H("777888999m789p6s", "6s")),
    Fan.MIDDLE_TILES: (H("444555666m456p4s", "4s"), H("444555666m456p7s", "7s")),
    Fan.LOWER_TILES: (H("111222333m123p1s", "1s"), H("111222333m123p4s", "4s")),
    Fan.PURE_STRAIGHT: (H("123m456m789m456p5s", "5s"), H("123m456m678m456p5s", "5s")),
    Fan.THREE_SUITED_TERMINAL_CHOWS: (H("123m789m123p789p5s", "5s"), H("123m789m123p789p5m", "5m")),
    Fan.PURE_SHIFTED_CHOWS: (H("123m234m345m678p5s", "5s"), H("123m234m456m678p5s", "5s")),
    Fan.ALL_FIVES: (H("345m456p567s555m5p", "5p"), H("345m456p567s666m5p", "5p")),
    Fan.TRIPLE_PUNG: (H("222m222p222s456m9s", "9s"), H("222m222p333s456m9s", "9s")),
    Fan.THREE_CONCEALED_PUNGS: (H("111m333p555s678m9s", "9s"), H("111m333p55s678m99s", "5s")),
    Fan.LESSER_HONORS_AND_KNITTED: (H("1m4m7m6s9s2p8pESWNGdWd", "3s"), H("1m4m2s5s3p6p9pESWNGdWd", "Rd")),
    Fan.KNITTED_STRAIGHT: (H("1m4m7m3s9s2p5p8pWW", "6s", "pung:GdGdGd"), H("123m456p789s234s5p", "5p")),
    Fan.UPPER_FOUR: (H("666m777m888m789p9s", "9s"), H("555m777m888m789p9s", "9s")),
    Fan.LOWER_FOUR: (H("111m222m333m234p4s", "4s"), H("111m222m333m234p5s", "5s")),
    Fan.BIG_THREE_WINDS: (H("WWW123m5p", "5p", "pung:EEE", "pung:SSS"), H("WWW123m5p", "5p", "pung:EEE", "chow:123s")),
    Fan.MIXED_STRAIGHT: (H("123m456p789s234s5p", "5p"), H("123m456p678s234s5p", "5p")),
    Fan.REVERSIBLE_TILES: (H("123p345p888p456sWd", "Wd"), H("123p345p888p456sGd", "Gd")),
    Fan.MIXED_TRIPLE_CHOW: (H("123m123p123s456m9s", "9s"), H("123m123p234s456m9s", "9s")),
    Fan.MIXED_SHIFTED_PUNGS: (H("222m333p444s678m9s", "9s"), H("222m333p555s678m9s", "9s")),
    Fan.CHICKEN_HAND: (H("345s88sWdWd", "8s", "chow:123m", "chow:678p"), H("345s88sWdWd", "8s", "chow:123m", "chow:678p", **SD)),
    Fan.LAST_TILE_DRAW: (H("123m456p789s234s5m", "5m", flags=["seabed"], **SD), H("123m456p789s234s5m", "5m", flags=["riverbed"])),
    Fan.LAST_TILE_CLAIM: (H("123m456p789s234s5m", "5m", flags=["riverbed"]), H("123m456p789s234s5m", "5m")),
    Fan.OUT_WITH_REPLACEMENT_TILE: (H("456p789s234s5m", "5m", "kong:1111m", flags=["kong_replacement"], **SD), H("456p789s234s5m", "5m", "kong:1111m", **SD)),
    Fan.ROBBING_THE_KONG: (H("123m456p789s24s55m", "3s", flags=["robbing_kong"]), H("123m456p789s24s55m", "3s")),
    Fan.TWO_CONCEALED_KONGS: (H("6789p", "9p", "ckong:WdWdWdWd", "ckong:1111s", "chow:345m"), H("6789p", "9p", "kong:WdWdWdWd", "ckong:1111s", "chow:345m")),
    Fan.ALL_PUNGS: (H("333p555s777m9s", "9s", "pung:111m"), H("333p555s777m9s", "9s", "chow:123m")),
    Fan.HALF_FLUSH: (H("123m456m789m111mE", "E"), H("123m456m789m111m5p", "5p")),
    Fan.MIXED_SHIFTED_CHOWS: (H("123m234p345s678m9s", "9s"), H("123m345p567s678m9s", "9s")),
    Fan.ALL_TYPES: (H("123m456p789sRd", "Rd", "pung:EEE"), H("123m456p789s5s", "5s", "pung:EEE")),
    Fan.MELDED_HAND: (H("5p", "5p", "chow:123m", "chow:456s", "pung:777m", "chow:234p"), H("5p", "5p", "chow:123m", "chow:456s", "pung:777m", "chow:234p", **SD)),
    Fan.TWO_DRAGON_PUNGS: (H("123m456p9s", "9s", "pung:RdRdRd", "pung:GdGdGd"), H("123m456p9s", "9s", "pung:RdRdRd", "pung:EEE")),
    Fan.OUTSIDE_HAND: (H("123m789p111s999mE", "E"), H("123m789p111s678mE", "E")),
    Fan.FULLY_CONCEALED_HAND: (H("123m456p789s234s5m", "5m", **SD), H("123m456p789s234s5m", "5m")),
    Fan.TWO_MELDED_KONGS: (H("345p678p9s", "9s", "kong:1111m", "kong:2222s"), H("345p678p9s", "9s", "kong:1111m", "pung:222s")),
    Fan.LAST_TILE: (H("123m456p789s23s55m", "4s", flags=["last_tile"]), H("123m456p789s44s55m", "4s", flags=["last_tile"])),
    Fan.DRAGON_PUNG: (H("123m456p789s9s", "9s", "pung:RdRdRd"), H("123m456p789s9s", "9s", "pung:EEE")),
    Fan.PREVALENT_WIND: (H("123m456p789s9s", "9s", "pung:EEE", prevalent="E"), H("123m456p789s9s", "9s", "pung:EEE", prevalent="W")),
    Fan.SEAT_WIND: (H("123m456p789s9s", "9s", "pung:EEE", seat="E"), H("123m456p789s9s", "9s", "pung:EEE", seat="S")),
    Fan.CONCEALED_HAND: (H("123m456p789s234s5m", "5m"), H("456p789s234s5m", "5m", "chow:123m")),
    Fan.ALL_CHOWS: (H("123m456p789s234s5m", "5m"), H("123m456p789s234sE", "E")),
    Fan.TILE_HOG: (H("111123m456p789s5p", "5p"), H("234m456p789s5p", "5p", "kong:1111m")),
    Fan.DOUBLE_PUNG: (H("222m222p456s789s5m", "5m"), H("222m333p456s789s5m", "5m")),
    Fan.TWO_CONCEALED_PUNGS: (H("222m444p456s789s5m", "5m"), H("444p456s789s5m", "5m", "pung:222m")),
    Fan.CONCEALED_KONG: (H("456p789s123s5m", "5m", "ckong:2222m"), H("456p789s123s5m", "5m", "kong:2222m")),
    Fan.ALL_SIMPLES: (H("234m456p678s345s6m", "6m"), H("234m456p678s789s6m", "6m")),
    Fan.PURE_DOUBLE_CHOW: (H("123m123m456p789s5s", "5s"), H("123m234m456p789s5s", "5s")),
    Fan.MIXED_DOUBLE_CHOW: (H("123m123p456p789s5s", "5s"), H("123m234p456p789s5s", "5s")),
    Fan.SHORT_STRAIGHT: (H("123m456m789p234s5s", "5s"), H("123m567m789p234s5s", "5s")),
    Fan.TWO_TERMINAL_CHOWS: (H("123m789m456p234s5s", "5s"), H("123m678m456p234s5s", "5s")),
    Fan.PUNG_OF_TERMINALS_OR_HONORS: (H("123p456s678s5s", "5s", "pung:999m"), H("123p456s678s5s", "5s", "pung:888m")),
    Fan.MELDED_KONG: (H("123p456s678s5s", "5s", "kong:8888m"), H("123p456s678s5s", "5s", "pung:888m")),
    Fan.ONE_VOIDED_SUIT: (H("123m456m789m456p5p", "5p"), H("123m456m789m456p5s", "5s")),
    Fan.NO_HONORS: (H("111m456p789s234s5m", "5m"), H("111m456p789s234sE", "E")),
    Fan.EDGE_WAIT: (H("12m456p789s234s55m", "3m"), H("23m456p789s234s55m", "1m")),
    Fan.CLOSED_WAIT: (H("13m456p789s234s55m", "2m"), H("1113m456p789s234s", "2m")),
    Fan.SINGLE_WAIT: (H("123m456p789s234s5m", "5m"), H("1234m456p789s234s", "4m")),
    Fan.SELF_DRAWN: (H("456p789s234s5m", "5m", "chow:123m", **SD), H("456p789s234s5m", "5m", "chow:123m")),
    Fan.FLOWER_TILES: (H("123m456p789s234s5m", "5m", flowers=2), H("123m456p789s234s5m", "5m")),
    Fan.CONCEALED_KONG_AND_MELDED_KONG: (H("345p678p9s", "9s", "kong:1111m", "ckong:2222s"), H("345p678p9s", "9s", "kong:1111m", "kong:2222s")),
}  # fmt: skip


def test_every_fan_has_a_case() -> None:
    assert set(CASES) == set(Fan)


@pytest.mark.parametrize("fan", list(CASES), ids=lambda f: f.name.lower())
def test_fan_scores_and_near_miss_does_not(fan: Fan) -> None:
    hit, miss = CASES[fan]
    assert fan.id in fan_ids(hit)
    assert fan.id not in fan_ids(miss)


def test_flowers_count_once_each() -> None:
    hit, _ = CASES[Fan.FLOWER_TILES]
    assert fan_ids(hit).count(Fan.FLOWER_TILES.id) == 2
