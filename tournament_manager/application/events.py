"""Opening an event, wherever it is kept: a `.tmt` file (SQLite, the laptop's own) or a
database on a PostgreSQL server (several stations on one network).

The window, the command line and the smoke test open events here and nowhere else, so an
address means the same to all of them: `postgresql://user@host/event` is a server event,
any other text is a file path, and an address of another kind (`mysql://…`, `https://…`)
is refused in words before anything is made.
"""

from __future__ import annotations

from pathlib import Path
from typing import Protocol

from tournament_manager.application.stations import THIS_LAPTOP, Station
from tournament_manager.paths import address_scheme
from tournament_manager.storage.backup import BackupReason
from tournament_manager.storage.document import (
    Document,
    LockWait,
    create_document,
    open_document,
)
from tournament_manager.storage.errors import DocumentError, DocumentProblem

EventError = DocumentError
"""What opening or using an event raises (the file unreadable, the server unreachable),
for the layers that meet it without importing storage (the table server)."""
from tournament_manager.storage.server import (
    SERVER_SCHEMES,
    ServerAddress,
    ServerEvent,
    copy_rows,
    create_server_event,
    open_server_event,
)
from tournament_manager.storage.unit_of_work import SqlUnitOfWork

EventAddress = Path | ServerAddress
"""Where an event is kept: a file path, or a server's database."""


class OpenEvent(Protocol):
    """What an open event offers, in a file or on a server alike."""

    path: Path
    read_only_notice: DocumentError | None
    actor: str

    @property
    def read_only(self) -> bool: ...

    def unit_of_work(self, actor: str | None = ...) -> SqlUnitOfWork: ...

    def backup(self, reason: BackupReason) -> Path: ...

    def save_copy(self, destination: Path) -> None: ...

    def close(self, *, backup: bool = True) -> object: ...

    def discard_files(self) -> None: ...


def _address(address: EventAddress | str) -> EventAddress:
    """An address given as text read as `parse_address` reads it (`Path("postgresql://…")`
    would be a folder); an address already made kept as it is."""
    return parse_address(address) if isinstance(address, str) else address


def parse_address(text: str | Path) -> EventAddress:
    """A file path, or a server address for `postgresql://…` (`postgres://` too).

    Raises `DocumentError(DATABASE_URL)` for an address of a kind this application does
    not keep events in: as a path it would become a folder named `https:`."""
    scheme = address_scheme(text)
    if scheme is None:
        return Path(text)
    if scheme.split("+")[0] in SERVER_SCHEMES:
        return ServerAddress(str(text))
    raise DocumentError(DocumentProblem.DATABASE_URL, str(text), scheme=scheme)


def create_event(address: EventAddress | str, *, take_over_lock: bool = False,
                 lock_wait: LockWait | None = None,
                 station: Station = THIS_LAPTOP) -> Document | ServerEvent:
    """A new, empty event (no tournament yet) at `address` (an address, or text as in
    `open_event`); never over an existing one. Its units of work are audited as
    `station`'s acts."""
    address = _address(address)
    if not station.role.writes:
        raise DocumentError(DocumentProblem.ROLE_READS_ONLY, str(address),
                            role=station.role.words)
    event: Document | ServerEvent
    if isinstance(address, ServerAddress):
        event = create_server_event(address)
    else:
        event = create_document(address, take_over_lock=take_over_lock, lock_wait=lock_wait)
    event.actor = station.actor
    return event


def open_event(address: EventAddress | str, *, read_only: bool = False,
               take_over_lock: bool = False, lock_wait: LockWait | None = None,
               station: Station = THIS_LAPTOP) -> Document | ServerEvent:
    """An existing event, its schema brought up to date (see `open_document` for a
    file's lock, checks and backups; a server serialises its stations itself). Its
    units of work are audited as `station`'s acts; a projector opens it to read only.
    `address` may be given as text, as typed: a path or a server's URL."""
    address = _address(address)
    if not read_only and not station.role.writes:
        raise DocumentError(DocumentProblem.ROLE_READS_ONLY, str(address),
                            role=station.role.words)
    event: Document | ServerEvent
    if isinstance(address, ServerAddress):
        event = open_server_event(address, read_only=read_only)
    else:
        event = open_document(address, read_only=read_only, take_over_lock=take_over_lock,
                              lock_wait=lock_wait)
    event.actor = station.actor
    return event


def copy_event(source: EventAddress | str, target: EventAddress | str,
               station: Station = THIS_LAPTOP) -> None:
    """The whole event at `source` into a new event at `target`: a file onto a server
    (to run it from several stations), a server event into a file (to take it home), or
    a file into another file. The target must not exist; one half made is removed."""
    with open_event(source, read_only=True, station=station) as original:
        made = create_event(target, station=station)
        try:
            copy_rows(original.engine, made.engine)
        except BaseException:
            made.close(backup=False)
            made.discard_files()
            raise
        made.close(backup=False)
