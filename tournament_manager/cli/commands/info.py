"""`tournament-manager info FILE`: what a tournament file holds, at a glance."""

from __future__ import annotations

import argparse
import json
from typing import Any

from tournament_manager.cli.commands import SUMMARIES
from tournament_manager.cli.documents import event_address, opened
from tournament_manager.domain.settings import SessionEnd
from tournament_manager.services.tournaments import Overview, overview


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser("info", help=SUMMARIES["info"],
                                   description="Summarise a tournament file (read-only).")
    parser.add_argument("file", type=event_address, help="the tournament file (.tmt)")
    parser.add_argument("--json", action="store_true", help="print JSON instead of text")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    with opened(args.file, read_only=True) as document:
        summary = overview(document.unit_of_work())
    print(json.dumps(_as_json(summary), indent=2, ensure_ascii=False) if args.json
          else _as_text(summary))
    return 0


def _as_json(summary: Overview) -> dict[str, object]:
    settings = summary.tournament.settings
    return {
        "name": summary.tournament.name,
        "venue": summary.tournament.venue,
        "created_at": summary.tournament.created_at.isoformat(),
        "rule_set": settings.rule_set,
        "format_preset": settings.format_preset,
        "rounds": [
            {"kind": plan.kind.value, "sessions": plan.sessions, "advance": plan.advance,
             "carry": plan.carry}
            for plan in settings.rounds
        ],
        "hands_per_session": settings.hands_per_session,
        "session_end": settings.session_end.value,
        "players": summary.players,
        "withdrawn": summary.withdrawn,
        "substitutes": summary.substitutes,
        "sessions": summary.sessions,
        "sessions_played": summary.sessions_played,
        "sessions_drawn": summary.sessions_drawn,
        "sessions_provisional": summary.sessions_provisional,
        "tables": summary.tables,
        "hands": summary.hands,
        "penalties": summary.penalties,
        "signatures": summary.signatures,
        "last_change": summary.last_change.isoformat() if summary.last_change else None,
    }


def _round_line(number: int, kind: str, sessions: int, advance: int | None) -> str:
    cut = f", top {advance} advance" if advance is not None else ""
    plural = "s" if sessions != 1 else ""
    return f"  round {number}: {kind}, {sessions} session{plural}{cut}"


def _as_text(summary: Overview) -> str:
    tournament = summary.tournament
    settings = tournament.settings
    lines = [
        tournament.name + (f" — {tournament.venue}" if tournament.venue else ""),
        (f"created {tournament.created_at:%Y-%m-%d %H:%M} UTC; rules {settings.rule_set}; "
         f"format {settings.format_preset}"),
        (f"players: {summary.players} ({summary.withdrawn} withdrawn, "
         f"{summary.substitutes} substitutes)"),
        (f"sessions: {summary.sessions_played} of {summary.sessions} played, "
         f"{summary.sessions_drawn} drawn, {settings.hands_per_session} "
         f"{'deals' if settings.session_end is SessionEnd.DEALS else 'hands'} each; "
         f"{summary.tables} tables drawn"
         + (f"; {summary.sessions_provisional} later sessions planned provisionally (not "
            "drawn: they change as results come in)" if summary.sessions_provisional
            else "")),
        *(_round_line(number, plan.kind.value, plan.sessions, plan.advance)
          for number, plan in enumerate(settings.rounds, start=1)),
        (f"hands recorded: {summary.hands}; penalties: {summary.penalties}; "
         f"signatures: {summary.signatures}"),
    ]
    if summary.last_change is not None:
        lines.append(f"last change: {summary.last_change:%Y-%m-%d %H:%M:%S} UTC")
    return "\n".join(lines)
