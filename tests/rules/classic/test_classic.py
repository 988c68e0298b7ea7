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
# The payment lines of D1-D3 are Babcock's settlement (full score, East double, losers
# settling among themselves) applied to seed scores.
SEED_FULL = replace(SEED, payment=Payment.FULL, loser_settlement=True, east_double=True)


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
    assert RULES.settle(outcome, SEED_FULL)[Wind.E] == 1440  # "each loser pays East 2 × 240"


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
    """Spec classic.md §5.2 S2 (classic_seed): "South 56, East 22, West 6, North 0 →
    E −34, W −50, N −56, S +140" — no East double, no settlement among losers."""
    points = {Wind.S: 56, Wind.E: 22, Wind.W: 6, Wind.N: 0}
    outcome = TableOutcome(WinType.DISCARD, (Win(Wind.S, 56, Wind.W),), Wind.W, hand_points=points)
    assert RULES.settle(outcome, SEED) == {Wind.S: 140, Wind.E: -34, Wind.W: -50, Wind.N: -56}


def test_seed_one_suit_doubles_are_the_winners_only() -> None:
    """Spec classic.md §5.2 S1 (classic_seed): "North: exposed pungs 3p and 7p (2 + 2), rest
    all dots, not a set → 4 (a loser's one suit is not doubled) ... Payments: E −48, W −48,
    N −44, S +140"; §0: "For the winning hand: one suit plus honors doubles; one suit only
    multiplies by 8"."""
    south = hand("123m456s789s5s", "5s", "pung:RdRdRd", seat="S")
    assert value(south, SEED) == 48
    north = PlayerHand((meld("pung:333p"), meld("pung:777p")), parse_tiles("1245689p"),
                       Wind.N)
    assert RULES.score_player_hand(north, SEED).value == 4
    assert RULES.score_player_hand(north, BABCOCK).value == 4 * 8, "Babcock doubles it"
    points = {Wind.S: 48, Wind.E: 0, Wind.W: 0, Wind.N: 4}
    outcome = TableOutcome(WinType.DISCARD, (Win(Wind.S, 48, Wind.W),), Wind.W, hand_points=points)
    assert RULES.settle(outcome, SEED) == {Wind.E: -48, Wind.W: -48, Wind.N: -44, Wind.S: 140}


def test_a_loser_scoring_more_than_the_winner_pays_nothing() -> None:
    """Spec classic.md §5.2: "nothing when his own score is as high or higher ... a winner
    never pays"."""
    points = {Wind.S: 24, Wind.E: 40, Wind.W: 24, Wind.N: 0}
    outcome = TableOutcome(WinType.DISCARD, (Win(Wind.S, 24, Wind.W),), Wind.W, hand_points=points)
    assert RULES.settle(outcome, SEED) == {Wind.S: 24, Wind.E: 0, Wind.W: 0, Wind.N: -24}


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
    # Spec §5.2: "the deal passes after a drawn hand (only East's own win keeps it)";
    # Babcock: "the deal stays with East after a drawn hand".
    assert RULES.next_dealer(TableOutcome.draw(), SEED) is Wind.S
    assert RULES.next_dealer(TableOutcome.draw(), BABCOCK) is Wind.E


@settings(max_examples=150, deadline=None)
@given(
    st.sampled_from(WINDS), st.sampled_from(WINDS), st.integers(10, 150).map(lambda v: 2 * v),
    st.lists(st.integers(0, 150).map(lambda v: 2 * v), min_size=4, max_size=4),
    st.sampled_from([SEED, BABCOCK, SEED_FULL]),
)  # fmt: skip
def test_settlement_is_zero_sum_and_doubles_east(
    winner, dealer, win_value, others, options
) -> None:  # type: ignore[no-untyped-def]
    """Win bonus 20 and every item even: the values a classical hand can score."""
    points = dict(zip(WINDS, others))
    points[winner] = win_value
    outcome = TableOutcome(
        WinType.SELF_DRAW, (Win(winner, win_value, None),), hand_points=points, dealer=dealer
    )
    payments = RULES.settle(outcome, options)
    assert sum(payments.values()) == 0
    if options.payment is Payment.FULL and options.east_double and winner is not dealer:
        assert payments[winner] == win_value * 4  # three losers, the dealer paying double


def test_a_double_reads_as_one_in_the_calculators_list() -> None:
    """The calculator listed "dragon set of Rd 1" in the Points column beside "going out
    20": a double read as one point. The rule set says how a pattern's worth reads."""
    from tournament_manager.rules.result import ScoredPattern

    assert RULES.points_text(ScoredPattern("going_out", "going out", 20)) == "20"
    assert RULES.points_text(ScoredPattern("x2:dragon", "dragon set of Rd", 1)) == "×2"
    assert RULES.points_text(ScoredPattern("x2:pure_one_suit", "pure one suit", 3)) == "×8"
