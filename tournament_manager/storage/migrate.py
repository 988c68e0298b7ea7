"""Bringing a document's schema to the version this application knows, on a SQLite
file or a PostgreSQL server alike (migrations use portable SQL only).

On SQLite, migrations run on a connection with foreign keys OFF (a batch migration recreates tables,
and with foreign keys on, dropping the old parent cascades into every child row), inside
one transaction that is committed only if `foreign_key_check` finds nothing.
"""

from __future__ import annotations

from pathlib import Path

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import Connection

MIGRATIONS_DIR = Path(__file__).resolve().parent / "migrations"


class SchemaState:
    """Where a document's schema stands against this application's migrations."""

    def __init__(self, current: str | None, head: str, known: frozenset[str]) -> None:
        self.current = current
        self.head = head
        self.known = known

    @property
    def is_current(self) -> bool:
        return self.current == self.head

    @property
    def is_newer(self) -> bool:
        """Written by a newer version of the application: we must not touch it."""
        return self.current is not None and self.current not in self.known


def _config(connection: Connection | None = None) -> Config:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS_DIR))
    config.attributes["connection"] = connection
    return config


def schema_state(connection: Connection) -> SchemaState:
    script = ScriptDirectory.from_config(_config())
    known = frozenset(revision.revision for revision in script.walk_revisions())
    current = MigrationContext.configure(connection).get_current_revision()
    head = script.get_current_head()
    assert head is not None, "the application ships no migration"
    return SchemaState(current, head, known)


class ForeignKeyViolation(Exception):
    pass


def upgrade_to_head(connection: Connection, target: str = "head") -> None:
    """Upgrade in one transaction on a connection whose foreign keys are off (`target`
    lets tests build a file as an older version wrote it)."""
    with connection.begin():
        command.upgrade(_config(connection), target)
        if connection.dialect.name != "sqlite":
            return  # a server checks foreign keys as each statement runs
        violations = connection.exec_driver_sql("PRAGMA foreign_key_check").fetchall()
        if violations:
            raise ForeignKeyViolation(str(violations[:5]))
