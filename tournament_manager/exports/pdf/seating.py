"""Seating lists (by table, and alphabetical by player) and one big card per table."""

from __future__ import annotations

import io
from collections.abc import Callable, Sequence

from reportlab.pdfgen.canvas import Canvas  # type: ignore[import-untyped]
from reportlab.platypus import PageBreak, Table  # type: ignore[import-untyped]

from tournament_manager.domain.model import Player
from tournament_manager.exports.pdf.common import (
    MARGIN,
    build_document,
    draw_banner,
    mm,
    new_canvas,
    page_frame,
    page_size,
    put,
)
from tournament_manager.exports.pdf.fonts import register_font
from tournament_manager.exports.pdf.styles import HEADING, NOTE, SMALL, grid_style, para
from tournament_manager.exports.sources import EventFacts
from tournament_manager.exports.text import (
    NOT_VERIFIED_BANNER,
    ROUND_KIND_TEXT,
    WIND_HANZI,
    WIND_NAMES,
    clean,
    display_name,
    seal_text,
    sort_key,
)
from tournament_manager.rules.tiles import Wind
from tournament_manager.services.verification import VerificationReport
from tournament_manager.services.views import WIND_ORDER, SeatedPlayer, SessionSeating

Progress = Callable[[int, int], None]


def _round_text(facts: EventFacts, seating: SessionSeating) -> str:
    round_ = facts.rounds.get(seating.session.round_id)
    if round_ is None:
        return ""
    return f"Round {round_.number} ({ROUND_KIND_TEXT.get(round_.kind, round_.kind)})"


def named(player: Player) -> str:
    """The name after the registration number: two players can share a name, and the
    number is what a player finds his seat by."""
    number = clean(player.registration_id).strip()
    return f"{number}  {display_name(player)}" if number else display_name(player)


def _seat_cell(seat: SeatedPlayer | None) -> list[object]:
    if seat is None:
        return []
    return [para(named(seat.player)), para(clean(seat.player.country), SMALL)]


def render_seating(facts: EventFacts, seatings: Sequence[SessionSeating],
                   report: VerificationReport, paper: str, *,
                   progress: Progress | None = None) -> bytes:
    """For each session: the tables with their four players, then every player A to Z."""
    register_font()
    pagesize = page_size(paper)
    width = pagesize[0] - 2 * MARGIN
    story: list[object] = []
    for done, seating in enumerate(seatings, start=1):
        if story:
            story.append(PageBreak())
        title = f"Session {seating.session.number}  ·  {_round_text(facts, seating)}"
        story += [para(f"Seating by table  —  {title}", HEADING),
                  para("Starting seats of the first cycle; the East player deals first.", NOTE)]
        rows: list[list[object]] = [["Table", *(f"{WIND_HANZI[w]} {WIND_NAMES[w]}"
                                               for w in WIND_ORDER)]]
        for table in seating.tables:
            by_wind = {seat.wind: seat for seat in table.seats}
            rows.append([str(table.table.number),
                         *(_seat_cell(by_wind.get(w)) for w in WIND_ORDER)])
        seat_w = (width - 16 * mm) / 4
        story.append(Table(rows, colWidths=[16 * mm] + [seat_w] * 4, repeatRows=1,
                           style=grid_style(("ALIGN", (0, 0), (0, -1), "CENTER"),
                                            ("FONTSIZE", (0, 1), (0, -1), 14))))
        story += [PageBreak(), para(f"Seating by player (A–Z)  —  {title}", HEADING)]
        players = sorted(((seat, table.table.number) for table in seating.tables
                          for seat in table.seats),
                         key=lambda item: sort_key(clean(item[0].player.name)))
        alpha: list[list[object]] = [["Player", "Reg. no.", "Country", "Table", "Seat"]]
        for seat, number in players:
            alpha.append([para(display_name(seat.player)),
                          clean(seat.player.registration_id), clean(seat.player.country),
                          str(number), f"{WIND_HANZI[seat.wind]} {WIND_NAMES[seat.wind]}"])
        story.append(Table(alpha, colWidths=[width - 96 * mm, 26 * mm, 22 * mm, 18 * mm,
                                             30 * mm], repeatRows=1,
                           style=grid_style(("ALIGN", (3, 0), (3, -1), "CENTER"),
                                            ("FONTSIZE", (3, 1), (3, -1), 12))))
        if progress is not None:
            progress(done, len(seatings))
    name = clean(facts.tournament.name)
    return build_document(story, pagesize, title=f"{name}: seating", subject="Seating lists",
                          **page_frame(name, "Seating", f"{name}  ·  seating lists", report))


