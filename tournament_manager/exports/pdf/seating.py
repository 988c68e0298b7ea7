"""Seating lists (by table, and alphabetical by player) and one big card per table.

The lists name the players with a bye in the session too, so nobody looks in vain for his
name. A session holding only the round's provisional plan carries the black band and the
faint PROVISIONAL across each of its pages (`pdf.provisional`).
"""

from __future__ import annotations

import io
from collections.abc import Callable, Sequence

from reportlab.lib.colors import Color  # type: ignore[import-untyped]
from reportlab.lib.styles import ParagraphStyle  # type: ignore[import-untyped]
from reportlab.pdfgen.canvas import Canvas  # type: ignore[import-untyped]
from reportlab.platypus import PageBreak, Table  # type: ignore[import-untyped]

from tournament_manager.domain.model import Player
from tournament_manager.exports.pdf.common import (
    BANNER_H,
    MARGIN,
    build_document,
    draw_banner,
    mm,
    new_canvas,
    page_frame,
    page_size,
    put,
    put_in_fitted,
)
from tournament_manager.exports.pdf.fonts import register_font, width
from tournament_manager.exports.pdf.provisional import (
    BAND_GAP,
    BAND_H,
    PageMarks,
    draw_band,
    draw_mark,
)
from tournament_manager.exports.pdf.styles import HEADING, NOTE, SMALL, grid_style, para
from tournament_manager.exports.sources import EventFacts
from tournament_manager.exports.text import (
    NOT_VERIFIED_BANNER,
    PROVISIONAL_NOTE,
    WIND_HANZI,
    clean,
    display_name,
    round_text,
    seal_text,
    sort_key,
    wind_label,
    wind_name,
)
from tournament_manager.rules.tiles import Wind
from tournament_manager.services.verification import VerificationReport
from tournament_manager.services.views import WIND_ORDER, SeatedPlayer, SessionSeating
from tournament_manager.words import _

Progress = Callable[[int, int], None]
BYES = ParagraphStyle("byes", parent=NOTE, fontSize=10, leading=13, spaceBefore=6,
                      textColor=Color(0, 0, 0))


def _round_text(facts: EventFacts, seating: SessionSeating) -> str:
    round_ = facts.rounds.get(seating.session.round_id)
    if round_ is None:
        return ""
    return round_text(round_.number, round_.kind)


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
    """For each session: the tables with their four players, then every player A to Z,
    byes included."""
    register_font()
    pagesize = page_size(paper)
    width = pagesize[0] - 2 * MARGIN
    marks = PageMarks()
    story: list[object] = []
    for done, seating in enumerate(seatings, start=1):
        if story:
            story.append(PageBreak())
        story.append(marks.mark(seating.provisional))
        title = (_("Session {session}  ·  {round}  ·  provisional plan") if seating.provisional
                 else _("Session {session}  ·  {round}")).format(
            session=seating.session.number, round=_round_text(facts, seating))
        byes = facts.byes.get(seating.session.id, ())
        story += [para(_("Seating by table  —  {title}").format(title=title), HEADING),
                  para(_(PROVISIONAL_NOTE) if seating.provisional else
                       _("Starting seats of the first cycle; the East player deals first."),
                       NOTE)]
        rows: list[list[object]] = [[_("Table"), *(wind_label(w) for w in WIND_ORDER)]]
        for table in seating.tables:
            by_wind = {seat.wind: seat for seat in table.seats}
            rows.append([str(table.table.number),
                         *(_seat_cell(by_wind.get(w)) for w in WIND_ORDER)])
        seat_w = (width - 16 * mm) / 4
        story.append(Table(rows, colWidths=[16 * mm] + [seat_w] * 4, repeatRows=1,
                           style=grid_style(("ALIGN", (0, 0), (0, -1), "CENTER"),
                                            ("FONTSIZE", (0, 1), (0, -1), 14))))
        if byes:
            story.append(para(_("Bye this session (no table): {players}").format(
                players=_(", ").join(named(player) for player in byes)), BYES))
        story += [PageBreak(),
                  para(_("Seating by player (A–Z)  —  {title}").format(title=title), HEADING)]
        players: list[tuple[Player, str, str]] = [
            (seat.player, str(table.table.number), wind_label(seat.wind))
            for table in seating.tables for seat in table.seats]
        players += [(player, "–", _("bye")) for player in byes]
        players.sort(key=lambda item: sort_key(clean(item[0].name)))
        alpha: list[list[object]] = [[_("Player"), _("Reg. no."), _("Country"), _("Table"),
                                      _("Seat")]]
        for player, number, seat_text in players:
            alpha.append([para(display_name(player)), clean(player.registration_id),
                          clean(player.country), number, seat_text])
        story.append(Table(alpha, colWidths=[width - 96 * mm, 26 * mm, 22 * mm, 18 * mm,
                                             30 * mm], repeatRows=1,
                           style=grid_style(("ALIGN", (3, 0), (3, -1), "CENTER"),
                                            ("FONTSIZE", (3, 1), (3, -1), 12))))
        if progress is not None:
            progress(done, len(seatings))
    name = clean(facts.tournament.name)
    frame = page_frame(name, _("Seating"),
                       _("{event}  ·  seating lists").format(event=name), report)
    if any(seating.provisional for seating in seatings):
        # Under the header (and the red banner of a record in doubt): room on every page,
        # the band on the provisional ones.
        band_top = MARGIN + 10.5 * mm + (0 if report.ok else BANNER_H + 1.5 * mm)
        frame["footer"] = marks.footer(frame["footer"], band_top)
        frame["top_space"] += BAND_H + BAND_GAP
    return build_document(story, pagesize, title=_("{event}: seating").format(event=name),
                          subject=_("Seating lists"), **frame)


