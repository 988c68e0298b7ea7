"""Who deals each hand, and each player's seat wind in it.

Under Zung Jung and MCR the South player becomes East after every hand, whether East won,
lost or the hand was drawn, so each player deals once per cycle of four hands; classical
scoring keeps the deal with a dealer who wins. Either way a hand's seat winds are the
cycle's arrangement turned by the number of times the deal has passed.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from typing import TypeVar

from tournament_manager.domain.settings import SeatRotation
from tournament_manager.rules.tiles import Wind

P = TypeVar("P", bound=Hashable)

WIND_ORDER = (Wind.E, Wind.S, Wind.W, Wind.N)
HANDS_PER_CYCLE = 4


def cycle_of(hand_number: int) -> int:
    """The 1-based cycle a 1-based hand number belongs to."""
    return (hand_number - 1) // HANDS_PER_CYCLE + 1


def seat_wind(starting_wind: Wind, hand_number: int) -> Wind:
    """The seat wind, in hand `hand_number`, of the player who started the cycle as
    `starting_wind`."""
    shift = (hand_number - 1) % HANDS_PER_CYCLE
    return WIND_ORDER[(WIND_ORDER.index(starting_wind) - shift) % 4]


def dealer_starting_wind(hand_number: int) -> Wind:
    """The starting wind (of the hand's cycle) of the player who deals `hand_number`."""
    return WIND_ORDER[(hand_number - 1) % HANDS_PER_CYCLE]


def turned(arrangement: Mapping[P, Wind], passes: int) -> dict[P, Wind]:
    """Seat winds after the deal has passed `passes` times from `arrangement` (the player
    who was South becomes East, and so on round the table)."""
    return {player: WIND_ORDER[(WIND_ORDER.index(wind) - passes) % 4]
            for player, wind in arrangement.items()}


# For each round (cycle) of a session, the starting seat of the player at E, S, W, N.
_MCR_ROTATIONS: dict[SeatRotation, tuple[tuple[int, int, int, int], ...]] = {
    SeatRotation.MCR_WEST_DEALS_THIRD: ((0, 1, 2, 3), (1, 0, 3, 2), (2, 3, 1, 0), (3, 2, 0, 1)),
    SeatRotation.MCR_NORTH_DEALS_THIRD: ((0, 1, 2, 3), (1, 0, 3, 2), (3, 2, 0, 1), (2, 3, 1, 0)),
}


def rotated(first_cycle: Mapping[P, Wind], cycle: int, rotation: SeatRotation) -> dict[P, Wind]:
    """Where the players sit in `cycle` when they change seats between rounds.

    Both MCR orders give each player every seat wind exactly once over four rounds.
    """
    if rotation is SeatRotation.NONE:
        return dict(first_cycle)
    by_start = {WIND_ORDER.index(wind): player for player, wind in first_cycle.items()}
    order = _MCR_ROTATIONS[rotation][(cycle - 1) % len(_MCR_ROTATIONS[rotation])]
    return {by_start[start]: WIND_ORDER[seat] for seat, start in enumerate(order)}
