"""The seating benchmark's withdrawals after session 1 (`bench_seating
--first-session-withdrawals`), two small cases that the exact stage settles, so the lines
are the same on every machine."""

from __future__ import annotations

from benchmarks.bench_seating import first_session_withdrawals, measure_first_session_repair


def test_every_way_to_lose_up_to_three_players_after_session_1_is_a_case() -> None:
    chosen = first_session_withdrawals()
    assert (16, 4, 1) in chosen and (32, 8, 1, 1, 1) in chosen and (28, 8, 2, 1) in chosen
    assert (16, 6, 1) not in chosen  # beyond 16 players' bound of five sessions
    assert len(chosen) == len(set(chosen)) == 6 * (2 + 3 + 4 + 5 + 5)


def test_one_withdrawn_from_16_x_5_after_session_1_is_repaired_without_a_repeat() -> None:
    players, sessions, played, pattern, late, left, excess, bound, _, _, turns, _ = (
        measure_first_session_repair((16, 5, 1), 120.0).split())
    assert (players, sessions, played, pattern, late, left) == ("16", "5", "1", "1", "0", "15")
    assert (excess, bound, turns) == ("0", "0", "ok")


def test_one_withdrawn_from_each_of_two_tables_of_16_x_4_must_repeat() -> None:
    """Fourteen players left, two byes a session: the exact stage proves that no repair
    without a repeat exists, and the line says so in its bound."""
    *_, pattern, _, left, excess, bound, _, _, turns, _ = (
        measure_first_session_repair((16, 4, 1, 1), 30.0).split())
    assert (pattern, left, turns) == ("1,1", "14", "ok")
    assert int(bound) >= 1 and int(excess) >= int(bound)
