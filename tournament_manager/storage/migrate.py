"""Bringing a document's schema to the version this application knows, on a SQLite
file or a PostgreSQL server alike (migrations use portable SQL only).

On SQLite, migrations run on a connection with foreign keys OFF (a batch migration recreates tables,
and with foreign keys on, dropping the old parent cascades into every child row), inside
one transaction that is committed only if `foreign_key_check` finds nothing.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

from sqlalchemy import Connection, text
from sqlalchemy.exc import DBAPIError

if TYPE_CHECKING:
    from alembic.config import Config

MIGRATIONS_DIR = Path(__file__).resolve().parent / "migrations"
_REVISION = re.compile(r"""^(revision|down_revision)\s*=\s*(?:["']([^"']*)["']|None)""",
                       re.MULTILINE)


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
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS_DIR))
    config.attributes["connection"] = connection
    return config


@cache
def _revisions() -> tuple[frozenset[str], str]:
    """Every revision this application ships, and the head, read from the migration
    files themselves: opening a current file never imports alembic (a third of a second
    at every start); `test_migrations` checks this reading against alembic's own."""
    known: set[str] = set()
    below: set[str] = set()
    for path in (MIGRATIONS_DIR / "versions").glob("*.py"):
        found = dict(_REVISION.findall(path.read_text(encoding="utf-8")))
        if "revision" in found:
            known.add(found["revision"])
            if found.get("down_revision"):
                below.add(found["down_revision"])
    heads = known - below
    assert len(heads) == 1, f"the migrations have {len(heads)} heads"
    return frozenset(known), heads.pop()


def schema_state(connection: Connection) -> SchemaState:
    known, head = _revisions()
    try:
        with connection.begin_nested():
            current = connection.execute(
                text("SELECT version_num FROM alembic_version")).scalar_one_or_none()
    except DBAPIError:  # no alembic_version table: a new (empty) document
        current = None
    return SchemaState(current, head, known)


class ForeignKeyViolation(Exception):
    pass


def upgrade_to_head(connection: Connection, target: str = "head") -> None:
    """Upgrade in one transaction on a connection whose foreign keys are off (`target`
    lets tests build a file as an older version wrote it)."""
    from alembic import command

    with connection.begin():
        command.upgrade(_config(connection), target)
        if connection.dialect.name != "sqlite":
            return  # a server checks foreign keys as each statement runs
        violations = connection.exec_driver_sql("PRAGMA foreign_key_check").fetchall()
        if violations:
            raise ForeignKeyViolation(str(violations[:5]))
