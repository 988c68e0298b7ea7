"""`tournament-manager info FILE`: what a tournament file holds, at a glance.

A current file is read by `storage.glance_reader` without the storage stack (a tenth of
the time); any other event, or a file that reader leaves alone, is opened the full way.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from tournament_manager.cli.commands import SUMMARIES
from tournament_manager.cli.documents import event_address, opened
from tournament_manager.domain.settings import SessionEnd
from tournament_manager.services.glance import Glance, glance_of
from tournament_manager.storage.glance_reader import read_glance


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser("info", help=SUMMARIES["info"],
                                   description="Summarise a tournament file (read-only).")
    parser.add_argument("file", type=event_address, help="the tournament file (.tmt)")
    parser.add_argument("--json", action="store_true", help="print JSON instead of text")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    summary = read_glance(args.file) if isinstance(args.file, Path) else None
    if summary is None:
        from tournament_manager.services.tournaments import overview

        with opened(args.file, read_only=True) as document:
            summary = glance_of(overview(document.unit_of_work()))
    print(json.dumps(_as_json(summary), indent=2, ensure_ascii=False) if args.json
          else _as_text(summary))
    return 0


def _as_json(summary: Glance) -> dict[str, object]:
    return {
        "name": summary.name,
        "venue": summary.venue,
        "created_at": summary.created_at.isoformat(),
        "rule_set": summary.rule_set,
        "format_preset": summary.format_preset,
        "rounds": [
            {"kind": plan.kind.value, "sessions": plan.sessions, "advance": plan.advance,
             "carry": plan.carry}
            for plan in summary.rounds
        ],
        "hands_per_session": summary.hands_per_session,
        "session_end": summary.session_end.value,
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


def _as_text(summary: Glance) -> str:
    lines = [
        summary.name + (f" — {summary.venue}" if summary.venue else ""),
        (f"created {summary.created_at:%Y-%m-%d %H:%M} UTC; rules {summary.rule_set}; "
         f"format {summary.format_preset}"),
        (f"players: {summary.players} ({summary.withdrawn} withdrawn, "
         f"{summary.substitutes} substitutes)"),
        (f"sessions: {summary.sessions_played} of {summary.sessions} played, "
         f"{summary.sessions_drawn} drawn, {summary.hands_per_session} "
         f"{'deals' if summary.session_end is SessionEnd.DEALS else 'hands'} each; "
         f"{summary.tables} tables drawn"
         + (f"; {summary.sessions_provisional} later sessions planned provisionally (not "
            "drawn: they change as results come in)" if summary.sessions_provisional
            else "")),
        *(_round_line(number, plan.kind.value, plan.sessions, plan.advance)
          for number, plan in enumerate(summary.rounds, start=1)),
        (f"hands recorded: {summary.hands}; penalties: {summary.penalties}; "
         f"signatures: {summary.signatures}"),
    ]
    if summary.last_change is not None:
        lines.append(f"last change: {summary.last_change:%Y-%m-%d %H:%M:%S} UTC")
    return "\n".join(lines)
