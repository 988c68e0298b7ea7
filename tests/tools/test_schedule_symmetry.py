"""`tools/seating_search/schedule_symmetry.py`: the symmetries a finished schedule has.

The README's account of the one published 68 x 22 (its group is the session step alone, on
three levels of 22 and two fixed players) rests on this search finding every symmetry and
nothing else. Checked where the answer is known independently: the 16 x 5 is the affine plane
of order 4 (the only resolvable design of its kind), whose group is AGammaL(2, 4); a shipped
cyclic entry is kept by its session step and by the turn of its levels it was searched with;
and relabelling the players conjugates the group without changing it."""

from __future__ import annotations

import importlib.util
import json
import random
from pathlib import Path

import pytest

from tournament_manager.domain.seating.constructions import affine_schedule
from tournament_manager.domain.seating.library import _expanded, entries
from tournament_manager.domain.seating.orbits import OrbitStructure

TOOL = Path(__file__).resolve().parents[2] / "tools" / "seating_search" / "schedule_symmetry.py"
_spec = importlib.util.spec_from_file_location("schedule_symmetry", TOOL)
assert _spec is not None and _spec.loader is not None
symmetry = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(symmetry)


def _is_group(group: list[dict[int, int]], players: int) -> bool:
    as_tuples = {tuple(m[p] for p in range(players)) for m in group}
    return all(tuple(g[h[p]] for p in range(players)) in as_tuples
               for g in group for h in group)


def test_the_affine_plane_of_order_four_has_its_whole_group() -> None:
    schedule = affine_schedule(16, 5)
    assert schedule is not None
    design = symmetry.Design(schedule)
    group = symmetry.automorphisms(design)
    q = 4
    # AGammaL(2, q): translations, GL(2, q), and the field's automorphisms (q = 2^2: two)
    expected = q * q * (q * q - 1) * (q * q - q) * 2
    assert len(group) == expected
    assert all(design.keeps(m) for m in group)
    assert symmetry.orbits(16, group) == [list(range(16))]


def test_a_cyclic_entry_is_kept_by_its_session_step_and_its_turn() -> None:
    entry = next(e for e in entries() if e["players"] == 44 and e.get("speeds") == [1, 1, 1])
    schedule = _expanded(entry, entry["sessions"])
    design = symmetry.Design(schedule)
    group = symmetry.automorphisms(design)
    structure = OrbitStructure(entry["cycle"], tuple(entry["speeds"]))
    step = {p: structure.image(p, 1) for p in range(44)}
    as_tuples = {tuple(m[p] for p in range(44)) for m in group}
    assert tuple(step[p] for p in range(44)) in as_tuples
    assert symmetry.order(step) == entry["cycle"]
    # found with multiplier 9 ("found_by"): levels turned 0 -> 1 -> 2 -> 0, times 9
    c = entry["cycle"]
    turn = {p: p if p >= 3 * c else ((p // c + 1) % 3) * c + (9 * (p % c)) % c
            for p in range(44)}
    assert tuple(turn[p] for p in range(44)) in as_tuples
    assert len(group) % (c * 3) == 0
    assert _is_group(group, 44)


def test_relabelling_the_players_leaves_the_group_as_it_was() -> None:
    entry = next(e for e in entries() if e["players"] == 44 and e.get("speeds") == [1, 1, 1])
    schedule = _expanded(entry, entry["sessions"])
    relabel = list(range(44))
    random.Random(5).shuffle(relabel)
    renamed = [[[relabel[p] for p in table] for table in session] for session in schedule]
    before = symmetry.automorphisms(symmetry.Design(schedule))
    after = symmetry.automorphisms(symmetry.Design(renamed))
    assert len(before) == len(after) > 1
    assert sorted(len(o) for o in symmetry.orbits(44, before)) == sorted(
        len(o) for o in symmetry.orbits(44, after))


def test_a_schedule_with_a_repeat_is_refused(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="meet twice"):
        symmetry.Design([[[0, 1, 2, 3], [4, 5, 6, 7]], [[0, 1, 4, 5], [2, 3, 6, 7]]])
    published = tmp_path / "published.json"
    published.write_text(json.dumps([[[1, 2, 3, 4], [5, 6, 7, 8]],
                                     [[1, 5, 2, 6], [3, 7, 4, 8]]]), encoding="utf-8")
    with pytest.raises(ValueError, match="meet twice"):
        symmetry.main([str(published)])


def test_the_command_reads_a_published_numbering(tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    schedule = affine_schedule(16, 5)
    assert schedule is not None
    published = tmp_path / "published.json"
    published.write_text(json.dumps([[[p + 1 for p in t] for t in s] for s in schedule]),
                         encoding="utf-8")
    assert symmetry.main([str(published)]) == 0
    assert "16 players, 5 sessions: group of order 5760" in capsys.readouterr().out
