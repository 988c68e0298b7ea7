"""The offline search in two steps with the level turn (tools/seating_search/
turn_split_search.c), built with gcc as its header says: orbits of tables under the turn
(l, x) -> (l + 1, u x) that cover every orbit of differences once, then a translation for each
orbit so that level 0 takes every player once (levels 1 and 2 are level 0 turned).

What it prints must be a base session the library can ship ("cycle": c, "speeds": [1, 1, 1])
and must be kept by the turn it was searched with. 164 x 54 is the field it was written for
(no other search here had reached it); the seed below finds it in the first shape set.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.helpers.c_tools import assert_sound_level_base, built, printed_base, ran


@pytest.fixture(scope="module")
def turn_split_search(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return built("turn_split_search", tmp_path_factory)


def _turned(base: list[list[int]], cycle: int, turn: int) -> set[frozenset[int]]:
    """The base session's tables moved by (l, x) -> (l + 1, u x), fixed players kept."""
    def moved(player: int) -> int:
        if player >= 3 * cycle:
            return player
        level, x = divmod(player, cycle)
        return (level + 1) % 3 * cycle + turn * x % cycle
    return {frozenset(moved(p) for p in table) for table in base}


@pytest.mark.parametrize(("cycle", "turn"),
                         [(14, 9), (18, 7), (26, 3), (38, 7), (54, 19), (54, 37)])
def test_the_base_is_sound_and_kept_by_its_turn(turn_split_search: Path, cycle: int,
                                                turn: int) -> None:
    done = ran(turn_split_search, cycle, turn, 1, 1000, 100_000, 20)
    base = printed_base(done)
    players = 3 * cycle + 2
    assert len(base) == players // 4
    assert_sound_level_base(base, players, cycle)
    assert _turned(base, cycle, turn) == {frozenset(table) for table in base}


def test_a_search_that_finds_nothing_says_so(turn_split_search: Path) -> None:
    """Shape sets whose places are never searched (no node allowed) place nothing: the
    search ends with 1 and counts what it drew, instead of printing a base it does not have."""
    done = ran(turn_split_search, 14, 9, 1, 3, 100_000, 1, 0)
    assert done.returncode == 1
    assert done.stdout.startswith("not found\nshape sets 3, placed 0"), done.stdout


@pytest.mark.parametrize("cycle", [15, 16, 4, 90])
def test_a_cycle_it_cannot_take_is_refused_in_words(turn_split_search: Path,
                                                    cycle: int) -> None:
    done = ran(turn_split_search, cycle, 1, 1, 1, 1, 1)
    assert done.returncode == 2
    assert done.stdout == "bad cycle: c must be 2 mod 4, from 6 to 86\n"


@pytest.mark.parametrize(("cycle", "turn"), [(54, 1), (54, 5), (22, 3)])
def test_a_turn_not_of_order_three_is_refused_in_words(turn_split_search: Path, cycle: int,
                                                       turn: int) -> None:
    done = ran(turn_split_search, cycle, turn, 1, 1, 1, 1)
    assert done.returncode == 2
    assert done.stdout == "bad turn: u must have order 3 mod c\n"
