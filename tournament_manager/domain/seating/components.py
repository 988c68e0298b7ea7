"""The connected sets of a graph on players 0 … n − 1.

One small union-find serves both the draw (players joined by forbidden pairs: clubs,
countries) and the offline tools (players joined by a schedule's symmetries: orbits)."""

from __future__ import annotations

from collections.abc import Iterable


def connected_sets(players: int, links: Iterable[tuple[int, int]]) -> list[list[int]]:
    """Every player's connected set under `links`, each in ascending order, largest first
    (ties by their lowest player); a player without links is a set of one."""
    root = list(range(players))

    def find(p: int) -> int:
        while root[p] != p:
            root[p] = root[root[p]]
            p = root[p]
        return p

    for a, b in links:
        root[find(a)] = find(b)
    found: dict[int, list[int]] = {}
    for p in range(players):
        found.setdefault(find(p), []).append(p)
    return sorted(found.values(), key=lambda joined: (-len(joined), joined[0]))
