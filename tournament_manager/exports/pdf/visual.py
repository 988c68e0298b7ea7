"""Text as it is drawn: right-to-left scripts in visual order, Arabic letters joined, and a
visible box for a character the font has no glyph for.

A PDF holds glyphs in the order they are drawn, left to right; reportlab neither reorders
nor shapes. A Hebrew name stored as typed (logical order) printed backwards, an Arabic one
backwards and in unjoined letters, and an emoji or a script the font lacks printed as
nothing, so "🀄 Dragon Lee" lost its tile without a trace. Every string drawn on our canvases
passes through `visual` (`fonts.canvas_maker` hands out a canvas whose text objects call
it: tables, paragraphs and the layouts' own strings alike), so no layout has to remember.
The bidirectional algorithm is python-bidi's, the Arabic joining arabic-reshaper's
(presentation forms, which TM Sans carries: `tools/build_font.py`).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import lru_cache

import arabic_reshaper  # type: ignore[import-untyped]
from bidi import get_display  # type: ignore[import-untyped]

MISSING = "\u25a1"
"""□ for a character without a glyph: seen, where an empty glyph hid it."""
_RIGHT_TO_LEFT = re.compile(
    "[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc\U00010800-\U00010fff\U0001e800-\U0001efff]")
_INVISIBLE = frozenset("\u200b\u200c\u200d\u200e\u200f\u2060\ufe0e\ufe0f"
                       "\u2066\u2067\u2068\u2069")
"""Joiners, direction marks, isolates (`domain.names.isolated`) and emoji variation
selectors: they shape or order the text and have no glyph of their own (the reshaper and
the algorithm have used them)."""


def drawn_text(has_glyph: Callable[[int], bool]) -> Callable[[str], str]:
    """`visual` for a font that has a glyph for the characters `has_glyph` accepts."""

    @lru_cache(maxsize=16384)
    def visual(text: str) -> str:
        if text.isascii():  # most of what a page holds: nothing to order, join or box
            return text
        if _RIGHT_TO_LEFT.search(text):
            # Left to right as a whole, as every page is: "שרה כהן 王小明" reads the Hebrew
            # name first, then the native one, as in the columns beside it.
            text = get_display(arabic_reshaper.reshape(text), base_dir="L")
        return "".join(
            "" if char in _INVISIBLE
            else char if char.isspace() or has_glyph(ord(char)) else MISSING
            for char in text)

    return visual
