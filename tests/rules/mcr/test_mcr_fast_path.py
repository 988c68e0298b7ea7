"""The fused path of `fast_path` against the general path: the same result on every hand
it takes, and it takes most hands (else it silently stopped paying for itself)."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from mcr_random import random_mcr_hand

from tournament_manager.rules import get_rule_set
from tournament_manager.rules.hand import WinType
from tournament_manager.rules.mcr import rule_set as mcr_rule_set
from tournament_manager.rules.mcr.fast_path import fast_score
from tournament_manager.rules.mcr.groups import GROUP_BOUNDS, group_entry
from tournament_manager.rules.mcr.options import KongScoring, McrOptions, WaitRule

_RULES = get_rule_set("mcr")
_OPTIONS = (
    _RULES.profile_options("green_book"),
    _RULES.profile_options("mahjonggb"),
    McrOptions(wait_rule=WaitRule.ANY_ARRANGEMENT, kong_scoring=KongScoring.MAHJONGGB,
               minimum_points=0),
)


@pytest.mark.parametrize("options", _OPTIONS, ids=("green_book", "mahjonggb", "mixed"))
def test_fast_path_matches_general_path(
    options: McrOptions, monkeypatch: pytest.MonkeyPatch
) -> None:
    rng = random.Random(20261121)
    hands = [random_mcr_hand(rng) for _ in range(2500)]
    hands += [replace(hand, winning_tile=rng.randrange(34)) for hand in hands[:500]]
    hands += [
        replace(hand, win_type=WinType.SELF_DRAW if hand.win_type is WinType.DISCARD
                else WinType.DISCARD)
        for hand in hands[:500]
    ]
    fast = [fast_score(hand, options) for hand in hands]
    monkeypatch.setattr(mcr_rule_set, "fast_score", lambda hand, options: None)
    taken = 0
    for hand, result in zip(hands, fast):
        if result is not None:
            taken += 1
            assert result == _RULES.score(hand, options), hand
    assert taken > len(hands) // 2


def test_completing_tiles_are_those_that_let_the_group_split() -> None:
    """`GroupEntry.completing` (a yes/no test per tile) against the splits themselves."""
    rng = random.Random(7)
    for _ in range(3000):
        group = rng.randrange(4)
        start, end = GROUP_BOUNDS[group]
        counts = [0] * (end - start)
        for _ in range(rng.randrange(1, 14)):
            counts[rng.randrange(len(counts))] += 1
        if max(counts) > 4:
            continue
        expected = []
        for rank in range(len(counts)):
            grown = list(counts)
            grown[rank] += 1
            if group_entry(group, bytes(grown)).splits:
                expected.append(start + rank)
        assert group_entry(group, bytes(counts)).completing == tuple(expected), (group, counts)
