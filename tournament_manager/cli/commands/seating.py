"""`seating`: draw a schedule (or judge an imported one) and print its quality report."""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path
from typing import Any

from tournament_manager.cli.commands import SUMMARIES
from tournament_manager.cli.errors import CliError
from tournament_manager.cli.quality import report_lines, report_summary
from tournament_manager.domain.seating import (
    Schedule,
    SeatingError,
    format_schedule,
    parse_schedule,
    plan_schedule,
    quality_report,
)
from tournament_manager.messages.seating import describe
from tournament_manager.words import _


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "seating", help=_(SUMMARIES["seating"]))
    source = parser.add_mutually_exclusive_group(required=True)
    source.add_argument("--players", type=int,
                        help=_("number of players (beyond a multiple of 4, the rest sit out "
                               "each session)"))
    source.add_argument("--import", dest="import_file", type=Path, metavar="FILE",
                        help=_("a schedule: one table of four players a line, blank line between"
                             " sessions"))
    parser.add_argument("--sessions", type=int, help=_("number of sessions to draw"))
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--time-limit", type=float, default=30.0, metavar="SECONDS")
    parser.add_argument("--json", action="store_true", help=_("machine-readable output"))
    parser.set_defaults(handler=run)


def _byes(schedule: Schedule) -> list[list[Any]]:
    """Who sits out each session: the players of the whole schedule not seated in it."""
    everyone = sorted({p for session in schedule.sessions for p in session.players()},
                      key=lambda p: (p, "") if isinstance(p, int) else (0, str(p)))
    return [[p for p in everyone if p not in set(session.players())]
            for session in schedule.sessions]


def _schedule(args: argparse.Namespace) -> tuple[Schedule, float]:
    started = time.monotonic()
    if args.import_file is not None:
        try:
            text = args.import_file.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as error:
            raise CliError(_("cannot read {file}: {error}").format(
                file=args.import_file, error=error)) from error
        return parse_schedule(text), time.monotonic() - started
    if args.sessions is None:
        raise CliError(_("--sessions is required with --players"))
    draw = plan_schedule(list(range(1, args.players + 1)), args.sessions, seed=args.seed,
                         time_limit=args.time_limit)
    return draw.schedule, time.monotonic() - started


def run(args: argparse.Namespace) -> int:
    try:
        schedule, seconds = _schedule(args)
    except SeatingError as error:
        raise CliError(describe(error)) from error
    summary = report_summary(quality_report(schedule.sessions), seconds)
    if args.json:
        sessions = [[list(table.seats) for table in session.tables]
                    for session in schedule.sessions]
        print(json.dumps({"schedule": sessions, "byes": _byes(schedule), "report": summary}))
        return 0
    print(format_schedule(schedule))
    for number, byes in enumerate(_byes(schedule), start=1):
        if byes:
            print(_("byes in session {number}: {players}").format(
                number=number, players=" ".join(str(p) for p in byes)))
    for line in report_lines(summary):
        print(line)
    for pair in summary["repeated_pairs"]:
        print(_("  repeat: {a} - {b}").format(a=pair[0], b=pair[1]))
    return 0
