"""Bringing a document's schema to the version this application knows, on a SQLite
file or a PostgreSQL server alike (migrations use portable SQL only).

On SQLite, migrations run on a connection with foreign keys OFF (a batch migration recreates tables,
and with foreign keys on, dropping the old parent cascades into every child row), inside
one transaction that is committed only if `foreign_key_check` finds nothing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from sqlalchemy import Connection, text
from sqlalchemy.exc import DBAPIError

from tournament_manager.errors import TournamentError
from tournament_manager.storage.revisions import MIGRATIONS_DIR, SchemaState, revisions

if TYPE_CHECKING:
    from alembic.config import Config


def _config(connection: Connection | None = None) -> Config:
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS_DIR))
    config.attributes["connection"] = connection
    return config


def schema_state(connection: Connection) -> SchemaState:
    known, head = revisions()
    try:
        with connection.begin_nested():
            current = connection.execute(
                text("SELECT version_num FROM alembic_version")).scalar_one_or_none()
    except DBAPIError:  # no alembic_version table: a new (empty) document
        current = None
    return SchemaState(current, head, known)


class ForeignKeyViolation(TournamentError):
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
