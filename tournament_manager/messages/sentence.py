"""A clause of the messages layer as a sentence that stands alone."""

from __future__ import annotations

import re

from tournament_manager.words import _

_NAMED = re.compile(r"[^\s]*[/\\][^\s]*|[^\s]+\.\w+(?=[:;,]?(\s|$))")
"""A first word that is a path, an address or a file's name ("postgresql://…/open",
"event.tmt:"): written as it is, never with its first letter raised ("Postgresql://",
"Event.tmt", which is another file where names are case-sensitive)."""


def _raised(text: str) -> str:
    return text if _NAMED.match(text) else text[:1].upper() + text[1:]


def sentence(clause: str) -> str:
    """A clause of the messages layer ("the sheet of table 1 is signed and locked") as a
    sentence standing alone: its first letter raised and the language's full stop ("."
    in English, "。" in Chinese). `str.capitalize() + "."`, used before, lowered every
    other letter (a player's name too) and put an English stop after Chinese."""
    clause = clause.strip()
    if not clause:
        return clause
    return _("{clause}.").format(clause=_raised(clause))


ENDS = (".", "。", "?", "？", "!", "！", "…", ":", "：")
"""How a text that is already a sentence (or leads into a list) ends."""


def standing_alone(text: str) -> str:
    """A problem as the message bar shows it: a clause of the messages layer ("session 2
    has already started", what a refusal says) becomes a sentence (`sentence`); a text
    written as sentences keeps its own ending, its first letter raised if need be."""
    text = text.strip()
    if not text or text.endswith(ENDS):
        return _raised(text)
    return sentence(text)
