"""Who deals each hand, and each player's seat wind in it.

After every hand the South player becomes East, whether East won, lost or the hand was
drawn, so each player deals once per cycle of four hands and every wind moves on by one.
"""

from __future__ import annotations

from tournament_manager.rules.tiles import Wind

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
