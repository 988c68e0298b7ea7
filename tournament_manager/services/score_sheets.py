"""Keeping a table's score sheet: hands in, checked against the sheet's state and seats."""

from __future__ import annotations

from tournament_manager.domain.model import Hand, SheetState
from tournament_manager.services.errors import ServiceError, ServiceProblem
from tournament_manager.services.ports import UnitOfWork


def record_hand(uow: UnitOfWork, hand: Hand) -> Hand:
    """Store one hand of an open sheet; its deltas must be zero-sum over the table's players."""
    if sum(delta for _player, delta in hand.deltas) != 0:
        raise ServiceError(ServiceProblem.DELTAS_NOT_ZERO_SUM, hand=hand.number)
    with uow:
        table = uow.tables.get(hand.table_id)
        if table.sheet_state is SheetState.LOCKED:
            raise ServiceError(ServiceProblem.SHEET_LOCKED, table=table.number)
        at_table = {seat.player_id for seat in uow.seats.list(table_id=table.id)}
        named = {hand.dealer_id, *(player for player, _delta in hand.deltas)}
        for win in hand.wins:
            named.add(win.winner_id)
            if win.responsible_id is not None:
                named.add(win.responsible_id)
        if hand.discarder_id is not None:
            named.add(hand.discarder_id)
        strangers = named - at_table
        if strangers:
            raise ServiceError(ServiceProblem.PLAYER_NOT_AT_TABLE, players=sorted(strangers))
        if uow.hands.count(table_id=table.id, number=hand.number):
            raise ServiceError(ServiceProblem.HAND_NUMBER_TAKEN, hand=hand.number)
        stored = uow.hands.add(hand)
        uow.commit()
    return stored
