"""What the services need from storage, stated without naming a database.

Every entity lives in a `Collection`: the same five verbs for players, hands and sheets, so
the storage layer implements them once and the audit log sees every change the same way.
A `UnitOfWork` is one user action: it commits everything or nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum
from types import TracebackType
from typing import TYPE_CHECKING, Any, Protocol, Self, TypeVar

from tournament_manager.domain.model import (
    AuditEntry,
    Hand,
    HeadJudge,
    Penalty,
    Player,
    PlayerCard,
    Round,
    RoundEntry,
    SeatAssignment,
    Session,
    SessionTable,
    SheetCorrection,
    SheetSnapshot,
    Signature,
    TableEntry,
    Tournament,
)
from tournament_manager.errors import TournamentError

if TYPE_CHECKING:
    from tournament_manager.services.verification import VerificationReport

E = TypeVar("E")


class NotFound(TournamentError, LookupError):
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


class HandCollection(Collection[Hand], Protocol):
    def totals_by_table(self, table_ids: Iterable[int] | None = None
                        ) -> Mapping[int, Mapping[int, int]]:
        """table id -> player id -> sum of his hand deltas there (at `table_ids` only, when
        given; a table without hands is left out).

        Standings need only these sums; loading every hand of a 1,000-player event to add
        them up would make live standings slow.
        """
        ...


class DriftKind(StrEnum):
    """How a stored record disagrees with the audit log that should describe it."""

    CHANGED = "changed"
    """Its fields differ from those its newest audit entry recorded."""
    REMOVED = "removed"
    """The audit log says it exists; the file does not hold it."""
    UNRECORDED = "unrecorded"
    """The file holds it; no audit entry (or only its removal) says it was made."""


@dataclass(frozen=True)
class RecordDrift:
    """A record changed in the file without the application: edited with another tool."""

    entity: str
    entity_id: int
    kind: DriftKind
    table_id: int | None = None
    """The score sheet the record belongs to, where it belongs to one."""
    number: int | None = None
    """A hand's number, where the record is a hand."""


class SeatCollection(Collection[SeatAssignment], Protocol):
    def players_by_table(self, cycle: int) -> Mapping[int, Sequence[int]]:
        """table id -> the player ids seated there for `cycle`, in arrival order.

        Standings need only who sat where; building 10,000 seat records of a 1,000-player
        event for that was a fifth of its time.
        """
        ...


@dataclass(frozen=True)
class AuditMark:
    """How far a reader has followed the audit log: the newest entry it has seen (0 and ""
    for an empty log). Every change to the record writes an entry, so the entries after a
    mark are everything that changed since, whichever station made it."""

    entry_id: int
    chain: str


class AuditLog(Protocol):
    def list(self, **equal_to: Any) -> Sequence[AuditEntry]: ...

    def mark(self) -> AuditMark:
        """The newest entry, as a mark to follow the log from."""
        ...

    def after(self, mark: AuditMark) -> Sequence[AuditEntry] | None:
        """The entries after `mark`, oldest first; None when the log no longer holds the
        entry `mark` names as it was (another file read in its place, a restored backup):
        then nothing read before can be trusted."""
        ...

    def count(self, **equal_to: Any) -> int: ...

    def last_change(self) -> datetime | None: ...

    def chain_breaks(self) -> Sequence[int]:
        """The ids of entries whose hash chain is broken (edited, inserted or removed)."""
        ...

    def seal(self) -> str:
        """The newest entry's chain value: printed documents carry it as the audit seal."""
        ...

    def drift(self) -> Sequence[RecordDrift]:
        """Every record that is not as its newest audit entry left it."""
        ...


class UnitOfWork(Protocol):
    """Read-only attributes, so an implementation may offer richer collection types."""

    @property
    def tournaments(self) -> Collection[Tournament]: ...

    @property
    def players(self) -> Collection[Player]: ...

    @property
    def rounds(self) -> Collection[Round]: ...

    @property
    def round_entries(self) -> Collection[RoundEntry]: ...

    @property
    def sessions(self) -> Collection[Session]: ...

    @property
    def tables(self) -> Collection[SessionTable]: ...

    @property
    def seats(self) -> SeatCollection: ...

    @property
    def hands(self) -> HandCollection: ...

    @property
    def penalties(self) -> Collection[Penalty]: ...

    @property
    def signatures(self) -> Collection[Signature]: ...

    @property
    def snapshots(self) -> Collection[SheetSnapshot]: ...

    @property
    def corrections(self) -> Collection[SheetCorrection]: ...

    @property
    def head_judges(self) -> Collection[HeadJudge]: ...

    @property
    def table_entries(self) -> Collection[TableEntry]: ...

    @property
    def player_cards(self) -> Collection[PlayerCard]: ...

    @property
    def audit(self) -> AuditLog: ...

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

    def audit_actor(self, actor: str) -> None:
        """Name who acts in the audit entries this action writes (the head judge)."""
        ...

    def verify_aside(self) -> PendingReport | None:
        """Inside the unit of work: start verifying the state it reads in another process
        (an export verifies while it lays out); None when this storage cannot, and the
        caller verifies in its own process (`verification.run_verification`)."""
        ...


class PendingReport(Protocol):
    """A verification running elsewhere."""

    def result(self, waiting: Callable[[], None] | None = None) -> VerificationReport:
        """Wait for the report (raising what verifying raised), calling `waiting` now and
        then meanwhile (a cancel check, which may raise)."""
        ...

    def close(self) -> None:
        """Stop it if it still runs and let go of what it used; may be called twice."""
        ...
