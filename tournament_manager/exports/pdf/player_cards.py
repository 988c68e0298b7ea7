"""Score Record Cards, the WSOM record (`record_style` `player_cards`; seed 001 Appendix B):
"Each player records any points gained or lost by every player on the Score Record Card ...
passes his card around his three opponents to be signed".

One card per player, two to a page, in table order: the event, session and table, the
owner, a row per hand with a column for each player (the owner's own column marked), the
totals, and a box for each opponent's signature. Blank cards carry the names for play;
filled cards print the sheet's figures, which is what every agreeing card says.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from reportlab.platypus import (  # type: ignore[import-untyped]
    KeepTogether,
    Spacer,
    Table,
)

from tournament_manager.domain.model import Player, Round
from tournament_manager.exports.pdf.common import MARGIN, build_document, mm, page_frame
from tournament_manager.exports.pdf.fonts import register_font
from tournament_manager.exports.pdf.styles import (
    HEADER_FILL,
    HEADING,
    NOTE,
    SUBHEADING,
    grid_style,
    para,
)
from tournament_manager.exports.text import clean, display_name, plain, signed
from tournament_manager.services.verification import VerificationReport
from tournament_manager.services.views import SheetView
from tournament_manager.words import N_, _, headings

WINDS = "ESWN"
HAND_ROW_H = 4.6 * mm
CARD_GAP = 5 * mm


def render_player_cards(views: Sequence[SheetView], rounds: dict[int, Round],
                        report: VerificationReport, *, blank: bool,
                        pagesize: tuple[float, float],
                        progress: Callable[[int, int], None] | None = None) -> bytes:
    """Four cards per table, in the order given; returns the PDF bytes."""
    register_font()
    width = pagesize[0] - 2 * MARGIN
    story: list[object] = []
    for number, view in enumerate(views, start=1):
        for owner in view.players:
            # Two cards of a 16-hand session to a page; a card is never split.
            story += [KeepTogether(_card(view, rounds, owner, width, blank=blank)),
                      Spacer(1, CARD_GAP)]
        if progress is not None:
            progress(number, len(views))
    title = clean(views[0].tournament.name) if views else _("Score record cards")
    what = _("Blank score record cards") if blank else _("Score record cards")
    full = (_("{event}: blank score record cards") if blank
            else _("{event}: score record cards")).format(event=title)
    return build_document(story, pagesize, title=full, subject=what,
                          **page_frame(title, what, what, report))


def _card(view: SheetView, rounds: dict[int, Round], owner: Player, width: float, *,
          blank: bool) -> list[object]:
    players = view.players
    seat = WINDS[players.index(owner)]
    round_ = rounds.get(view.session.round_id)
    registration = clean(owner.registration_id) or "—"
    where = (_("Round {round} · Session {session} · Table {table} · Reg. no. {number}")
             if round_ is not None
             else _("Session {session} · Table {table} · Reg. no. {number}")).format(
        round=round_.number if round_ is not None else "", session=view.session.number,
        table=view.table.number, number=registration)
    heading = [para(_("SCORE RECORD CARD — {name} ({seat})").format(
                   name=display_name(owner), seat=seat), HEADING),
               para(where, SUBHEADING)]
    head: list[object] = ["\n".join(headings(N_("Hand"))), *(
        _("{seat} {name} (own)").format(seat=WINDS[i], name=display_name(p))
        if p.id == owner.id else f"{WINDS[i]} {display_name(p)}"
        for i, p in enumerate(players))]
    rows = {row.hand.number: row for row in view.rows} if not blank else {}
    count = max([view.planned_hands or view.tournament.settings.hands_per_session, *rows])
    data: list[list[object]] = [head]
    for number in range(1, count + 1):
        row = rows.get(number)
        data.append([str(number), *(f"{d:+d}" if row is not None else "" for d in
                                    (row.deltas if row is not None else (0,) * 4))])
    data.append(["  ".join(headings(N_("Total"))),
                 *((f"{t:+d}" for t in view.hand_totals) if rows and not blank
                   else [""] * 4)])
    own = players.index(owner) + 1
    last = len(data) - 1
    hand_w = 14 * mm
    grid = Table(data, colWidths=[hand_w] + [(width - hand_w) / 4] * 4,
                 rowHeights=[None] + [HAND_ROW_H] * (len(data) - 1), repeatRows=1)
    grid.setStyle(grid_style(("BACKGROUND", (own, 1), (own, last - 1), HEADER_FILL),
                             ("LINEABOVE", (0, last), (-1, last), 0.8, (0, 0, 0)),
                             ("ALIGN", (1, 1), (-1, -1), "RIGHT"),
                             zebra=False, size=8.5))
    opponents = [p for p in players if p.id != owner.id]
    signatures = Table([[_("Signed by {seat} {name}").format(seat=WINDS[players.index(p)],
                                                              name=display_name(p))
                         for p in opponents], ["", "", ""]],
                       colWidths=[width / 3] * 3, rowHeights=[None, 12 * mm])
    signatures.setStyle(grid_style(zebra=False, size=8))
    note = para(_("Record every player's gain or loss in each hand; pass the card to your "
                  "three opponents to sign at the end of the session."), NOTE)
    return [*heading, grid, *_penalties(view, blank=blank), Spacer(1, 2 * mm), signatures,
            note]


def _penalties(view: SheetView, *, blank: bool) -> list[object]:
    """The judge's penalties under a filled card's hands: its Total is the hands', and a
    player penalised 10 read +10 on his card where the standings counted 0."""
    if blank:
        return []
    winds = [WINDS[i] for i in range(len(view.players))]
    effects = [raw - hands for raw, hands in zip(view.raw_totals, view.hand_totals,
                                                 strict=True)]
    if not any(effects):  # none, or incidents of 0 points (a time warning)
        return []
    return [Spacer(1, 1 * mm), para(_(
        "Penalties on the table's sheet: {penalties}. After them, the session totals are "
        "{totals}.").format(
            penalties=_(", ").join(f"{wind} {signed(effect)}"
                                   for wind, effect in zip(winds, effects, strict=True)
                                   if effect),
            totals=_(", ").join(f"{wind} {plain(total)}"
                                for wind, total in zip(winds, view.raw_totals, strict=True))),
        NOTE)]
