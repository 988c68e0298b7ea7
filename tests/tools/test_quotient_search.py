"""The offline search on the quotient by Z_2 (tools/seating_search/quotient_search.c), built
with gcc as its header says.

It branches on tables of Z_m and settles the halves of Z_2m by linear algebra, so the
halves are where a mistake would hide: a wrong equation prints a base session whose lift
meets some pair twice. What it prints must therefore expand, as a library entry with
"cycle": c and "speeds": [1, 1, 1], into a schedule where every pair meets once at most; and
where the structure has no solution (32 x 10, refuted by SAT and by cover_search.c) a
complete search must say so, not time out.
"""

from __future__ import annotations

import subprocess
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
def quotient_search(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return built("quotient_search", tmp_path_factory)


def _assert_sound_44_x_14(done: subprocess.CompletedProcess[str]) -> None:
    base = printed_base(done)
    assert len(base) == 11
    assert_sound_level_base(base, 44, 14)


def test_44_x_14_lifted_from_its_quotient(quotient_search: Path) -> None:
    _assert_sound_44_x_14(ran(quotient_search, 14, 0, 1, 1, 1, 0, 3, 5_000_000, 1))


@pytest.mark.parametrize(("composition", "turn"), [((0, 1, 1, 1, 0), 2), ((1, 0, 1, 1, 0), 4)])
def test_44_x_14_from_a_quotient_kept_by_turning_the_levels(
        quotient_search: Path, composition: tuple[int, ...], turn: int) -> None:
    """(l, x) -> (l + 1, u x) on Z_7 with u = 2 (the library's multiplier 9 of Z_14, seen mod
    7) or its square keeps some base session's quotient; the halves are found, not assumed."""
    _assert_sound_44_x_14(ran(quotient_search, 14, *composition, 1, 1_000_000, 1, 0, turn))


@pytest.mark.parametrize("composition", [(0, 1, 1, 1, 0), (1, 0, 1, 1, 0), (0, 0, 0, 3, 0)])
def test_no_quotient_of_44_x_14_is_kept_by_turning_the_levels_alone(
        quotient_search: Path, composition: tuple[int, ...]) -> None:
    """u = 1, the only turn Z_11 has (68 x 22), keeps no quotient of 44 x 14: complete."""
    assert_refused_completely(ran(quotient_search, 14, *composition, 1, 100_000_000, 1, 0, 1))


@pytest.mark.parametrize("composition", [(0, 0, 0, 2, 0), (1, 0, 1, 0, 0), (0, 1, 1, 0, 0)])
def test_32_x_10_is_refused_by_a_complete_search(quotient_search: Path,
                                                 composition: tuple[int, ...]) -> None:
    assert_refused_completely(ran(quotient_search, 10, *composition, 1, 100_000_000, 1))


def test_a_cycle_without_an_odd_half_is_refused(quotient_search: Path) -> None:
    """Z_c splits as Z_m x Z_2 only for m odd: c = 12 is refused in words, before any search."""
    done = ran(quotient_search, 12, 0, 1, 1, 0, 0, 1, 1_000, 1)
    assert done.returncode == 2
    assert done.stdout.startswith("c must be 2 mod 4")


def test_a_turn_of_the_wrong_order_is_refused(quotient_search: Path) -> None:
    done = ran(quotient_search, 14, 0, 1, 1, 1, 0, 1, 1_000, 1, 0, 3)
    assert done.returncode == 2
    assert done.stdout.startswith("u must have u^3 = 1 mod 7")
