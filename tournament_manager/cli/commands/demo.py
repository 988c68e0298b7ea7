"""`tournament-manager demo FILE.tmt --players 64 --preset wsom_2015 [--seed S]`."""

from __future__ import annotations

import argparse
import sys
import time
from typing import Any

from tournament_manager.cli.commands import SUMMARIES
from tournament_manager.cli.documents import event_address, opened
from tournament_manager.cli.errors import CliError
from tournament_manager.domain.presets import OPEN_DEFAULT_SESSIONS, Preset
from tournament_manager.rules.registry import DEFAULT_RULE_SET, available_rule_sets
from tournament_manager.services.demo import run_demo
from tournament_manager.storage.backup import BackupReason
from tournament_manager.words import _


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "demo", help=_(SUMMARIES["demo"]),
        description=_("Create a new tournament file and play a whole event in it through the "
                    "services: draws, seat picks, scored hands, penalties, signatures, cuts."))
    parser.add_argument("file", type=event_address, help=_("the tournament file to create (.tmt)"))
    parser.add_argument("--players", type=int, default=64)
    parser.add_argument("--preset", choices=[p.value for p in Preset], default="wsom_2015")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--sessions", type=int, default=None,
                        help=_("the number of sessions of an open event (default "
                               "{sessions}); the WSOM presets fix their own").format(
                                   sessions=OPEN_DEFAULT_SESSIONS))
    parser.add_argument("--rules", choices=available_rule_sets(), default=DEFAULT_RULE_SET)
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    if args.players < 4:
        raise CliError(_("a demo event needs at least 4 players"), status=2)
    if args.sessions is not None and (args.preset != Preset.OPEN.value or args.sessions < 1):
        raise CliError(_("--sessions sets the length of an open event (--preset open): "
                         "one session or more"), status=2)
    started = time.perf_counter()

    def progress(_what: str, done: int, total: int) -> None:
        print(_("session {done} of {total}…").format(done=done, total=total), file=sys.stderr,
              flush=True)

    with opened(args.file, create=True) as document:
        summary = run_demo(document.unit_of_work, players=args.players,
                           preset=Preset(args.preset), seed=args.seed, rule_set=args.rules,
                           sessions=args.sessions,
                           take_backup=lambda: document.backup(BackupReason.SESSION_START),
                           progress=progress)
    cuts = " → ".join(str(n) for n in (summary.players, *summary.cuts))
    print(_("{file}: {sessions} sessions, {hands} hands, {penalties} penalties, field {cuts} "
            "({seconds} s)").format(file=args.file, sessions=summary.sessions,
                                   hands=summary.hands, penalties=summary.penalties, cuts=cuts,
                                   seconds=f"{time.perf_counter() - started:.1f}"))
    return 0
