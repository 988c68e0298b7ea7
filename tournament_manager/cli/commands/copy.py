"""`tournament-manager copy SOURCE TARGET`: an event from a file onto a server, from a
server into a file, or from one file into another."""

from __future__ import annotations

import argparse
from typing import Any

from tournament_manager.application.events import copy_event
from tournament_manager.cli.commands import SUMMARIES
from tournament_manager.cli.documents import event_address, user_errors
from tournament_manager.words import _


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "copy", help=_(SUMMARIES["copy"]),
        description=_("Copy a whole event: a .tmt file onto a PostgreSQL server to run it "
                    "from several stations (postgresql://user@host/event; the database is "
                    "made if missing), a server event into a .tmt file to take it away, or "
                    "a file into another file. The target must not hold an event yet; the "
                    "source is only read."))
    parser.add_argument("source", type=event_address, help=_("the event to copy"))
    parser.add_argument("target", type=event_address, help=_("where the copy goes (new)"))
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    with user_errors():
        copy_event(args.source, args.target)
    print(_("copied {source} to {target}").format(source=args.source, target=args.target))
    return 0
