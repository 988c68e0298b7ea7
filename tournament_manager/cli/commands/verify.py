"""`tournament-manager verify FILE`: is the record what was signed and what the rules give?"""

from __future__ import annotations

import argparse
from typing import Any

from tournament_manager.cli.commands import SUMMARIES
from tournament_manager.cli.documents import event_address, opened, user_errors
from tournament_manager.messages.verification import describe_report, summary
from tournament_manager.services.verification import verify
from tournament_manager.words import _


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "verify", help=_(SUMMARIES["verify"]),
        description=_("Check every locked sheet against its signatures, every hand's payments "
                    "against the rules, every cut against the standings and the audit log "
                    "against the records. Prints one line per problem and exits 1 if there "
                    "is any, 0 for a clean file."))
    parser.add_argument("file", type=event_address, help=_("the tournament file (.tmt)"))
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    with opened(args.file, read_only=True) as document, user_errors():
        report = verify(document.unit_of_work())
    for line in describe_report(report):
        print(line)
    print(summary(report))
    return 0 if report.ok else 1
