"""The fast acceptance test agrees with the shared structural checks: it accepts only hands
`structural_problem` accepts, and accepts every generated winning hand."""

from __future__ import annotations

import random
from dataclasses import replace

from mcr_random import random_mcr_hand

from tournament_manager.rules.hand import Hand, Meld, MeldKind, WinType
from tournament_manager.rules.hand_checks import structural_problem
from tournament_manager.rules.mcr.evaluate import hand_facts
from tournament_manager.rules.mcr.soundness import plainly_sound
from tournament_manager.rules.tiles import Wind


def _damaged(rng: random.Random, hand: Hand) -> Hand:
    """One random fault, or none: a meld's tiles, kind or exposure, or a held tile."""
    choice = rng.randrange(5)
    if choice == 0 and hand.melds:
        index = rng.randrange(len(hand.melds))
        meld = hand.melds[index]
        tiles = list(meld.tiles)
        tiles[rng.randrange(len(tiles))] = rng.randrange(34)
        if rng.random() < 0.3:
            tiles.pop()
        changed = Meld(
            rng.choice(list(MeldKind)) if rng.random() < 0.3 else meld.kind,
            tuple(tiles),
            rng.random() < 0.8,
        )
        melds = (*hand.melds[:index], changed, *hand.melds[index + 1 :])
        return replace(hand, melds=melds)
    if choice == 1:
        return replace(hand, concealed=(*hand.concealed, rng.randrange(34)))
    if choice == 2 and hand.concealed:
        held = list(hand.concealed)
        held[rng.randrange(len(held))] = rng.randrange(34)
        return replace(hand, concealed=tuple(held))
    return hand


def test_accepts_only_what_the_structural_checks_accept() -> None:
    rng = random.Random(11)
    accepted = 0
    for _ in range(20000):
        hand = _damaged(rng, random_mcr_hand(rng))
        if plainly_sound(hand, hand_facts(hand).all_counts):
            accepted += 1
            assert structural_problem(hand) is None, hand
    assert accepted > 5000


def test_accepts_every_generated_winning_hand() -> None:
    rng = random.Random(12)
    for _ in range(5000):
        hand = random_mcr_hand(rng)
        assert plainly_sound(hand, hand_facts(hand).all_counts), hand


def test_reversed_chow_and_concealed_kong_are_sound() -> None:
    hand = Hand(
        concealed=(0, 0, 0, 9, 9, 9, 18),
        melds=(Meld(MeldKind.CHOW, (5, 3, 4)), Meld(MeldKind.KONG, (30,) * 4, exposed=False)),
        winning_tile=18,
        win_type=WinType.DISCARD,
        seat_wind=Wind.E,
    )
    assert structural_problem(hand) is None
    assert plainly_sound(hand, hand_facts(hand).all_counts)
