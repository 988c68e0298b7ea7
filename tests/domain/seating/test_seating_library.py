"""The shipped schedules and the search that builds them: every library entry is counted
again from its expanded schedule (not from the builder's word), a damaged entry is never
used, and the symmetric search finds small bound fields from scratch."""

from __future__ import annotations

import json
from collections import Counter
from itertools import combinations, product
from typing import Any

import pytest

from tournament_manager.domain.seating import library as library_module
from tournament_manager.domain.seating import plan_schedule, quality_report
from tournament_manager.domain.seating.control import Budget
from tournament_manager.domain.seating.difference_search import (
    BoundField,
    bound_field,
    fields,
    multipliers,
    search_symmetric,
)
from tournament_manager.domain.seating.grouping import (
    GroupingRequest,
    Method,
    _extended,
    _near_product,
)
from tournament_manager.domain.seating.library import library_schedule, longest_schedule
from tournament_manager.domain.seating.orbits import verified
from tournament_manager.domain.seating.pairs import MeetingCounts


def _entries() -> list[dict[str, Any]]:
    return list(library_module._entries())


def _meetings_at_most_once(schedule: list[list[list[int]]], players: int) -> bool:
    met: set[tuple[int, int]] = set()
    for session in schedule:
        seated = sorted(p for table in session for p in table)
        if seated != list(range(players)) or any(len(t) != 4 for t in session):
            return False
        for table in session:
            for pair in combinations(sorted(table), 2):
                if pair in met:
                    return False
                met.add(pair)
    return True


@pytest.mark.parametrize("entry", _entries(), ids=lambda e: f"{e['players']}x{e['sessions']}")
def test_every_shipped_schedule_seats_everybody_and_repeats_nobody(entry: dict[str, Any]) -> None:
    schedule = library_schedule(entry["players"], entry["sessions"])
    assert schedule is not None and len(schedule) == entry["sessions"]
    assert _meetings_at_most_once(schedule, entry["players"])


def test_the_library_reaches_the_bound_where_the_search_did() -> None:
    by_players: dict[int, int] = {}
    for e in _entries():
        by_players[e["players"]] = max(by_players.get(e["players"], 0), e["sessions"])
    for players in (24, 32, 36, 40, 44, 48, 52, 56, 60, 68, 80, 88, 92, 96, 100, 104, 108, 116,
                    120, 124, 128, 132, 136, 140, 148, 152, 156, 160, 164, 168, 172):
        assert by_players[players] == (players - 1) // 3, players


def test_the_five_fixed_entries_reach_one_under_the_bound() -> None:
    """N = 8 mod 12 without a level turn at the bound: five fixed players give one at
    R = (N - 5) / 3 = the bound - 1, which covers every shorter draw."""
    lengths: dict[int, set[int]] = {}
    for e in _entries():
        if "cycle" in e:
            lengths.setdefault(e["players"], set()).add(e["sessions"])
    for players in (68, 140, 152):
        below = (players - 5) // 3
        assert below == (players - 1) // 3 - 1 and below in lengths[players], players
        schedule = library_schedule(players, below)
        assert schedule is not None and _meetings_at_most_once(schedule, players)
    by_players = {players: max(sessions) for players, sessions in lengths.items()}
    assert by_players[92] == (92 - 8) // 3, "eight fixed players where five have no turn"
    assert by_players[168] >= (168 - 1) // 3 - 1, "six fixed players, one under the bound"
    assert 52 in lengths[164], "eight fixed players, two under the bound"
    assert by_players[156] >= (156 - 1) // 3 - 2, "nine fixed players, two under the bound"
    assert by_players[104] >= (104 - 11) // 3, "eleven fixed players, three under the bound"


def test_the_builder_s_own_search_settles_92_x_28() -> None:
    """What the C transcription found, the builder's Python search finds too
    (`library_builder --players 92 --below 2`): three players cycled, five kept, u = 9."""
    field = BoundField(92, 28, cycled=3)
    assert 9 in multipliers(field) and field in fields(92, 28)
    base = search_symmetric(field, 9, seed=0, max_moves=200_000)
    assert base is not None and verified(field.structure, base, 92, 28) is not None


