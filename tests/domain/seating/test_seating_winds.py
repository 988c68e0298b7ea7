"""Starting winds stay balanced after every session, not only at the end of the event.

A head judge reads the wind spread in every session's report, and a player who has started
East twice in four sessions and never South notices it at the table whatever the last
session brings. Counted from the seats themselves (`tests.helpers.winds`)."""

from __future__ import annotations

import itertools
import random

import pytest

from tests.helpers.winds import out_of_range_after_each_session
from tournament_manager.domain.seating import (
    Schedule,
    SeatedSession,
    plan_schedule,
    positions,
    repair_plan,
)
from tournament_manager.domain.seating.positions import (
    _least_at_end,
    _wind_score,
    balance_winds,
    violation,
    violation_after,
)


def _asked_exact(monkeypatch) -> list[object]:  # type: ignore[no-untyped-def]
    """What CP-SAT's seating of winds (`positions._exact_window`) is asked from now on: the
    `hold` of each question, None for a window's."""
    asked: list[object] = []
    exact_window = positions._exact_window

    def recorded(*args, **kwargs):  # type: ignore[no-untyped-def]
        asked.append(kwargs.get("hold"))
        return exact_window(*args, **kwargs)

    monkeypatch.setattr(positions, "_exact_window", recorded)
    return asked


def _seats(sessions: tuple[SeatedSession, ...] | list[SeatedSession]) -> list[list[tuple]]:
    return [[table.seats for table in session.tables] for session in sessions]


@pytest.mark.parametrize(("players", "sessions"), [(16, 5), (40, 13), (60, 11), (17, 5),
                                                   (30, 9), (23, 7)])
def test_a_plan_keeps_every_player_s_winds_in_range_after_each_session(
        players: int, sessions: int) -> None:
    """Balanced over the whole plan only, 16 x 5 had two players out of range after
    session 3 and six after session 4, although everyone ended with each wind once or
    twice. With byes (17, 30 and 23 players) each player's own runs of four sessions are
    balanced, whatever sessions he sits out."""
    draw = plan_schedule(list(range(players)), sessions, seed=3, time_limit=2)
    assert out_of_range_after_each_session(_seats(draw.schedule.sessions)) == [[]] * sessions


@pytest.mark.parametrize(("players", "sessions"), [(28, 9), (36, 11)])
def test_drawn_session_by_session_every_player_s_winds_stay_in_range(players: int,
                                                                     sessions: int) -> None:
    """Played as the services play it (a plan, then each session from the plan repaired
    after the real history), every player's winds stay within floor(n/4)..ceil(n/4) after
    each of his n sessions. Before, 36 x 11 had 15 players out of range after session 4
    and 17 after session 8: the winds were balanced over the plan only, the repair dropped
    the seat order the plan's winds were balanced with, and a clean session moved forward
    from a later block of four broke the block the sessions played had begun."""
    field = list(range(players))
    plan = list(plan_schedule(field, sessions, seed=0, time_limit=2).schedule.sessions)
    history: list[SeatedSession] = []
    while plan:
        history.append(plan[0])
        plan = list(repair_plan(Schedule(tuple(plan[1:])), history, field, seed=len(history),
                                time_limit=1).schedule.sessions) if len(plan) > 1 else []
    assert out_of_range_after_each_session(_seats(history)) == [[]] * sessions


def test_seats_already_in_balance_are_kept() -> None:
    """A plan whose winds were balanced with the sessions already played comes back with
    the same seats: the sessions after them were chosen with it."""
    sessions = [[[0, 1, 2, 3], [4, 5, 6, 7]], [[1, 0, 7, 6], [5, 4, 3, 2]],
                [[2, 3, 0, 1], [6, 7, 4, 5]]]
    played = [[3, 2, 1, 0], [7, 6, 5, 4]]
    history = [[int(table.index(p) == w) for w in range(4)]
               for p in range(8) for table in played if p in table]
    assert out_of_range_after_each_session([played, *sessions]) == [[]] * 4
    for seed in range(5):
        assert balance_winds(sessions, history, random.Random(seed)) == sessions


