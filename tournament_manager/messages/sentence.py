"""A clause of the messages layer as a sentence that stands alone."""

from __future__ import annotations

from tournament_manager.words import _


def sentence(clause: str) -> str:
    """A clause of the messages layer ("the sheet of table 1 is signed and locked") as a
    sentence standing alone: its first letter raised and the language's full stop ("."
    in English, "。" in Chinese). `str.capitalize() + "."`, used before, lowered every
    other letter (a player's name too) and put an English stop after Chinese."""
    clause = clause.strip()
    if not clause:
        return clause
    return _("{clause}.").format(clause=clause[0].upper() + clause[1:])
