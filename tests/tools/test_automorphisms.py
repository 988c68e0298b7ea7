"""`tools/seating_search/automorphisms.py`: the counting that rules out symmetries of the
fields at the bound with N = 8 mod 12 players must not rule out a symmetry a shipped
schedule has. The library's cyclic entries at that bound are kept by the session step
(session h -> h + 1, each block of players turned by its speed); every power of prime
order of it must be one the tool admits, with the sessions it keeps and the players it
fixes counted on the expanded schedule itself."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from tournament_manager.domain.seating.library import _expanded, entries, sound
from tournament_manager.domain.seating.orbits import OrbitStructure

TOOL = Path(__file__).resolve().parents[2] / "tools" / "seating_search" / "automorphisms.py"
_spec = importlib.util.spec_from_file_location("automorphisms", TOOL)
assert _spec is not None and _spec.loader is not None
automorphisms = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(automorphisms)

CYCLIC_AT_THE_BOUND = [
    entry for entry in entries()
    if "cycle" in entry and entry["players"] % 12 == 8
    and entry["sessions"] == (entry["players"] - 2) // 3 == entry["cycle"]
]


def _canonical(session: list[list[int]]) -> tuple[tuple[int, ...], ...]:
    return tuple(sorted(tuple(sorted(table)) for table in session))


def _prime_factors(n: int) -> list[int]:
    return [p for p in automorphisms.primes_up_to(n) if n % p == 0]


def test_there_are_shipped_schedules_to_check_against() -> None:
    assert {entry["players"] for entry in CYCLIC_AT_THE_BOUND} >= {44, 56, 80}


@pytest.mark.parametrize("entry", CYCLIC_AT_THE_BOUND, ids=lambda e: str(e["players"]))
def test_every_prime_power_of_the_session_step_is_admitted(entry: dict) -> None:
    players, sessions = entry["players"], entry["sessions"]
    schedule = _expanded(entry, sessions)
    assert sound(schedule, players)
    structure = OrbitStructure(entry["cycle"], tuple(entry["speeds"]))
    as_sets = [_canonical(session) for session in schedule]
    for p in _prime_factors(sessions):
        shift = sessions // p
        moved = [_canonical([[structure.image(x, shift) for x in table] for table in session])
                 for session in schedule]
        assert sorted(moved) == sorted(as_sets)  # an automorphism
        kept = sum(1 for before, after in zip(as_sets, moved, strict=True) if before == after)
        fixed = sum(1 for x in range(players) if structure.image(x, shift) == x)
        assert (kept, fixed) in automorphisms.admissible(players, p), (p, kept, fixed)


def test_the_fields_still_open_have_few_symmetries_left() -> None:
    """What the closing notes rely on: 68 x 22 can be kept only by elements of order
    2, 3, 11 and 17, those of order 3 fixing two players, and none of order 33, 51, 187."""
    orders = [p for p in automorphisms.primes_up_to(68) if automorphisms.admissible(68, p)]
    assert orders == [2, 3, 11, 17]
    assert {f for _, f in automorphisms.admissible(68, 3)} == {2}
    assert automorphisms.admissible(68, 17) == [(5, 0)]
    assert not any(automorphisms.composite(68, p, q) for p, q in ((3, 11), (3, 17), (11, 17)))
