"""What a shipped schedule with byes must be, counted from the schedule itself (not with the
check the draw runs on it, `chair_library.sound_with_byes`, which it would only repeat)."""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Sequence


def assert_repeat_free_with_fair_byes(schedule: Sequence[Sequence[Sequence[int]]],
                                      players: int) -> None:
    """No pair meets twice, every session seats all but players mod 4, and nobody sits
    out twice: so the byes go to players mod 4 times the sessions different players."""
    met = Counter(pair for session in schedule for table in session
                  for pair in itertools.combinations(sorted(table), 2))
    assert max(met.values()) == 1
    seated = [{p for table in session for p in table} for session in schedule]
    assert all(len(present) == players - players % 4 for present in seated)
    out = Counter(p for present in seated for p in range(players) if p not in present)
    assert max(out.values()) == 1, "someone sat out twice"
    assert len(out) == len(schedule) * (players % 4)


def assert_byes_rotate(schedule: Sequence[Sequence[Sequence[int]]], players: int,
                       missed: Sequence[int] | None = None) -> None:
    """Nobody sits out while a player seated in that session has sat out fewer times
    (`missed`: sessions each player had missed before these), session by session: the
    rotation, which equal totals at the end do not show."""
    out_so_far = Counter({p: (missed[p] if missed else 0) for p in range(players)})
    for number, session in enumerate(schedule, start=1):
        seated = {p for table in session for p in table}
        out = [p for p in range(players) if p not in seated]
        if out:
            assert max(out_so_far[p] for p in out) <= min(out_so_far[p] for p in seated), (
                f"session {number}: {out} sit out, having sat out "
                f"{[out_so_far[p] for p in out]} times")
        out_so_far.update(out)
