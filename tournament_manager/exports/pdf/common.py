"""Paper, drawing helpers and the page frame shared by every PDF layout."""

from __future__ import annotations

import io
import re
from collections.abc import Callable, Sequence
from typing import Any

from reportlab.lib import units  # type: ignore[import-untyped]
from reportlab.lib.colors import Color  # type: ignore[import-untyped]
from reportlab.lib.pagesizes import A4, LETTER, landscape  # type: ignore[import-untyped]
from reportlab.pdfgen.canvas import Canvas  # type: ignore[import-untyped]
from reportlab.platypus import (  # type: ignore[import-untyped]
    BaseDocTemplate,
    Flowable,
    Frame,
    PageTemplate,
)

from tournament_manager.exports.pdf.fonts import (
    FONT,
    TextCanvas,
    canvas_maker,
    fitted,
    register_font,
    width,
)
from tournament_manager.exports.text import NOT_VERIFIED_BANNER, page_text, seal_text
from tournament_manager.services.verification import VerificationReport
from tournament_manager.text_width import is_wide
from tournament_manager.words import _

mm: float = units.mm
PAPER_SIZES: dict[str, tuple[float, float]] = {"a4": A4, "letter": LETTER}
MARGIN = 10 * mm
ALARM_RED = Color(0.75, 0.05, 0.05)
BANNER_H = 6 * mm
HEADER_SPACE = 14 * mm


def page_size(paper: str, *, wide: bool = False) -> tuple[float, float]:
    size = PAPER_SIZES[paper]
    return landscape(size) if wide else size


def put(c: Canvas, text: str, x: float, y: float, room: float, size: float,
        align: str = "left") -> None:
    """Draw `text` with its baseline at `y` inside `room` points from `x`, shrunk to fit."""
    if not text:
        return
    text, size = fitted(text, size, room)
    c.setFont(FONT, size)
    if align == "right":
        c.drawRightString(x + room, y, text)
    elif align == "centre":
        c.drawCentredString(x + room / 2, y, text)
    else:
        c.drawString(x, y, text)


def put_in(c: Canvas, text: str, x: float, top: float, w: float, h: float, size: float,
           align: str = "left", pad: float = 1.2 * mm) -> None:
    """Draw `text` vertically centred in the cell whose top-left corner is (x, top)."""
    put(c, text, x + pad, top - h / 2 - size * 0.35, w - 2 * pad, size, align)


def new_canvas(buffer: io.BytesIO, pagesize: tuple[float, float], title: str,
               subject: str) -> Canvas:
    canvas: Canvas = canvas_maker()(buffer, pagesize=pagesize)
    canvas.setTitle(title)
    canvas.setSubject(subject)
    canvas.setCreator("Tournament Manager")
    return canvas


class _NumberedCanvas(TextCanvas):
    """Holds pages back until the end so each footer can say "page X of Y"."""

    footer: Callable[[Canvas, int, int], None] | None = None

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._pages: list[dict[str, Any]] = []

    def showPage(self) -> None:
        self._pages.append(dict(self.__dict__))
        self._startPage()

    def save(self) -> None:
        total = len(self._pages)
        for number, state in enumerate(self._pages, start=1):
            self.__dict__.update(state)
            if self.footer is not None:
                self.footer(self, number, total)
            super().showPage()
        super().save()


def build_document(story: Sequence[Flowable], pagesize: tuple[float, float], *, title: str,
                   subject: str, header: Callable[[Canvas], None],
                   footer: Callable[[Canvas, int, int], None], top_space: float = 14 * mm
                   ) -> bytes:
    """A flowing document (lists, standings) with a header on every page and a numbered
    footer; returns the PDF bytes."""
    font = register_font()
    buffer = io.BytesIO()
    width, height = pagesize
    frame = Frame(MARGIN, MARGIN + 6 * mm, width - 2 * MARGIN,
                  height - 2 * MARGIN - 6 * mm - top_space, id="body",
                  leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0)

    def on_page(canvas: Canvas, _doc: object) -> None:
        canvas.saveState()
        header(canvas)
        canvas.restoreState()

    doc = BaseDocTemplate(buffer, pagesize=pagesize, title=title, subject=subject,
                          creator="Tournament Manager", author="", leftMargin=MARGIN,
                          rightMargin=MARGIN, topMargin=MARGIN, bottomMargin=MARGIN,
                          initialFontName=font)
    doc.addPageTemplates([PageTemplate(id="page", frames=[frame], onPage=on_page,
                                       pagesize=pagesize)])

    class Numbered(_NumberedCanvas):
        pass

    Numbered.footer = staticmethod(footer)

    def make(*args: Any, **kwargs: Any) -> Canvas:
        kwargs.setdefault("initialFontName", font)
        kwargs.setdefault("initialFontSize", 10)
        return Numbered(*args, **kwargs)

    doc.build(list(story), canvasmaker=make)
    return buffer.getvalue()


