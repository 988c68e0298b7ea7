"""What the services need from storage, stated without naming a database.

Every entity lives in a `Collection`: the same five verbs for players, hands and sheets, so
the storage layer implements them once and the audit log sees every change the same way.
A `UnitOfWork` is one user action: it commits everything or nothing.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from types import TracebackType
from typing import Any, Protocol, Self, TypeVar

from tournament_manager.domain.model import (
    AuditEntry,
    Hand,
    Penalty,
    Player,
    Round,
    RoundEntry,
    SeatAssignment,
    Session,
    SessionTable,
    SheetSnapshot,
    Signature,
    Tournament,
)

E = TypeVar("E")


class NotFound(LookupError):
    """An id that names nothing: a stale view or a bad CLI argument, never a crash."""

    def __init__(self, entity: str, entity_id: int) -> None:
        super().__init__(f"{entity} {entity_id}")
        self.entity = entity
        self.entity_id = entity_id


class Collection(Protocol[E]):
    def add(self, entity: E) -> E:
        """Store a new entity; returns it with its id."""
        ...

    def update(self, entity: E) -> E:
        """Replace the stored entity that has the same id."""
        ...

    def remove(self, entity_id: int) -> None: ...

    def get(self, entity_id: int) -> E:
        """The entity with that id; raises `NotFound`."""
        ...

    def list(self, **equal_to: Any) -> Sequence[E]:
        """Entities whose fields equal the given values, in id order."""
        ...

    def count(self, **equal_to: Any) -> int: ...


class AuditLog(Protocol):
    def list(self, **equal_to: Any) -> Sequence[AuditEntry]: ...

    def last_change(self) -> datetime | None: ...


class UnitOfWork(Protocol):
    tournaments: Collection[Tournament]
    players: Collection[Player]
    rounds: Collection[Round]
    round_entries: Collection[RoundEntry]
    sessions: Collection[Session]
    tables: Collection[SessionTable]
    seats: Collection[SeatAssignment]
    hands: Collection[Hand]
    penalties: Collection[Penalty]
    signatures: Collection[Signature]
    snapshots: Collection[SheetSnapshot]
    audit: AuditLog

    def __enter__(self) -> Self: ...

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        """Roll back whatever was not committed."""
        ...

    def commit(self) -> None: ...

    def audit_reason(self, reason: str) -> None:
        """Attach a reason (a correction's, say) to the audit entries this action writes."""
        ...