def render_table_cards(facts: EventFacts, seatings: Sequence[SessionSeating],
                       report: VerificationReport, paper: str, *,
                       progress: Progress | None = None) -> bytes:
    """One landscape page per table: a card the players find from across the hall."""
    register_font()
    pagesize = page_size(paper, wide=True)
    buffer = io.BytesIO()
    name = clean(facts.tournament.name)
    canvas = new_canvas(buffer, pagesize, f"{name}: table cards", "Table cards")
    total = sum(len(s.tables) for s in seatings)
    done = 0
    width, height = pagesize
    room = width - 2 * MARGIN
    for seating in seatings:
        for table in seating.tables:
            put(canvas, name, MARGIN, height - MARGIN - 8 * mm, room, 16, "centre")
            canvas.setLineWidth(2)
            canvas.rect(MARGIN, MARGIN + 7 * mm, room, height - 2 * MARGIN - 20 * mm)
            _card_footer(canvas, report, width)
            put(canvas, f"Table {table.table.number}", MARGIN, height - MARGIN - 50 * mm,
                room, 84, "centre")
            put(canvas, f"Session {seating.session.number}   ·   "
                f"{_round_text(facts, seating)}", MARGIN, height - MARGIN - 64 * mm, room,
                18, "centre")
            canvas.setLineWidth(0.8)
            canvas.line(MARGIN + 20 * mm, height - MARGIN - 70 * mm,
                        width - MARGIN - 20 * mm, height - MARGIN - 70 * mm)
            by_wind: dict[Wind, SeatedPlayer] = {seat.wind: seat for seat in table.seats}
            line_h = (height - 2 * MARGIN - 82 * mm) / 4
            for index, wind in enumerate(WIND_ORDER):
                y = height - MARGIN - 82 * mm - index * line_h
                put(canvas, WIND_HANZI[wind], MARGIN + 20 * mm, y, 18 * mm, 30)
                put(canvas, WIND_NAMES[wind], MARGIN + 38 * mm, y, 25 * mm, 14)
                seat = by_wind.get(wind)
                if seat is not None:
                    put(canvas, display_name(seat.player), MARGIN + 65 * mm, y,
                        room - 120 * mm, 28)
                    put(canvas, clean(seat.player.registration_id), width - MARGIN - 55 * mm,
                        y, 45 * mm, 18, "right")
                    put(canvas, clean(seat.player.country), width - MARGIN - 55 * mm,
                        y - 7 * mm, 45 * mm, 12, "right")
            canvas.showPage()
            done += 1
            if progress is not None:
                progress(done, total)
    canvas.save()
    return buffer.getvalue()


def _card_footer(canvas: Canvas, report: VerificationReport, width: float) -> None:
    """Under the card's frame: the audit seal, and the banner of a file that does not
    verify (in red across the foot, where it does not hide the table number)."""
    room = width - 2 * MARGIN
    if not report.ok:
        draw_banner(canvas, [NOT_VERIFIED_BANNER], MARGIN, MARGIN + 6 * mm, room * 0.65,
                    (8,))
    put(canvas, seal_text(report.seal), MARGIN + room * 0.7, MARGIN + 1 * mm, room * 0.3, 7,
        "right")
