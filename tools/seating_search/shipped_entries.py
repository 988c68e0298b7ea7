"""Writing a found entry into one of the draw's shipped files (chairs.json,
bye_orbits.json, repairs.json): one entry a field, one line an entry, in order of the
field's keys (players and sessions, unless told), so that a new find shows in a diff as
the line it adds or replaces."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any


def written(path: Path, entry: dict[str, Any],
            field: tuple[str, ...] = ("players", "sessions")) -> None:
    """`entry` in the file at `path`, in place of any entry for the same field (the same
    values of the keys `field`)."""
    data = json.loads(path.read_text(encoding="utf-8"))

    def key(e: dict[str, Any]) -> tuple[Any, ...]:
        return tuple(e[name] for name in field)

    kept = [e for e in data["entries"] if key(e) != key(entry)]
    kept.append(entry)
    kept.sort(key=key)
    lines = ",\n".join("  " + json.dumps(e, separators=(", ", ": ")) for e in kept)
    path.write_text('{"entries": [\n' + lines + "\n]}\n", encoding="utf-8")
