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
from tournament_manager.words import N_, _, n_


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser("info", help=_(SUMMARIES["info"]),
                                   description=_("Summarise a tournament file (read-only)."))
    parser.add_argument("file", type=event_address, help=_("the tournament file (.tmt)"))
    parser.add_argument("--json", action="store_true", help=_("print JSON instead of text"))
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


_ROUND_KINDS = {"preliminary": N_("preliminary"), "elimination": N_("elimination"),
                "final": N_("final")}
"""A round's kind in words (its value is a code, as the JSON gives it)."""


def _round_line(number: int, code: str, sessions: int, advance: int | None) -> str:
    kind = _(_ROUND_KINDS[code]) if code in _ROUND_KINDS else code
    if advance is None:
        return n_("  round {number}: {kind}, {n} session",
                  "  round {number}: {kind}, {n} sessions", sessions).format(
                      number=number, kind=kind, n=sessions)
    return n_("  round {number}: {kind}, {n} session, top {advance} advance",
              "  round {number}: {kind}, {n} sessions, top {advance} advance", sessions).format(
                  number=number, kind=kind, n=sessions, advance=advance)


def _as_text(summary: Glance) -> str:
    name = (_("{name} — {venue}").format(name=summary.name, venue=summary.venue)
            if summary.venue else summary.name)
    each = (_("{n} deals each") if summary.session_end is SessionEnd.DEALS
            else _("{n} hands each")).format(n=summary.hands_per_session)
    sessions = _("sessions: {played} of {sessions} played, {drawn} drawn, {each}; "
                 "{tables} tables drawn").format(
                     played=summary.sessions_played, sessions=summary.sessions,
                     drawn=summary.sessions_drawn, each=each, tables=summary.tables)
    if summary.sessions_provisional:
        sessions += _("; {n} later sessions planned provisionally (not drawn: they change "
                      "as results come in)").format(n=summary.sessions_provisional)
    lines = [
        name,
        _("created {created} UTC; rules {rules}; format {format}").format(
            created=f"{summary.created_at:%Y-%m-%d %H:%M}", rules=summary.rule_set,
            format=summary.format_preset),
        _("players: {players} ({withdrawn} withdrawn, {substitutes} substitutes)").format(
            players=summary.players, withdrawn=summary.withdrawn,
            substitutes=summary.substitutes),
        sessions,
        *(_round_line(number, plan.kind.value, plan.sessions, plan.advance)
          for number, plan in enumerate(summary.rounds, start=1)),
        _("hands recorded: {hands}; penalties: {penalties}; signatures: {signatures}").format(
            hands=summary.hands, penalties=summary.penalties, signatures=summary.signatures),
    ]
    if summary.last_change is not None:
        lines.append(_("last change: {when} UTC").format(
            when=f"{summary.last_change:%Y-%m-%d %H:%M:%S}"))
    return "\n".join(lines)
