"""Seat picking at a table: simulated from the table's stored seed, or as reported.

Winds are picked before a cycle's first hand (every session, or every cycle in the
`per_cycle` mode); once a hand of that cycle is on the sheet the winds are fixed.
"""

from __future__ import annotations

from collections.abc import Mapping

from tournament_manager.domain.model import SeatAssignment
from tournament_manager.domain.rotation import HANDS_PER_CYCLE, cycle_of
from tournament_manager.domain.seat_pick import SeatPick, simulate_seat_pick
from tournament_manager.rules.tiles import Wind
from tournament_manager.services.errors import ServiceError, ServiceProblem
from tournament_manager.services.ports import UnitOfWork
from tournament_manager.services.score_sheets import starting_winds
from tournament_manager.services.tournaments import current_tournament


def _seed(table_seed: int, cycle: int) -> int:
    """Each cycle's draw has its own seed, derived from the table's one stored seed."""
    return table_seed * 16 + cycle


def _check_cycle_open(uow: UnitOfWork, table_id: int, cycle: int) -> list[SeatAssignment]:
    table = uow.tables.get(table_id)
    cycles = current_tournament(uow).settings.hands_per_session // HANDS_PER_CYCLE
    played = {cycle_of(hand.number) for hand in uow.hands.list(table_id=table_id)}
    if cycle in played or not 1 <= cycle <= cycles:
        raise ServiceError(ServiceProblem.WINDS_FIXED, table=table.number, cycle=cycle)
    seats = list(uow.seats.list(table_id=table_id))
    if len(starting_winds(seats, 1)) != 4:
        raise ServiceError(ServiceProblem.TABLE_NOT_FOUR, table=table.number)
    return seats


def _store_winds(uow: UnitOfWork, seats: list[SeatAssignment], table_id: int, cycle: int,
                 winds: Mapping[int, Wind]) -> None:
    existing = {seat.player_id: seat for seat in seats if seat.cycle == cycle}
    arrival = {seat.player_id: seat.arrival for seat in seats if seat.cycle == 1}
    # Two players swap winds: free the old winds first so the (cycle, wind) key stays unique.
    for seat in existing.values():
        uow.seats.remove(seat.id)
    for player_id, wind in winds.items():
        uow.seats.add(SeatAssignment(table_id=table_id, player_id=player_id, wind=wind,
                                     arrival=arrival[player_id], cycle=cycle))


def simulate_table_seat_pick(uow: UnitOfWork, table_id: int, cycle: int = 1) -> SeatPick:
    """Run the seed procedure for the table from its stored seed and keep the winds."""
    with uow:
        seats = _check_cycle_open(uow, table_id, cycle)
        table = uow.tables.get(table_id)
        arrival = [seat.player_id for seat in sorted(
            (s for s in seats if s.cycle == 1), key=lambda s: s.arrival)]
        pick = simulate_seat_pick(arrival, _seed(table.seat_pick_seed, cycle))
        _store_winds(uow, seats, table_id, cycle,
                     {player_id: pick.wind_of(player_id) for player_id in arrival})
        uow.commit()
    return pick


def replay_seat_pick(uow: UnitOfWork, table_id: int, cycle: int = 1) -> SeatPick:
    """The same draw again, step by step, for showing or checking it (nothing changes)."""
    with uow:
        table = uow.tables.get(table_id)
        arrival = [seat.player_id for seat in sorted(
            uow.seats.list(table_id=table_id, cycle=1), key=lambda s: s.arrival)]
    return simulate_seat_pick(arrival, _seed(table.seat_pick_seed, cycle))


def record_table_winds(uow: UnitOfWork, table_id: int, winds: Mapping[int, Wind],
                       cycle: int = 1) -> None:
    """Keep the winds a table reports from its own draw."""
    with uow:
        seats = _check_cycle_open(uow, table_id, cycle)
        at_table = {seat.player_id for seat in seats if seat.cycle == 1}
        if set(winds) != at_table or sorted(w.value for w in winds.values()) != sorted("ENSW"):
            raise ServiceError(ServiceProblem.WINDS_NOT_A_DRAW, table=uow.tables.get(
                table_id).number)
        _store_winds(uow, seats, table_id, cycle, winds)
        uow.commit()
