"""Classical scoring: the worked examples of classic.md §5 and settlement checks."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournament_manager.rules import get_rule_set
from tournament_manager.rules.classic import ClassicRuleSet, Payment, PlayerHand
from tournament_manager.rules.hand import Hand, Meld, MeldKind, WinType
from tournament_manager.rules.settlement import TableOutcome, Win
from tournament_manager.rules.tiles import WINDS, Wind, parse_tile, parse_tiles

RULES = get_rule_set("classic")
assert isinstance(RULES, ClassicRuleSet)
SEED = RULES.profile_options("classic_seed")
BABCOCK = RULES.profile_options("classic_babcock")
# The payment lines of D1-D3 are Babcock's settlement applied to seed scores.
SEED_FULL = replace(SEED, payment=Payment.FULL, loser_settlement=True)


def meld(text: str) -> Meld:
    kind, tiles = text.split(":")
    if kind == "ckong":
        return Meld(MeldKind.KONG, parse_tiles(tiles), exposed=False)
    return Meld(MeldKind(kind), parse_tiles(tiles))


def hand(concealed: str, win: str, *melds: str, seat: str = "S", self_draw: bool = False,
         flowers: int = 0, prevalent: str = "E") -> Hand:  # fmt: skip
    return Hand(
        parse_tiles(concealed), tuple(meld(m) for m in melds), parse_tile(win),
        WinType.SELF_DRAW if self_draw else WinType.DISCARD, Wind(seat),
        prevalent_wind=Wind(prevalent), flowers=flowers,
    )  # fmt: skip


def value(h: Hand, options=BABCOCK) -> int:  # type: ignore[no-untyped-def]
    result = RULES.score(h, options)
    assert result.valid, result.problem
    return result.value


def test_b16_only_possible_place() -> None:
    # exposed 444p, concealed 999s, runs; 13s waits only on 2s
    assert value(hand("999s13s456m99m", "2s", "pung:444p")) == 20 + 2 + 8 + 2


@pytest.mark.parametrize(
    ("seat", "self_draw", "concealed", "win", "expected"),
    [
        ("S", False, "777m34m99s", "2m", 32),  # two-sided wait, discard
        ("S", True, "777m13m99s", "2m", 36),  # drawn, only place
        ("W", False, "777m34m99s", "2m", 64),  # holder West: own-wind double
        ("W", True, "777m13m99s", "2m", 72),
    ],
)
def test_b17(seat: str, self_draw: bool, concealed: str, win: str, expected: int) -> None:
    h = hand(concealed, win, "pung:111p", "pung:WWW", seat=seat, self_draw=self_draw)
    assert value(h) == expected


def test_b18_east_collects_double() -> None:
    h = hand("EEEWdWd34m", "5m", "kong:8888p", "pung:GdGdGd", seat="E")
    assert value(h) == 168
    outcome = TableOutcome(WinType.DISCARD, (Win(Wind.E, 168, Wind.S),), Wind.S)
    assert RULES.settle(outcome, BABCOCK) == {
        Wind.E: 1008,
        Wind.S: -336,
        Wind.W: -336,
        Wind.N: -336,
    }


def test_b27_one_suit_and_honours() -> None:
    h = hand("23p55p", "4p", "pung:EEE", "pung:SSS", "pung:NNN", seat="E")
    assert value(h) == 128


def test_d1_loser_settlement() -> None:
    south = hand("555m123p67p99s", "8p", "pung:RdRdRd", seat="S")
    assert value(south, SEED) == 56
    east = PlayerHand(
        (meld("pung:999s"), meld("ckong:3333m")), parse_tiles("12p456s"), Wind.E, flowers=1
    )
    west = PlayerHand((meld("pung:SSS"),), parse_tiles("GdGd147m258p"), Wind.W)
    assert RULES.score_player_hand(east, SEED).value == 22
    assert RULES.score_player_hand(west, SEED).value == 6
    points = {Wind.S: 56, Wind.E: 22, Wind.W: 6, Wind.N: 0}
    outcome = TableOutcome(WinType.DISCARD, (Win(Wind.S, 56, Wind.W),), Wind.W, hand_points=points)
    assert RULES.settle(outcome, SEED_FULL) == {Wind.S: 224, Wind.E: -36, Wind.W: -82, Wind.N: -106}


def test_d2_pure_one_suit_self_draw() -> None:
    h = hand("999s345s678s5s", "5s", "pung:222s", seat="E", self_draw=True)
    assert value(h, SEED) == 240
    assert value(h, replace(SEED, self_draw_points=2)) == 256
    outcome = TableOutcome(WinType.SELF_DRAW, (Win(Wind.E, 240, None),))
    assert RULES.settle(outcome, SEED)[Wind.E] == 1440


def test_d3_east_wins_losers_settle() -> None:
    points = {Wind.E: 168, Wind.S: 10, Wind.W: 4, Wind.N: 0}
    outcome = TableOutcome(WinType.SELF_DRAW, (Win(Wind.E, 168, None),), hand_points=points)
    assert RULES.settle(outcome, SEED_FULL) == {
        Wind.E: 1008,
        Wind.S: -320,
        Wind.W: -338,
        Wind.N: -350,
    }


def test_seed_settlement_pays_the_difference() -> None:
    points = {Wind.S: 56, Wind.E: 22, Wind.W: 6, Wind.N: 0}
    outcome = TableOutcome(WinType.DISCARD, (Win(Wind.S, 56, Wind.W),), Wind.W, hand_points=points)
    assert RULES.settle(outcome, SEED) == {
        Wind.S: 68 + 50 + 56,
        Wind.E: -68,
        Wind.W: -50,
        Wind.N: -56,
    }


def test_limit_caps_before_east_doubling() -> None:
    big = hand("345mWd", "Wd", "kong:8888p", "kong:GdGdGdGd", "ckong:EEEE", seat="E")
    assert RULES.score(big, BABCOCK).value == 300
    assert (
        RULES.score(big, replace(BABCOCK, limit=None)).value == (20 + 2 + 8 + 16 + 32 + 2) * 4
    )  # + only place (single wait)


def test_dealer_keeps_the_deal_when_he_wins() -> None:
    won = TableOutcome(WinType.SELF_DRAW, (Win(Wind.S, 40, None),), dealer=Wind.S)
    assert RULES.next_dealer(won, SEED) is Wind.S
    lost = TableOutcome(WinType.SELF_DRAW, (Win(Wind.W, 40, None),), dealer=Wind.S)
    assert RULES.next_dealer(lost, SEED) is Wind.W
    assert RULES.next_dealer(TableOutcome.draw(), SEED) is Wind.E


@settings(max_examples=150, deadline=None)
@given(
    st.sampled_from(WINDS), st.sampled_from(WINDS), st.integers(20, 300),  # win bonus 20
    st.lists(st.integers(0, 300), min_size=4, max_size=4),
    st.sampled_from([SEED, BABCOCK, SEED_FULL]),
)  # fmt: skip
def test_settlement_is_zero_sum_and_doubles_east(
    winner, dealer, win_value, others, options
) -> None:  # type: ignore[no-untyped-def]
    points = dict(zip(WINDS, others))
    points[winner] = win_value
    outcome = TableOutcome(
        WinType.SELF_DRAW, (Win(winner, win_value, None),), hand_points=points, dealer=dealer
    )
    payments = RULES.settle(outcome, options)
    assert sum(payments.values()) == 0
    if options.payment is Payment.FULL and winner is not dealer:
        assert payments[winner] == win_value * 4  # three losers, the dealer paying double
