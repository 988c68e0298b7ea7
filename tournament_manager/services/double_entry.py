"""Hands from the tables, once or twice: Bridgemate's double-entry check.

At an event with `double_entry` set, a hand typed at a table reaches the sheet only when two
different players of that table typed the same hand: the recorder and a confirming player on
one device, or two devices. At the results desk the same check takes two typists, each
typing the paper sheet blind (an entry names its typist instead of a player). The first
entry waits; a second that agrees enters the hand; a second that differs leaves both on
record as a disagreement, which the head judge's progress board shows until the hand is on
the sheet (the table types it again, or the head judge enters it). Without the setting a
table-side hand is entered at once, as in the window.

The check lives here, under every front end, so a page cannot skip it.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from enum import StrEnum

from tournament_manager.domain.model import (
    EntryStatus,
    Hand,
    HandResult,
    TableEntry,
    Win,
    WinType,
)
from tournament_manager.services.errors import ServiceError, ServiceProblem
from tournament_manager.services.ports import UnitOfWork
from tournament_manager.services.score_sheets import (
    HandEntry,
    _new_hand_number,
    _settle,
)
from tournament_manager.services.tournaments import current_tournament


class EntryOutcome(StrEnum):
    ENTERED = "entered"
    """On the sheet: a single-entry event, or the second entry agreed."""
    WAITING = "waiting"
    """Kept until a second player of the table types the same hand."""
    DISAGREED = "disagreed"
    """The two entries differ: the table types the hand again, the head judge is told."""


@dataclass(frozen=True)
class Submitted:
    outcome: EntryOutcome
    number: int
    hand: Hand | None = None
    """The hand as stored, when it was entered."""


def entry_content(entry: HandEntry) -> str:
    """The hand as canonical JSON: two entries agree exactly when these strings are equal
    (the order the winners or the points were typed in does not matter)."""
    return json.dumps({
        "result": entry.result.value,
        "win_type": entry.win_type.value if entry.win_type else None,
        "discarder_id": entry.discarder_id,
        "wins": sorted([w.winner_id, w.value, w.responsible_id] for w in entry.wins),
        "player_points": sorted(list(p) for p in entry.player_points),
    }, sort_keys=True)


def submit_entry(uow: UnitOfWork, table_id: int, entry: HandEntry, entrant_id: int | None,
                 number: int | None = None, *, seen: str | None = None,
                 typist: str = "") -> Submitted:
    """A hand from a table's page, typed or confirmed by `entrant_id` (a player there), or
    from the results desk, typed from the paper sheet by `typist`.

    Refused in words exactly as entering it would be (a hand the rules refuse never waits
    for its pair); entries of one entrant replace each other until the pair is complete.
    """
    typist = typist.strip()
    with uow:
        table, number, hands = _new_hand_number(uow, table_id, number, seen)
        hand = _settle(uow, table, number, entry, hands)
        if not current_tournament(uow).settings.double_entry:
            entered = uow.hands.add(hand)
            uow.commit()
            return Submitted(EntryOutcome.ENTERED, number, entered)
        if typist:
            entrant_id = None
        elif entrant_id is None:
            raise ServiceError(ServiceProblem.ENTRANT_REQUIRED)
        elif entrant_id not in {seat.player_id for seat in uow.seats.list(table_id=table_id)}:
            raise ServiceError(ServiceProblem.PLAYER_NOT_AT_TABLE, players=entrant_id)
        mine = TableEntry(table_id, number, entrant_id, entry_content(entry),
                          datetime.now(UTC), typist=typist)
        waiting = [e for e in uow.table_entries.list(table_id=table_id, hand_number=number)
                   if e.status is EntryStatus.WAITING]
        other = next((e for e in waiting if e.entrant != mine.entrant), None)
        if other is None:
            earlier = next((e for e in waiting if e.entrant == mine.entrant), None)
            if earlier is not None:
                uow.table_entries.update(replace(earlier, content=mine.content,
                                                 entered_at=mine.entered_at))
            else:
                uow.table_entries.add(mine)
            uow.commit()
            return Submitted(EntryOutcome.WAITING, number)
        status = (EntryStatus.AGREED if other.content == mine.content
                  else EntryStatus.DISAGREED)
        for earlier in waiting:
            uow.table_entries.update(replace(earlier, status=status))
        uow.table_entries.add(replace(mine, status=status))
        stored = uow.hands.add(hand) if status is EntryStatus.AGREED else None
        uow.commit()
        return Submitted(EntryOutcome.ENTERED if stored else EntryOutcome.DISAGREED, number,
                         stored)


@dataclass(frozen=True)
class EntryState:
    """A table's entries for hands not yet on its sheet, for its page and the board."""

    waiting: tuple[TableEntry, ...]
    disagreements: tuple[int, ...]
    """Hand numbers whose two entries differed and that are still not on the sheet."""
    last_disagreement: tuple[TableEntry, ...] = ()
    """The two entries that differed last (for the page to show what did not match)."""