def test_a_block_of_four_is_balanced_from_any_seats() -> None:
    """Without byes or history, each block of four sessions gives every player each wind
    once, whatever order the groups come in (random groupings of 48 players)."""
    rng = random.Random(7)
    sessions = []
    for _ in range(9):
        order = rng.sample(range(48), 48)
        sessions.append([order[i:i + 4] for i in range(0, 48, 4)])
    seated = balance_winds(sessions, [[0, 0, 0, 0]] * 48, rng)
    assert out_of_range_after_each_session(seated) == [[]] * 9
    for begin in (0, 4):
        for p in range(48):
            held = [table.index(p) for session in seated[begin:begin + 4]
                    for table in session if p in table]
            assert sorted(held) == [0, 1, 2, 3]


def test_any_seats_with_any_byes_are_balanced_after_every_session() -> None:
    """Random groupings of 26 players over eleven sessions, a random two to six sitting out
    each: every player's runs of four of his own sessions give him four different winds
    (Konig's theorem on tables and runs, reached by the exchange), so he is in range after
    every session he plays."""
    rng = random.Random(11)
    for _ in range(20):
        sessions = []
        for _ in range(11):
            order = rng.sample(range(26), 26)
            seated = order[:4 * rng.randint(5, 6)]
            sessions.append([seated[i:i + 4] for i in range(0, len(seated), 4)])
        balanced = balance_winds(sessions, [[0, 0, 0, 0]] * 26, random.Random(1))
        assert out_of_range_after_each_session(balanced) == [[]] * 11
        assert [sorted(map(sorted, session)) for session in balanced] == [
            sorted(map(sorted, session)) for session in sessions]


def _nearest_possible(session: list[list[int]], winds: list[list[int]]) -> int:
    """The least out of range after `session` over every seat order of every table, counted
    table by table: whether a player is in range after it depends on his own seat alone."""
    total = 0
    for table in session:
        total += min(sum(violation_after(winds[p], w) for w, p in enumerate(order))
                     for order in itertools.permutations(table))
    return total


@pytest.mark.parametrize("seed", range(40))
def test_the_session_played_now_is_seated_nearest_the_range_whatever_the_sessions_after_it(
        seed: int) -> None:
    """The session played now is final and the rest is seated again at the next draw, so
    its own players come first: ranked by the window of four sessions, some of these
    histories left a player out of range now to spare two later (random histories, some
    far out of range, as after a plan redrawn many times)."""
    rng = random.Random(seed)
    players = rng.choice([8, 12])
    sessions = []
    for _ in range(rng.choice([2, 3, 4])):
        order = rng.sample(range(players), players)
        sessions.append([order[i:i + 4] for i in range(0, players, 4)])
    winds = []
    for _ in range(players):
        counts = [0] * 4
        for _ in range(rng.choice([2, 3, 5, 6, 7])):
            counts[rng.randrange(4)] += 1
        winds.append(counts)
    seated = balance_winds([[list(t) for t in s] for s in sessions], winds, random.Random(1))
    counts = [list(w) for w in winds]
    out = 0
    for table in seated[0]:
        for wind, p in enumerate(table):
            counts[p][wind] += 1
            out += violation(counts[p], sum(counts[p]))
    assert out == _nearest_possible(sessions[0], winds)


