"""The schema revisions this application ships, read from its migration files alone.

Opening a current document must not import alembic (a third of a second at every start)
and a glance at one (`storage.glance`) not even SQLAlchemy, so the revisions and the head
are read from the files' own `revision` / `down_revision` lines; `test_migrations` holds
this reading equal to alembic's.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

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


@cache
def revisions() -> tuple[frozenset[str], str]:
    """Every revision this application ships, and the head."""
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