def standard_footer(left: str, seal: str) -> Callable[[Canvas, int, int], None]:
    """The document on the left; the audit seal and the page number on the right, so a
    page found alone still says which state of the record it was printed from."""
    def footer(canvas: Canvas, page: int, pages: int) -> None:
        width = canvas._pagesize[0]
        room = width - 2 * MARGIN
        canvas.setStrokeGray(0.6)
        canvas.setLineWidth(0.4)
        canvas.line(MARGIN, MARGIN + 4 * mm, width - MARGIN, MARGIN + 4 * mm)
        put(canvas, left, MARGIN, MARGIN + 1 * mm, room * 0.6, 7)
        put(canvas, f"{seal_text(seal)}   ·   {page_text(page, pages)}", MARGIN + room * 0.6,
            MARGIN + 1 * mm, room * 0.4, 7, "right")
    return footer


def standard_header(title: str, subtitle: str, banner: str = "") -> Callable[[Canvas], None]:
    """Title and subtitle over a rule; `banner`, when given, in red under the rule."""
    def header(canvas: Canvas) -> None:
        width, height = canvas._pagesize
        room = width - 2 * MARGIN
        put(canvas, title, MARGIN, height - MARGIN - 6 * mm, room * 0.62, 14)
        put(canvas, subtitle, MARGIN + room * 0.62, height - MARGIN - 6 * mm, room * 0.38, 10,
            "right")
        canvas.setLineWidth(0.8)
        canvas.line(MARGIN, height - MARGIN - 9 * mm, width - MARGIN, height - MARGIN - 9 * mm)
        if banner:
            draw_banner(canvas, [banner], MARGIN, height - MARGIN - 10.5 * mm, room)
    return header


def page_frame(title: str, subtitle: str, footer_left: str, report: VerificationReport
               ) -> dict[str, Any]:
    """`build_document`'s header, footer and top space for a printout of the record: the
    audit seal in every footer and, when the file does not verify, a banner on every
    page (pages of a list are handed out one by one)."""
    banner = "" if report.ok else _(NOT_VERIFIED_BANNER)
    return {"header": standard_header(title, subtitle, banner),
            "footer": standard_footer(footer_left, report.seal),
            "top_space": HEADER_SPACE + (BANNER_H + 2.5 * mm if banner else 0)}


def draw_banner(c: Canvas, lines: Sequence[str], x: float, top: float, w: float,
                sizes: Sequence[float] = (9,)) -> float:
    """White text on a red band: what must not be missed on a printed record. Each line
    at its size in `sizes` (the last size repeats); returns the band's bottom."""
    heights = _banner_heights(len(lines), sizes)
    bottom = top - sum(heights)
    c.saveState()
    c.setFillColor(ALARM_RED)
    c.rect(x, bottom, w, top - bottom, stroke=0, fill=1)
    c.setFillGray(1)
    y = top
    for index, (line, h) in enumerate(zip(lines, heights)):
        put_in(c, line, x, y, w, h, sizes[min(index, len(sizes) - 1)], "centre", 2 * mm)
        y -= h
    c.restoreState()
    return bottom


def put_in_lines(c: Canvas, lines: Sequence[str], x: float, top: float, w: float, h: float,
                 size: float, align: str = "left", pad: float = 1.0 * mm) -> None:
    """Several short lines stacked and centred in a cell, each shrunk to fit its width."""
    lines = [line for line in lines if line]
    if not lines:
        return
    if len(lines) == 1:
        put_in(c, lines[0], x, top, w, h, size, align, pad)
        return
    size = min(size, (h - 0.6 * mm) / len(lines) / 1.12)
    leading = size * 1.12
    first = top - h / 2 + leading * len(lines) / 2 - size * 0.82
    for index, line in enumerate(lines):
        put(c, line, x + pad, first - index * leading, w - 2 * pad, size, align)