def entry_states(uow: UnitOfWork, session_id: int) -> dict[int, EntryState]:
    """Every table of a session that has entries about hands not yet on its sheet."""
    with uow:
        states = {t.id: entry_state(uow, t.id) for t in uow.tables.list(session_id=session_id)}
    return {table_id: state for table_id, state in states.items() if state is not None}


def table_entry_state(uow: UnitOfWork, table_id: int) -> EntryState | None:
    """One table's entries about hands not yet on its sheet (None: there are none), read
    for its page on every request, so without the other tables."""
    with uow:
        return entry_state(uow, table_id)


def entry_state(uow: UnitOfWork, table_id: int) -> EntryState | None:
    """One table's entries about hands not yet on its sheet, inside an open unit of work."""
    entries = list(uow.table_entries.list(table_id=table_id))
    if not entries:  # most events: no table-side entries, and no sheet to read for them
        return None
    on_sheet = {h.number for h in uow.hands.list(table_id=table_id)}
    entries = [e for e in entries if e.hand_number not in on_sheet]
    if not entries:
        return None
    differed = [e for e in entries if e.status is EntryStatus.DISAGREED]
    last = max(differed, key=lambda e: e.id).hand_number if differed else None
    return EntryState(
        tuple(e for e in entries if e.status is EntryStatus.WAITING),
        tuple(sorted({e.hand_number for e in differed})),
        tuple(sorted((e for e in differed if e.hand_number == last),
                     key=lambda e: e.id)[-2:]))


def entry_of_content(content: str) -> HandEntry:
    """The hand an entry's canonical JSON says (`entry_content` read back)."""
    data = json.loads(content)
    return HandEntry(
        result=HandResult(data["result"]),
        win_type=WinType(data["win_type"]) if data["win_type"] else None,
        discarder_id=data["discarder_id"],
        wins=tuple(Win(winner, value, responsible)
                   for winner, value, responsible in data["wins"]),
        player_points=tuple((player, points) for player, points in data["player_points"]))


def typist_entries(uow: UnitOfWork, table_id: int, typist: str) -> dict[int, TableEntry]:
    """What `typist` typed at the desk for hands not yet on the sheet, by hand (his latest),
    and nothing of anybody else's: the second typist types blind."""
    typist = typist.strip()
    with uow:
        on_sheet = {h.number for h in uow.hands.list(table_id=table_id)}
        mine = sorted((e for e in uow.table_entries.list(table_id=table_id)
                       if e.entrant_id is None and e.typist == typist
                       and e.hand_number not in on_sheet), key=lambda e: e.id)
    return {e.hand_number: e for e in mine}


def differing_entries(uow: UnitOfWork, table_id: int) -> dict[int, tuple[TableEntry, ...]]:
    """For the head judge: each hand not yet on the sheet whose entries differed, with every
    entry of it (who typed what)."""
    with uow:
        on_sheet = {h.number for h in uow.hands.list(table_id=table_id)}
        entries = [e for e in uow.table_entries.list(table_id=table_id)
                   if e.hand_number not in on_sheet]
    differed = {e.hand_number for e in entries if e.status is EntryStatus.DISAGREED}
    return {number: tuple(sorted((e for e in entries if e.hand_number == number),
                                 key=lambda e: e.id))
            for number in sorted(differed)}
