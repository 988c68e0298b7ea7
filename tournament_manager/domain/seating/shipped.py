"""The files of schedules found offline that ship beside the draw (`library.json`,
`chairs.json`, `bye_orbits.json`, `square_rows.json`): each is {"entries": [...]}, read once
a process. What an entry means, and the check that it still holds, is its reader's."""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import Any


@cache
def shipped_entries(name: str) -> tuple[dict[str, Any], ...]:
    """The entries of the shipped file `name`, unchecked."""
    text = resources.files(__package__).joinpath(name).read_text(encoding="utf-8")
    return tuple(json.loads(text)["entries"])