def fitted_lines(text: str, w: float, h: float, size: float, pad: float = 1.0 * mm,
                 minimum: float = 4.5, *, listing: bool = True
                 ) -> tuple[list[str], float, bool]:
    """`text` wrapped for a cell `w` by `h`: its lines, their size, and whether they hold
    all of it. A list ("concealed pung ×2, pair") is first broken between its items only,
    down to `READABLE` points; then at any space (never before a "×2", which would read as
    the next item's), down to `minimum`; when even that cannot hold it all, the lines that
    fit, the last ending in an ellipsis. A text that is no list (`listing` False: a name)
    is broken at its spaces from the start, at the largest size that holds it."""
    room = w - 2 * pad
    usable = h - 0.6 * mm

    def fits(lines: list[str], at: float) -> bool:
        return len(lines) * at * 1.12 <= usable

    passes = (((_ITEM_BREAKS, max(minimum, min(size, READABLE))),) if listing else ()) + (
        (_BREAKS, minimum),)
    for breaks, floor in passes:
        current = size
        while True:
            lines = _at_breaks(text, current, room, breaks)
            if lines is not None and fits(lines, current):
                return lines, current, True
            if current <= floor:
                break
            current = max(floor, current - 0.25)
    # At the smallest size, breaking inside a word (wrap) may still hold it all.
    lines = wrap(text, minimum, room)
    if fits(lines, minimum):
        return lines, minimum, True
    # Cut at the end, then, after whole words where each fits a line: a 90-character name
    # read "zu Ober / ammergau-Partenkirc…", broken inside a word and cut all the same.
    lines = _at_breaks(text, minimum, room) or lines
    lines = lines[:max(1, int(usable // (minimum * 1.12)))]
    while lines[-1] and width(lines[-1] + "…", minimum) > room:
        lines[-1] = lines[-1][:-1]
    lines[-1] = lines[-1].rstrip(" ,") + "…"
    return lines, minimum, False


def put_in_fitted(c: Canvas, text: str, x: float, top: float, w: float, h: float,
                  size: float, align: str = "left", pad: float = 1.0 * mm,
                  minimum: float = 4.5, *, listing: bool = True) -> bool:
    """All of `text` in a cell, wrapped over as many lines as the cell holds, at the largest
    size up to `size` where it fits (`fitted_lines`). A signed record must not lose words
    to an ellipsis, as a line shrunk to its width alone would (a classical win's pattern
    names, a long MCR fan list). Returns False when even `minimum` cannot hold it all."""
    if not text:
        return True
    lines, current, whole = fitted_lines(text, w, h, size, pad, minimum, listing=listing)
    if len(lines) == 1:
        put_in(c, lines[0], x, top, w, h, current, align, pad)
    else:
        put_in_lines(c, lines, x, top, w, h, current, align, pad)
    return whole


_BREAKS = re.compile(r"\s+(?!×)|(?<=\w-)(?=\w)|(?<=[／、，：；])|(?=[（])")
"""Where a line may break without splitting a word: at spaces (not before a count "×2"),
after the hyphen of a double name, and in Chinese after a slash, enumeration comma,
comma, colon or semicolon, or before an opening bracket."""
_ITEM_BREAKS = re.compile(r"(?<=[,;])\s+|(?<=[、，；])")
"""Between the items of a list only."""
READABLE = 6.0
"""Points: a list keeps its items whole down to this size before breaking inside one."""


def _at_breaks(text: str, size: float, room: float,
               breaks: re.Pattern[str] = _BREAKS) -> list[str] | None:
    """`text` broken only where `breaks` allows, so a Chinese heading keeps 和牌方式
    together ("结果／" over "和牌方式"); None when some piece is wider than `room`."""
    lines: list[str] = []
    text = text.strip()
    position, joiner = 0, ""
    pieces: list[tuple[str, str]] = []
    for match in breaks.finditer(text):
        if text[position:match.start()]:
            pieces.append((joiner, text[position:match.start()]))
        joiner = " " if match.group() else ""
        position = match.end()
    if text[position:]:
        pieces.append((joiner, text[position:]))
    for joiner, piece in pieces:
        if width(piece, size) > room:
            return None
        if lines and width(lines[-1] + joiner + piece, size) <= room:
            lines[-1] += joiner + piece
        else:
            lines.append(piece)
    return lines or None


def _banner_heights(lines: int, sizes: Sequence[float]) -> list[float]:
    return [max(BANNER_H, sizes[min(i, len(sizes) - 1)] * 1.55) for i in range(lines)]


def banner_height(lines: int, sizes: Sequence[float] = (9,)) -> float:
    """The height `draw_banner` takes for `lines` lines, for layouts that plan ahead."""
    return sum(_banner_heights(lines, sizes))


def wrap(text: str, size: float, room: float) -> list[str]:
    """`text` in lines that each fit `room` points at `size`, so a long reason is read
    whole rather than shrunk or cut: broken at spaces, and between characters inside a
    run of Chinese or Japanese (which has no spaces) or a word too long for a line."""
    lines: list[str] = []
    line = ""
    for word in text.split():
        candidate = f"{line} {word}" if line else word
        if width(candidate, size) <= room:
            line = candidate
            continue
        if width(word, size) <= room and not any(map(is_wide, word)):
            if line:
                lines.append(line)
            line = word
            continue
        line = f"{line} " if line else ""
        for ch in word:
            if line.strip() and width(line + ch, size) > room:
                lines.append(line.rstrip())
                line = ""
            line += ch
    if line:
        lines.append(line)
    return lines or [""]
