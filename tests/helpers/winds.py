"""Winds as players feel them, counted from the seats themselves (not with the score the
draw minimises, `positions._wind_score`, which it would only repeat)."""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Sequence


def out_of_range_after_each_session(
        sessions: Iterable[Iterable[Sequence[Hashable]]]) -> list[list[Hashable]]:
    """For each session in turn (each a list of tables, seats in wind order E, S, W, N),
    the players whose starting winds so far are outside floor(n/4)..ceil(n/4) for their n
    sessions so far."""
    winds: dict[Hashable, list[int]] = {}
    out = []
    for session in sessions:
        for table in session:
            for wind, player in enumerate(table):
                winds.setdefault(player, [0, 0, 0, 0])[wind] += 1
        out.append([player for player, counts in winds.items()
                    if not sum(counts) // 4 <= min(counts) <= max(counts) <= -(-sum(counts) // 4)])
    return out
