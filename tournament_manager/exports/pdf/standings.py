"""The standings as organisers post them: rank, registration number, name, country, each
session, totals.

Rows come from `services.standings` in its order: the latest round's entrants first,
then, block by block, those eliminated at each earlier cut; within a block, players who
take no place (withdrawn, substitutes) after the ranked field, with no rank. Players the
whole tie-break chain cannot separate share a rank, printed "=5" on each of their rows so
nobody reads the order between them as a placing.
"""

from __future__ import annotations

from collections.abc import Callable

from reportlab.lib.colors import Color  # type: ignore[import-untyped]
from reportlab.platypus import Table  # type: ignore[import-untyped]

from tournament_manager.domain.settings import SessionConversion
from tournament_manager.exports.pdf.common import (
    MARGIN,
    build_document,
    mm,
    page_frame,
    page_size,
)
from tournament_manager.exports.pdf.fonts import register_font
from tournament_manager.exports.pdf.styles import (
    HEADER_FILL,
    HEADING,
    NARROW_CELL,
    NOTE,
    SMALL,
    SUBHEADING,
    grid_style,
    para,
)
from tournament_manager.exports.sources import EventFacts
from tournament_manager.exports.text import (
    clean,
    converted,
    display_name,
    field_text,
    late_entry_text,
    plain,
    rank_text,
    shared_ranks,
    standings_notice,
)
from tournament_manager.services.standings import Standings, StandingsRow
from tournament_manager.services.verification import VerificationReport
from tournament_manager.words import N_, _

Progress = Callable[[int, int], None]

CONVERSION_NOTE = {
    SessionConversion.MATCH_POINTS: N_("Score: match points (sign(raw) × √|raw| per session)"),
    SessionConversion.RAW: N_("Score: raw points"),
    SessionConversion.TABLE_POINTS: N_("Score: table points (4/2/1/0 by rank at the table)"),
}
WITHDRAWN = N_("withdrawn")
APART_GREY = Color(0.4, 0.4, 0.4)
MIN_PLAYER_W = 45 * mm
"""Narrower than this and names wrap onto three lines: the page turns landscape."""


def standings_title(table: Standings) -> str:
    if table.through_session is None:
        return _("Standings")
    return _("Standings after session {session}").format(session=table.through_session)


def session_columns(table: Standings) -> list[int]:
    return sorted({s.session_number for row in table.rows for s in row.sessions})


def _session_cell(row: StandingsRow, number: int) -> str:
    for score in row.sessions:
        if score.session_number == number:
            text = converted(score.converted)
            return _("{score} (bye)").format(score=text) if score.table_number is None else text
    return ""


def _player_cell(row: StandingsRow) -> object:
    """The name, and under it why a player without a rank has none."""
    if row.withdrawn:
        return [para(display_name(row.player)), para(_(WITHDRAWN), SMALL)]
    late = late_entry_text(row.player)
    if late:
        return [para(display_name(row.player)), para(late, SMALL)]
    return para(display_name(row.player))


def _widths(width: float, sessions: int, carried: bool) -> tuple[list[float], list[float]]:
    """(columns up to Round or Carried, session and total columns); the player column
    takes what is left. The country's 24 mm hold one long word (Turkmenistan: 18.6 mm at
    8.5 pt, and the padding) without breaking it; longer names wrap between words."""
    fixed = [11 * mm, 18 * mm, 0.0, 24 * mm, 11 * mm] + ([15 * mm] if carried else [])
    totals = [18 * mm, 16 * mm]
    room = width - sum(fixed) - sum(totals) - MIN_PLAYER_W
    session_w = max(11 * mm, min(15 * mm, room / sessions)) if sessions else 0.0
    numbers = [session_w] * sessions + totals
    fixed[2] = width - sum(fixed) - sum(numbers)
    return fixed, numbers


def _needs_landscape(paper: str, sessions: int, carried: bool) -> bool:
    fixed, _numbers = _widths(page_size(paper)[0] - 2 * MARGIN, sessions, carried)
    return fixed[2] < MIN_PLAYER_W


