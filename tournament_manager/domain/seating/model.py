"""The shapes a draw produces: seated tables, sessions and a whole schedule.

Players are opaque hashable keys so that the services layer can seat its own ids; the
domain never looks inside them.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterator, Sequence
from dataclasses import dataclass
from enum import IntEnum

Player = Hashable
Group = tuple[Player, ...]
"""Four players who share a table in one session, before seats and table numbers are given."""
Grouping = tuple[Group, ...]
"""One session's tables as unordered groups."""


class Seat(IntEnum):
    """Starting seat winds, in the order a table lists its players."""

    EAST = 0
    SOUTH = 1
    WEST = 2
    NORTH = 3


@dataclass(frozen=True)
class SeatedTable:
    """A physical table (numbered from 1) and its four players in starting-seat order E, S, W, N."""

    number: int
    seats: tuple[Player, Player, Player, Player]

    def seat_of(self, player: Player) -> Seat:
        return Seat(self.seats.index(player))


@dataclass(frozen=True)
class SeatedSession:
    """One session of the draw, tables in the order of their physical numbers."""

    tables: tuple[SeatedTable, ...]

    def players(self) -> Iterator[Player]:
        for table in self.tables:
            yield from table.seats

    def grouping(self) -> Grouping:
        return tuple(table.seats for table in self.tables)


@dataclass(frozen=True)
class Schedule:
    """Consecutive sessions of a draw (a whole planned event, or the sessions still to play)."""

    sessions: tuple[SeatedSession, ...]

    def groupings(self) -> tuple[Grouping, ...]:
        return tuple(session.grouping() for session in self.sessions)


def missed_sessions(players: Sequence[Player], history: Sequence[SeatedSession]) -> list[int]:
    """For each player, the sessions of `history` he was not seated in: byes, and for a
    late entry the sessions before he came. Fair byes go to the fewest first; the proofs of
    `proved` assume nobody missed two."""
    seated = [set(session.players()) for session in history]
    return [sum(player not in present for present in seated) for player in players]
