"""A hand's payments in words: each shape the rule sets produce, grouped for reading."""

from __future__ import annotations

import pytest

from tournament_manager.gui.sheet.payment_words import payment_words

NAMES = {1: "E Ann", 2: "S Bo", 3: "W Cy", 4: "N Di"}


@pytest.mark.parametrize(("deltas", "words"), [
    # Zung Jung, discard, V = 70: 160 / 25 / 25.
    (((1, 210), (2, -25), (3, -160), (4, -25)),
     "W Cy pays 160, the others 25 each; E Ann gets 210"),
    # Self-draw: all three pay V.
    (((1, -30), (2, 90), (3, -30), (4, -30)),
     "E Ann, W Cy and N Di pay 30 each; S Bo gets 90"),
    # discarder_pays: the thrower pays 2V, the others nothing.
    (((1, 60), (2, 0), (3, -60), (4, 0)), "W Cy pays 60, S Bo and N Di nothing; E Ann gets 60"),
    # Two winners off one discard.
    (((1, 30), (2, 40), (3, -70), (4, 0)),
     "W Cy pays 70, N Di nothing; E Ann gets 30, S Bo gets 40"),
    # Classical: everybody settles with everybody.
    (((1, 12), (2, -20), (3, 4), (4, 4)), "S Bo pays 20; E Ann gets 12, W Cy gets 4, N Di gets 4"),
    (((1, 0), (2, 0), (3, 0), (4, 0)), "nobody pays"),
])
def test_payments_read_as_a_judge_says_them(qapp, deltas, words) -> None:
    assert payment_words(deltas, NAMES.__getitem__) == words
