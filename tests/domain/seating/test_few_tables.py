"""Fields of one to three tables repeat in every two sessions (`proved.few_tables_least_
excess`): 8 players over 2 sessions must repeat four pairs although their 24 meetings are
fewer than the 28 pairs. The quality report called the least 0, so a head judge saw a
draw that could not be better as a poor one, and the draw searched its whole time limit
for a better one. The bound is checked here against every schedule of the small fields,
and the draw and the report against it."""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterator

import pytest

from tournament_manager.domain.seating import plan_schedule, quality_report
from tournament_manager.domain.seating.proved import few_tables_least_excess

Session = tuple[frozenset[int], ...]


def _sessions(players: int) -> Iterator[Session]:
    """Every split of the players into tables of four, each once."""
    def split(rest: tuple[int, ...]) -> Iterator[list[frozenset[int]]]:
        if not rest:
            yield []
            return
        first, others = rest[0], rest[1:]
        for mates in itertools.combinations(others, 3):
            table = frozenset((first, *mates))
            for more in split(tuple(p for p in others if p not in mates)):
                yield [table, *more]
    for tables in split(tuple(range(players))):
        yield tuple(tables)


def _excess(schedule: tuple[Session, ...]) -> int:
    met: Counter[tuple[int, int]] = Counter()
    for session in schedule:
        for table in session:
            met.update(itertools.combinations(sorted(table), 2))
    return sum(m - 1 for m in met.values())


@pytest.mark.parametrize(("players", "sessions"), [(4, 2), (4, 3), (8, 2), (8, 3), (12, 2)])
def test_the_bound_is_the_least_any_schedule_reaches(players: int, sessions: int) -> None:
    every = list(_sessions(players))
    first = every[0]  # any first session is a relabelling of this one
    least = min(_excess((first, *rest))
                for rest in itertools.product(every, repeat=sessions - 1))
    assert few_tables_least_excess(players, sessions) == least > 0


@pytest.mark.parametrize("players", [16, 20, 9, 13])
def test_four_tables_or_byes_are_left_to_the_other_bounds(players: int) -> None:
    assert few_tables_least_excess(players, 3) == 0


def test_eight_over_two_is_drawn_at_its_least_and_reported_so() -> None:
    draw = plan_schedule(list(range(8)), 2, seed=0, time_limit=120)
    assert draw.lower_bound == 4
    assert draw.repeat_cost == 4
    report = quality_report(draw.schedule.sessions)
    assert (report.excess_meetings, report.theoretical_min_excess) == (4, 4)
