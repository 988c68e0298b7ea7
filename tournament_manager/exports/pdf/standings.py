"""The standings as organisers post them: rank, name, country, each session, totals.

Rows come from `services.standings` in its order: the latest round's entrants first,
then, block by block, those eliminated at each earlier cut.
"""

from __future__ import annotations

from collections.abc import Callable

from reportlab.platypus import Table  # type: ignore[import-untyped]

from tournament_manager.domain.settings import SessionConversion
from tournament_manager.exports.pdf.common import (
    MARGIN,
    build_document,
    mm,
    page_size,
    standard_footer,
    standard_header,
)
from tournament_manager.exports.pdf.fonts import register_font
from tournament_manager.exports.pdf.styles import HEADER_FILL, HEADING, NOTE, grid_style, para
from tournament_manager.exports.sources import EventFacts
from tournament_manager.exports.text import clean, converted, display_name, plain
from tournament_manager.services.standings import Standings, StandingsRow

Progress = Callable[[int, int], None]

CONVERSION_NOTE = {
    SessionConversion.MATCH_POINTS: "Score: match points (sign(raw) × √|raw| per session)",
    SessionConversion.RAW: "Score: raw points",
    SessionConversion.TABLE_POINTS: "Score: table points (4/2/1/0 by rank at the table)",
}


def standings_title(table: Standings) -> str:
    if table.through_session is None:
        return "Standings"
    return f"Standings after session {table.through_session}"


def session_columns(table: Standings) -> list[int]:
    return sorted({s.session_number for row in table.rows for s in row.sessions})


def _session_cell(row: StandingsRow, number: int) -> str:
    for score in row.sessions:
        if score.session_number == number:
            text = converted(score.converted)
            return f"{text} (bye)" if score.table_number is None else text
    return ""


def render_standings(facts: EventFacts, table: Standings, paper: str, *,
                     progress: Progress | None = None) -> bytes:
    register_font()
    sessions = session_columns(table)
    carried = any(row.carried for row in table.rows)
    wide = len(sessions) > 4
    pagesize = page_size(paper, wide=wide)
    width = pagesize[0] - 2 * MARGIN
    heading: list[object] = ["Rank", "Player", "Country", "Round"]
    if carried:
        heading.append("Carried")
    heading += [f"S{number}" for number in sessions] + ["Score", "Raw"]
    fixed = [12 * mm, 0.0, 16 * mm, 13 * mm] + ([17 * mm] if carried else [])
    numbers = [17 * mm] * len(sessions) + [19 * mm, 17 * mm]
    fixed[1] = width - sum(fixed) - sum(numbers)
    data: list[list[object]] = [heading]
    extra: list[tuple[object, ...]] = []
    previous_round: int | None = None
    latest_round = max((row.round_number for row in table.rows), default=0)
    for index, row in enumerate(table.rows, start=1):
        if previous_round is not None and row.round_number != previous_round:
            data.append([f"Eliminated after round {row.round_number}",
                         *([""] * (len(heading) - 1))])
            line = len(data) - 1
            extra += [("SPAN", (0, line), (-1, line)), ("BACKGROUND", (0, line), (-1, line),
                                                         HEADER_FILL),
                      ("ALIGN", (0, line), (-1, line), "LEFT"),
                      ("LINEABOVE", (0, line), (-1, line), 1.2, (0, 0, 0))]
        previous_round = row.round_number
        cells: list[object] = [str(row.rank) if row.rank is not None else "–",
                               para(display_name(row.player)), clean(row.player.country),
                               str(row.round_number)]
        if carried:
            cells.append(converted(row.carried))
        cells += [_session_cell(row, number) for number in sessions]
        cells += [converted(row.converted_total), plain(row.raw_total)]
        data.append(cells)
        if progress is not None and index % 64 == 0:
            progress(index, len(table.rows))
    note = CONVERSION_NOTE[facts.tournament.settings.session_conversion]
    note += ("; ranked by score, then raw total, then the recorded draw. "
             "S1, S2, …: converted score of each session of the player's current round.")
    if latest_round > 1:
        note += " Players who reached a later round are listed first."
    story = [para(standings_title(table), HEADING), para(note, NOTE),
             Table(data, colWidths=fixed + numbers, repeatRows=1,
                   style=grid_style(*extra, ("ALIGN", (0, 0), (0, -1), "RIGHT"),
                                    ("ALIGN", (3, 0), (3, -1), "CENTER"),
                                    numbers_from=4, size=8.5))]
    name = clean(facts.tournament.name)
    if progress is not None:
        progress(len(table.rows), len(table.rows))
    return build_document(story, pagesize, title=f"{name}: {standings_title(table)}",
                          subject="Standings", header=standard_header(name, standings_title(table)),
                          footer=standard_footer(f"{name}  ·  {standings_title(table)}"))
