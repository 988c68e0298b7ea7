"""`tournament-manager score`: score hands given in the JSON hand format (hand-format.md).

A thin wrapper: reading hands, scoring and building the output all live in
`tournament_manager.rules.hand_json`, which the GUI calculator shares.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from tournament_manager.cli.errors import CliError
from tournament_manager.messages.hand_errors import describe_hand_problem
from tournament_manager.rules import available_rule_sets, get_rule_set
from tournament_manager.rules.errors import OptionError
from tournament_manager.rules.hand_json import score_json
from tournament_manager.rules.registry import DEFAULT_RULE_SET
from tournament_manager.rules.rule_set import RuleSet


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "score",
        help="score hands given as JSON",
        description="Score one hand object or an array of hands (JSON) and print the results "
        "as JSON of the same shape. Invalid hands are reported in place.",
    )
    parser.add_argument(
        "--rules",
        default=DEFAULT_RULE_SET,
        choices=available_rule_sets(),
        help=f"rule set (default: {DEFAULT_RULE_SET})",
    )
    parser.add_argument(
        "--profile",
        help="a named preset of the rule set's options "
        "(mcr: green_book (default) or mahjonggb; classic: classic_seed (default) or "
        "classic_babcock)",
    )
    parser.add_argument("file", nargs="?", default="-", metavar="FILE", help="'-' or absent: stdin")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    rule_set = get_rule_set(args.rules)
    options = _options(rule_set, args.profile)
    data = _load(args.file)
    print(_as_text(score_json(data, rule_set, options, describe_hand_problem)))
    return 0


def _as_text(output: object) -> str:
    """One result per line: compact enough to read, still a single JSON document."""
    if isinstance(output, list):
        return "[\n" + ",\n".join(json.dumps(item) for item in output) + "\n]"
    return json.dumps(output)


def _options(rule_set: RuleSet[Any], profile: str | None) -> Any:
    if profile is None:
        return rule_set.default_options()
    try:
        return rule_set.profile_options(profile)
    except OptionError:
        known = ", ".join(rule_set.profiles()) or "none"
        raise CliError(
            f"unknown profile '{profile}' for {rule_set.id} (profiles: {known})", status=2
        ) from None


def _load(path: str) -> object:
    try:
        if path == "-":
            text = sys.stdin.read()
        else:
            with open(path, encoding="utf-8") as handle:
                text = handle.read()
    except OSError as error:
        raise CliError(f"cannot read {path}: {error.strerror}") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        raise CliError(
            f"malformed JSON in {'standard input' if path == '-' else path}: "
            f"{error.msg} at line {error.lineno} column {error.colno}",
            status=2,
        ) from None
