"""`tools/seating_search/second_split.py` splits one shape of the session after session 1
over the classes of the session after that; its answer "none exists" is only as good as
the list of seatings and the classes it reduces them to. Checked here against brute force
in fields small enough to list: every session without a repeat is listed once, and the
classes are the orbits of the renamings that keep the history and the session before."""

from __future__ import annotations

import itertools
from collections.abc import Sequence

import pytest

from tools.seating_search.first_split import seating, shapes
from tools.seating_search.repair_entries import first_session_history, history_sizes
from tools.seating_search.second_split import history_tables, sessions_without_repeat

Pair = tuple[int, int]


def _brute_sessions(players: int, met: set[Pair], may_sit_out: Sequence[int]) -> set[object]:
    """Every seating as a set of tables, by trying every table for the lowest player left."""
    def partitions(left: frozenset[int]) -> list[frozenset[tuple[int, ...]]]:
        if not left:
            return [frozenset()]
        head = min(left)
        return [rest | {(head, *others)}
                for others in itertools.combinations(sorted(left - {head}), 3)
                if not any(pair in met for pair in itertools.combinations((head, *others), 2))
                for rest in partitions(left - {head, *others})]

    return {session for out in itertools.combinations(may_sit_out, players % 4)
            for session in partitions(frozenset(range(players)) - set(out))}


def _pairs(session: Sequence[Sequence[int]]) -> set[Pair]:
    return {(min(p, q), max(p, q))
            for table in session for p, q in itertools.combinations(table, 2)}


@pytest.mark.parametrize("players,lost,may_sit_out", [
    (16, [1], [3, 7, 11, 12]), (20, [3], [0, 5, 9]), (20, [2, 1], [0, 3, 10]),
    (20, [1, 1], [0, 3, 6, 17])], ids=["16 less 1", "20 less 3", "20 less 2+1", "20 less 1+1"])
def test_every_session_without_a_repeat_is_listed_once(players: int, lost: list[int],
                                                       may_sit_out: list[int]) -> None:
    met, left = first_session_history(players, lost)
    n = len(left)
    listed = list(sessions_without_repeat(n, met, may_sit_out))
    as_sets = [frozenset(tuple(table) for table in session) for session in listed]
    assert listed and len(as_sets) == len(set(as_sets))
    assert set(as_sets) == _brute_sessions(n, met, may_sit_out)
    for session in listed:
        assert all(table == sorted(table) for table in session)
        assert not _pairs(session) & met


def _renamings(sizes: Sequence[int], first: Sequence[Sequence[int]]) -> list[dict[int, int]]:
    """Every renaming of players that keeps the history's tables and `first`'s, by trying
    them all: history tables of a size exchanged, players within them permuted, pruned as
    soon as two players named so far sit together in `first` and their images do not (or
    the other way round)."""
    tables = history_tables(sizes)
    together = _pairs(first)
    sat = {p for table in first for p in table}
    found: list[dict[int, int]] = []

    def extend(image: dict[int, int], index: int, free: list[int]) -> None:
        if index == len(tables):
            found.append(dict(image))
            return
        for j in free:
            if len(tables[j]) != len(tables[index]):
                continue
            for order in itertools.permutations(tables[j]):
                new = dict(zip(tables[index], order, strict=True))
                if any((p in sat) != (q in sat) for p, q in new.items()):
                    continue
                if all(((min(p, q), max(p, q)) in together)
                       == ((min(a, b), max(a, b)) in together)
                       for p, a in new.items()
                       for q, b in itertools.chain(image.items(), new.items()) if p != q):
                    image.update(new)
                    extend(image, index + 1, [k for k in free if k != j])
                    for p in new:
                        del image[p]

    extend({}, 0, list(range(len(tables))))
    return found


def test_the_classes_are_the_orbits_of_the_renamings_that_keep_history_and_session() -> None:
    pytest.importorskip("igraph")  # the development venv's; the application needs none
    from tools.seating_search.second_split import representatives

    sizes = history_sizes(20, [3])
    met, left = first_session_history(20, [3])
    n = len(left)
    listed = shapes(sizes)
    assert len(listed) >= 2
    for shape in listed:
        first = seating(sizes, shape)
        may_sit_out = sorted({p for table in first for p in table})
        every = [frozenset(frozenset(t) for t in s)
                 for s in sessions_without_repeat(n, met | _pairs(first), may_sit_out)]
        renamings = _renamings(sizes, first)
        assert renamings and all(len(set(image.values())) == n for image in renamings)
        orbits = {frozenset(frozenset(frozenset(image[p] for p in table) for table in session)
                            for image in renamings) for session in every}
        chosen = representatives(n, history_tables(sizes), met, first, may_sit_out)
        assert len(every) > len(orbits) == len(chosen)
        assert {next(o for o in orbits
                     if frozenset(frozenset(t) for t in s) in o) for s in chosen} == orbits


def _later_exist(players: int, met: set[Pair], may_sit_out: set[int], left: int,
                 byes: int) -> bool:
    """Whether `left` more sessions seat without a repeat, nobody out twice: by trying every
    session without a repeat in turn (no order among them, unlike the search)."""
    if not left:
        return True
    for session in sessions_without_repeat(players, met, sorted(may_sit_out)):
        seated = {p for table in session for p in table}
        if _later_exist(players, met | _pairs(session), may_sit_out & seated, left - 1, byes):
            return True
    return False


@pytest.mark.parametrize("lost", [[3], [2, 1]], ids=["less 3", "less 2+1"])
def test_the_exact_search_after_two_fixed_sessions_agrees_with_brute_force(
        lost: list[int]) -> None:
    """`later_sessions.c` through `second_split.exact`, on 20 x 5 after one session (two
    sessions fixed, two to find), against trying every seating: the same verdict for each
    of the first seatings of the next-but-one session, and a repair it finds repeats no
    pair and seats nobody out twice."""
    from tools.seating_search.repair_entries import added_excess, case_from_arguments
    from tools.seating_search.second_split import exact

    case = case_from_arguments("20,5", ",".join(map(str, lost)))
    first = seating(case.sizes, shapes(case.sizes)[0])
    together = case.met | _pairs(first)
    out_first = {p for p in range(case.left) if all(p not in t for t in first)}
    seconds = list(itertools.islice(sessions_without_repeat(
        case.left, together, sorted(set(range(case.left)) - out_first)), 40))
    verdicts = []
    for second in seconds:
        seated = {p for table in second for p in table}
        refused, found = exact(case, first, (), [second], 1)
        verdicts.append(found is not None)
        assert refused == (found is None)
        assert found is None or found[0] == second
        if found is not None:
            assert added_excess(case.met, [first, *found]) == 0
            outs = [p for session in [first, *found] for p in range(case.left)
                    if all(p not in table for table in session)]
            assert len(outs) == len(set(outs))
        may_sit_out = set(range(case.left)) - out_first - (set(range(case.left)) - seated)
        assert verdicts[-1] == _later_exist(case.left, together | _pairs(second),
                                            may_sit_out, case.remaining - 2, case.left % 4)
    assert True in verdicts and False in verdicts
