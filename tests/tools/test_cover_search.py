"""The offline exact cover for N = 3c + 2 players at the bound (tools/seating_search/
cover_search.c), built with gcc as its header says.

What it prints must be a base session the library can ship: expanded as an entry with
"cycle": c and "speeds": [1, 1, 1], every pair meets once at most. 44 x 14 is the smallest
field of this kind with a solution, and the search finds one without the level turn that the
library's entry was found with. 32 x 10 has none in this structure (the README records the
SAT refutation of every speed triple); a complete search must say so rather than time out.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.helpers.c_tools import (
    assert_refused_completely,
    assert_sound_level_base,
    built,
    printed_base,
    ran,
)


@pytest.fixture(scope="module")
def cover_search(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return built("cover_search", tmp_path_factory)


def test_44_x_14_without_the_level_turn(cover_search: Path) -> None:
    base = printed_base(ran(cover_search, 14, 0, 1, 1, 1, 0, 1, 5_000_000, 1))
    assert len(base) == 11
    assert_sound_level_base(base, 44, 14)


@pytest.mark.parametrize("composition", [(0, 0, 0, 2, 0), (1, 0, 1, 0, 0), (0, 1, 1, 0, 0)])
def test_32_x_10_is_refused_by_a_complete_search(cover_search: Path,
                                                 composition: tuple[int, ...]) -> None:
    assert_refused_completely(ran(cover_search, 10, *composition, 1, 100_000_000, 1))


def test_a_composition_that_does_not_fit_the_levels_is_refused(cover_search: Path) -> None:
    """Kinds of tables that seat more players of a level than it has are refused before
    any search, in words."""
    done = ran(cover_search, 14, 1, 1, 1, 1, 0, 1, 1_000_000, 1)
    assert done.returncode == 2
    assert done.stdout.startswith("bad composition: its tables seat 16 players of level 0")
