"""`tools/seating_search/sym_repair.py` asks for a repair after session 1 that a symmetry of
the history keeps, one symmetry of each kind. Its list is checked here against every
symmetry of small histories, found by brute force: each candidate keeps the history and
has the order it claims, and every symmetry of a prime order is of the kind of one
candidate (so a kind left out cannot hide a repair from the tool)."""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Sequence

import pytest

from tools.seating_search.repair_entries import added_excess, first_session_history, history_sizes
from tools.seating_search.sym_repair import candidates, repair_from_whole, whole_candidates
from tournament_manager.domain.seating.planner import plan_schedule


def _power(sigma: Sequence[int], k: int) -> list[int]:
    image = list(range(len(sigma)))
    for _ in range(k):
        image = [sigma[p] for p in image]
    return image


def _kind(sigma: Sequence[int], sizes: Sequence[int], order: int) -> tuple[object, ...]:
    """What fixes a symmetry of prime `order` up to conjugacy: per size, how many tables it
    moves, and the p-cycles within each table it keeps, sorted."""
    starts = list(itertools.accumulate([0, *sizes]))
    table_of = {p: i for i, size in enumerate(sizes) for p in range(starts[i], starts[i] + size)}
    kind = []
    for size in sorted(set(sizes), reverse=True):
        tables = [i for i, s in enumerate(sizes) if s == size]
        moved = [i for i in tables if table_of[sigma[starts[i]]] != i]
        within = sorted((sum(1 for p in range(starts[i], starts[i] + size) if sigma[p] != p)
                         // order for i in tables if i not in moved), reverse=True)
        kind.append((size, len(moved) // order, tuple(within)))
    return tuple(kind)


def _symmetries(sizes: Sequence[int]) -> Iterator[list[int]]:
    """Every renaming that keeps a history of tables of `sizes`: tables of a size exchanged,
    players renamed within their tables."""
    starts = list(itertools.accumulate([0, *sizes]))
    classes = [[i for i, s in enumerate(sizes) if s == size] for size in sorted(set(sizes))]
    for orders in itertools.product(*(itertools.permutations(c) for c in classes)):
        target = {}
        for cls, order in zip(classes, orders, strict=True):
            target.update(zip(cls, order, strict=True))
        for inner in itertools.product(*(itertools.permutations(range(s)) for s in sizes)):
            sigma = [0] * sum(sizes)
            for i, size in enumerate(sizes):
                for k in range(size):
                    sigma[starts[i] + k] = starts[target[i]] + inner[i][k]
            yield sigma


CASES = [(12, [1]), (12, [2]), (16, [2, 1]), (16, [3])]


@pytest.mark.parametrize(("players", "lost"), CASES)
@pytest.mark.parametrize("order", [2, 3])
def test_every_symmetry_of_a_prime_order_is_of_a_listed_kind(
        players: int, lost: list[int], order: int) -> None:
    sizes = history_sizes(players, lost)
    met, left = first_session_history(players, lost)
    listed = list(candidates(sizes, 4, order))
    kinds = {_kind(sigma, sizes, order) for _, sigma, _ in listed}
    identity = list(range(len(left)))
    seen = set()
    for sigma in _symmetries(sizes):
        if sigma != identity and _power(sigma, order) == identity:
            seen.add(_kind(sigma, sizes, order))
    assert seen and seen == kinds
    for text, sigma, pi in listed:
        assert sorted(sigma) == identity and sigma != identity, text
        assert _power(sigma, order) == identity, text
        assert {(min(sigma[p], sigma[q]), max(sigma[p], sigma[q])) for p, q in met} == met
        assert sorted(pi) == list(range(4)) and _power(pi, order) == list(range(4)), text
    # each kind once for each number of session cycles (0 .. 4 // order)
    assert len(listed) == len(kinds) * (4 // order + 1)


def test_a_whole_schedule_of_those_left_is_renamed_into_a_repair() -> None:
    """32 less 3 from a table: a schedule of 29 without a repeat (the planner's, from its
    library) is, renamed about any of its sessions, a repair after that history."""
    plan = plan_schedule(list(range(29)), 8, seed=0, time_limit=5).schedule
    whole = [[list(table.seats) for table in session.tables] for session in plan.sessions]
    assert added_excess(set(), whole) == 0
    repair = repair_from_whole(whole, 32, 3)
    assert repair is not None and len(repair) == 7
    met, left = first_session_history(32, [3])
    assert added_excess(met, repair) == 0
    out = [p for session in repair for p in left if all(p not in t for t in session)]
    assert sorted(out) == sorted(set(out)) and len(out) == 7  # one a session, nobody twice


def test_a_whole_schedule_whose_players_out_meet_gives_no_repair() -> None:
    """20 less 2 from a table: the two who stay met in session 1; a session of the smaller
    field is the history only if its two out never meet in the schedule."""
    first = [[2, 3, 4, 5], [6, 7, 8, 9], [10, 11, 12, 13], [14, 15, 16, 17]]
    apart = [first, [[0, 2, 6, 10], [1, 3, 7, 14], [4, 8, 11, 15], [5, 9, 12, 16]]]
    repair = repair_from_whole(apart, 20, 2)
    met, _ = first_session_history(20, [2])
    assert repair is not None and added_excess(met, repair) == 0
    # those out meet in every session: 0 and 1 in session 2, 16 and 17 in session 1
    together = [first, [[0, 1, 6, 10], [2, 7, 11, 14], [3, 8, 12, 15], [4, 5, 9, 13]]]
    assert repair_from_whole(together, 20, 2) is None


@pytest.mark.parametrize("order", [2, 3, 4, 6, 8])
def test_whole_schedule_symmetries_have_their_order(order: int) -> None:
    """Each (sigma, pi) for `--whole` is a pair of permutations whose order-th powers are
    the identity, sigma moving players in cycles of the order, pi sessions in cycles of one
    length dividing it; every count of player cycles is offered."""
    listed = list(whole_candidates(25, 8, order))
    for text, sigma, pi in listed:
        assert sorted(sigma) == list(range(25)) and sigma != list(range(25)), text
        assert _power(sigma, order) == list(range(25)), text
        assert sorted(pi) == list(range(8)) and _power(pi, order) == list(range(8)), text
    counts = {sum(p != q for p, q in enumerate(sigma)) // order for _, sigma, _ in listed}
    assert counts == set(range(1, 25 // order + 1))


def _class(sigma: Sequence[int], sizes: Sequence[int]) -> tuple[object, ...]:
    """A renaming's class under conjugacy in the history's symmetry: per size, its cycles
    on the tables, each with the cycle type it makes of a table's players coming back."""
    starts = list(itertools.accumulate([0, *sizes]))
    table_of = {p: i for i, size in enumerate(sizes) for p in range(starts[i], starts[i] + size)}
    found = []
    for size in sorted(set(sizes), reverse=True):
        seen: set[int] = set()
        cycles = []
        for table in (i for i, s in enumerate(sizes) if s == size):
            if table in seen:
                continue
            length, at = 0, table
            while True:
                seen.add(at)
                length += 1
                at = table_of[sigma[starts[at]]]
                if at == table:
                    break
            image = [starts[table] + k for k in range(size)]
            for _ in range(length):
                image = [sigma[p] for p in image]
            kind = []
            done: set[int] = set()
            for k in range(size):
                run, q = 0, k
                while q not in done:
                    done.add(q)
                    q = image[q] - starts[table]
                    run += 1
                if run:
                    kind.append(run)
            cycles.append((length, tuple(sorted(kind, reverse=True))))
        found.append((size, tuple(sorted(cycles))))
    return tuple(found)


def _order(sigma: Sequence[int]) -> int:
    k, image = 1, list(sigma)
    while image != list(range(len(sigma))):
        image = [sigma[p] for p in image]
        k += 1
    return k


@pytest.mark.parametrize(("players", "lost"), [(12, [1]), (16, [2, 1]), (16, [3])])
@pytest.mark.parametrize("order", [4, 6])
def test_every_symmetry_of_a_composite_order_is_of_a_listed_class(
        players: int, lost: list[int], order: int) -> None:
    """As for prime orders: every renaming of exactly `order` that keeps the history is
    conjugate to a listed one (the same cycles of tables, the same types coming back), and
    each listed one keeps the history and has that order."""
    sizes = history_sizes(players, lost)
    met, _ = first_session_history(players, lost)
    listed = list(candidates(sizes, 3, order))
    classes = {_class(sigma, sizes) for _, sigma, _ in listed}
    seen = {_class(sigma, sizes) for sigma in _symmetries(sizes) if _order(sigma) == order}
    assert seen and seen == classes
    for text, sigma, pi in listed:
        assert _order(sigma) == order, text
        assert {(min(sigma[p], sigma[q]), max(sigma[p], sigma[q])) for p, q in met} == met
        assert sorted(pi) == [0, 1, 2] and _power(pi, order) == [0, 1, 2], text
