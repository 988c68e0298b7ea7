"""`tools/seating_search/first_split.py` splits a repair after session 1 over the shapes of
the next session; its answer "none exists" is only as good as the list of shapes. Checked
here against every actual seating of the next session, found by brute force, in fields
small enough to list: each seating's shape is in the list, and every shape listed is some
seating's; and each shape's own seating is a session without a repeat."""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Sequence

import pytest

from tools.seating_search.first_split import Shape, _canonical, seating, shapes
from tools.seating_search.repair_entries import first_session_history, history_sizes


def _partitions(players: Sequence[int], met: set[tuple[int, int]]) -> Iterator[list[list[int]]]:
    """Every way to seat `players` (a multiple of four) at tables of four, no pair in `met`."""
    if not players:
        yield []
        return
    head, rest = players[0], players[1:]
    for others in itertools.combinations(rest, 3):
        table = [head, *others]
        if any(pair in met for pair in itertools.combinations(table, 2)):
            continue
        left = [p for p in rest if p not in others]
        for tables in _partitions(left, met):
            yield [table, *tables]


def _brute_shapes(players: int, lost: list[int]) -> set[Shape]:
    sizes = history_sizes(players, lost)
    met, left = first_session_history(players, lost)
    home = {p: i for i, size in enumerate(sizes)
            for p in range(sum(sizes[:i]), sum(sizes[:i]) + size)}
    found = set()
    for out in itertools.combinations(left, len(left) % 4):
        seated = [p for p in left if p not in out]
        counts = tuple(size - sum(home[p] == i for p in out) for i, size in enumerate(sizes))
        for tables in _partitions(seated, met):
            found.add(_canonical(sizes, counts, [tuple(sorted(home[p] for p in table))
                                                 for table in tables]))
    return found


@pytest.mark.parametrize("lost", [[1], [2], [1, 1], [3], [2, 1], [1, 1, 1]],
                         ids=lambda lost: ",".join(map(str, lost)))
def test_the_shapes_of_16_players_less_some_are_those_of_every_seating(lost: list[int]) -> None:
    assert set(shapes(history_sizes(16, lost))) == _brute_shapes(16, lost)


def test_each_shape_seats_its_history_without_a_repeat() -> None:
    for players, lost in ((20, [1]), (24, [3]), (24, [1, 1, 1]), (28, [2, 1])):
        sizes = history_sizes(players, lost)
        met, left = first_session_history(players, lost)
        listed = shapes(sizes)
        assert listed and len(listed) == len(set(listed))
        for shape in listed:
            tables = seating(sizes, shape)
            seated = [p for table in tables for p in table]
            assert all(len(table) == 4 for table in tables)
            assert len(seated) == len(set(seated)) == len(left) - len(left) % 4
            assert not any(pair in met for table in tables
                           for pair in itertools.combinations(sorted(table), 2))


def test_a_field_whose_next_session_cannot_avoid_a_repeat_has_no_shape() -> None:
    """16 less two from one table: three tables must each take one player of each of the
    four history tables, and the broken one has two."""
    assert shapes(history_sizes(16, [2])) == []
