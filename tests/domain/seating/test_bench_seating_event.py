"""The seating benchmark's whole event (`bench_seating --event`), small.

The benchmark draws every session after the withdrawals as the window's Draw does: the rest
of the plan repaired for the players present, its first session played, the others kept as
the plan the next draw repairs. Here 48 players in four countries, four of them withdrawn
after two of six sessions: every later draw reaches its bound, so the line is the same on
every machine.
"""

from __future__ import annotations

from benchmarks.bench_seating import measure_event


def test_an_event_drawn_session_by_session_after_withdrawals_repeats_nothing() -> None:
    players, sessions, played, out, countries, excess, mates, turns, _, _, _ = (
        measure_event((48, 6, 2, 4, 4), 120.0).split())
    assert (players, sessions, played, out, countries) == ("48", "6", "2", "4", "4")
    assert (excess, mates, turns) == ("0", "0", "ok")


def test_an_event_with_more_byes_than_players_keeps_them_in_turn() -> None:
    """18 players, two out a session over twelve sessions, eleven of them drawn in turn:
    24 byes, so six players sit out twice, and none before everyone has once. Before byes
    rotated session by session, a second bye came in session 9 of events like it."""
    *_, excess, _, turns, _, _, _ = measure_event((18, 12, 1, 0, 0), 1.0).split()
    assert turns == "ok" and int(excess) > 0


def test_an_event_drawn_in_turn_keeps_the_winds_in_range_after_every_session() -> None:
    """36 players over eleven sessions, ten drawn in turn: the benchmark's count of players
    out of wind range after a session is 0. It was 42 when winds were balanced over each
    plan as a whole."""
    *_, excess, _, turns, winds, _, _ = measure_event((36, 11, 1, 0, 0), 2.0).split()
    assert (excess, turns, winds) == ("0", "ok", "0")
