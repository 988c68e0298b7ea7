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


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "head-judge", help=SUMMARIES["head-judge"],
        description="Set the head judge's name and passphrase, which correcting a signed "
                    "sheet and reopening a finished session ask for. Changing it asks for "
                    "the current passphrase. Without a terminal, give the current one in "
                    "TOURNAMENT_MANAGER_PASSPHRASE and the new one in "
                    f"{NEW_ENVIRONMENT}, or both on standard input (current first) with "
                    "--passphrase-stdin.")
    parser.add_argument("file", type=event_address, help="the tournament file (.tmt)")
    parser.add_argument("--name", default=None, help="the head judge's name")
    parser.add_argument("--passphrase-stdin", action="store_true",
                        help="read the passphrases from standard input, one per line")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    with opened(args.file) as document, user_errors():
        judge = head_judge(document.unit_of_work())
        current = None
        if judge is not None and judge.key:
            current = HeadJudgeCredential(read_passphrase(
                from_stdin=args.passphrase_stdin, prompt="Current head judge passphrase: "))
        new = read_new_passphrase(from_stdin=args.passphrase_stdin, variable=NEW_ENVIRONMENT)
        if new is None:
            raise CliError(f"type the new passphrase at a terminal, set {NEW_ENVIRONMENT}, or "
                           "give it on standard input with --passphrase-stdin", status=2)
        name = args.name or (judge.name if judge is not None else "")
        judge = set_head_judge(document.unit_of_work(), name, new, current=current)
    print(f"head judge: {judge.name}; passphrase set")
    return 0
