"""What the `check` of tools/translations.py and tools/catalogues.py prints."""

from __future__ import annotations

SHOWN = 50


def report(found: list[str]) -> int:
    """Print the first problems, one a line; the exit status: 1 if any."""
    for line in found[:SHOWN]:
        print(line)
    if len(found) > SHOWN:
        print(f"... and {len(found) - SHOWN} more")
    return 1 if found else 0
