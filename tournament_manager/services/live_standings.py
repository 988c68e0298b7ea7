"""Standings kept up to date as the sheets change, without reading the whole event again.

A 1,000-player event's standings read 160,000 hand payments; after one hand is entered,
only one table's scores moved. The feed keeps what the standings are computed from
(`StandingsFacts`) and follows the audit log from where it last looked: every change to
the record writes an entry there, in the same transaction, whichever station made it.
Changes to hands and penalties reload their tables' sums alone; changes that touch no
score (signatures, snapshots, locks, the clock) are passed over; anything else (players,
seats, sessions, rounds, cuts, settings) reloads everything, as does a log that no longer
holds the entry last seen (another file read in its place).

The result is always what `standings.compute_standings` would give on the same record:
`tests/services/test_live_standings.py` compares the two after every kind of change.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence

from tournament_manager.domain.model import AuditEntry
from tournament_manager.services.bulk import bulk_reading
from tournament_manager.services.ports import AuditMark, UnitOfWork
from tournament_manager.services.standings import (
    Standings,
    StandingsFacts,
    load_facts,
    standings_of,
)

_SHEET_SCORES = frozenset({"hand", "penalty"})
"""Entities whose changes move their table's scores: the pictures name the table."""

_NO_SCORE = frozenset({"signature", "sheet_snapshot", "sheet_correction", "table_entry",
                       "player_card", "head_judge"})
"""Entities the standings never read."""

_TABLE_FIELDS_READ = ("number", "session_id")
"""What the standings read of a table: a change to anything else (its lock, its sheet
version, its clock) leaves them as they were."""


class LiveStandings:
    """One event's standings, refreshed from the changes since the last call."""

    def __init__(self) -> None:
        self._facts: StandingsFacts | None = None
        self._mark: AuditMark | None = None

    def standings(self, uow: UnitOfWork, through_session: int | None = None) -> Standings:
        """As `standings.standings(uow, through_session)`, reading only what changed."""
        with bulk_reading():
            with uow:
                facts = self._caught_up(uow)
            return standings_of(facts, through_session)

    def _caught_up(self, uow: UnitOfWork) -> StandingsFacts:
        if self._facts is not None and self._mark is not None:
            changes = uow.audit.after(self._mark)
            if changes is not None:
                tables = _tables_changed(changes)
                if tables is not None:
                    if changes:
                        self._facts.reload_tables(uow, tables)
                        self._mark = AuditMark(changes[-1].id, changes[-1].chain)
                    return self._facts
        # The mark is read first: a change made while the facts load is then read again
        # on the next call (reloading a table twice is harmless; missing one is not).
        self._mark = uow.audit.mark()
        self._facts = load_facts(uow)
        return self._facts


def _tables_changed(changes: Sequence[AuditEntry]) -> set[int] | None:
    """The tables whose scores `changes` move, or None when they need everything read."""
    tables: set[int] = set()
    for entry in changes:
        if entry.entity in _NO_SCORE:
            continue
        pictures = [json.loads(text) for text in (entry.before, entry.after) if text]
        if entry.entity in _SHEET_SCORES:
            named = _table_ids(pictures)
            if not named:
                return None
            tables.update(named)
        elif entry.entity == "session_table" and entry.action == "update" and len(
                {tuple(p.get(name) for name in _TABLE_FIELDS_READ) for p in pictures}) == 1:
            continue
        else:
            return None
    return tables


def _table_ids(pictures: Iterable[dict[str, object]]) -> set[int]:
    return {table_id for picture in pictures
            if isinstance(table_id := picture.get("table_id"), int)}
