"""Tables for elimination rounds and finals, from the standings (spec §3, `final_seating`)."""

from __future__ import annotations

from collections.abc import Sequence

from tournament_manager.domain.seating.errors import SeatingError, SeatingProblem
from tournament_manager.domain.seating.model import Grouping, Player
from tournament_manager.domain.settings import FinalSeating


def elimination_tables(ranked_players: Sequence[Player], method: FinalSeating) -> Grouping:
    """Tables in order (table 1 first); `ranked_players` best first.

    Snake (1-8-9-16, 2-7-10-15, ...) gives every table a strong and a weaker qualifier;
    blocks (1-4, 5-8, ...) make the leaders play each other. `random` is not a seating by
    rank: it is drawn (`plan_schedule` with the history), so it is refused here.
    """
    if not method.by_rank:
        raise ValueError(f"{method} does not seat by rank")
    count = len(ranked_players)
    if count == 0 or count % 4:
        raise SeatingError(SeatingProblem.PLAYER_COUNT_NOT_MULTIPLE_OF_FOUR, count=count)
    if len(set(ranked_players)) != count:
        raise SeatingError(SeatingProblem.DUPLICATE_PLAYER)
    tables = count // 4
    if method is FinalSeating.BY_RANK_BLOCKS:
        return tuple(tuple(ranked_players[4 * t: 4 * t + 4]) for t in range(tables))
    rows = [ranked_players[r * tables:(r + 1) * tables] for r in range(4)]
    return tuple(tuple(row[t] if r % 2 == 0 else row[tables - 1 - t] for r, row in enumerate(rows))
                 for t in range(tables))
