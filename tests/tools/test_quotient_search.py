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
from collections import Counter
from pathlib import Path

import pytest

from tests.helpers.c_tools import (
    assert_refused_completely,
    assert_sound_level_base,
    built,
    printed_base,
    ran,
)
from tools.seating_search.quotient_symmetries import Case, arguments, involutions


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


def _quotient_kept(base: list[list[int]], cycle: int, case: Case) -> bool:
    """Whether (l, x) -> (s_l, mu x + t_l) on Z_(cycle / 2) takes the printed base session's
    quotient (each player l * cycle + x seen as (l, x mod m), the fixed players as themselves)
    onto itself, fixed players exchanged where the case says so."""
    s, mu, t, _, swap = case
    m = cycle // 2
    fixed = 3 * cycle

    def point(p: int) -> tuple[int, int]:
        return (-1, p - fixed) if p >= fixed else (p // cycle, p % cycle % m)

    def image(q: tuple[int, int]) -> tuple[int, int]:
        level, x = q
        return (-1, x ^ swap) if level < 0 else (s[level], (mu * x + t[level]) % m)

    tables = Counter(tuple(sorted(point(p) for p in table)) for table in base)
    images = Counter(tuple(sorted(image(q) for q in table)) for table in tables.elements())
    return images == tables


@pytest.mark.parametrize(("case", "seed"), [(((1, 2, 0), 2, (0, 0, 0), (1, 2, 4), 0), 1),
                                            (((0, 1, 2), 1, (0, 0, 0), (1, 2, 4), 0), 3)])
def test_44_x_14_from_a_quotient_kept_by_a_symmetry_given_whole(quotient_search: Path,
                                                                 case: Case, seed: int) -> None:
    """`sym` with the turn written out (orbits of three tables, any kind of table: 4,943
    nodes) and with the identity (orbits of one: the plain search with no composition
    imposed, 2.2 million nodes)."""
    done = ran(quotient_search, 14, 0, 1, 1, 1, 0, seed, 5_000_000, 1, 0, *arguments(case))
    _assert_sound_44_x_14(done)
    assert _quotient_kept(printed_base(done), 14, case)


def test_no_involution_keeps_a_quotient_of_44_x_14(quotient_search: Path) -> None:
    """Each kind of involution (`quotient_symmetries.py`), the fixed players' tables kept or
    exchanged: every one refuted by a complete search, with both levels kept and two exchanged
    among them."""
    cases = list(involutions(7))
    assert {case[0] for case in cases} == {(0, 1, 2), (0, 2, 1)}
    assert {case[4] for case in cases} == {0, 1}
    for case in cases:
        assert_refused_completely(
            ran(quotient_search, 14, 0, 1, 1, 1, 0, 1, 100_000_000, 1, 0, *arguments(case)))


@pytest.mark.parametrize(("symmetry", "message"), [
    ((0, 1, 2, 6, 1, 2, 3, 1, 2, 4, 1), "the symmetry does not exchange"),
    ((0, 1, 2, 2, 0, 0, 0, 1, 2, 4, 0), "the symmetry does not keep"),
    ((0, 0, 2, 6, 0, 0, 0, 0, 0, 0, 0), "the symmetry must permute the levels"),
    ((0, 1, 2, 1, 1, 0, 0, 1, 0, 0, 1), "the symmetry must have order 1, 2 or 3"),
])
def test_a_symmetry_that_cannot_be_searched_is_refused(quotient_search: Path,
                                                       symmetry: tuple[int, ...],
                                                       message: str) -> None:
    done = ran(quotient_search, 14, 0, 1, 1, 1, 0, 1, 1_000, 1, 0, "sym", *symmetry)
    assert done.returncode == 2
    assert done.stdout.startswith(message), done.stdout
