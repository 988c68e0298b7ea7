"""Properties over generated winning hands: no crash, suit permutation invariance where no
colour fan is involved, and zero-sum payments."""

from __future__ import annotations

import random
from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st
from mcr_hands import GREEN_BOOK, MAHJONGGB, RULES

from tournament_manager.rules.hand import Hand, Meld, WinType
from tournament_manager.rules.mcr.fans import Fan
from tournament_manager.rules.random_hands import random_hand
from tournament_manager.rules.settlement import TableOutcome, Win
from tournament_manager.rules.tiles import WINDS, TileId

COLOUR_FANS = {Fan.ALL_GREEN.id, Fan.REVERSIBLE_TILES.id}
PERMUTATIONS = [(0, 2, 1), (1, 0, 2), (1, 2, 0), (2, 0, 1), (2, 1, 0)]


@st.composite
def hands(draw: st.DrawFn) -> Hand:
    rng = random.Random(draw(st.integers(0, 2**32)))
    hand = random_hand(rng)
    return replace(
        hand, prevalent_wind=draw(st.sampled_from(WINDS)), flowers=draw(st.integers(0, 8))
    )


def _swap(tile: TileId, order: tuple[int, int, int]) -> TileId:
    return tile if tile >= 27 else order[tile // 9] * 9 + tile % 9


def permuted(hand: Hand, order: tuple[int, int, int]) -> Hand:
    return replace(
        hand,
        concealed=tuple(_swap(t, order) for t in hand.concealed),
        melds=tuple(
            Meld(m.kind, tuple(_swap(t, order) for t in m.tiles), m.exposed) for m in hand.melds
        ),
        winning_tile=_swap(hand.winning_tile, order),
    )


@settings(max_examples=150, deadline=None)
@given(hands())
def test_generated_winning_hands_score_without_crashing(hand: Hand) -> None:
    for options in (MAHJONGGB, GREEN_BOOK):
        result = RULES.score(hand, options)
        assert result.valid or result.problem is not None
        if result.valid:
            assert result.value == sum(p.points for p in result.patterns)


@settings(max_examples=150, deadline=None)
@given(hands(), st.sampled_from(PERMUTATIONS))
def test_suit_permutation_keeps_the_value(hand: Hand, order: tuple[int, int, int]) -> None:
    result = RULES.score(hand, replace(MAHJONGGB, minimum_points=0))
    other = RULES.score(permuted(hand, order), replace(MAHJONGGB, minimum_points=0))
    if {p.id for p in (*result.patterns, *other.patterns)} & COLOUR_FANS:
        return
    assert other.value == result.value


@settings(max_examples=100, deadline=None)
@given(st.sampled_from(WINDS), st.sampled_from(WINDS), st.booleans(), st.integers(8, 400))
def test_payments_are_zero_sum(winner, discarder, self_draw, value) -> None:  # type: ignore[no-untyped-def]
    if discarder is winner and not self_draw:
        return
    outcome = (
        TableOutcome(WinType.SELF_DRAW, (Win(winner, value, None),))
        if self_draw
        else TableOutcome(WinType.DISCARD, (Win(winner, value, discarder),), discarder)
    )
    payments = RULES.settle(outcome, MAHJONGGB)
    assert sum(payments.values()) == 0
    assert payments[winner] == (3 * (8 + value) if self_draw else 24 + value)
