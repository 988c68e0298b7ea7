"""The chairs shipped for fields of 4T + 1 and 4T + 2 players: every entry expands to a
repeat-free schedule with fair byes, and a damaged entry is refused, not drawn."""

from __future__ import annotations

from typing import Any

import pytest

from tests.helpers.byes import assert_repeat_free_with_fair_byes
from tournament_manager.domain.seating import chair_library
from tournament_manager.domain.seating.chair_library import (
    chairs_schedule,
    core_schedule,
    sound_with_byes,
    stood_in,
)
from tournament_manager.domain.seating.shipped import shipped_entries

ENTRIES = list(shipped_entries(chair_library.CHAIRS_FILE))


def test_chairs_are_shipped_for_the_odd_fields_the_draw_left_repeats_in() -> None:
    assert {(e["players"], e["sessions"]) for e in ENTRIES} >= {(42, 13), (66, 21), (101, 33)}


@pytest.mark.parametrize("entry", ENTRIES, ids=lambda e: f"{e['players']}x{e['sessions']}")
def test_each_shipped_entry_expands_to_a_schedule_without_repeats(entry: dict[str, Any]) -> None:
    players, sessions = entry["players"], entry["sessions"]
    for length in (sessions, sessions - 1):
        schedule = chairs_schedule(players, length)
        assert schedule is not None
        assert len(schedule) == length
        assert_repeat_free_with_fair_byes(schedule, players)


def test_a_chair_that_would_seat_a_pair_twice_is_refused() -> None:
    entry = next(e for e in ENTRIES if e["players"] == 42)
    core = core_schedule(entry["core"], entry["sessions"])
    assert core is not None
    chairs = [list(row) for row in entry["chairs"]]
    assert sound_with_byes(stood_in(core, chairs), 42)
    # The first extra player takes, in session 2, a chair at the table of someone he met in
    # session 1: that pair then meets twice.
    met = next(q for table in stood_in(core, chairs)[0] if 40 in table for q in table if q < 40)
    chairs[1][0] = next(p for table in core[1] if met in table for p in table
                        if p != met and p not in chairs[1])
    assert not sound_with_byes(stood_in(core, chairs), 42)


def test_a_chair_given_twice_is_refused() -> None:
    entry = next(e for e in ENTRIES if e["players"] == 42)
    core = core_schedule(entry["core"], entry["sessions"])
    assert core is not None
    chairs = [list(row) for row in entry["chairs"]]
    chairs[-1][0] = chairs[0][0]  # the same player sits out twice, another never
    assert not sound_with_byes(stood_in(core, chairs), 42)


def test_a_damaged_entry_in_the_file_gives_no_schedule(monkeypatch: pytest.MonkeyPatch) -> None:
    """What the draw reads goes through the same check: an entry whose chairs repeat a pair
    is passed over (the draw then seats the extras itself), never drawn."""
    entry = dict(next(e for e in ENTRIES if e["players"] == 42))
    chairs = [list(row) for row in entry["chairs"]]
    chairs[-1][0] = chairs[0][0]
    monkeypatch.setattr(chair_library, "_entries", lambda: ({**entry, "chairs": chairs},))
    assert chairs_schedule(42, 13) is None
    monkeypatch.setattr(chair_library, "_entries", lambda: (entry,))
    assert chairs_schedule(42, 13) is not None
