"""Meeting counts on player indices 0..n-1, the currency of every grouping search.

Searches work on ints, not on the caller's player keys, and keep counts in one flat list
(`counts[p * n + q]`, kept symmetric) because that is the fastest structure CPython offers
for the millions of look-ups a local search makes.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import combinations

IntTable = list[int]
IntSession = list[IntTable]
IntSessions = list[IntSession]


def pair_cost(meetings: int) -> int:
    """Cost of a pair that met `meetings` times: zero for one meeting, growing quadratically.

    Quadratic growth makes the search prefer two pairs meeting twice to one pair meeting
    three times, which keeps the maximum meetings low once repeats are forced.
    """
    return (meetings - 1) ** 2 if meetings > 1 else 0


class MeetingCounts:
    """Symmetric pair counts over n players."""

    def __init__(self, n: int) -> None:
        self.n = n
        self.flat = [0] * (n * n)

    def copy(self) -> MeetingCounts:
        other = MeetingCounts(self.n)
        other.flat = list(self.flat)
        return other

    def add_table(self, table: Iterable[int], times: int = 1) -> None:
        n, flat = self.n, self.flat
        for p, q in combinations(table, 2):
            flat[p * n + q] += times
            flat[q * n + p] += times

    def add_sessions(self, sessions: Iterable[Iterable[Iterable[int]]]) -> None:
        for session in sessions:
            for table in session:
                self.add_table(table)

    def get(self, p: int, q: int) -> int:
        return self.flat[p * self.n + q]

    def total_cost(self) -> int:
        n, flat = self.n, self.flat
        return sum(pair_cost(flat[p * n + q]) for p in range(n) for q in range(p + 1, n))


def forbidden_index_pairs(groups: Iterable[Iterable[int]]) -> set[tuple[int, int]]:
    """Pairs (p < q) of players who share a club/country/team group."""
    pairs: set[tuple[int, int]] = set()
    for group in groups:
        members = sorted(set(group))
        pairs.update(combinations(members, 2))
    return pairs


def repeat_free(sessions: Sequence[Sequence[Sequence[int]]], n: int) -> bool:
    counts = MeetingCounts(n)
    counts.add_sessions(sessions)
    return max(counts.flat, default=0) <= 1


def back_to_back(sessions: Sequence[Sequence[Sequence[int]]]) -> int:
    """Meetings of a pair in the session right after one where they met too: the repeats
    a player notices most (`QualityReport.back_to_back_repeats` counts the pairs)."""
    total = 0
    previous: set[tuple[int, int]] = set()
    for session in sessions:
        current = {(a, b) if a < b else (b, a)
                   for table in session for a, b in combinations(table, 2)}
        total += len(current & previous)
        previous = current
    return total


def opponent_masks(sessions: Iterable[Iterable[Iterable[int]]], n: int) -> list[int]:
    """Each player's opponents as a bit mask (bit q set: met q), for shared-opponent counts:
    an AND and a bit count compare two players' opponents at once."""
    masks = [0] * n
    for session in sessions:
        for table in session:
            seated = list(table)
            mask = sum(1 << p for p in seated)
            for p in seated:
                masks[p] |= mask & ~(1 << p)
    return masks


def worlds_apart(sessions: Iterable[Iterable[Iterable[int]]], n: int) -> int:
    """Pairs that never meet and share no opponent either: players the draw keeps in
    different worlds, whom no common opponent lets anyone compare."""
    masks = opponent_masks(sessions, n)
    return sum(1 for p in range(n) for q in range(p + 1, n)
               if not masks[p] >> q & 1 and not masks[p] & masks[q])