def render_standings(facts: EventFacts, table: Standings, report: VerificationReport,
                     paper: str, *, progress: Progress | None = None) -> bytes:
    register_font()
    sessions = session_columns(table)
    carried = any(row.carried for row in table.rows)
    pagesize = page_size(paper, wide=_needs_landscape(paper, len(sessions), carried))
    fixed, numbers = _widths(pagesize[0] - 2 * MARGIN, len(sessions), carried)
    heading: list[object] = [_("Rank"), _("Reg. no."), _("Player"), _("Country"), _("Round")]
    if carried:
        heading.append(_("Carried"))
    heading += [f"S{number}" for number in sessions] + [_("Score"), _("Raw")]
    data: list[list[object]] = [heading]
    extra: list[tuple[object, ...]] = []
    previous_round: int | None = None
    latest_round = max((row.round_number for row in table.rows), default=0)
    shared = shared_ranks(table)
    for index, row in enumerate(table.rows, start=1):
        if previous_round is not None and row.round_number != previous_round:
            data.append([_("Eliminated after round {round}").format(round=row.round_number),
                         *([""] * (len(heading) - 1))])
            line = len(data) - 1
            extra += [("SPAN", (0, line), (-1, line)), ("BACKGROUND", (0, line), (-1, line),
                                                         HEADER_FILL),
                      ("ALIGN", (0, line), (-1, line), "LEFT"),
                      ("LINEABOVE", (0, line), (-1, line), 1.2, (0, 0, 0))]
        previous_round = row.round_number
        cells: list[object] = [rank_text(row, shared),
                               para(row.player.registration_id, NARROW_CELL),
                               _player_cell(row), para(row.player.country, NARROW_CELL),
                               str(row.round_number)]
        if carried:
            cells.append(converted(row.carried))
        cells += [_session_cell(row, number) for number in sessions]
        cells += [converted(row.converted_total), plain(row.raw_total)]
        data.append(cells)
        if row.withdrawn:
            extra.append(("TEXTCOLOR", (0, len(data) - 1), (-1, len(data) - 1), APART_GREY))
        if progress is not None and index % 64 == 0:
            progress(index, len(table.rows))
    notice = standings_notice(table)
    in_play = [para(notice, SUBHEADING)] if notice else []
    story = [para(standings_title(table), HEADING), para(field_text(table), SUBHEADING),
             *in_play, para(_note(facts, latest_round, shared, table), NOTE),
             Table(data, colWidths=fixed + numbers, repeatRows=1,
                   style=grid_style(("ALIGN", (0, 0), (0, -1), "RIGHT"),
                                    ("ALIGN", (4, 0), (4, -1), "CENTER"),
                                    *extra,  # after the columns: a band's span aligns left
                                    numbers_from=5, size=8.5))]
    name = clean(facts.tournament.name)
    if progress is not None:
        progress(len(table.rows), len(table.rows))
    title = standings_title(table)
    return build_document(story, pagesize, title=_("{event}: {title}").format(event=name,
                                                                              title=title),
                          subject=_("Standings"),
                          **page_frame(name, title, f"{name}  ·  {title}", report))


def _note(facts: EventFacts, latest_round: int, shared: frozenset[int],
          table: Standings) -> str:
    # The sentences after the first begin with the space that separates them in English.
    note = _("{scoring}; ranked by score, then raw total, then the recorded draw. "
             "S1, S2, …: converted score of each session played."
             ).format(scoring=_(CONVERSION_NOTE[facts.tournament.settings.session_conversion]))
    if shared:
        note += _(" “=” before a rank: shared by players the tie-break chain cannot separate.")
    if table.drawn_places:
        note += _(" “†” after a rank: equal score and raw total, placed by the recorded draw.")
    if table.withdrawn:
        note += _(" Withdrawn players keep their results, apart from the ranked field.")
    if latest_round > 1:
        note += _(" Players who reached a later round are listed first; their score counts "
                  "the sessions of that round and what they carried into it.")
    return note