def _at_the_bound(players: int) -> list[int]:
    return [players] if any(e["players"] == players and e["sessions"] == (players - 1) // 3
                            for e in _entries()) else []


@pytest.mark.parametrize("players", [e["players"] for e in _entries()
                                     if e["players"] % 12 == 0 and "field" in e])
def test_the_3q_plus_3_entries_miss_only_groups_of_three(players: int) -> None:
    """3q + 3 over GF(q) at the bound q: a resolvable 4-GDD of type 3^(q+1), so the pairs
    that never meet split the field into groups of three (each player misses the two others
    of his group, who miss each other). The difference search's entries at N = 0 mod 12 (84,
    108) are repeat-free at the bound too, but what they leave is longer cycles."""
    schedule = library_schedule(players, players // 3 - 1)
    assert schedule is not None and _meetings_at_most_once(schedule, players)
    assert _missed_in_groups_of(3, schedule, players)


def _missed_in_groups_of(size: int, schedule: list[list[list[int]]], players: int) -> bool:
    """Whether the pairs never met split the field into groups of `size` (each player
    misses exactly the others of his group)."""
    met = {pair for session in schedule for table in session
           for pair in combinations(sorted(table), 2)}
    missed: dict[int, set[int]] = {p: {p} for p in range(players)}
    for a, b in set(combinations(range(players), 2)) - met:
        missed[a].add(b)
        missed[b].add(a)
    return all(len(group) == size and all(missed[other] == group for other in group)
               for group in missed.values())


@pytest.mark.parametrize("players", [n for n in range(20, 173, 12) for n in _at_the_bound(n)])
def test_the_partner_entries_leave_each_player_exactly_one_other(players: int) -> None:
    """N = 8 mod 12 at the bound (N - 2)/3: a resolvable 4-GDD of type 2^(N/2), so the
    pairs that never meet pair off the whole field."""
    sessions = (players - 1) // 3
    schedule = library_schedule(players, sessions)
    assert schedule is not None and _meetings_at_most_once(schedule, players)
    met = {pair for session in schedule for table in session
           for pair in combinations(sorted(table), 2)}
    unmet = set(combinations(range(players), 2)) - met
    assert len(unmet) == players // 2
    assert sorted(p for pair in unmet for p in pair) == list(range(players))


@pytest.mark.parametrize("players", [e["players"] for e in _entries() if "cycle" in e
                                     and e["sessions"] == (e["players"] - 1) // 3])
def test_a_damaged_difference_entry_is_not_used(players: int,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    entry = next(e for e in _entries() if e["players"] == players and "cycle" in e
                 and e["sessions"] == (players - 1) // 3)
    damaged = json.loads(json.dumps(entry))
    damaged["base"][2][0], damaged["base"][3][0] = damaged["base"][3][0], damaged["base"][2][0]
    assert verified_or_none(damaged) is None
    monkeypatch.setattr(library_module, "_entries", lambda: (damaged,))
    assert library_schedule(players, entry["sessions"]) is None


@pytest.mark.parametrize("players", [96, 132])
def test_a_damaged_groups_of_three_entry_is_not_used(players: int,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    entry = next(e for e in _entries() if e["players"] == players)
    damaged = json.loads(json.dumps(entry))
    damaged["base"][4][1], damaged["base"][5][1] = damaged["base"][5][1], damaged["base"][4][1]
    monkeypatch.setattr(library_module, "_entries", lambda: (damaged,))
    assert library_schedule(players, entry["sessions"]) is None


def test_a_damaged_entry_is_not_used(monkeypatch: pytest.MonkeyPatch) -> None:
    entry = next(e for e in _entries() if e["players"] == 36)
    damaged = json.loads(json.dumps(entry))
    first, second = damaged["base"][0], damaged["base"][1]
    first[0], second[0] = second[0], first[0]  # two players change tables
    assert verified_or_none(damaged) is None
    monkeypatch.setattr(library_module, "_entries", lambda: (damaged,))
    assert library_schedule(36, 11) is None


def test_a_damaged_field_entry_is_not_used(monkeypatch: pytest.MonkeyPatch) -> None:
    entry = next(e for e in _entries() if e["players"] == 88)
    assert entry["field"] == 29
    good = library_schedule(88, 29)
    assert good is not None
    for damage in ({"base": [row[:] for row in entry["base"]][1:] + [entry["base"][0]]},
                   {"field": 31}, {"field": 27}):
        damaged = {**json.loads(json.dumps(entry)), **damage}
        if "base" in damage:
            damaged["base"][0][1], damaged["base"][1][1] = (damaged["base"][1][1],
                                                            damaged["base"][0][1])
        monkeypatch.setattr(library_module, "_entries", lambda d=damaged: (d,))
        assert library_schedule(88, 29) is None, damage


def verified_or_none(entry: dict[str, Any]) -> object:
    from tournament_manager.domain.seating.orbits import OrbitStructure

    return verified(OrbitStructure(entry["cycle"], tuple(entry["speeds"])), entry["base"],
                    entry["players"], entry["sessions"])


@pytest.mark.parametrize("players", [16, 24, 36, 44])
def test_the_symmetric_search_finds_small_bound_fields(players: int) -> None:
    field = bound_field(players)
    assert field is not None
    found = None
    for multiplier in multipliers(field):
        for seed in range(10):
            found = search_symmetric(field, multiplier, seed=seed, max_moves=300_000)
            if found is not None:
                break
        if found is not None:
            break
    assert found is not None
    assert verified(field.structure, found, players, field.sessions) is not None


def test_fields_without_a_turn_are_said_so() -> None:
    """N = 8 mod 12 needs a multiplier u != 1 with u^3 = 1 mod R: 32 (R = 10) has none."""
    assert multipliers(bound_field(32)) == []  # type: ignore[arg-type]
    assert multipliers(bound_field(44)) != []  # type: ignore[arg-type]
    assert all(f.sessions == 9 for f in fields(32, 9))
    assert BoundField(32, 9, 3).invariant == 2


@pytest.mark.parametrize(("players", "sessions"), [(48, 15), (60, 19), (44, 14)])
def test_a_draw_at_the_bound_repeats_nobody_and_balances_winds(players: int,
                                                               sessions: int) -> None:
    draw = plan_schedule(list(range(players)), sessions, seed=0, time_limit=60)
    report = quality_report(draw.schedule.sessions)
    assert report.excess_meetings == 0
    assert report.wind_spread <= 1


def test_the_longest_shorter_schedule_is_the_library_s_own() -> None:
    """Where the library stops short, its longest schedule below the sessions asked."""
    shorter = longest_schedule(20, 6)
    assert shorter is not None and len(shorter) == 5
    assert shorter == library_schedule(20, 5)
    assert _meetings_at_most_once(shorter, 20)
    assert len(longest_schedule(92, 40) or []) == 30, "an entry longer than asked is cut"
    assert longest_schedule(68, 1) is None
    assert longest_schedule(12, 3) is None, "no entry for the field"


def test_beyond_the_library_its_sessions_are_kept_and_the_rest_searched() -> None:
    """20 x 6 (no schedule without a repeat exists): the library's 5 repeat-free sessions,
    then a 6th searched against them, rather than a search of all 6 from scratch. (140 x 46
    was drawn so, 76 excess meetings, until its library entry.)"""
    request = GroupingRequest(20, 6, MeetingCounts(20), set(), None, True)
    sessions = _extended(request, 0, 0, Budget(60))
    assert sessions is not None and len(sessions) == 6
    assert sessions[:5] == library_schedule(20, 5)
    meetings = Counter(pair for session in sessions for table in session
                       for pair in combinations(sorted(table), 2))
    # a sixth session of five tables repeats 30 pairs at most; searched, 11 (seed 0)
    assert sum(n - 1 for n in meetings.values()) < 30 and max(meetings.values()) == 2


def test_140_x_46_is_drawn_from_the_library_without_a_repeat() -> None:
    """The bound for 140 players (a resolvable 4-GDD of type 2^70, which Ge, Lam, Ling and
    Shen's 2005 survey of these designs may leave open): the library's entry over Z_35,
    found by tools/seating_search/involution_split_search.c, where the draw had extended the
    library's 140 x 45 by a searched session to 76 excess meetings before."""
    draw = plan_schedule(list(range(140)), 46, seed=0, time_limit=60)
    assert draw.method is Method.LIBRARY
    report = quality_report(draw.schedule.sessions)
    assert report.excess_meetings == 0 and report.max_meetings == 1
    assert report.wind_spread <= 1


def test_a_damaged_entry_over_z_35_is_not_used(monkeypatch: pytest.MonkeyPatch) -> None:
    entry = next(e for e in _entries() if "modulus" in e)
    assert (entry["players"], entry["modulus"], len(entry["transversals"])) == (140, 35, 11)
    damaged = json.loads(json.dumps(entry))
    first, third = damaged["transversals"][0], damaged["transversals"][2]
    assert first[1] // 35 == third[1] // 35 == 1, "two players of level 1"
    first[1], third[1] = third[1], first[1]  # still a whole session each, but pairs repeat
    monkeypatch.setattr(library_module, "_entries", lambda: (damaged,))
    assert library_schedule(140, 46) is None
    assert library_schedule(140, 35) is not None, "the translates alone are still sound"


def test_68_x_22_is_drawn_from_the_library_without_a_repeat() -> None:
    """The bound for 68 players (a resolvable 4-GDD of type 2^34): the library's entry, found
    by tools/seating_search/split_search.c, where the draw had searched on from the near
    product to 14 excess meetings before."""
    draw = plan_schedule(list(range(68)), 22, seed=0, time_limit=60)
    assert draw.method is Method.LIBRARY
    report = quality_report(draw.schedule.sessions)
    assert report.excess_meetings == 0 and report.max_meetings == 1
    assert report.wind_spread <= 1


def test_the_near_product_of_68_x_22_is_a_start_of_34_excess_meetings() -> None:
    """All 17 transversal sessions of four groups of 17, then 17 x 5 drawn with byes (one
    repeat, the least), the leftovers at the last transversal session's tables again: 34
    as built. The draw searches on from it where it is the best closed form (20 x 6 keeps
    it; 164 x 54, before its library entry: 78 as built, 40 searched on); 68 x 22 itself
    now comes from the library."""
    sessions = _near_product(68, 22, 0, Budget(60))
    assert sessions is not None and len(sessions) == 22
    for session in sessions:
        assert sorted(p for table in session for p in table) == list(range(68))
    meetings = Counter(pair for session in sessions for table in session
                       for pair in combinations(sorted(table), 2))
    assert sum(n - 1 for n in meetings.values()) == 34


def test_a_damaged_four_level_entry_is_not_used(monkeypatch: pytest.MonkeyPatch) -> None:
    entry = next(e for e in _entries() if e["players"] == 100)
    assert (entry["field"], len(entry["transversals"])) == (25, 8)
    damaged = json.loads(json.dumps(entry))
    damaged["transversals"][0][1], damaged["transversals"][1][1] = (
        damaged["transversals"][1][1], damaged["transversals"][0][1])
    monkeypatch.setattr(library_module, "_entries", lambda: (damaged,))
    assert library_schedule(100, 33) is None
    assert library_schedule(100, 25) is not None, "the translates alone are still sound"


def test_one_factor_group_sessions_are_the_cyclic_orbit() -> None:
    from tournament_manager.domain.seating.orbits import OrbitStructure, expand, group_sessions

    entry = next(e for e in _entries() if e["players"] == 80)
    structure = OrbitStructure(entry["cycle"], tuple(entry["speeds"]))
    assert (group_sessions([entry["cycle"]], 3, entry["base"], entry["sessions"])
            == expand(structure, entry["base"], entry["sessions"]))


def test_group_sessions_move_every_level_by_the_session_s_element() -> None:
    from tournament_manager.domain.seating.orbits import group_sessions

    # Z_2 x Z_3: index 2*... mixed radix, the first factor most significant (i = 3 a + b)
    sessions = group_sessions([2, 3], 1, [[0, 1, 2, 6], [3, 4, 5, 7]], 6)
    assert sessions[0] == [[0, 1, 2, 6], [3, 4, 5, 7]]
    assert sessions[1] == [[1, 2, 0, 6], [4, 5, 3, 7]]  # + (0, 1)
    assert sessions[3] == [[3, 4, 5, 6], [0, 1, 2, 7]]  # + (1, 0)
    assert sessions[5] == [[5, 3, 4, 6], [2, 0, 1, 7]]  # + (1, 2)
    with pytest.raises(ValueError):
        group_sessions([2, 3], 1, [[0, 1, 2, 6]], 7)


@pytest.mark.parametrize("players", [e["players"] for e in _entries() if "group" in e])
def test_a_damaged_group_entry_is_not_used(players: int,
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    entry = next(e for e in _entries() if e["players"] == players and "group" in e)
    assert library_schedule(players, entry["sessions"]) is not None
    for damage in ("swap", "group", "levels"):
        damaged = json.loads(json.dumps(entry))
        if damage == "swap":
            damaged["base"][5][1], damaged["base"][6][1] = (damaged["base"][6][1],
                                                            damaged["base"][5][1])
        elif damage == "group":
            damaged["group"] = [50]
        else:
            damaged["levels"] = 2
        monkeypatch.setattr(library_module, "_entries", lambda d=damaged: (d,))
        assert library_schedule(players, entry["sessions"]) is None, damage


def test_z2_z5_z5_reaches_fifty_sessions_for_156() -> None:
    """Z_50 has no multiplier of order 3, and u = 1 allows one kept player; Z_2 x Z_5 x Z_5
    has a turn (fixed-point-free on Z_5 x Z_5) that keeps all six fixed players."""
    schedule = library_schedule(156, 50)
    assert schedule is not None and _meetings_at_most_once(schedule, 156)


def test_the_plain_structure_reaches_104_x_32() -> None:
    """u = 1 is Z_32's only multiplier of order dividing 3, and eight fixed players need
    kept ones, so 104 x 32 is the base session moved session by session with no turn."""
    entry = next(e for e in _entries() if e["players"] == 104 and e["sessions"] == 32)
    assert (entry["cycle"], entry["speeds"]) == (32, [1, 1, 1])
    schedule = library_schedule(104, 32)
    assert schedule is not None and _meetings_at_most_once(schedule, 104)


def _written_out(players: int) -> dict[str, Any]:
    return next(e for e in _entries() if e["players"] == players and "schedule" in e)


def test_32_x_10_is_shipped_at_the_bound() -> None:
    """32 x 10 (Aguado's field): the draw uses it for every R up to 10."""
    entry = _written_out(32)
    assert entry["sessions"] == 10 == (32 - 1) // 3
    for sessions in range(1, 11):
        schedule = library_schedule(32, sessions)
        assert schedule is not None and len(schedule) == sessions
        assert _meetings_at_most_once(schedule, 32)


@pytest.mark.parametrize("entry", [e for e in _entries() if "lift" in e],
                         ids=lambda e: f"{e['players']}x{e['sessions']}")
def test_a_lifted_entry_is_kept_by_its_lift(entry: dict[str, Any]) -> None:
    """The entries with a lift are lifted designs (tools/seating_search/lift_search.py):
    p -> m (p // m) + (p + 1) % m turns the m players of each point, who never meet, and maps
    every session onto itself, the structure the search relied on."""
    m = entry["lift"]
    schedule = library_schedule(entry["players"], entry["sessions"])
    assert schedule is not None
    for session in schedule:
        tables = {tuple(sorted(table)) for table in session}
        assert {tuple(sorted(m * (p // m) + (p + 1) % m for p in table))
                for table in tables} == tables
    met = {pair for session in schedule for table in session
           for pair in combinations(sorted(table), 2)}
    assert not any(pair in met for p in range(0, entry["players"], m)
                   for pair in combinations(range(p, p + m), 2))


def _stabilised() -> list[dict[str, Any]]:
    return [e for e in _entries() if "orders" in e]


@pytest.mark.parametrize("entry", _stabilised(), ids=lambda e: f"{e['players']}x{e['sessions']}")
def test_a_stabilised_entry_is_moved_by_its_group_and_kept_by_two_subgroups(
        entry: dict[str, Any]) -> None:
    """The entries with "orders" (tools/seating_search/stabiliser_search.py): players
    (x, l) = h l + index(x) for x in H = Z_n1 x Z_n2 x ... (n1 = n2 = 3) on two levels, the
    kept players 2h and 2h + 1. Adding any x of H maps the set of sessions onto itself; each
    of the first R / 2 sessions is kept by t_0 = (1, 0, ...), each of the others by t_1 =
    (0, 1, ...); the pairs never met are (x, 0)-(x, 1) and the kept players: the structure the
    search relied on, with two subgroups of order 3 where a cyclic H has one."""
    orders = entry["orders"]
    elements = list(product(*(range(n) for n in orders)))
    h = len(elements)
    index = {x: i for i, x in enumerate(elements)}
    players, sessions = entry["players"], entry["sessions"]
    assert players == 2 * h + 2 and sessions == 2 * h // 3 == (players - 1) // 3

    def moved(session: list[list[int]], g: tuple[int, ...]) -> frozenset[frozenset[int]]:
        def player(p: int) -> int:
            if p >= 2 * h:
                return p
            x = elements[p % h]
            return p // h * h + index[tuple((a + b) % n for a, b, n in zip(x, g, orders))]
        return frozenset(frozenset(player(p) for p in table) for table in session)

    schedule = library_schedule(players, sessions)
    assert schedule is not None
    unit = [tuple(int(i == axis) for i in range(len(orders))) for axis in range(len(orders))]
    as_sets = {moved(session, unit[0]) for session in schedule}
    assert len(as_sets) == sessions
    for g in unit:
        assert {moved(session, g) for session in schedule} == as_sets
    for number, session in enumerate(schedule):
        kept_by = unit[0] if number < sessions // 2 else unit[1]
        assert moved(session, kept_by) == moved(session, tuple(0 for _ in orders))
    met = {pair for session in schedule for table in session
           for pair in combinations(sorted(table), 2)}
    assert set(combinations(range(players), 2)) - met == (
        {(p, p + h) for p in range(h)} | {(2 * h, 2 * h + 1)})


def test_a_damaged_written_out_entry_is_not_used(monkeypatch: pytest.MonkeyPatch) -> None:
    entry = _written_out(32)
    swapped = json.loads(json.dumps(entry))
    last = swapped["schedule"][9]
    last[0][0], last[1][0] = last[1][0], last[0][0]  # two players change tables
    short = {**json.loads(json.dumps(entry)), "schedule": entry["schedule"][:9]}
    for damaged in (swapped, short):
        monkeypatch.setattr(library_module, "_entries", lambda d=damaged: (d,))
        assert library_schedule(32, 10) is None
    monkeypatch.setattr(library_module, "_entries", lambda: (swapped,))
    assert library_schedule(32, 9) is not None, "the sessions before the damage are sound"


def _framed() -> list[dict[str, Any]]:
    return [e for e in _entries() if "frame" in e]


@pytest.mark.parametrize("entry", _framed(), ids=lambda e: f"{e['players']}x{e['sessions']}")
def test_a_framed_entry_is_its_frame_inflated_and_filled(entry: dict[str, Any]) -> None:
    """152 x 50 and 168 x 55 (tools/seating_search/frame_search.py): in each session one
    inflated group plays its fill with the w extra players, and every other table seats one
    player of each of the other four groups; the pairs never met are the groups of w."""
    players, sessions = entry["players"], entry["sessions"]
    size = entry["frame_group"] * entry["inflate"]
    extra = players - 5 * size
    assert sessions == (players - 1) // 3 and extra in (2, 3)
    schedule = library_schedule(players, sessions)
    assert schedule is not None and _meetings_at_most_once(schedule, players)
    for index, session in enumerate(schedule):
        hole = index // (size // 3)
        for table in session:
            groups = sorted(p // size for p in table)
            if hole in groups or 5 in groups:
                assert set(groups) <= {hole, 5}, (index, table)
            else:
                assert len(set(groups)) == 4, (index, table)
    assert _missed_in_groups_of(extra, schedule, players)


@pytest.mark.parametrize("entry", _framed(), ids=lambda e: f"{e['players']}x{e['sessions']}")
def test_a_damaged_framed_entry_is_not_used(entry: dict[str, Any],
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    players, sessions = entry["players"], entry["sessions"]
    swapped = json.loads(json.dumps(entry))
    first = swapped["frame"][0]
    first[0][1], first[1][1] = first[1][1], first[0][1]  # two players change frame tables
    wrong_fill = {**json.loads(json.dumps(entry)), "fill": [entry["fill"][0], 99]}
    short = {**json.loads(json.dumps(entry)), "frame": entry["frame"][:-1]}
    itself = {**json.loads(json.dumps(entry)), "fill": [players, sessions]}
    real = library_module._entries()
    for damaged in (swapped, wrong_fill, short, itself):
        monkeypatch.setattr(library_module, "_entries",
                            lambda d=damaged: tuple(e for e in real if e is not entry) + (d,))
        assert library_schedule(players, sessions) is None


def _frame_products() -> list[dict[str, Any]]:
    return [e for e in _entries() if "frame_blocks" in e]


@pytest.mark.parametrize("entry", _frame_products(),
                         ids=lambda e: f"{e['players']}x{e['sessions']}")
def test_a_frame_product_entry_is_a_transversal_design_then_the_frame(
        entry: dict[str, Any]) -> None:
    """156 x 51 (tools/seating_search/cyclic_frame_search.py): players x * 3v + y for four
    layers x; the first 3v - 1 sessions seat one player of each layer at every table, the last
    v one layer's holey frame class beside three tables {(x, y)} for the points y of the
    class's group; the pairs never met are each layer's frame groups {j, j + v, j + 2v}."""
    players, sessions = entry["players"], entry["sessions"]
    n, v = players // 4, players // 12
    assert sessions == (players - 1) // 3 == 4 * v - 1
    schedule = library_schedule(players, sessions)
    assert schedule is not None and _meetings_at_most_once(schedule, players)
    for session in schedule[:3 * v - 1]:
        assert all(sorted(p // n for p in table) == [0, 1, 2, 3] for table in session)
    for j, session in enumerate(schedule[3 * v - 1:]):
        across = sorted(sorted(table) for table in session if len({p // n for p in table}) > 1)
        assert across == [[x * n + y for x in range(4)] for y in (j, j + v, j + 2 * v)]
    assert _missed_in_groups_of(3, schedule, players)
    assert all(len({p % v for p in table}) == 4  # a frame table: four groups of its layer
               for session in schedule for table in session if len({p // n for p in table}) == 1)


@pytest.mark.parametrize("entry", _frame_products(),
                         ids=lambda e: f"{e['players']}x{e['sessions']}")
def test_a_damaged_frame_product_entry_is_not_used(entry: dict[str, Any],
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    players, sessions = entry["players"], entry["sessions"]
    moved = json.loads(json.dumps(entry))
    moved["frame_blocks"][0][1] += 1  # one point of the frame on another residue
    lifted = json.loads(json.dumps(entry))
    lifted["frame_blocks"][0][1] = (lifted["frame_blocks"][0][1] + players // 12) % (players // 4)
    short = {**json.loads(json.dumps(entry)), "frame_blocks": entry["frame_blocks"][:-1]}
    elsewhere = {**json.loads(json.dumps(entry)), "players": players - 12}
    real = library_module._entries()
    for damaged in (moved, lifted, short):
        monkeypatch.setattr(library_module, "_entries",
                            lambda d=damaged: tuple(e for e in real if e is not entry) + (d,))
        assert library_schedule(players, sessions) is None
    monkeypatch.setattr(library_module, "_entries", lambda: (elsewhere,))
    assert library_schedule(players - 12, sessions) is None
