"""The cheaper memo keys of the scorer give what the direct computations give: the content
fans by OR-ed kind features, the chow and pung parts by suits renamed, the flags by their
frozenset."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace
from itertools import combinations, permutations

from tournament_manager.rules.hand import Hand, WinFlag, WinType
from tournament_manager.rules.mcr import evaluate
from tournament_manager.rules.mcr.combos import chow_fans
from tournament_manager.rules.mcr.content import KIND_FEATURES, features_fans
from tournament_manager.rules.mcr.fans import Fan
from tournament_manager.rules.mcr.flags import flag_problem
from tournament_manager.rules.tiles import FIRST_DRAGON, FIRST_HONOR, TILE_KINDS, Wind, parse_tiles

_POOLS = (
    range(TILE_KINDS),
    range(FIRST_HONOR),
    range(9),
    (*range(9), *range(FIRST_HONOR, TILE_KINDS)),
    (0, 8, 9, 17, 18, 26, *range(FIRST_HONOR, TILE_KINDS)),  # terminals and honors
    (1, 2, 3, 5, 7, 19, 20, 21, 23, 25, 33),  # green
    (1, 2, 3, 4, 8, 10, 11, 12, 13, 14, 16, 17, 19, 21, 23, 24, 25, 26, 31, 33),  # reversible
)


GREEN = set(parse_tiles("23468sGd"))
REVERSIBLE = set(parse_tiles("1234589p245689sWd"))
RANGES = (({0, 1, 2, 3}, {3}, Fan.LOWER_FOUR, Fan.LOWER_TILES),
          ({5, 6, 7, 8}, {5}, Fan.UPPER_FOUR, Fan.UPPER_TILES),
          ({3, 4, 5}, {3, 4, 5}, Fan.MIDDLE_TILES, Fan.MIDDLE_TILES))


def _content_fans(kinds: set[int]) -> tuple[Fan, ...]:
    """The content fans straight from the spec (§5), by sets: the oracle of the features."""
    honors = {k for k in kinds if k >= FIRST_HONOR}
    suits = {k // 9 for k in kinds if k < FIRST_HONOR}
    ranks = {k % 9 for k in kinds if k < FIRST_HONOR}
    outer = {k for k in kinds if k >= FIRST_HONOR or k % 9 in (0, 8)}
    fans: list[Fan] = []
    if not honors:
        fans.append(Fan.NO_HONORS)
    if len(suits) == 2:
        fans.append(Fan.ONE_VOIDED_SUIT)
    elif len(suits) == 1:
        fans.append(Fan.HALF_FLUSH if honors else Fan.FULL_FLUSH)
    if len(suits) == 3 and {k for k in honors if k < FIRST_DRAGON} and \
            {k for k in honors if k >= FIRST_DRAGON}:
        fans.append(Fan.ALL_TYPES)
    if not outer:
        fans.append(Fan.ALL_SIMPLES)
    if kinds <= REVERSIBLE:
        fans.append(Fan.REVERSIBLE_TILES)
    if kinds <= GREEN:
        fans.append(Fan.ALL_GREEN)
    if kinds == outer:
        fans.append(Fan.ALL_HONORS if not suits else Fan.ALL_TERMINALS if not honors
                    else Fan.ALL_TERMINALS_AND_HONORS)
    if not honors:
        for allowed, marker, with_marker, without in RANGES:
            if ranks <= allowed:
                fans.append(with_marker if ranks & marker else without)
                break
    return tuple(fans)


def test_content_by_features_matches_content_by_kinds() -> None:
    rng = random.Random(17)
    for _ in range(20000):
        pool = rng.choice(_POOLS)
        kinds = {rng.choice(pool) for _ in range(rng.choice((1, 2, 3, 5, 7, 9, 12, 14)))}
        features = 0
        for kind in kinds:
            features |= KIND_FEATURES[kind]
        assert features_fans(features) == _content_fans(kinds), kinds


def _renamed(tiles: tuple[int, ...], order: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(sorted(order[t // 9] * 9 + t % 9 if t < FIRST_HONOR else t for t in tiles))


def _direct_chow_part(chows: tuple[int, ...]) -> tuple[object, ...]:
    traits = evaluate._ALL_TRAITS
    for start in chows:
        traits &= evaluate._CHOW_TRAITS[start]
    return (Counter(chow_fans.__wrapped__(chows)), traits)


def test_set_parts_do_not_depend_on_which_suit_is_which() -> None:
    """The memoised parts (found by the suits renamed, the pungs' by their suited and honor
    halves) against the parts computed from the sets themselves."""
    rng = random.Random(18)
    starts = [suit * 9 + rank for suit in range(3) for rank in range(7)]
    for _ in range(3000):
        chows = tuple(sorted(rng.choice(starts) for _ in range(rng.randrange(5))))
        pungs = tuple(sorted(rng.sample(range(TILE_KINDS), rng.randrange(5))))
        for order in permutations(range(3)):
            renamed = _renamed(chows, order)
            found = evaluate._chow_part(renamed)
            assert (Counter(found.fans), found.traits) == _direct_chow_part(chows), chows
            renamed = _renamed(pungs, order)
            part, expected = evaluate._pung_part(renamed), evaluate._new_pung_part(pungs)
            assert Counter(part.fans) == Counter(expected.fans), pungs
            assert part[1:] == expected[1:], pungs


class _UnmemoisedFlags(frozenset[WinFlag]):
    """Flags the memo shortcuts do not take (they test `type(flags) is frozenset`), yet a
    frozenset still, as the compiled scorer checks (tests/installer/test_compiled_scorer)."""


def test_flag_memos_give_what_the_flags_give() -> None:
    """The plain-flag shortcut of `flag_problem` and the memo of the situation fans (both
    for frozensets) against the same flags in a subclass, which skips them."""
    hand = Hand((0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 8, 8), (), 4, WinType.SELF_DRAW, Wind.E)
    for size in range(len(WinFlag) + 1):
        for chosen in combinations(WinFlag, size):
            for win_type in WinType:
                frozen = replace(hand, flags=frozenset(chosen), win_type=win_type)
                loose = replace(hand, flags=_UnmemoisedFlags(chosen), win_type=win_type)
                assert flag_problem(frozen) == flag_problem(loose), chosen
                self_drawn = win_type is WinType.SELF_DRAW
                for held, melded in ((1, 0), (1, 3), (2, 0)):
                    assert evaluate.situation_fans(frozen, self_drawn, held, melded) == (
                        evaluate.situation_fans(loose, self_drawn, held, melded)
                    ), chosen
