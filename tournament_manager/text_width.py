"""How many columns a text takes where an East Asian wide character takes two: a
terminal's help and reports, a spreadsheet's columns. The standard library's Unicode data
decides (East Asian Width W or F), so full-width punctuation and every CJK block count.

The command line imports this only for text that is not ASCII: `unicodedata` is a
millisecond of every start that would otherwise be paid for nothing.
"""

from __future__ import annotations

import unicodedata


def is_wide(char: str) -> bool:
    return unicodedata.east_asian_width(char) in ("W", "F")


def display_width(text: str) -> int:
    if text.isascii():  # most texts: no character is wide
        return len(text)
    return sum(2 if is_wide(char) else 1 for char in text)
