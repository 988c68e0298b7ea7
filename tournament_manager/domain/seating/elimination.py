"""Tables for elimination rounds and finals, from the standings (spec §3, `final_seating`)."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import permutations

from tournament_manager.domain.seating.errors import SeatingError, SeatingProblem
from tournament_manager.domain.seating.model import Grouping, Player, SeatedSession, SeatedTable
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


def seat_by_rank(ranked_players: Sequence[Player], method: FinalSeating,
                 history: Sequence[SeatedSession]) -> SeatedSession:
    """A session seated by rank: `elimination_tables` in table order (table 1 holds the
    top seeds), each table's seats the order of its four that best balances the winds they
    started with in `history`. Seated in rank order, the best player at each table
    started East every session: after four sessions of a round by rank and the final, its
    players' wind spread was 6.

    The tables are fixed by the standings, so each is seated on its own, exactly: of its
    24 orders, the one that leaves the fewest players outside floor(n/4)..ceil(n/4) after
    their n sessions, then the most even counts, then the first in rank order."""
    winds: dict[Player, list[int]] = {}
    for session in history:
        for table in session.tables:
            for seat, player in enumerate(table.seats):
                winds.setdefault(player, [0, 0, 0, 0])[seat] += 1
    return SeatedSession(tuple(
        SeatedTable(number, _balanced(group, winds))
        for number, group in enumerate(elimination_tables(ranked_players, method), start=1)))


def _balanced(group: Sequence[Player], winds: dict[Player, list[int]]
              ) -> tuple[Player, Player, Player, Player]:
    def cost(order: tuple[Player, ...]) -> tuple[int, int]:
        out = even = 0
        for seat, player in enumerate(order):
            counts = list(winds.get(player, (0, 0, 0, 0)))
            counts[seat] += 1
            played = sum(counts)
            out += any(c < played // 4 or c > -(-played // 4) for c in counts)
            even += sum(c * c for c in counts)
        return out, even

    first, second, third, fourth = min(permutations(group), key=cost)
    return first, second, third, fourth
