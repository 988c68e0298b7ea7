"""Paragraph and table styles for the flowing documents, all in the embedded font."""

from __future__ import annotations

from typing import Any
from xml.sax.saxutils import escape

from reportlab.lib.colors import Color  # type: ignore[import-untyped]
from reportlab.lib.enums import TA_LEFT  # type: ignore[import-untyped]
from reportlab.lib.styles import ParagraphStyle  # type: ignore[import-untyped]
from reportlab.platypus import Paragraph, TableStyle  # type: ignore[import-untyped]

from tournament_manager.exports.pdf.fonts import FONT
from tournament_manager.exports.text import clean

HEADER_FILL = Color(0.86, 0.86, 0.86)
ZEBRA = Color(0.95, 0.95, 0.95)
RULE = Color(0.55, 0.55, 0.55)

HEADING = ParagraphStyle("heading", fontName=FONT, fontSize=13, leading=16, spaceAfter=3,
                         spaceBefore=2, alignment=TA_LEFT)
SUBHEADING = ParagraphStyle("subheading", fontName=FONT, fontSize=10, leading=12,
                            spaceAfter=2)
NOTE = ParagraphStyle("note", fontName=FONT, fontSize=8, leading=10, spaceAfter=4,
                      textColor=Color(0.3, 0.3, 0.3))
CELL = ParagraphStyle("cell", fontName=FONT, fontSize=9, leading=11)
NARROW_CELL = ParagraphStyle("narrow_cell", fontName=FONT, fontSize=8.5, leading=10)
"""A short column's text in a table of size 8.5 (a country, a registration number): it
wraps inside its column where a plain string ran on into the next one."""
SMALL = ParagraphStyle("small", fontName=FONT, fontSize=7, leading=8.5,
                       textColor=Color(0.3, 0.3, 0.3))


def para(text: str, style: ParagraphStyle = CELL) -> Paragraph:
    """A paragraph of plain text: markup characters in names are shown, not obeyed."""
    return Paragraph(escape(clean(text)), style)


def grid_style(*extra: Any, numbers_from: int | None = None,
               zebra: bool = True, size: float = 9) -> TableStyle:
    commands: list[Any] = [
        ("FONTNAME", (0, 0), (-1, -1), FONT),
        ("FONTSIZE", (0, 0), (-1, -1), size),
        ("LEADING", (0, 0), (-1, -1), size + 2),
        ("BACKGROUND", (0, 0), (-1, 0), HEADER_FILL),
        ("LINEBELOW", (0, 0), (-1, 0), 0.8, Color(0, 0, 0)),
        ("LINEBELOW", (0, 1), (-1, -1), 0.25, RULE),
        ("BOX", (0, 0), (-1, -1), 0.8, Color(0, 0, 0)),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("TOPPADDING", (0, 0), (-1, -1), 2),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 2.5),
    ]
    if zebra:
        commands.append(("ROWBACKGROUNDS", (0, 1), (-1, -1), [None, ZEBRA]))
    if numbers_from is not None:
        commands.append(("ALIGN", (numbers_from, 0), (-1, -1), "RIGHT"))
    commands.extend(extra)
    return TableStyle(commands)