def test_a_small_draw_with_two_seconds_left_seats_its_window_exactly(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """Session 2 of 24 players (countries kept apart) drawn again, after a withdrawal, with
    sessions 1 and 3 published: the grouping used its share of a 20 s draw and left under two
    seconds. The exact window runs where its tables need far less (24 here: 0.2 s, and it
    has 0.95 s); it was skipped for every field alike, and the late entry who took the
    drop-out's chairs in the four sessions below (player 23, none played before) began East,
    South, West, West. Whether the window runs is what is checked first: it does not depend
    on the clock (the check comes 0.01 s into the 1.9 s), where its result could."""
    searched = _asked_exact(monkeypatch)
    sessions = [
        [[1, 15, 17, 9], [3, 4, 20, 11], [16, 2, 8, 10], [12, 23, 6, 21], [5, 7, 18, 19],
         [22, 14, 0, 13]],
        [[21, 10, 19, 4], [2, 1, 5, 14], [11, 6, 13, 15], [7, 20, 23, 8], [0, 17, 3, 12],
         [9, 22, 16, 18]],
        [[7, 2, 0, 6], [23, 19, 16, 13], [9, 4, 5, 12], [3, 1, 10, 22], [8, 11, 17, 14],
         [15, 21, 18, 20]],
        [[1, 7, 13, 4], [21, 9, 8, 0], [20, 17, 22, 19], [18, 12, 11, 2], [14, 15, 23, 10],
         [5, 6, 3, 16]]]
    # Sessions 1 and 3 as published, each player's two winds there (player 23: none).
    pairs = ["NS", "WN", "WN", "SN", "EW", "SN", "EN", "WN", "ES", "SW", "EW", "SW", "SW", "ES",
             "EW", "EW", "SN", "EN", "ES", "ES", "EN", "SW", "WN", ""]
    winds = [[int(wind in played) for wind in "ESWN"] for played in pairs]
    seated = balance_winds(sessions, winds, random.Random(1), seconds=1.9)
    assert searched
    for session in seated:
        for table in session:
            for wind, player in enumerate(table):
                winds[player][wind] += 1
        assert all(sum(w) // 4 <= min(w) <= max(w) <= -(-sum(w) // 4) for w in winds)


def test_a_repaired_plan_whose_end_the_exchanges_leave_out_of_range_is_seated_exactly() -> None:
    """28 x 8 less three after session 1 (two from one table, one from another), the rest
    repaired for 25 players with a bye a session, as the window drew it: the exchanges and
    the seat swaps left player 19 East three times and South once in his eight sessions,
    and the round's report said "Wind spread at the end of session 8: 2 (not balanced)".
    Seated by CP-SAT as a whole (`_exact_end`), every player ends in range, the session
    played now and the window no worse (held so: the model's objective alone traded the
    window for the end), every table as drawn."""
    sessions = [
        [[22, 4, 3, 6], [9, 0, 12, 15], [7, 19, 17, 13], [5, 8, 1, 2], [16, 11, 18, 24],
         [21, 14, 10, 23]],
        [[17, 8, 12, 23], [10, 19, 18, 6], [24, 14, 22, 1], [16, 4, 7, 0], [21, 3, 20, 2],
         [9, 13, 11, 5]],
        [[2, 24, 23, 0], [19, 11, 8, 22], [18, 7, 5, 21], [14, 20, 9, 6], [10, 4, 15, 17],
         [16, 12, 3, 1]],
        [[10, 0, 1, 11], [9, 17, 21, 24], [15, 16, 13, 8], [22, 12, 23, 18], [5, 14, 3, 7],
         [2, 4, 20, 19]],
        [[18, 3, 9, 8], [15, 23, 16, 20], [14, 0, 12, 19], [11, 1, 4, 21], [2, 13, 10, 22],
         [24, 6, 5, 17]],
        [[22, 21, 15, 7], [13, 18, 0, 3], [6, 17, 16, 2], [5, 20, 12, 10], [1, 19, 23, 9],
         [14, 8, 11, 4]],
        [[19, 21, 16, 5], [7, 6, 1, 9], [23, 3, 11, 10], [0, 20, 17, 22], [24, 12, 13, 4],
         [14, 18, 2, 15]]]
    # Each player's wind in session 1, as the tables' seat picks gave them.
    winds = [[int(wind == played) for wind in "ESWN"] for played in "NENSNSEWSNWESENNSNSEWWEEW"]
    seated = balance_winds([[list(t) for t in s] for s in sessions], winds, random.Random(7),
                           seconds=60)
    counts = [list(w) for w in winds]
    for session in seated:
        for table in session:
            for wind, player in enumerate(table):
                counts[player][wind] += 1
    assert all(sum(c) // 4 <= min(c) <= max(c) <= -(-sum(c) // 4) for c in counts)
    assert _wind_score(seated[:1], winds)[1] == 0  # the session played now
    assert _wind_score(seated[:4], winds)[1] <= 2  # the window, as the exchanges left it
    assert [[set(t) for t in s] for s in seated] == [[set(t) for t in s] for s in sessions]


def test_a_plan_whose_end_is_as_near_as_its_history_allows_is_not_seated_again(
        monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """A player whose history gave him East five times ends out of range whatever his next
    five sessions give him (three at least: two Easts too many, one wind short). Where the
    end is as near as that, seating the whole plan by CP-SAT (`_exact_end`) has nothing to
    gain: it is not asked (it cost up to 4.6 s a draw where it could not help)."""
    asked = _asked_exact(monkeypatch)
    sessions = [[[0, 1, 2, 3], [4, 5, 6, 7]] for _ in range(5)]
    winds = [[5, 0, 0, 0]] + [[1, 1, 1, 1] for _ in range(7)]
    seated = balance_winds(sessions, winds, random.Random(1), seconds=60)
    assert _least_at_end(sessions, winds) == 3
    assert _wind_score(seated, winds)[0] == 3
    assert not [hold for hold in asked if hold]
