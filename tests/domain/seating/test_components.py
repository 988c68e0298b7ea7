"""`connected_sets`: the union-find the draw's club separation and the symmetry tool share,
checked against reachability counted the slow way on random graphs."""

from __future__ import annotations

import random

import pytest

from tournament_manager.domain.seating.components import connected_sets


def _reachable(players: int, links: list[tuple[int, int]], start: int) -> list[int]:
    seen, frontier = {start}, [start]
    while frontier:
        p = frontier.pop()
        for a, b in links:
            for here, there in ((a, b), (b, a)):
                if here == p and there not in seen:
                    seen.add(there)
                    frontier.append(there)
    return sorted(seen)


@pytest.mark.parametrize("seed", range(20))
def test_sets_are_the_reachable_players(seed: int) -> None:
    rng = random.Random(seed)
    players = rng.randint(1, 30)
    links = [(rng.randrange(players), rng.randrange(players))
             for _ in range(rng.randint(0, players))]
    sets = connected_sets(players, links)
    assert sorted(p for found in sets for p in found) == list(range(players))
    for found in sets:
        assert found == _reachable(players, links, found[0])
    assert [(-len(s), s[0]) for s in sets] == sorted((-len(s), s[0]) for s in sets)


def test_a_player_without_links_stands_alone() -> None:
    assert connected_sets(5, [(3, 1), (4, 1)]) == [[1, 3, 4], [0], [2]]
