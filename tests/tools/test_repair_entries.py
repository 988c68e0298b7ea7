"""How a repair found offline becomes a shipped one (`tools/seating_search/repair_entries.py`,
shared by `repair_sat.py`, `repair_search.py` and `first_split.py`): the entry is written in
the library's numbering of the history, whatever numbering the tool found it in, and the draw
reads it back as a repair of that history; a seating that repeats is refused."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from tools.seating_search.repair_entries import (
    add_entry,
    added_excess,
    case_from_arguments,
    first_session_history,
)
from tournament_manager.domain.seating.pairs import MeetingCounts
from tournament_manager.domain.seating.repair_library import clean_repair, shipped_repair
from tournament_manager.domain.seating.shipped import shipped_entries

Seating = list[list[list[int]]]


def _counts(players: int, met: set[tuple[int, int]]) -> MeetingCounts:
    counts = MeetingCounts(players)
    for pair in met:
        counts.add_table(pair)
    return counts


def _renamed(met: set[tuple[int, int]], sessions: Seating,
             name: list[int]) -> tuple[set[tuple[int, int]], Seating]:
    return ({(min(name[p], name[q]), max(name[p], name[q])) for p, q in met},
            [[[name[p] for p in table] for table in session] for session in sessions])


def test_the_canonical_history_numbers_the_broken_tables_first_most_lost_first() -> None:
    met, left = first_session_history(24, [1, 2])
    assert left == list(range(21))
    assert {(0, 1), (2, 3), (2, 4), (3, 4), (5, 8), (17, 20)} <= met
    assert not {(1, 2), (4, 5), (8, 9)} & met
    assert len(met) == 1 + 3 + 4 * 6


def test_an_entry_found_in_any_numbering_is_shipped_in_the_librarys(tmp_path: Path) -> None:
    shipped = next(e for e in shipped_entries("repairs.json")
                   if (e["players"], e["lost"]) == (20, [1]))
    met, left = first_session_history(20, [1])
    name = list(range(len(left)))
    random.Random(5).shuffle(name)
    found_met, found = _renamed(met, shipped["schedule"], name)
    assert added_excess(found_met, found) == 0
    path = tmp_path / "repairs.json"
    path.write_text('{"entries": []}\n', encoding="utf-8")

    add_entry(len(left), found_met, found, "tools/seating_search/x.py --y", 2.0, path=path)

    entries = json.loads(path.read_text(encoding="utf-8"))["entries"]
    assert [(e["players"], e["lost"], e["sessions"], e["command"], e["seconds"])
            for e in entries] == [(20, [1], 5, "tools/seating_search/x.py --y", 2.0)]
    history = _counts(len(left), found_met)
    repaired = shipped_repair(history, [0] * len(left), 5, entries=entries)
    assert repaired is not None and clean_repair(repaired, history, [0] * len(left))
    # written in the library's numbering (the broken table 0, 1, 2 first), not the finder's
    assert entries[0]["schedule"] != found


def test_a_seating_that_repeats_is_not_shipped(tmp_path: Path) -> None:
    met, left = first_session_history(20, [1])
    shipped = next(e for e in shipped_entries("repairs.json")
                   if (e["players"], e["lost"]) == (20, [1]))
    repeating = [shipped["schedule"][0]] * 2
    path = tmp_path / "repairs.json"
    path.write_text('{"entries": []}\n', encoding="utf-8")
    with pytest.raises(SystemExit, match="not one the draw would accept"):
        add_entry(len(left), met, repeating, "cmd", 1.0, path=path)
    assert json.loads(path.read_text(encoding="utf-8")) == {"entries": []}


def test_a_case_is_read_as_the_tools_name_it() -> None:
    """`--first-session 24,6 --lost 3`: 21 left (the broken table's one first), five
    sessions to come with one out each, nobody out twice; `--lost 1,1` at 24 x 7: 22 left,
    two out a session over six, so nobody out more than once."""
    case = case_from_arguments("24,6", "3")
    assert (case.sizes, case.left, case.remaining, case.most_out) == ([1, 4, 4, 4, 4, 4], 21, 5, 1)
    assert case.met == first_session_history(24, [3])[0]
    assert case.name == "24 x 6 less 3 after 1"
    other = case_from_arguments("24,7", "1,1")
    assert (other.sizes, other.left, other.remaining, other.most_out) == (
        [3, 3, 4, 4, 4, 4], 22, 6, 1)
