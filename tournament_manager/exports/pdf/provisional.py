"""The mark of a page printed from a provisional plan: a band across the top and a faint
word across the page.

A session that holds only the round's plan is printed only when the judge asks for it
(to check the plan, or to prepare the room), and then no page of it may pass for the
draw: a seating list pinned to a wall or a card left on a table sends players to the
wrong seats once the real draw differs. The band is black with white type, distinct from
the red band of a record that does not verify, and it stays legible on a black-and-white
printer; the word across the page is what someone reads from across the hall.

Flowing documents do not know in their header which session a page belongs to (the
header is drawn before the page's content), so `PageMarks` records it while the content
is laid out and the numbered footer, drawn once every page is known, adds the marks.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from reportlab.lib.colors import Color  # type: ignore[import-untyped]
from reportlab.pdfgen.canvas import Canvas  # type: ignore[import-untyped]
from reportlab.platypus import Flowable  # type: ignore[import-untyped]

from tournament_manager.exports.pdf.common import MARGIN, mm, put
from tournament_manager.exports.pdf.fonts import FONT, fitted
from tournament_manager.exports.text import PROVISIONAL_BANNER, PROVISIONAL_MARK
from tournament_manager.words import _

BAND_FILL = Color(0.08, 0.08, 0.08)
BAND_H = 7.5 * mm
BAND_GAP = 2 * mm
"""Space kept between the band and what follows it."""
MARK_GREY = Color(0.45, 0.45, 0.45)
MARK_ALPHA = 0.16


def draw_band(c: Canvas, x: float, top: float, w: float, h: float = BAND_H,
              size: float = 12, text: str = "") -> float:
    """The band with its words centred, white on black (PROVISIONAL PLAN unless `text`
    says otherwise); returns its bottom."""
    text = text or _(PROVISIONAL_BANNER)
    c.saveState()
    c.setFillColor(BAND_FILL)
    c.rect(x, top - h, w, h, stroke=0, fill=1)
    c.setFillGray(1)
    put(c, text, x + 2 * mm, top - h / 2 - size * 0.35, w - 4 * mm, size, "centre")
    c.restoreState()
    return top - h


def draw_mark(c: Canvas, pagesize: tuple[float, float]) -> None:
    """PROVISIONAL diagonally across the page, faint enough to read (and write) through."""
    width, height = pagesize
    diagonal = (width ** 2 + height ** 2) ** 0.5
    text, size = fitted(_(PROVISIONAL_MARK), 160, diagonal * 0.8)
    c.saveState()
    c.setFillColor(MARK_GREY)
    c.setFillAlpha(MARK_ALPHA)
    c.translate(width / 2, height / 2)
    c.rotate(math.degrees(math.atan2(height, width)))
    c.setFont(FONT, size)
    c.drawCentredString(0, -size * 0.35, text)
    c.restoreState()


class PageMarks:
    """Which pages of a flowing document belong to a provisional session.

    A `mark(provisional)` flowable opens each session's part of the story; the page it
    lands on and every page after it, up to the next mark, take its state."""

    def __init__(self) -> None:
        self._starts: list[tuple[int, bool]] = []

    def mark(self, provisional: bool) -> Flowable:
        return _Mark(self, provisional)

    def provisional(self, page: int) -> bool:
        state = False
        for start, value in self._starts:
            if start > page:
                break
            state = value
        return state

    def _record(self, page: int, provisional: bool) -> None:
        self._starts.append((page, provisional))
        self._starts.sort(key=lambda item: item[0])

    def footer(self, footer: Callable[[Canvas, int, int], None], band_top: float
               ) -> Callable[[Canvas, int, int], None]:
        """`footer`, and on a provisional page the band (its top `band_top` points below
        the page's top edge) and the mark across the page."""
        def draw(canvas: Canvas, page: int, pages: int) -> None:
            footer(canvas, page, pages)
            if self.provisional(page):
                width, height = canvas._pagesize
                draw_band(canvas, MARGIN, height - band_top, width - 2 * MARGIN)
                draw_mark(canvas, (width, height))
        return draw


class _Mark(Flowable):  # type: ignore[misc]
    """Takes no room; remembers the page it is drawn on."""

    def __init__(self, marks: PageMarks, provisional: bool) -> None:
        super().__init__()
        self._marks = marks
        self._provisional = provisional

    def wrap(self, *_args: Any) -> tuple[float, float]:
        return 0, 0

    def draw(self) -> None:
        self._marks._record(self.canv.getPageNumber(), self._provisional)
