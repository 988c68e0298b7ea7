"""Seat picking at a table: simulated from the table's stored seed, or as reported.

Winds are picked before a cycle's first hand (every session, or every cycle in the
`per_cycle` mode); once a hand of that cycle is on the sheet the winds are fixed. A table
without a judge can have the draw simulated; a table that drew with real dice and tiles
reports the throws (or just who took which wind), and the software keeps what happened.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from tournament_manager.domain.model import SeatAssignment
from tournament_manager.domain.rotation import HANDS_PER_CYCLE, cycle_of
from tournament_manager.domain.seat_pick import SeatPick, pick_seats, simulate_seat_pick
from tournament_manager.domain.settings import SeatPickMode
from tournament_manager.rules.tiles import Wind
from tournament_manager.services.errors import ServiceError, ServiceProblem
from tournament_manager.services.head_judge import HeadJudgeCredential, authorize
from tournament_manager.services.ports import UnitOfWork
from tournament_manager.services.score_sheets import starting_winds
from tournament_manager.services.tournaments import current_tournament

Authority = tuple[HeadJudgeCredential, str] | None
"""The head judge's passphrase and reason, where an act needs him (a re-pick the format
does not have)."""


def _seed(table_seed: int, cycle: int) -> int:
    """Each cycle's draw has its own seed, derived from the table's one stored seed."""
    return table_seed * 16 + cycle


def _check_cycle_open(uow: UnitOfWork, table_id: int, cycle: int,
                      allowed_by: Authority = None) -> list[SeatAssignment]:
    """The table's seats, if its winds for `cycle` may be picked now: before the cycle's
    first hand, and after cycle 1 only where the format re-picks every cycle, or where
    the head judge allows it (his passphrase and a reason)."""
    table = uow.tables.get(table_id)
    settings = current_tournament(uow).settings
    cycles = settings.hands_per_session // HANDS_PER_CYCLE
    played = {cycle_of(hand.number) for hand in uow.hands.list(table_id=table_id)}
    if cycle in played or not 1 <= cycle <= cycles:
        raise ServiceError(ServiceProblem.WINDS_FIXED, table=table.number, cycle=cycle)
    if cycle > 1 and settings.seat_pick is SeatPickMode.PER_SESSION:
        if allowed_by is None:
            raise ServiceError(ServiceProblem.REPICK_NOT_IN_FORMAT, table=table.number,
                               cycle=cycle)
        authorize(uow, *allowed_by)
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


def simulate_table_seat_pick(uow: UnitOfWork, table_id: int, cycle: int = 1, *,
                             allowed_by: Authority = None) -> SeatPick:
    """Run the seed procedure for the table from its stored seed and keep the winds."""
    with uow:
        seats = _check_cycle_open(uow, table_id, cycle, allowed_by)
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


@dataclass(frozen=True)
class ReportedDraw:
    """The seed procedure as the players did it with real dice and tiles (spec §2)."""

    row: tuple[Wind, Wind, Wind, Wind]
    """The wind tiles as they lay face down, from the odd-number end to the even one."""
    first_thrower: int
    """The player who threw first."""
    first_dice: tuple[int, int]
    second_dice: tuple[int, int]


def record_table_draw(uow: UnitOfWork, table_id: int, draw: ReportedDraw, cycle: int = 1, *,
                      allowed_by: Authority = None) -> SeatPick:
    """Keep the winds that follow from the throws and tiles the table reports; the draw
    itself goes on record with them (the audit entry's reason)."""
    with uow:
        seats = _check_cycle_open(uow, table_id, cycle, allowed_by)
        arrival = [seat.player_id for seat in sorted(
            (s for s in seats if s.cycle == 1), key=lambda s: s.arrival)]
        if draw.first_thrower not in arrival:
            raise ServiceError(ServiceProblem.PLAYER_NOT_AT_TABLE, players=[draw.first_thrower])
        try:
            pick = pick_seats(arrival, draw.row, arrival.index(draw.first_thrower),
                              draw.first_dice, draw.second_dice)
        except ValueError as error:
            raise ServiceError(ServiceProblem.NOT_A_SEAT_DRAW,
                               table=uow.tables.get(table_id).number) from error
        told = _described(draw)
        uow.audit_reason(told if allowed_by is None else f"{allowed_by[1].strip()}; {told}")
        _store_winds(uow, seats, table_id, cycle,
                     {player_id: pick.wind_of(player_id) for player_id in arrival})
        uow.commit()
    return pick


def _described(draw: ReportedDraw) -> str:
    row = " ".join(wind.value for wind in draw.row)
    return (f"drawn at the table: tiles {row} (odd end first); player {draw.first_thrower} "
            f"threw {draw.first_dice[0]}+{draw.first_dice[1]}, then "
            f"{draw.second_dice[0]}+{draw.second_dice[1]}")


def record_table_winds(uow: UnitOfWork, table_id: int, winds: Mapping[int, Wind],
                       cycle: int = 1, *, allowed_by: Authority = None) -> None:
    """Keep the winds a table reports from its own draw (who took which wind)."""
    with uow:
        seats = _check_cycle_open(uow, table_id, cycle, allowed_by)
        at_table = {seat.player_id for seat in seats if seat.cycle == 1}
        if set(winds) != at_table or sorted(w.value for w in winds.values()) != sorted("ENSW"):
            raise ServiceError(ServiceProblem.WINDS_NOT_A_DRAW, table=uow.tables.get(
                table_id).number)
        _store_winds(uow, seats, table_id, cycle, winds)
        uow.commit()


def tables_with_winds_drawn(uow: UnitOfWork, table_ids: Sequence[int],
                            cycle: int = 1) -> set[int]:
    """The tables among `table_ids` whose winds for `cycle` were drawn or recorded since
    they were seated (a draw stores its winds in place of the seating's, which the audit
    log keeps as the seats it removed): "Draw all tables" must not draw them again
    unasked, or the sheet's winds and dealers stop matching where the players sit."""
    wanted = set(table_ids)
    with uow:
        drawn = set()
        for entry in uow.audit.list(entity="seat", action="remove"):
            before = json.loads(entry.before) if entry.before else {}
            if before.get("table_id") in wanted and before.get("cycle") == cycle:
                drawn.add(int(before["table_id"]))
        return drawn
