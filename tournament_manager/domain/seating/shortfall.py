"""The repeats that each player's own count of new opponents forces after a history.

`grouping.lower_bound` weighs the field's meetings against the pairs that have not met, all
players together. It cannot see one player short of new opponents while others have plenty:
16 x 5 (every pair meets once) with two players withdrawn after session 1 leaves 73 unmet
pairs for 72 meetings, and the six who sat with a drop-out have 11 opponents left for the
12 meetings of 4 sessions. A bye spares a player 3 meetings; who gets the byes is fixed by
the rotation (`rotation`) up to the ties of its last turn, and here they must go to the
eight who have 10 left. Every meeting a player has beyond his unmet opponents is a repeat,
and a repeat is two players' meeting, so half the players' shortfalls, rounded up, bounds
the excess meetings any draw adds: 3 there, where `grouping.lower_bound` says 0.
"""

from __future__ import annotations

from collections.abc import Sequence

from tournament_manager.domain.seating.pairs import MeetingCounts


def forced_repeats(fixed: MeetingCounts, sessions: int, absences: Sequence[int] | None) -> int:
    """The fewest excess meetings `sessions` more sessions of all `fixed.n` players must add
    to the meetings `fixed` counts, the n mod 4 byes of each session going to those with
    the fewest `absences` so far (among equals, whoever a bye spares most), or with
    `absences` None to whoever a bye spares most: the bound for any byes at all, which a
    report on a schedule from elsewhere, its byes perhaps out of turn, can rely on."""
    n, out = fixed.n, fixed.n % 4
    unmet = [sum(1 for q in range(n) if q != p and not fixed.get(p, q)) for p in range(n)]
    plays = [sessions] * n
    fair = absences is not None
    missed = list(absences) if absences is not None else [0] * n

    def short(p: int, played: int) -> int:
        return max(0, 3 * played - unmet[p])

    for _ in range(sessions if out else 0):
        byes = sorted(range(n), key=lambda p: (missed[p], short(p, plays[p] - 1)
                                                - short(p, plays[p]), p))[:out]
        for p in byes:
            missed[p] += 1 if fair else 0
            plays[p] -= 1
    return (sum(short(p, plays[p]) for p in range(n)) + 1) // 2
