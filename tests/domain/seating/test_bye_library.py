"""The base sessions shipped for fields with byes (`bye_library`): every entry expands to a
repeat-free schedule with fair byes, and a damaged entry is refused, not drawn."""

from __future__ import annotations

from typing import Any

import pytest

from tests.helpers.byes import assert_repeat_free_with_fair_byes
from tournament_manager.domain.seating import bye_library
from tournament_manager.domain.seating.bye_library import orbit_schedule_with_byes
from tournament_manager.domain.seating.shipped import shipped_entries

ENTRIES = list(shipped_entries(bye_library.BYE_ORBITS_FILE))


def test_a_base_session_is_shipped_beside_the_open_68_x_22() -> None:
    assert (70, 22) in {(e["players"], e["sessions"]) for e in ENTRIES}


@pytest.mark.parametrize("entry", ENTRIES, ids=lambda e: f"{e['players']}x{e['sessions']}")
def test_each_entry_expands_to_a_schedule_without_repeats_and_fair_byes(
        entry: dict[str, Any]) -> None:
    players, sessions = entry["players"], entry["sessions"]
    for length in (sessions, sessions - 1):
        schedule = orbit_schedule_with_byes(players, length)
        assert schedule is not None and len(schedule) == length
        assert_repeat_free_with_fair_byes(schedule, players)


def test_a_damaged_entry_gives_no_schedule(monkeypatch: pytest.MonkeyPatch) -> None:
    """Two players of a table exchanged with two of another seat pairs that the orbit
    brings together again; the draw then seats the field another way."""
    entry = next(e for e in ENTRIES if e["players"] == 70)
    base = [list(table) for table in entry["base"]]
    base[0][0], base[1][0] = base[1][0], base[0][0]
    base[0][1], base[2][1] = base[2][1], base[0][1]
    monkeypatch.setattr(bye_library, "_entries", lambda: ({**entry, "base": base},))
    assert orbit_schedule_with_byes(70, 22) is None
    monkeypatch.setattr(bye_library, "_entries", lambda: ({**entry, "base": base[1:]},))
    assert orbit_schedule_with_byes(70, 22) is None  # a table short: four more sit out
    monkeypatch.setattr(bye_library, "_entries", lambda: ({**entry, "cycle": "22"},))
    assert orbit_schedule_with_byes(70, 22) is None
    monkeypatch.setattr(bye_library, "_entries", lambda: (entry,))
    assert orbit_schedule_with_byes(70, 22) is not None
