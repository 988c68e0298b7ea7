"""Comparing names the way a reader does: "agnes" finds Ágnes, Łukasz sorts with L.

Unicode decomposition removes most accents (É → E + ´); the letters it leaves whole
(ł, ø, æ, ß, đ, ı, ...) are mapped by hand. This is the plain-text fallback for layers
without Qt; the window sorts with Qt's locale collation where it has one.
"""

from __future__ import annotations

import unicodedata

_UNDECOMPOSED = str.maketrans({
    "ł": "l", "Ł": "L", "ø": "o", "Ø": "O", "đ": "d", "Đ": "D", "ħ": "h", "Ħ": "H",
    "ı": "i", "ŧ": "t", "Ŧ": "T", "ð": "d", "Ð": "D", "þ": "th", "Þ": "Th",
    "æ": "ae", "Æ": "AE", "œ": "oe", "Œ": "OE", "ß": "ss",
})


def folded(text: str) -> str:
    """`text` without accents or case, for searching and sorting."""
    decomposed = unicodedata.normalize("NFKD", text.translate(_UNDECOMPOSED))
    bare = "".join(char for char in decomposed if not unicodedata.combining(char))
    return " ".join(bare.casefold().split())


def name_order(name: str) -> tuple[str, str]:
    """Sort key: the folded name, then the name itself so the order is total."""
    return folded(name), name


def matches(query: str, *texts: str) -> bool:
    """Every word of `query` is found, accents and case aside, in one of `texts`."""
    haystack = " ".join(folded(text) for text in texts)
    return all(word in haystack for word in folded(query).split())


_RIGHT_TO_LEFT = frozenset({"R", "AL"})
FIRST_STRONG_ISOLATE, POP_ISOLATE = "\u2068", "\u2069"


def isolated(name: str) -> str:
    """A name to set inside running text ("Bye: محمد الأحمد (12)"): a right-to-left one
    wrapped in a first-strong isolate, so the text around it keeps its own order. Without
    it the bidirectional algorithm takes the digits after an Arabic name as Arabic digits
    and shows "(12) محمد الأحمد". Other names are returned as they are."""
    if any(unicodedata.bidirectional(char) in _RIGHT_TO_LEFT for char in name):
        return f"{FIRST_STRONG_ISOLATE}{name}{POP_ISOLATE}"
    return name
