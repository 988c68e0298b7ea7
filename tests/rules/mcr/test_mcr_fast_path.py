"""The fused path of `fast_path` against the general path: the same result on every hand
it takes, and it takes most hands (else it silently stopped paying for itself)."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from mcr_random import random_mcr_hand

from tournament_manager.rules import get_rule_set
from tournament_manager.rules.hand import Hand, WinType
from tournament_manager.rules.mcr import rule_set as mcr_rule_set
from tournament_manager.rules.mcr.fast_path import fast_score
from tournament_manager.rules.mcr.groups import GROUP_BOUNDS, group_entry
from tournament_manager.rules.mcr.options import KongScoring, McrOptions, WaitRule
from tournament_manager.rules.mcr.shapes import KNITTED_STRAIGHTS
from tournament_manager.rules.tiles import FIRST_HONOR, TILE_KINDS, Wind

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


def _both_paths(hand: Hand, options: McrOptions, monkeypatch: pytest.MonkeyPatch) -> None:
    fast = fast_score(hand, options)
    with monkeypatch.context() as patched:
        patched.setattr(mcr_rule_set, "fast_score", lambda hand, options: None)
        general = _RULES.score(hand, options)
    assert fast is None or fast == general, hand


def test_special_shapes_at_their_edges(monkeypatch: pytest.MonkeyPatch) -> None:
    """Seven pairs of every seven kinds in a row (within a suit, across suits, the
    honors), Thirteen Orphans with each pair, near misses of the thirteen and fourteen
    kinds, Nine Gates won on any tile: the fast path's own shape tests against the
    general path's."""
    rng = random.Random(3)
    concealed_hands: list[list[int]] = []
    for first in range(TILE_KINDS - 6):
        concealed_hands.append([tile for tile in range(first, first + 7) for _ in range(2)])
    orphans = [0, 8, 9, 17, 18, 26, *range(FIRST_HONOR, TILE_KINDS)]
    for extra in range(TILE_KINDS):
        concealed_hands.append([*orphans, extra])
        concealed_hands.append([*orphans[1:], extra, extra if extra else 1])
    for straight in KNITTED_STRAIGHTS:
        for _ in range(20):
            honors = rng.choice((5, 6, 7))
            suited = rng.sample(straight, 14 - honors)
            if rng.random() < 0.3:  # one suited tile outside the straight
                suited[0] = rng.choice([t for t in range(FIRST_HONOR) if t not in straight])
            concealed_hands.append(
                [*suited, *rng.sample(range(FIRST_HONOR, TILE_KINDS), honors)]
            )
    for base in (0, 9, 18):  # Nine Gates and the full flushes next to it
        gates = [base] * 3 + list(range(base + 1, base + 8)) + [base + 8] * 3
        concealed_hands += [[*gates, base + rank] for rank in range(9)]
    for tiles in concealed_hands:
        for win in set(tiles):  # each kind held as the winning tile
            held = list(tiles)
            held.remove(win)
            for win_type in WinType:
                hand = Hand(tuple(sorted(held)), (), win, win_type, Wind.E)
                for options in _OPTIONS:
                    _both_paths(hand, options, monkeypatch)
