"""The one font every PDF uses, embedded as a subset so names print on any machine.

WenQuanYi Micro Hei (Apache-2.0, see `resources/fonts/`) has TrueType outlines and covers
Chinese, Japanese kana and kanji, and accented Latin in one face. The non-embedded CID
fonts reportlab ships (STSong-Light) garble "Ørjan Åsmund" and depend on the viewer, and
reportlab cannot load CFF-outline `.otf` fonts such as Noto Sans CJK.
"""

from __future__ import annotations

import threading
from functools import lru_cache, partial
from pathlib import Path
from typing import Any

from reportlab.lib.fonts import addMapping  # type: ignore[import-untyped]
from reportlab.pdfbase import pdfmetrics  # type: ignore[import-untyped]
from reportlab.pdfbase.ttfonts import TTFont  # type: ignore[import-untyped]
from reportlab.pdfgen.canvas import Canvas  # type: ignore[import-untyped]

from tournament_manager import paths
from tournament_manager.exports.errors import ExportError, ExportProblem

FONT = "TMSans"
FONT_FILE = "wqy-microhei.ttc"
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
        pdfmetrics.registerFont(TTFont(FONT, str(path), subfontIndex=0))
        for bold in (0, 1):
            for italic in (0, 1):
                addMapping(FONT, bold, italic, FONT)
    return FONT


def canvas_maker() -> Any:
    """A canvas whose initial font is ours, so no base-14 (unembedded) font is referenced."""
    return partial(Canvas, initialFontName=register_font(), initialFontSize=10)


@lru_cache(maxsize=65536)
def width(text: str, size: float) -> float:
    return float(pdfmetrics.stringWidth(text, FONT, size))


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