def render_table_cards(facts: EventFacts, seatings: Sequence[SessionSeating],
                       report: VerificationReport, paper: str, *,
                       progress: Progress | None = None) -> bytes:
    """One landscape page per table: a card the players find from across the hall."""
    register_font()
    pagesize = page_size(paper, wide=True)
    buffer = io.BytesIO()
    name = clean(facts.tournament.name)
    canvas = new_canvas(buffer, pagesize, _("{event}: table cards").format(event=name),
                        _("Table cards"))
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
            if seating.provisional:
                # Inside the frame's top, above the table number: a card of the plan left
                # on a table must not be taken for the draw.
                draw_band(canvas, MARGIN, height - MARGIN - 13 * mm, room, 11 * mm, 22)
                draw_mark(canvas, pagesize)
            put(canvas, _("Table {table}").format(table=table.table.number), MARGIN,
                height - MARGIN - 50 * mm, room, 84, "centre")
            put(canvas, _("Session {session}   ·   {round}").format(
                    session=seating.session.number, round=_round_text(facts, seating)),
                MARGIN, height - MARGIN - 64 * mm, room, 18, "centre")
            canvas.setLineWidth(0.8)
            canvas.line(MARGIN + 20 * mm, height - MARGIN - 70 * mm,
                        width - MARGIN - 20 * mm, height - MARGIN - 70 * mm)
            by_wind: dict[Wind, SeatedPlayer] = {seat.wind: seat for seat in table.seats}
            line_h = (height - 2 * MARGIN - 82 * mm) / 4
            for index, wind in enumerate(WIND_ORDER):
                y = height - MARGIN - 82 * mm - index * line_h
                put(canvas, WIND_HANZI[wind], MARGIN + 20 * mm, y, 18 * mm, 30)
                if wind_name(wind) != WIND_HANZI[wind]:
                    put(canvas, wind_name(wind), MARGIN + 38 * mm, y, 25 * mm, 14)
                seat = by_wind.get(wind)
                if seat is not None:
                    _card_name(canvas, display_name(seat.player), MARGIN + 65 * mm, y,
                               room - 120 * mm)
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


CARD_NAME_SIZE = 28
"""Points: a name on a table card, read from across the hall."""
CARD_NAME_LEAST = 16
"""Points: the least a name on one line is shrunk to; a longer name is wrapped instead."""


def _card_name(canvas: Canvas, name: str, x: float, y: float, room: float) -> None:
    """A player's name on his line of a table card, baseline at `y`: shrunk to its width
    down to `CARD_NAME_LEAST`, beyond that wrapped over two or three lines centred on the
    line. Shrunk to one line, "Maximiliana Wilhelmina Theodora von Hohenzollern-
    Sigmaringen-Auerbach-Lichtenstein III" was set in 7 points and cut before its "III"."""
    if width(name, CARD_NAME_LEAST) <= room:
        put(canvas, name, x, y, room, CARD_NAME_SIZE)
        return
    middle = y + CARD_NAME_SIZE * 0.35
    put_in_fitted(canvas, name, x, middle + 10 * mm, room, 20 * mm, CARD_NAME_LEAST,
                  pad=0, minimum=9, listing=False)


def _card_footer(canvas: Canvas, report: VerificationReport, width: float) -> None:
    """Under the card's frame: the audit seal, and the banner of a file that does not
    verify (in red across the foot, where it does not hide the table number)."""
    room = width - 2 * MARGIN
    if not report.ok:
        draw_banner(canvas, [_(NOT_VERIFIED_BANNER)], MARGIN, MARGIN + 6 * mm, room * 0.65,
                    (8,))
    put(canvas, seal_text(report.seal), MARGIN + room * 0.7, MARGIN + 1 * mm, room * 0.3, 7,
        "right")
