"""`tournament-manager standings FILE.tmt [--session N] [--json]`: the ranked field."""

from __future__ import annotations

import argparse
import json
from typing import Any

from tournament_manager.cli.commands import SUMMARIES
from tournament_manager.cli.documents import event_address, opened, user_errors
from tournament_manager.exports.text import rank_text, shared_ranks
from tournament_manager.services.standings import Standings, StandingsRow, standings
from tournament_manager.text_width import display_width
from tournament_manager.words import _


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser("standings", help=_(SUMMARIES["standings"]),
                                   description=_("Print the standings of a tournament file."))
    parser.add_argument("file", type=event_address, help=_("the tournament file (.tmt)"))
    parser.add_argument("--session", type=int, default=None,
                        help=_("standings after this session (default: everything played)"))
    parser.add_argument("--json", action="store_true", help=_("print JSON instead of a table"))
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    with opened(args.file, read_only=True) as document, user_errors():
        table = standings(document.unit_of_work(), args.session)
    print(json.dumps(_as_json(table), ensure_ascii=False, indent=2) if args.json
          else _as_text(table))
    return 0


def _row_json(row: StandingsRow) -> dict[str, object]:
    return {
        "rank": row.rank,
        "player_id": row.player.id,
        "registration_id": row.player.registration_id,
        "name": row.player.name,
        "native_name": row.player.native_name,
        "country": row.player.country,
        "round": row.round_number,
        "converted_total": row.converted_total,
        "raw_total": row.raw_total,
        "carried": row.carried,
        "tie_break": row.tie_break.value if row.tie_break else None,
        "placed_by_draw": row.placed_by_draw,
        "withdrawn": row.withdrawn,
        "sessions": [{"session": s.session_number, "table": s.table_number,
                      "raw": float(s.raw), "converted": s.converted} for s in row.sessions],
    }


def _as_json(table: Standings) -> dict[str, object]:
    return {"through_session": table.through_session,
            "rows": [_row_json(row) for row in table.rows]}


def _as_text(table: Standings) -> str:
    heading = (_("standings after session {session}").format(session=table.through_session)
               if table.through_session is not None else _("standings"))
    count = (_("{ranked} ranked, {withdrawn} withdrawn") if table.withdrawn
             else _("{ranked} ranked")).format(ranked=table.ranked, withdrawn=table.withdrawn)
    withdrawn = _("withdrawn")
    rank, reg, player, country, score, raw = (  # not in the f-string: extracted from here
        _("rank"), _("reg"), _("player"), _("country"), _("score"), _("raw"))
    lines = [_("{heading}: {count}").format(heading=heading, count=count),
             (f"{_pad(rank, 4, right=True)}  {_pad(reg, 8)} {_pad(player, 28)} "
              f"{_pad(country, 8)} {_pad(score, 9, right=True)} {_pad(raw, 8, right=True)}")]
    shared = shared_ranks(table)
    for row in table.rows:
        rank = rank_text(row, shared) if row.rank is not None else "-"
        note = f"  {withdrawn}" if row.withdrawn else ""
        lines.append(f"{rank:>4}  {row.player.registration_id[:8]:<8} "
                     f"{row.player.name[:28]:<28} {row.player.country[:8]:<8} "
                     f"{row.converted_total:>9.2f} {_points(row.raw_total):>8}{note}")
    # The marks explained as the printed standings explain them (their sentences begin
    # with the space that joins them to the note's first).
    if shared:
        lines.append(_(" “=” before a rank: shared by players the tie-break chain cannot separate."
                       ).strip())
    if table.drawn_places:
        lines.append(_(" “†” after a rank: equal score and raw total, placed by the recorded "
                       "draw.").strip())
    return "\n".join(lines)


def _pad(text: str, width: int, right: bool = False) -> str:
    """`text` filled to `width` terminal columns: a Chinese character takes two."""
    fill = " " * max(0, width - display_width(text))
    return fill + text if right else text + fill


def _points(value: float) -> str:
    """Whole points as such; a share of a distributed penalty with two decimals."""
    return f"{value:.0f}" if float(value).is_integer() else f"{value:.2f}"
