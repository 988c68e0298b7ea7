"""A tournament kept in a database on a PostgreSQL server, for events run from several
stations (results desk, head judge, projector) on one local network.

The schema and its migrations are the file's own (`migrate`, portable SQL only), so an
event moves between a `.tmt` file and a server without change (`copy_event`). There is no
lock file: the server serialises the stations' transactions. A server event is backed up
as an ordinary `.tmt` file in the data folder, the same kind of file Save a Copy writes.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Self

from sqlalchemy import (
    Connection,
    Engine,
    String,
    column,
    create_engine,
    inspect,
    select,
    table,
    text,
)
from sqlalchemy.engine import URL, make_url
from sqlalchemy.exc import ArgumentError, DBAPIError, OperationalError

from tournament_manager import paths
from tournament_manager.storage import schema
from tournament_manager.storage.backup import BackupReason
from tournament_manager.storage.errors import DocumentError, DocumentProblem
from tournament_manager.storage.migrate import schema_state, upgrade_to_head
from tournament_manager.storage.unit_of_work import SqlUnitOfWork, data_version

log = logging.getLogger(__name__)

SERVER_SCHEMES = ("postgresql", "postgres")
DRIVER = "postgresql+psycopg"
CONNECT_TIMEOUT_SECONDS = 5
MIGRATION_LOCK_KEY = 0x544D4A47  # "TMJG": one station migrates, the others wait


HIDDEN_PASSWORD = "***"
"""What SQLAlchemy shows in place of a password (`render_as_string(hide_password=True)`)."""


@dataclass(frozen=True)
class ServerAddress:
    """`postgresql://user[:password]@host[:port]/database`, as typed. Shown without its
    password wherever it is printed or logged."""

    url: str

    def __post_init__(self) -> None:
        try:
            parsed = make_url(self.url)
        except (ArgumentError, ValueError) as error:  # half typed: "…@host:" has no port
            raise DocumentError(DocumentProblem.SERVER_ADDRESS, self.url,
                                reason="incomplete") from error
        if parsed.get_backend_name() not in SERVER_SCHEMES:
            raise DocumentError(DocumentProblem.DATABASE_URL, self.url,
                                scheme=parsed.get_backend_name())
        if not parsed.database:
            raise DocumentError(DocumentProblem.SERVER_ADDRESS, self.shown,
                                reason="no_database")

    @property
    def sqlalchemy_url(self) -> URL:
        return make_url(self.url).set(drivername=DRIVER)

    @property
    def database(self) -> str:
        return str(make_url(self.url).database)

    @property
    def name(self) -> str:
        """Stands in for a file name (backups, suggested copy names)."""
        return self.database

    @property
    def shown(self) -> str:
        return make_url(self.url).render_as_string(hide_password=True)

    @property
    def password_left_out(self) -> bool:
        """An address as it was shown (and so remembered), "***" where its password was:
        connecting with it would only be turned away."""
        return make_url(self.url).password == HIDDEN_PASSWORD

    def __str__(self) -> str:
        return self.shown


def _identifier(name: str) -> str:
    """A name as a quoted SQL identifier: a database name typed in an address can hold any
    character, a double quote too, and must never become SQL."""
    return '"' + name.replace('"', '""') + '"'


def _engine(address: ServerAddress, database: str | None = None, *,
            read_only: bool = False) -> Engine:
    """Connections to the event's database (or another on its server). `read_only`: the
    server itself refuses every write, so a projector's or a reading command's connection
    cannot change the event whatever code runs on it."""
    url = address.sqlalchemy_url
    if database is not None:
        url = url.set(database=database)
    connect_args: dict[str, object] = {"connect_timeout": CONNECT_TIMEOUT_SECONDS,
                                       "application_name": "tournament-manager"}
    if read_only:
        connect_args["options"] = "-c default_transaction_read_only=on"
    return create_engine(url, pool_pre_ping=True, connect_args=connect_args)


_CONNECT_REFUSALS = (("does not exist", "3D000"), ("authentication failed", "28P01"),
                     ("no pg_hba.conf entry", "28000"), ("permission denied", "28000"),
                     ("no password supplied", "28P01"))
"""What the server says when it turns a connection away, and its SQLSTATE."""


def server_problem(error: BaseException, address: ServerAddress) -> DocumentError | None:
    """The worded problem behind a driver error on a server, or None for a bug of ours."""
    cause = getattr(error, "orig", None) or error
    state = getattr(cause, "sqlstate", None)
    reason = str(cause).strip().splitlines()[0] if str(cause).strip() else type(cause).__name__
    if state is None:  # refused while connecting: the server's words are all there is
        state = next((code for words, code in _CONNECT_REFUSALS if words in reason), None)
        reason = reason.rpartition("FATAL:")[2].strip() or reason
    if state == "3D000":
        return DocumentError(DocumentProblem.SERVER_NO_DATABASE, address.shown,
                             database=address.database)
    if state in ("28P01", "28000"):
        return DocumentError(DocumentProblem.SERVER_REFUSED, address.shown, reason=reason)
    if state in ("40001", "40P01"):
        return DocumentError(DocumentProblem.CHANGED_ELSEWHERE, address.shown)
    if state == "55P03":  # lock_timeout: the other stations' acts did not end in time
        return DocumentError(DocumentProblem.SERVER_BUSY, address.shown)
    if state == "25006":  # a write on a connection opened to read only
        return DocumentError(DocumentProblem.ROLE_READS_ONLY, address.shown, role="read-only")
    if state is None and isinstance(error, OperationalError | DBAPIError):
        return DocumentError(DocumentProblem.SERVER_UNREACHABLE, address.shown, reason=reason)
    return None


class ServerEvent:
    """An open event on a server; the holder of its engine. Works like `Document`."""

    read_only_notice: DocumentError | None = None
    broken_lock = None

    def __init__(self, address: ServerAddress, engine: Engine, *, read_only: bool = False,
                 backups: Callable[[], Path] = paths.backups_dir) -> None:
        self.address = address
        self.path = Path(address.name)
        self.engine = engine
        self.read_only = read_only
        self.backup_failures: list[object] = []
        self._backups = backups

    actor = "head judge"
    """Whom this instance's acts are audited as (the application names its station)."""

    def data_version(self) -> int:
        """Grows with every change (see `unit_of_work.data_version`). A server that does
        not answer is a `DocumentError` (SERVER_UNREACHABLE), as for a unit of work: the
        stations ask every second, and a raw driver error reached the crash report."""
        with _worded(self.address):
            return data_version(self.engine)

    def unit_of_work(self, actor: str | None = None) -> SqlUnitOfWork:
        return SqlUnitOfWork(self.engine, actor=actor or self.actor, path=Path(self.address.shown),
                             problems=lambda error: server_problem(error, self.address),
                             read_only=self.read_only)

    def backup(self, reason: BackupReason) -> Path:
        """A `.tmt` copy of the event in the data folder's backups."""
        stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%S%fZ")
        folder = self._backups() / f"server-{self.address.database}"
        folder.mkdir(parents=True, exist_ok=True)
        target = folder / f"{self.address.database}-{stamp}-{reason.value}.tmt"
        self.save_copy(target)
        return target

    def save_copy(self, destination: Path) -> None:
        """The event as an ordinary `.tmt` file (never over an existing file)."""
        from tournament_manager.storage.document import create_document

        with create_document(destination) as document, _worded(self.address):
            copy_rows(self.engine, document.engine)

    def integrity_problems(self) -> list[str]:
        return []  # the server keeps its own pages; nothing a client can check

    def close(self, *, backup: bool = True) -> None:
        del backup  # a server keeps the event; its backups are taken on request
        self.engine.dispose()

    def discard_files(self) -> None:
        """Drop the (closed) event's database: only for one just created and unwanted."""
        engine = _engine(self.address, "postgres")
        try:
            with engine.connect().execution_options(isolation_level="AUTOCOMMIT") as connection:
                connection.execute(text(
                    f"DROP DATABASE IF EXISTS {_identifier(self.address.database)}"))
        finally:
            engine.dispose()

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()


