"""What a head judge's manual swap of two players before a session does to repeats."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations

from tournament_manager.domain.seating.errors import SeatingError, SeatingProblem
from tournament_manager.domain.seating.model import Group, Grouping, Player, SeatedSession


@dataclass(frozen=True)
class SwapEffect:
    repeated_pairs_before: int
    """Pairs at this session's tables who already met in the history, before the swap."""
    repeated_pairs_after: int
    new_repeats: tuple[tuple[Player, Player], ...]
    removed_repeats: tuple[tuple[Player, Player], ...]
    swapped: Grouping

    @property
    def delta(self) -> int:
        return self.repeated_pairs_after - self.repeated_pairs_before


def _met_before(history: Sequence[SeatedSession]) -> set[frozenset[Player]]:
    return {frozenset(pair) for session in history for table in session.tables
            for pair in combinations(table.seats, 2)}


def _repeats(grouping: Grouping, met: set[frozenset[Player]]) -> list[tuple[Player, Player]]:
    return [(a, b) for group in grouping for a, b in combinations(group, 2)
            if frozenset((a, b)) in met]


def _swap_in(group: Group, a: Player, b: Player) -> Group:
    return tuple(b if p == a else a if p == b else p for p in group)


def swap_effect(session: Grouping, history: Sequence[SeatedSession], a: Player,
                b: Player) -> SwapEffect:
    """Repeats against `history` of `session` before and after exchanging `a` and `b`."""
    present = {p for group in session for p in group}
    for player in (a, b):
        if player not in present:
            raise SeatingError(SeatingProblem.UNKNOWN_PLAYER, player=player)
    if any(a in group and b in group for group in session):
        raise SeatingError(SeatingProblem.PLAYERS_AT_SAME_TABLE, first=a, second=b)
    met = _met_before(history)
    swapped = tuple(_swap_in(group, a, b) for group in session)
    before, after = _repeats(session, met), _repeats(swapped, met)
    before_set = {frozenset(pair) for pair in before}
    after_set = {frozenset(pair) for pair in after}
    return SwapEffect(
        repeated_pairs_before=len(before),
        repeated_pairs_after=len(after),
        new_repeats=tuple(pair for pair in after if frozenset(pair) not in before_set),
        removed_repeats=tuple(pair for pair in before if frozenset(pair) not in after_set),
        swapped=swapped,
    )
