"""Four orthogonal squares: no repeated opponent and no table revisited, up to T sessions."""

from __future__ import annotations

import json
import random
from collections import Counter
from importlib import resources
from itertools import combinations
from typing import Any

import pytest

from tournament_manager.domain.seating import Method, plan_schedule, quality_report, table_squares
from tournament_manager.domain.seating.control import Budget
from tournament_manager.domain.seating.latin import orthogonal_squares
from tournament_manager.domain.seating.pairs import (
    IntSessions,
    forbidden_index_pairs,
    worlds_apart,
)
from tournament_manager.domain.seating.positions import number_tables
from tournament_manager.domain.seating.relabel import relabel
from tournament_manager.domain.seating.table_squares import (
    ROWS_FILE,
    TableDraw,
    entry_howell,
    entry_rows,
    howell_sessions,
    plus,
    rows_sound,
    square_rows,
    squares_groups,
    squares_schedule,
)


def _meetings(sessions: IntSessions) -> Counter[tuple[int, int]]:
    met: Counter[tuple[int, int]] = Counter()
    for session in sessions:
        for table in session:
            met.update(combinations(sorted(table), 2))
    return met


def _revisits(sessions: IntSessions) -> int:
    seats = Counter((p, t) for session in sessions for t, table in enumerate(session)
                    for p in table)
    return sum(count - 1 for count in seats.values())


@pytest.mark.parametrize(("players", "sessions"),
                         [(20, 5), (24, 5), (28, 7), (32, 8), (36, 9), (40, 9), (44, 11),
                          (48, 12), (96, 20), (100, 25), (140, 12), (144, 31), (172, 43),
                          (40, 10)])
def test_every_player_once_a_session_no_pair_twice_no_table_twice(players: int,
                                                                  sessions: int) -> None:
    schedule = _drawn(players, sessions, random.Random(1))
    assert len(schedule) == sessions
    for session in schedule:
        assert len(session) == players // 4
        assert sorted(p for table in session for p in table) == list(range(players))
    assert max(_meetings(schedule).values()) == 1
    assert _revisits(schedule) == 0


def _drawn(players: int, sessions: int, rng: random.Random) -> IntSessions:
    drawn = squares_schedule(players, sessions, rng)
    assert drawn is not None
    return drawn.sessions


def test_players_of_one_group_never_meet() -> None:
    drawn = squares_schedule(44, 11, random.Random(0))
    assert drawn is not None and not drawn.howell and drawn.apart == squares_groups(44)
    met = _meetings(drawn.sessions)
    for group in drawn.apart:
        assert not any(pair in met for pair in combinations(group, 2))
    assert len(met) == 6 * 11 * 11  # every other pair: the groups are all that is missed


@pytest.mark.parametrize(("players", "sessions"),
                         [(24, 6), (20, 6), (22, 5), (44, 0)])
def test_none_where_four_squares_or_the_tables_are_not_there(players: int,
                                                             sessions: int) -> None:
    assert squares_schedule(players, sessions, random.Random(0)) is None


def test_the_rows_played_are_chosen_to_leave_fewer_players_worlds_apart() -> None:
    squares = orthogonal_squares(43, 4)
    assert squares is not None
    first_rows = [[[i * 43 + square[r][c] for i, square in enumerate(squares)]
                   for c in range(43)] for r in range(9)]
    spread = _drawn(172, 9, random.Random(0))
    assert worlds_apart(spread, 172) < worlds_apart(first_rows, 172)


def test_worlds_apart_counts_pairs_that_neither_meet_nor_share_an_opponent() -> None:
    one = [[[0, 1, 2, 3], [4, 5, 6, 7]]]
    assert worlds_apart(one, 8) == 16  # every pair across the two tables
    two = one + [[[0, 4, 1, 5], [2, 6, 3, 7]]]
    opponents = {p: {q for s in two for t in s if p in t for q in t if q != p} for p in range(8)}
    expected = sum(1 for p, q in combinations(range(8), 2)
                   if q not in opponents[p] and not opponents[p] & opponents[q])
    assert worlds_apart(two, 8) == expected


def test_the_report_counts_the_same_pairs_apart() -> None:
    draw = plan_schedule(list(range(92)), 5, seed=0, time_limit=10)
    sessions = [[list(table.seats) for table in session.tables]
                for session in draw.schedule.sessions]
    assert (quality_report(draw.schedule.sessions).indirect.pairs_sharing_none
            == worlds_apart(sessions, 92) > 0)


