"""Player cards at the results desk (`record_style` `player_cards`, seed 001 Appendix B):
"Each player records any points gained or lost by every player on the Score Record Card
... passes his card around his three opponents to be signed."

Each card is typed as it is written and compared hand by hand with the table's sheet; a
session closes only when every table has its four cards, each signed by its owner's three
opponents and agreeing with the sheet. When the four agree with a complete sheet, the
sheet locks as signed on paper: the cards are the players' signatures on the record.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime

from tournament_manager.domain.model import PlayerCard, Session, SheetState
from tournament_manager.domain.player_cards import (
    CardMismatch,
    CardRows,
    card_content,
    card_rows,
    compare_card,
)
from tournament_manager.domain.settings import RecordStyle
from tournament_manager.services.errors import ServiceError, ServiceProblem
from tournament_manager.services.ports import UnitOfWork
from tournament_manager.services.score_sheets import (
    sheet_columns,
    sheet_is_complete,
    sign_on_paper_within,
)
from tournament_manager.services.tournaments import current_tournament


def _now() -> datetime:
    return datetime.now(UTC)


@dataclass(frozen=True)
class CardCheck:
    """A table's player cards against its sheet."""

    players: tuple[int, ...]
    """The table's players in the sheet's columns (starting seats E, S, W, N)."""
    cards: Mapping[int, PlayerCard]
    """Owner -> his card, for the cards typed so far."""
    mismatches: tuple[CardMismatch, ...]

    @property
    def missing(self) -> tuple[int, ...]:
        return tuple(p for p in self.players if p not in self.cards)

    @property
    def unsigned(self) -> tuple[int, ...]:
        return tuple(p for p in self.players if p in self.cards and not self.cards[p].signed)

    @property
    def agreed(self) -> bool:
        return not (self.missing or self.unsigned or self.mismatches)


def _columns(uow: UnitOfWork, table_id: int) -> tuple[int, ...]:
    return sheet_columns(uow.seats.list(table_id=table_id))


def _sheet_rows(uow: UnitOfWork, table_id: int) -> CardRows:
    return {hand.number: dict(hand.deltas) for hand in uow.hands.list(table_id=table_id)}


def _check(uow: UnitOfWork, table_id: int) -> CardCheck:
    players = _columns(uow, table_id)
    cards = {card.owner_id: card for card in uow.player_cards.list(table_id=table_id)}
    sheet = _sheet_rows(uow, table_id)
    mismatches = tuple(m for owner in players if owner in cards
                       for m in compare_card(owner, card_rows(cards[owner].content), sheet,
                                             players))
    return CardCheck(players, cards, mismatches)


def card_check(uow: UnitOfWork, table_id: int) -> CardCheck:
    with uow:
        return _check(uow, table_id)


def sheet_as_card(uow: UnitOfWork, table_id: int) -> dict[int, dict[int, int]]:
    """The sheet's figures as a card: for the card the sheet itself was typed from."""
    with uow:
        return {hand: dict(row) for hand, row in _sheet_rows(uow, table_id).items()}


def enter_card(uow: UnitOfWork, table_id: int, owner_id: int, rows: CardRows, *,
               signed: bool, typist: str, clock: Callable[[], datetime] = _now) -> CardCheck:
    """Store `owner_id`'s card as typed (replacing the one typed before, on the record),
    and compare the table's cards again; the fourth agreeing card locks a complete sheet."""
    name = typist.strip()
    if not name:
        raise ServiceError(ServiceProblem.TRANSCRIBER_REQUIRED)
    with uow:
        if current_tournament(uow).settings.record_style is not RecordStyle.PLAYER_CARDS:
            raise ServiceError(ServiceProblem.CARDS_NOT_IN_FORMAT)
        table = uow.tables.get(table_id)
        players = set(_columns(uow, table_id))
        strangers = sorted(({owner_id} | {p for row in rows.values() for p in row}) - players)
        if strangers:
            raise ServiceError(ServiceProblem.PLAYER_NOT_AT_TABLE, players=strangers)
        wrong = sorted(hand for hand in rows if hand < 1)
        if wrong:
            raise ServiceError(ServiceProblem.HAND_OUT_OF_SESSION, hand=wrong[0],
                               hands=current_tournament(uow).settings.hands_per_session)
        card = PlayerCard(table_id=table_id, owner_id=owner_id, content=card_content(rows),
                          signed=signed, typist=name, entered_at=clock())
        before = uow.player_cards.list(table_id=table_id, owner_id=owner_id)
        if before:
            uow.player_cards.update(dataclasses.replace(card, id=before[0].id))
        else:
            uow.player_cards.add(card)
        check = _check(uow, table_id)
        if (check.agreed and table.sheet_state is SheetState.OPEN
                and sheet_is_complete(uow, table)):
            sign_on_paper_within(uow, table, name, clock)
        uow.commit()
    return check


def check_session_cards(uow: UnitOfWork, session: Session) -> None:
    """Inside an open unit of work: refuse, in words, to close `session` while a table's
    cards are missing, unsigned, or differ from its sheet (only where the event keeps
    player cards)."""
    if current_tournament(uow).settings.record_style is not RecordStyle.PLAYER_CARDS:
        return
    for table in sorted(uow.tables.list(session_id=session.id), key=lambda t: t.number):
        check = _check(uow, table.id)
        names = {p.id: p.name for p in (uow.players.get(i) for i in check.players)}
        if check.missing:
            raise ServiceError(ServiceProblem.CARDS_MISSING, session=session.number,
                               table=table.number, players=[names[p] for p in check.missing])
        if check.unsigned:
            raise ServiceError(ServiceProblem.CARDS_UNSIGNED, session=session.number,
                               table=table.number, players=[names[p] for p in check.unsigned])
        if check.mismatches:
            raise ServiceError(ServiceProblem.CARDS_DISAGREE, session=session.number,
                               table=table.number,
                               hands=sorted({m.hand_number for m in check.mismatches}),
                               players=sorted({names[m.owner_id] for m in check.mismatches}))
