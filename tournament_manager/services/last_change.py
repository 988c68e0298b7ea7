"""Who last changed something, and when, as a refusal names them: "the sheet of table 1
was changed by Desk 2 (results desk) at 10:05", "the tables of session 2 were changed by
…", "Player 15 was changed by …". One reading of the audit log for every such refusal."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from typing import Any

from tournament_manager.domain.model import AuditEntry


def last_change(entries: Iterable[AuditEntry],
                about: Callable[[AuditEntry], bool] = lambda _entry: True) -> dict[str, str]:
    """{"by": actor, "at": local "HH:MM"} of the newest of `entries` that `about` accepts;
    empty when none does (the refusal then says "another station", "a moment ago")."""
    newest = max((entry for entry in entries if about(entry)),
                 key=lambda entry: entry.id or 0, default=None)
    if newest is None:
        return {}
    return {"by": newest.actor, "at": f"{newest.at.astimezone():%H:%M}"}


def pictured(entry: AuditEntry, key: str) -> set[Any]:
    """The values `key` has in the entry's pictures of the row, before and after."""
    return {json.loads(picture).get(key) for picture in (entry.before, entry.after)
            if picture}
