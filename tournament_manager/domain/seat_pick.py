"""Picking seats at a table, exactly as the Asia Pacific rules describe it (spec §2).

The procedure is split in two: `pick_seats` is the deterministic part a judge can check
with pen and paper (given the dice and the row of tiles), and `simulate_seat_pick` draws
those random parts from a stored seed, so any table's draw can be replayed and shown.

Chairs are numbered 0-3 counter-clockwise in arrival order, so chair i + 1 is the lower
seat (the right-hand neighbour) of chair i: the direction of play and of dice counts.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from enum import StrEnum

from tournament_manager.rules.tiles import Wind

WIND_ORDER = (Wind.E, Wind.S, Wind.W, Wind.N)


class RowEnd(StrEnum):
    """The two ends of the row of wind tiles, marked by an odd and an even number tile."""

    ODD = "odd"
    EVEN = "even"


def counted_chair(thrower: int, total: int) -> int:
    """The chair a dice total points at: the thrower counts as 1, then counter-clockwise.

    So 5 and 9 name the thrower, 2/6/10 his lower seat, 3/7/11 the opposite seat and
    4/8/12 his upper seat.
    """
    return (thrower + total - 1) % 4


@dataclass(frozen=True)
class SeatPick:
    """Every step of one table's draw, and the winds it gave."""

    arrival: tuple[Hashable, ...]
    """The players in the chairs they sat down in, counter-clockwise."""
    row: tuple[Wind, ...]
    """The four wind tiles face down, from the odd end to the even end."""
    first_thrower: int
    first_dice: tuple[int, int]
    second_thrower: int
    second_dice: tuple[int, int]
    first_taker: int
    end: RowEnd
    taking_order: tuple[int, ...]
    """Chairs in the order they took a tile."""
    winds: tuple[tuple[Hashable, Wind], ...]
    """(player, starting wind), East first."""

    def wind_of(self, player: Hashable) -> Wind:
        return dict(self.winds)[player]


def pick_seats(arrival: Sequence[Hashable], row: Sequence[Wind], first_thrower: int,
               first_dice: tuple[int, int], second_dice: tuple[int, int]) -> SeatPick:
    """The winds that follow from the dice and the row, per spec §2 steps 3-5."""
    if len(arrival) != 4 or len(set(arrival)) != 4:
        raise ValueError("a table seats four different players")
    if sorted(row, key=WIND_ORDER.index) != list(WIND_ORDER):
        raise ValueError("the row holds each wind tile once")
    for die in (*first_dice, *second_dice):
        if not 1 <= die <= 6:
            raise ValueError("a die shows 1 to 6")
    second_thrower = counted_chair(first_thrower, sum(first_dice))
    second_total = sum(second_dice)
    first_taker = counted_chair(second_thrower, second_total)
    end = RowEnd.ODD if second_total % 2 else RowEnd.EVEN
    tiles_in_taking_order = tuple(row) if end is RowEnd.ODD else tuple(reversed(row))
    taking_order = tuple((first_taker + step) % 4 for step in range(4))
    drawn = {chair: tile for chair, tile in zip(taking_order, tiles_in_taking_order)}
    winds = tuple(sorted(((arrival[chair], tile) for chair, tile in drawn.items()),
                         key=lambda pair: WIND_ORDER.index(pair[1])))
    return SeatPick(
        arrival=tuple(arrival), row=tuple(row), first_thrower=first_thrower,
        first_dice=first_dice, second_thrower=second_thrower, second_dice=second_dice,
        first_taker=first_taker, end=end, taking_order=taking_order, winds=winds,
    )


def _throw(rng: random.Random) -> tuple[int, int]:
    return rng.randint(1, 6), rng.randint(1, 6)


def simulate_seat_pick(arrival: Sequence[Hashable], seed: int) -> SeatPick:
    """The whole draw from a seed: shuffle, the first thrower, and both throws."""
    rng = random.Random(seed)
    row = list(WIND_ORDER)
    rng.shuffle(row)
    first_thrower = rng.randrange(4)
    return pick_seats(arrival, row, first_thrower, _throw(rng), _throw(rng))