@contextmanager
def _worded(address: ServerAddress) -> Iterator[None]:
    """The server's refusals (unreachable, wrong password, no such database) in words."""
    try:
        yield
    except DBAPIError as error:
        problem = server_problem(error, address)
        if problem is None:
            raise
        raise problem from error


def _connect_checked(address: ServerAddress, engine: Engine) -> Connection:
    with _worded(address):
        return engine.connect()


def create_server_event(address: ServerAddress) -> ServerEvent:
    """A new event in `address`'s database, made when missing (the server's user needs
    the right to create databases) and refused when it holds an event already."""
    _create_database(address)
    engine = _engine(address)
    try:
        with _connect_checked(address, engine) as connection:
            if (schema_state(connection).current is not None
                    or inspect(connection).get_table_names()):
                raise DocumentError(DocumentProblem.EXISTS, address.shown)
            connection.rollback()
            _upgrade(connection)
    except BaseException:
        engine.dispose()
        raise
    return ServerEvent(address, engine)


def open_server_event(address: ServerAddress, *, read_only: bool = False) -> ServerEvent:
    """An existing event; its schema is brought up to date first (one station does it,
    the others wait on the server's advisory lock)."""
    engine = _engine(address, read_only=read_only)
    try:
        with _connect_checked(address, engine) as connection:
            state = schema_state(connection)
            connection.rollback()
            if state.current is None:
                raise DocumentError(DocumentProblem.SERVER_NO_EVENT, address.shown)
            if state.is_newer:
                raise DocumentError(DocumentProblem.TOO_NEW, address.shown,
                                    revision=state.current or "")
            if not state.is_current:
                if read_only:
                    raise DocumentError(DocumentProblem.READ_ONLY_OUTDATED, address.shown)
                _upgrade(connection)
    except BaseException:
        engine.dispose()
        raise
    return ServerEvent(address, engine, read_only=read_only)


