"""`tournament-manager head-judge FILE [--name NAME]`: set or change the head judge's
passphrase (changing it asks for the current one)."""

from __future__ import annotations

import argparse
from typing import Any

from tournament_manager.cli.commands import SUMMARIES
from tournament_manager.cli.documents import event_address, opened, user_errors
from tournament_manager.cli.errors import CliError
from tournament_manager.cli.passphrase import (
    NEW_ENVIRONMENT,
    read_new_passphrase,
    read_passphrase,
)
from tournament_manager.services.head_judge import (
    HeadJudgeCredential,
    head_judge,
    set_head_judge,
)
from tournament_manager.words import _


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "head-judge", help=_(SUMMARIES["head-judge"]),
        description=_("Set the head judge's name and passphrase, which correcting a signed "
                      "sheet and reopening a finished session ask for. Changing it asks for "
                      "the current passphrase. Without a terminal, give the current one in "
                      "TOURNAMENT_MANAGER_PASSPHRASE and the new one in "
                      "{variable}, or both on standard input (current first) with "
                      "--passphrase-stdin.").format(variable=NEW_ENVIRONMENT))
    parser.add_argument("file", type=event_address, help=_("the tournament file (.tmt)"))
    parser.add_argument("--name", default=None, help=_("the head judge's name"))
    parser.add_argument("--passphrase-stdin", action="store_true",
                        help=_("read the passphrases from standard input, one per line"))
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    with opened(args.file) as document, user_errors():
        judge = head_judge(document.unit_of_work())
        current = None
        if judge is not None and judge.key:
            current = HeadJudgeCredential(read_passphrase(
                from_stdin=args.passphrase_stdin, prompt=_("Current head judge passphrase: ")))
        new = read_new_passphrase(from_stdin=args.passphrase_stdin, variable=NEW_ENVIRONMENT)
        if new is None:
            raise CliError(_("type the new passphrase at a terminal, set {variable}, or give "
                             "it on standard input with --passphrase-stdin").format(
                                 variable=NEW_ENVIRONMENT), status=2)
        name = args.name or (judge.name if judge is not None else "")
        judge = set_head_judge(document.unit_of_work(), name, new, current=current)
    print(_("head judge: {name}; passphrase set").format(name=judge.name))
    return 0
