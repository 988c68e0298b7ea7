"""Cards for table-side entry: one per table, with the address to open, the table's code
and a QR code that opens the page with the code already typed. The head judge prints
them, or shows the page on the projector."""

from __future__ import annotations

import io
from collections.abc import Sequence
from pathlib import Path
from urllib.parse import urlencode

from reportlab.graphics import renderPDF  # type: ignore[import-untyped]
from reportlab.graphics.barcode.qr import QrCodeWidget  # type: ignore[import-untyped]
from reportlab.graphics.shapes import Drawing  # type: ignore[import-untyped]
from reportlab.lib.pagesizes import A4  # type: ignore[import-untyped]
from reportlab.lib.units import mm  # type: ignore[import-untyped]

from tournament_manager.exports.atomic import check_target, write_atomic
from tournament_manager.exports.pdf.fonts import FONT, canvas_maker, register_font
from tournament_manager.languages import DocumentLanguage
from tournament_manager.words import _, speaking

CARDS_PER_PAGE = 4
QR_SIZE = 60 * mm


def code_link(address: str, code: str) -> str:
    """The page's address with the code in it: scanned, it logs the table in."""
    return address.rstrip("/") + "/?" + urlencode({"code": code})


def write_table_codes(out: Path, event: str, address: str,
                      codes: Sequence[tuple[int, int, str]],
                      language: DocumentLanguage | None = None) -> Path:
    """A4 pages of cards, four to a page, for (session, table, code) each, in `language`
    (None: the process's)."""
    with speaking(language):
        return _write(out, event, address, codes)


def _write(out: Path, event: str, address: str,
           codes: Sequence[tuple[int, int, str]]) -> Path:
    check_target(out)
    register_font()
    buffer = io.BytesIO()
    canvas = canvas_maker()(buffer, pagesize=A4)
    canvas.setTitle(_("{event}: table codes").format(event=event))
    width, height = A4
    card_height = height / CARDS_PER_PAGE
    for index, (session, table, code) in enumerate(codes):
        slot = index % CARDS_PER_PAGE
        if index and slot == 0:
            canvas.showPage()
        top = height - slot * card_height
        canvas.setDash(3, 3)
        canvas.line(10 * mm, top - card_height, width - 10 * mm, top - card_height)
        canvas.setDash()
        canvas.setFont(FONT, 11)
        canvas.drawString(15 * mm, top - 14 * mm,
                          _("{event} — session {session}").format(event=event, session=session))
        canvas.setFont(FONT, 30)
        canvas.drawString(15 * mm, top - 30 * mm, _("Table {table}").format(table=table))
        canvas.setFont(FONT, 11)
        canvas.drawString(15 * mm, top - 42 * mm, _("Open on a phone or tablet on this network:"))
        canvas.drawString(15 * mm, top - 49 * mm, address)
        canvas.drawString(15 * mm, top - 58 * mm, _("and type the code"))
        canvas.setFont(FONT, 26)
        canvas.drawString(15 * mm, top - 69 * mm, " ".join(code))
        qr = QrCodeWidget(code_link(address, code))
        left, bottom, right, upper = qr.getBounds()
        drawing = Drawing(QR_SIZE, QR_SIZE, transform=[QR_SIZE / (right - left), 0, 0,
                                                       QR_SIZE / (upper - bottom), 0, 0])
        drawing.add(qr)
        renderPDF.draw(drawing, canvas, width - 15 * mm - QR_SIZE, top - 8 * mm - QR_SIZE)
    if not codes:
        canvas.setFont(FONT, 14)
        canvas.drawString(15 * mm, height - 30 * mm,
                          _("No session is being played: start one, then print the codes."))
    canvas.save()
    return write_atomic(out, buffer.getvalue())
