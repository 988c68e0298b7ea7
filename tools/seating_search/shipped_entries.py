"""Writing a found entry into one of the draw's shipped files (chairs.json,
bye_orbits.json): one entry a field, one line an entry, in order of players and sessions,
so that a new find shows in a diff as the line it adds or replaces."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any


def written(path: Path, entry: dict[str, Any]) -> None:
    """`entry` in the file at `path`, in place of any entry for the same field."""
    data = json.loads(path.read_text(encoding="utf-8"))
    kept = [e for e in data["entries"]
            if (e["players"], e["sessions"]) != (entry["players"], entry["sessions"])]
    kept.append(entry)
    kept.sort(key=lambda e: (e["players"], e["sessions"]))
    lines = ",\n".join("  " + json.dumps(e, separators=(", ", ": ")) for e in kept)
    path.write_text('{"entries": [\n' + lines + "\n]}\n", encoding="utf-8")