def _upgrade(connection: Connection) -> None:
    connection.execute(text("SELECT pg_advisory_lock(:key)"), {"key": MIGRATION_LOCK_KEY})
    connection.commit()
    try:
        if not schema_state(connection).is_current:
            connection.rollback()
            upgrade_to_head(connection)
    finally:
        connection.rollback()
        connection.execute(text("SELECT pg_advisory_unlock(:key)"), {"key": MIGRATION_LOCK_KEY})
        connection.commit()


def _create_database(address: ServerAddress) -> None:
    engine = _engine(address, "postgres")
    try:
        with _worded(address), engine.connect().execution_options(
                isolation_level="AUTOCOMMIT") as connection:
            exists = connection.execute(text("SELECT 1 FROM pg_database WHERE datname = :name"),
                                        {"name": address.database}).first()
            if exists is None:
                connection.execute(text(f"CREATE DATABASE {_identifier(address.database)}"))
                log.info("created the database %s", address.shown)
    finally:
        engine.dispose()


def copy_rows(source: Engine, target: Engine) -> None:
    """Every row of every table, ids kept, parents before children, in one transaction
    on each side; the target's id sequences then continue after the copied ids. Times go
    across as the text stored (the audit chain was computed on that text), every other
    value through its column's type (SQLite's 0/1 become a server's booleans)."""
    with source.connect() as reading, target.connect() as writing, writing.begin():
        for stored in schema.metadata.sorted_tables:
            copied = table(stored.name, *[
                column(c.name, String() if isinstance(c.type, schema.UtcDateTime) else c.type)
                for c in stored.c])
            rows = [dict(row._mapping) for row in reading.execute(
                select(copied).order_by(*[copied.c[c.name] for c in stored.primary_key]))]
            if rows:
                writing.execute(copied.insert(), rows)
        if writing.dialect.name == "postgresql":
            _continue_sequences(writing)


def _continue_sequences(connection: Connection) -> None:
    for stored in schema.metadata.sorted_tables:
        if "id" not in stored.c:
            continue
        connection.execute(text(
            f"SELECT setval(pg_get_serial_sequence('{stored.name}', 'id'), "
            f"coalesce((SELECT max(id) FROM \"{stored.name}\"), 0) + 1, false)"))