def test_numbering_keeps_an_order_that_sends_nobody_back() -> None:
    schedule = _drawn(36, 9, random.Random(0))
    numbered = number_tables(schedule, [{} for _ in range(36)], random.Random(0))
    assert numbered == schedule


def test_numbering_moves_a_given_order_that_sends_players_back() -> None:
    # One session after a history that sat everybody at the table index they hold now: the
    # given order revisits every seat, any other order fewer.
    session = [[4 * t + i for i in range(4)] for t in range(5)]
    visits = [{p // 4: 1} for p in range(20)]
    numbered = number_tables([session], visits, random.Random(0))
    assert sorted(map(sorted, numbered[0])) == sorted(map(sorted, session))
    assert all(visits[p].get(t, 0) == 0 for t, table in enumerate(numbered[0]) for p in table)


def test_clubs_start_inside_the_groups_that_never_meet() -> None:
    schedule = _drawn(52, 13, random.Random(0))
    countries = [range(c, 52, 8) for c in range(8)]  # four of seven, four of six
    forbidden = forbidden_index_pairs(countries)
    renamed = relabel(schedule, 52, forbidden, random.Random(0), Budget(5.0),
                      apart=squares_groups(52))
    met = _meetings(renamed)
    assert not any(pair in met for pair in forbidden)


def test_a_draw_with_countries_revisits_no_table_and_keeps_compatriots_apart() -> None:
    countries = [set(range(c, 44, 8)) for c in range(8)]
    draw = plan_schedule(list(range(44)), 10, seed=0, forbidden_groups=countries,
                         time_limit=10)
    assert draw.method is Method.ORTHOGONAL_SQUARES
    report = quality_report(draw.schedule.sessions, forbidden_groups=countries)
    assert report.excess_meetings == 0
    assert report.table_revisits == ()
    assert report.forbidden_meetings == ()
    assert report.winds_balanced


def _file_entries() -> list[dict[str, Any]]:
    text = (resources.files("tournament_manager.domain.seating").joinpath(ROWS_FILE)
            .read_text(encoding="utf-8"))
    return list(json.loads(text)["entries"])


@pytest.mark.parametrize("entry", _file_entries(), ids=lambda entry: str(entry["tables"]))
def test_every_file_entry_is_sound_on_all_its_rows(entry: dict[str, Any]) -> None:
    tables = entry["tables"]
    assert orthogonal_squares(tables, 4) is None  # the file only adds what MacNeish lacks
    if "howell" in entry:
        every = entry_howell(entry)
        design = entry["howell"]
        whole = tables - len(design["last_tables"]) if design.get("partial") else tables
        assert every is not None and len(every) == whole == len(howell_sessions(tables))
        assert _revisits(every) == 0 and max(_meetings(every).values()) == 1
        return
    if "rows" in entry:
        whole = len(entry["rows"])
    else:  # a matrix: every session, or those its group moves where it is partial
        whole = tables - entry["blanks"] if entry.get("partial") else tables
    assert len(square_rows(tables)) == whole
    every = _drawn(4 * tables, whole, random.Random(0))
    assert _revisits(every) == 0
    assert max(_meetings(every).values()) == 1


def test_a_group_other_than_z_t_adds_in_each_factor() -> None:
    assert plus(5, 1, (2, 6)) == 0 and plus(11, 1, (2, 6)) == 6 and plus(6, 6, (2, 6)) == 0
    assert plus(7, 5, (12,)) == 0


def test_a_damaged_row_is_not_used(monkeypatch: pytest.MonkeyPatch) -> None:
    entry = next(entry for entry in _file_entries() if entry["tables"] == 10 and "rows" in entry)
    damaged = [list(row) for row in entry["rows"]]
    damaged[1][2] = damaged[0][2]  # two rows alike in one column: a player's table twice
    monkeypatch.setattr(table_squares, "_file_entries",
                        lambda: {10: [{**entry, "rows": damaged}]})
    assert squares_schedule(40, 9, random.Random(0)) is None
    monkeypatch.setattr(table_squares, "_file_entries", lambda: {10: [entry]})
    assert squares_schedule(40, 9, random.Random(0)) is not None


def test_a_draw_out_of_time_keeps_its_first_rows_and_stays_sound() -> None:
    asked: list[int] = []

    def stop() -> bool:
        asked.append(1)
        return True

    drawn = squares_schedule(172, 9, random.Random(0), stop)
    assert drawn is not None and len(asked) == 1
    schedule = drawn.sessions  # no exchange tried after the stop
    assert max(_meetings(schedule).values()) == 1 and _revisits(schedule) == 0
    assert worlds_apart(schedule, 172) > 0  # the exchanges that bring 172 x 9 to 0 not made


# A (7, 6; 1, 1; 1) quasi-difference matrix (quasi_difference_search.py --group 7 --blanks 1
# --cycles 0,1,2/3,4,5):
# its columns moved by Z_7, a blank read as the point 7, are all of four orthogonal squares of
# order 8 but one cell, which the hole of order 1 fills.
_QDM_7 = [[None, 0, 0, 0, 1, 5, 0, 5, 1], [0, None, 0, 5, 0, 1, 1, 0, 5],
          [0, 0, None, 1, 5, 0, 5, 1, 0], [6, 4, 0, None, 3, 3, 6, 1, 2],
          [0, 6, 4, 3, None, 3, 2, 6, 1], [4, 0, 6, 3, 3, None, 1, 2, 6]]


def test_a_quasi_difference_matrix_gives_every_session() -> None:
    rows = entry_rows({"tables": 8, "group": [7], "blanks": 1, "matrix": _QDM_7})
    assert rows is not None and len(rows) == 8 and rows_sound(rows)


def test_a_damaged_quasi_difference_matrix_is_not_sound() -> None:
    damaged = [list(row) for row in _QDM_7]
    damaged[3][4] = (damaged[3][4] + 1) % 7
    rows = entry_rows({"tables": 8, "group": [7], "blanks": 1, "matrix": damaged})
    assert rows is None or not rows_sound(rows)
    assert entry_rows({"tables": 8, "group": [7], "blanks": 1, "matrix": _QDM_7[:5]}) is None


# quasi_difference_search.py --group 2,2 --levels 2 (CaDiCaL, 0.1 s): symbols 0-3 and 4-7 are
# the two orbits of Z_2 x Z_2, which moves 16 columns into the 64 cells of order 8.
_LEVELS_8 = [[0, 0, 0, 0, 0, 0, 0, 0, 4, 4, 4, 4, 4, 4, 4, 4],
             [0, 1, 2, 3, 4, 5, 6, 7, 0, 1, 2, 3, 6, 4, 7, 5],
             [0, 2, 3, 1, 4, 6, 7, 5, 4, 6, 7, 5, 3, 0, 1, 2],
             [0, 3, 4, 7, 1, 2, 5, 6, 3, 0, 7, 4, 6, 2, 5, 1],
             [0, 4, 6, 2, 3, 7, 5, 1, 2, 6, 4, 0, 7, 1, 3, 5],
             [0, 4, 1, 5, 2, 6, 3, 7, 1, 5, 0, 4, 2, 3, 6, 7]]


def test_a_matrix_on_two_levels_develops_into_every_row() -> None:
    rows = entry_rows({"tables": 8, "group": [2, 2], "matrix": _LEVELS_8})
    assert rows is not None and len(rows) == 8 and rows_sound(rows)
    # moved within its level: symbol 5 (level 1, x = 1) by g = 2 is 4 + (1 + 2) = 7
    assert rows[0][0][0] == 0 and sorted(rows[4][0]) == list(range(8))


@pytest.mark.parametrize("damage", ["pair", "range", "blank", "order"])
def test_a_damaged_matrix_on_levels_is_refused(damage: str) -> None:
    matrix: list[list[int | None]] = [list(row) for row in _LEVELS_8]
    tables = 8
    if damage == "pair":  # two columns' differences collide: a pair meets twice
        matrix[5][1], matrix[5][2] = matrix[5][2], matrix[5][1]
    elif damage == "range":  # a symbol of a third level that eight tables do not have
        matrix[2][3] = 9
    elif damage == "blank":  # levels and a hole of fixed points do not go together
        for row in matrix:
            row.append(None)
        tables = 9
    else:  # 8 tables are not a whole number of orbits of a group of order 3
        tables = 9
    rows = entry_rows({"tables": tables, "group": [3] if damage == "order" else [2, 2],
                       "matrix": matrix})
    assert rows is None or not rows_sound(rows)


# Four orthogonal squares of order 18 from the file's matrix on two levels of Z_3 x Z_3 (16
# rows from a difference matrix over Z_18 before), of order 34 from its (33, 6; 1, 1; 1)
# matrix (28 rows and a partial Howell design before), and of order 42 from its
# (35, 7; 1, 1; 7) matrix, whose seven blanks squares of order 7 fill (35 rows and a partial
# Howell design before): every session the squares give, with no revisit.
@pytest.mark.parametrize("tables", [18, 34, 42])
def test_a_file_matrix_gives_as_many_sessions_as_tables_without_a_revisit(tables: int) -> None:
    assert len(square_rows(tables)) == tables
    draw = plan_schedule(list(range(4 * tables)), tables, seed=0, time_limit=20)
    assert draw.method is Method.ORTHOGONAL_SQUARES
    report = quality_report(draw.schedule.sessions)
    assert report.excess_meetings == 0 and report.table_revisits == ()
    assert report.winds_balanced


def test_without_squares_for_the_hole_only_the_sessions_the_group_moves_are_played(
        monkeypatch: pytest.MonkeyPatch) -> None:
    entry = next(entry for entry in _file_entries() if entry["tables"] == 30)
    assert entry["blanks"] == 5 and len(entry_rows(entry) or ()) == 30
    monkeypatch.setattr(table_squares, "orthogonal_squares", lambda n, count: None)
    rows = entry_rows(entry)
    assert rows is not None and len(rows) == 25 and rows_sound(rows)


def test_a_partial_matrix_plays_only_the_sessions_its_group_moves() -> None:
    entry = next(entry for entry in _file_entries() if entry["tables"] == 14)
    assert entry["partial"] and entry["blanks"] == 1
    rows = entry_rows(entry)
    assert rows is not None and len(rows) == 13 and rows_sound(rows)
    every = entry_rows({**entry, "partial": False})  # its other session repeats a pair
    assert every is not None and len(every) == 14 and not rows_sound(every)


def _howell_entry() -> dict[str, Any]:
    return next(entry for entry in _file_entries() if "howell" in entry)


def test_a_howell_design_seats_forty_players_ten_times_at_ten_tables_once_each() -> None:
    # Four orthogonal squares of order 10 are not known; the file's squares have nine rows.
    assert len(square_rows(10)) == 9
    draw = plan_schedule(list(range(40)), 10, seed=0, time_limit=20)
    assert draw.method is Method.HOWELL_DESIGN
    report = quality_report(draw.schedule.sessions)
    assert report.excess_meetings == 0
    assert report.table_revisits == ()
    assert report.winds_balanced


def test_a_partial_howell_design_seats_a_field_beyond_its_squares_rows(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # No side in the file needs one any more (34 and 42 have their squares now), so the draw
    # is given the file's nine rows of order 10 cut to six and the partial design of side 10
    # that leaves two tables alone: 40 x 8 is beyond the rows and comes from the design.
    rows_entry = next(entry for entry in _file_entries()
                      if entry["tables"] == 10 and "rows" in entry)
    entries = [{**rows_entry, "rows": rows_entry["rows"][:6]}, _TWO_LEFT_10]
    monkeypatch.setattr(table_squares, "_file_entries", lambda: {10: entries})
    assert len(square_rows(10)) == 6 and len(howell_sessions(10)) == 8
    draw = plan_schedule(list(range(40)), 8, seed=0, time_limit=20)
    assert draw.method is Method.HOWELL_DESIGN
    report = quality_report(draw.schedule.sessions)
    assert report.excess_meetings == 0 and report.table_revisits == ()
    assert report.winds_balanced


def test_the_howell_design_with_the_most_sessions_is_the_one_played(
        monkeypatch: pytest.MonkeyPatch) -> None:
    entries = [_TWO_LEFT_10, _howell_entry()]  # 8 sessions, then the whole 10
    assert _howell_entry()["tables"] == 10
    monkeypatch.setattr(table_squares, "_file_entries", lambda: {10: entries})
    assert len(howell_sessions(10)) == 10
    monkeypatch.setattr(table_squares, "_file_entries", lambda: {10: entries[::-1]})
    assert len(howell_sessions(10)) == 10


def test_fewer_sessions_than_the_squares_give_still_come_from_the_squares() -> None:
    drawn = squares_schedule(40, 9, random.Random(0))
    assert drawn is not None and not drawn.howell and len(drawn.apart) == 4
    howell = squares_schedule(40, 10, random.Random(0))
    assert isinstance(howell, TableDraw) and howell.howell and howell.apart == ()


@pytest.mark.parametrize("tables", [10, 26])
def test_a_howell_design_develops_its_blocks_as_the_file_says(tables: int) -> None:
    entry = next(entry for entry in _file_entries()
                 if entry["tables"] == tables and "howell" in entry)
    sessions = entry_howell(entry)
    assert sessions is not None
    n = tables - 1
    design = entry["howell"]
    group = design.get("group", [n])
    assert (len(group) > 1) == (tables == 26)  # 26 is developed over Z_5 x Z_5

    def moved(p: int, r: int) -> int:
        return p if p >= 4 * n else p // n * n + plus(p % n, r, group)

    # Session 2 seats block 3 moved by 2 at table 2 + 3, the last table moved by 2 at table
    # n; the last session block D moved by 4 at table 4 and the fixed players at table n.
    assert sessions[2][plus(2, 3, group)] == sorted(moved(p, 2) for p in design["blocks"][3])
    assert sessions[2][n] == sorted(moved(p, 2) for p in design["last_tables"][0])
    assert sessions[n][4] == sorted(moved(p, 4) for p in design["last_sessions"][0])
    assert sessions[n][n] == list(range(4 * n, 4 * n + 4))


@pytest.mark.parametrize("damage", ["pair", "seat", "shape"])
def test_a_damaged_howell_design_is_not_used(monkeypatch: pytest.MonkeyPatch,
                                             damage: str) -> None:
    entry = _howell_entry()
    design = {key: [list(b) for b in value] if key == "blocks" else list(value)
              for key, value in entry["howell"].items()}
    if damage == "pair":  # two players of block 0 exchanged with block 1's: pairs repeat
        design["blocks"][0][0], design["blocks"][1][0] = (design["blocks"][1][0],
                                                          design["blocks"][0][0])
    elif damage == "seat":  # a player twice in session 0, another never
        design["blocks"][0][0] = design["blocks"][1][1]
    else:
        design["blocks"] = design["blocks"][:-1]
    monkeypatch.setattr(table_squares, "_file_entries",
                        lambda: {10: [{**entry, "howell": design}]})
    assert squares_schedule(40, 10, random.Random(0)) is None
    monkeypatch.setattr(table_squares, "_file_entries", lambda: {10: [entry]})
    assert squares_schedule(40, 10, random.Random(0)) is not None


# howell_search.py --tables 6 --partial (CaDiCaL, 0.0 s): the five sessions Z_5 moves.
_PARTIAL_6 = {"tables": 6, "howell": {"blocks": [[9, 13, 19, 21], [7, 10, 18, 22],
                                                [3, 12, 17, 23], [0, 2, 5, 6],
                                                [4, 11, 15, 20]],
                                     "last_tables": [[1, 8, 14, 16]], "partial": True}}


def _sound_sessions(entry: dict[str, Any], sessions: int) -> IntSessions:
    """The entry's sessions, checked: that many, everyone once in each, no repeat or revisit."""
    developed = entry_howell(entry)
    assert developed is not None and len(developed) == sessions
    assert _revisits(developed) == 0 and max(_meetings(developed).values()) == 1
    players = list(range(4 * entry["tables"]))
    assert all(sorted(p for table in session for p in table) == players
               for session in developed)
    return developed


def test_a_partial_howell_design_gives_the_sessions_its_group_moves() -> None:
    _sound_sessions(_PARTIAL_6, 5)
    whole = {**_PARTIAL_6, "howell": {**_PARTIAL_6["howell"], "partial": False}}
    assert entry_howell(whole) is None  # a whole design needs its last session


# howell_search.py --tables 10 --partial --fixed-tables 2 (CaDiCaL, 1.2 s): Z_8 moves
# eight sessions; tables 8 and 9 and players 32..39 are left alone.
_TWO_LEFT_10 = {"tables": 10, "howell": {
    "blocks": [[8, 20, 31, 39], [1, 18, 30, 37], [3, 11, 27, 32], [13, 16, 25, 34],
               [2, 15, 28, 36], [0, 9, 19, 33], [5, 17, 24, 38], [4, 14, 22, 35]],
    "last_tables": [[6, 12, 21, 26], [7, 10, 23, 29]], "partial": True}}


def test_a_partial_design_may_leave_several_tables_alone() -> None:
    sessions = _sound_sessions(_TWO_LEFT_10, 8)
    # Session 5 seats the second table left alone, moved by 5, at table 9.
    assert sessions[5][9] == sorted(p // 8 * 8 + (p % 8 + 5) % 8
                                    for p in _TWO_LEFT_10["howell"]["last_tables"][1])
    assert all(sessions[r][8 + k][0] < 32 for r in range(8) for k in range(2))
    whole = {**_TWO_LEFT_10, "howell": {**_TWO_LEFT_10["howell"], "partial": False}}
    assert entry_howell(whole) is None  # a whole design needs its last sessions
    one_row = {**whole, "howell": {**whole["howell"], "last_sessions": [[0, 8, 16, 24]] * 2,
                                   "corner": [[[32, 33, 34, 35], [36, 37, 38, 39]]]}}
    assert entry_howell(one_row) is None  # and a corner of F rows of F tables


def test_a_squares_draw_short_of_the_bound_is_kept_where_nothing_does_better() -> None:
    # A country of twelve in 44 x 11: each player misses only ten others, so compatriots
    # must meet in any draw. The squares keep eleven of the twelve in one group and meet 11
    # compatriot pairs; so does the best construction (cyclic blocks), with 48 revisits.
    country = [set(range(12))]
    draw = plan_schedule(list(range(44)), 11, seed=0, forbidden_groups=country, time_limit=10)
    assert draw.method is Method.ORTHOGONAL_SQUARES
    report = quality_report(draw.schedule.sessions, forbidden_groups=country)
    assert report.excess_meetings == 0 and report.table_revisits == ()
    assert len(report.forbidden_meetings) == 11


# howell_search.py --tables 7 --regular (CaDiCaL, under a second): Z_7 moves everything.
_REGULAR_7 = {"tables": 7, "howell": {"blocks": [[3, 12, 18, 24], [2, 10, 20, 21],
                                                [1, 8, 15, 25], [0, 13, 17, 22],
                                                [6, 11, 19, 26], [5, 9, 14, 23],
                                                [4, 7, 16, 27]], "regular": True}}


def test_a_regular_howell_design_moves_every_session_table_and_player() -> None:
    sessions = _sound_sessions(_REGULAR_7, 7)
    # Session 3 seats block 2 moved by 3 at table 5.
    assert sessions[3][5] == sorted(p // 7 * 7 + (p % 7 + 3) % 7
                                    for p in _REGULAR_7["howell"]["blocks"][2])
    one_rotational = {**_REGULAR_7, "howell": {**_REGULAR_7["howell"], "regular": False}}
    assert entry_howell(one_rotational) is None  # seven blocks and no last table


# howell_search.py --tables 8 --regular --session-orbits 2 --group 2,2 (Kissat --sat, under
# a second): Z_2 x Z_2 moves two orbits of four sessions, of four tables, and eight orbits of
# four players.
_TWO_ORBITS_8 = {"tables": 8, "howell": {
    "blocks": [[10, 14, 18, 27], [13, 16, 23, 29], [0, 4, 22, 31], [2, 7, 8, 26],
               [3, 5, 11, 20], [1, 6, 24, 28], [15, 17, 25, 30], [9, 12, 19, 21],
               [5, 9, 16, 26], [6, 18, 22, 30], [2, 15, 23, 28], [0, 11, 12, 27],
               [1, 8, 14, 21], [3, 13, 25, 31], [4, 19, 24, 29], [7, 10, 17, 20]],
    "group": [2, 2], "regular": True, "session_orbits": 2}}


def test_a_regular_design_may_move_two_orbits_of_sessions_and_tables() -> None:
    sessions = _sound_sessions(_TWO_ORBITS_8, 8)
    blocks = _TWO_ORBITS_8["howell"]["blocks"]
    # Session 4 + 3 (orbit 1, r = 3) seats block (1 * 2 + 0) * 4 + 2 moved by 3 at table
    # 0 * 4 + (3 + 2); in Z_2 x Z_2, 3 + 2 is 1 and x + 3 is x XOR 3.
    assert sessions[4 + 3][1] == sorted(p // 4 * 4 + (p % 4 ^ 3) for p in blocks[10])
    one_orbit = {**_TWO_ORBITS_8, "howell": {**_TWO_ORBITS_8["howell"], "session_orbits": 1,
                                             "group": [2, 2, 2]}}
    assert entry_howell(one_orbit) is None  # sixteen blocks for eight tables
