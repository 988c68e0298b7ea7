"""The one font every PDF uses, embedded as a subset so names print on any machine.

TM Sans is WenQuanYi Micro Hei (Apache-2.0) with the glyphs of DejaVu Sans it lacks added
(Hebrew, Arabic, Armenian, Georgian and more; `tools/build_font.py`, licences in
`resources/fonts/`): TrueType outlines covering Chinese, Japanese kana and kanji, accented
Latin, Greek, Cyrillic, Hebrew and Arabic in one face, so a name never switches font in the
middle. The non-embedded CID fonts reportlab ships (STSong-Light) garble "Ørjan Åsmund" and
depend on the viewer, and reportlab cannot load CFF-outline `.otf` fonts such as Noto Sans
CJK. Our canvases draw every string through `visual.drawn_text` (order, joining, a box
for a missing glyph); `width` measures what is drawn.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from functools import lru_cache, partial
from pathlib import Path
from typing import Any

from reportlab.lib.fonts import addMapping  # type: ignore[import-untyped]
from reportlab.pdfbase import pdfmetrics  # type: ignore[import-untyped]
from reportlab.pdfbase.ttfonts import TTFont  # type: ignore[import-untyped]
from reportlab.pdfgen.canvas import Canvas  # type: ignore[import-untyped]
from reportlab.pdfgen.textobject import PDFTextObject  # type: ignore[import-untyped]

from tournament_manager import paths
from tournament_manager.exports.errors import ExportError, ExportProblem
from tournament_manager.exports.pdf.visual import drawn_text

FONT = "TMSans"
FONT_FILE = "tm-sans.ttf"
_lock = threading.Lock()


def font_path() -> Path:
    return paths.resources_dir() / "fonts" / FONT_FILE


def register_font() -> str:
    """Register the font with reportlab once per process; returns its name."""
    with _lock:
        if FONT in pdfmetrics.getRegisteredFontNames():
            return FONT
        path = font_path()
        if not path.is_file():
            raise ExportError(ExportProblem.FONT_MISSING, path=str(path))
        pdfmetrics.registerFont(TTFont(FONT, str(path)))
        for bold in (0, 1):
            for italic in (0, 1):
                addMapping(FONT, bold, italic, FONT)
    return FONT


@lru_cache(maxsize=1)
def _visual() -> Callable[[str], str]:
    glyphs = pdfmetrics.getFont(register_font()).face.charToGlyph
    return drawn_text(glyphs.__contains__)


def visual(text: str) -> str:
    """`text` as our canvases draw it (`visual.drawn_text`)."""
    return _visual()(text)


class _VisualText(PDFTextObject):  # type: ignore[misc]
    """Every string of a text object (reportlab's one funnel to the page, used by
    drawString, tables and paragraphs alike) in drawn order, in our font."""

    def _formatText(self, text: str) -> Any:
        return super()._formatText(visual(text) if self._fontname == FONT else text)


class TextCanvas(Canvas):  # type: ignore[misc]
    """The canvas of every PDF we write (a test checks no other is made): its text goes
    through `visual`."""

    def beginText(self, x: float = 0, y: float = 0, direction: str | None = None) -> Any:
        return _VisualText(self, x, y, direction=direction)


def canvas_maker() -> Any:
    """A canvas whose initial font is ours, so no base-14 (unembedded) font is referenced,
    and whose text goes through `visual`."""
    return partial(TextCanvas, initialFontName=register_font(), initialFontSize=10)


@lru_cache(maxsize=65536)
def width(text: str, size: float) -> float:
    return float(pdfmetrics.stringWidth(visual(text), FONT, size))


@lru_cache(maxsize=65536)
def fitted(text: str, size: float, room: float, minimum: float = 4.5) -> tuple[str, float]:
    """`text` at the largest size up to `size` that fits `room` points; cut with an
    ellipsis if even `minimum` is too wide."""
    needed = width(text, size)
    if needed <= room or not text:
        return text, size
    smaller = max(minimum, size * room / needed)
    if width(text, smaller) <= room:
        return text, smaller
    while text and width(text + "…", smaller) > room:
        text = text[:-1]
    return text + "…", smaller
