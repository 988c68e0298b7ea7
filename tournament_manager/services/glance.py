"""What `info` prints about an event: a flat read model of `Overview`.

Two readers make it. `glance_of` takes the overview the services build through a unit of
work (any event, any schema it can open); `storage.glance_reader` reads it from a current
SQLite file with the standard library alone, so a look at a file does not import the
storage stack (nine tenths of `info`'s run). Cosmic Python's read-side views: plain SQL
for a query that changes nothing, held equal to the model's answer by a test on real
event files (`tests/storage/test_glance_reader.py`).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING

from tournament_manager.domain.settings import RoundPlan, SessionEnd

if TYPE_CHECKING:
    from tournament_manager.services.tournaments import Overview


@dataclass(frozen=True)
class Glance:
    """The tournament's name and format, and how far the event has come."""

    name: str
    venue: str
    created_at: datetime
    rule_set: str
    format_preset: str
    rounds: tuple[RoundPlan, ...]
    hands_per_session: int
    session_end: SessionEnd
    players: int
    withdrawn: int
    substitutes: int
    sessions: int
    sessions_played: int
    sessions_drawn: int
    sessions_provisional: int
    tables: int
    hands: int
    penalties: int
    signatures: int
    last_change: datetime | None


def glance_of(overview: Overview) -> Glance:
    tournament = overview.tournament
    settings = tournament.settings
    return Glance(
        name=tournament.name, venue=tournament.venue, created_at=tournament.created_at,
        rule_set=settings.rule_set, format_preset=settings.format_preset,
        rounds=settings.rounds, hands_per_session=settings.hands_per_session,
        session_end=settings.session_end, players=overview.players,
        withdrawn=overview.withdrawn, substitutes=overview.substitutes,
        sessions=overview.sessions, sessions_played=overview.sessions_played,
        sessions_drawn=overview.sessions_drawn,
        sessions_provisional=overview.sessions_provisional, tables=overview.tables,
        hands=overview.hands, penalties=overview.penalties, signatures=overview.signatures,
        last_change=overview.last_change,
    )
