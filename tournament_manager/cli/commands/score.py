"""`tournament-manager score`: score hands given in the JSON hand format (hand-format.md).

A thin wrapper: reading hands, scoring and building the output all live in
`tournament_manager.rules.hand_json`, which the GUI calculator shares.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from tournament_manager.cli.commands import SUMMARIES
from tournament_manager.cli.errors import CliError
from tournament_manager.cli.parsing import RawDescriptionHelpFormatter
from tournament_manager.rules import available_rule_sets, get_rule_set
from tournament_manager.rules.errors import HandProblem, OptionError
from tournament_manager.rules.hand_json import evaluate_hand, report_to_json
from tournament_manager.rules.registry import DEFAULT_RULE_SET
from tournament_manager.rules.rule_set import RuleSet
from tournament_manager.words import N_, _

INTERNAL_ERROR_CODE = "internal_error"

FORMAT_HELP = N_("""\
the hand (a JSON object; hand-format.md in the documentation has the full contract):
  concealed       tiles held before winning, without the winning tile (13 - 3 x melds):
                  a list of codes ["1m","2m",...] or one compact string "123m456pEEWdWd"
  winning_tile    one tile code
  win_type        "self_draw" or "discard" (robbing a kong: "discard" + flag robbing_kong)
  seat_wind       the winner's seat: "E", "S", "W" or "N"
  melds           optional: [{"type": "chow"|"pung"|"kong", "tiles": ..., "exposed": true}]
                  (exposed is false only for a concealed kong)
  discarder       optional seat (discard wins); payments are by seat with it, by role
                  (winner, responsible, other) without it
  responsible     optional seat, or "none" (same-turn immunity)
  flags           optional: {"seabed": true, ...} or ["seabed", ...]; one of seabed,
                  riverbed, kong_replacement, robbing_kong, heaven, earth, last_tile (mcr)
  prevalent_wind  optional (mcr, classic): "E" (default), "S", "W" or "N"
  flowers         optional (mcr, classic): 0 to 8

tile codes: 1m..9m, 1p..9p, 1s..9s, winds E S W N, dragons Wd Gd Rd; also 1z..7z for the
honors and runs such as 123m or EEE.

output: the same shape as the input, one result per hand: {"valid": true, "value": ...,
"patterns": [...], "arrangement": [...], "payments": {...}} or {"valid": false, "error":
"<in words>", "code": "<code>"}; a bad hand never stops a batch. The input must be UTF-8
JSON; malformed input is one line on standard error and exit status 2.

example: echo '{"concealed": "123m456p789s23sEE", "winning_tile": "4s",
  "win_type": "discard", "seat_wind": "S", "discarder": "W"}' | tournament-manager score
""")


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "score",
        help=_(SUMMARIES["score"]),
        description=_("Score one hand object or an array of hands (JSON) and print the results "
        "as JSON of the same shape. Invalid hands are reported in place."),
        epilog=_(FORMAT_HELP),
        formatter_class=RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "--rules",
        default=DEFAULT_RULE_SET,
        choices=available_rule_sets(),
        help=_("rule set (default: {rules})").format(rules=DEFAULT_RULE_SET),
    )
    parser.add_argument(
        "--profile",
        help=_("a named preset of the rule set's options "
               "(mcr: green_book (default) or mahjonggb; classic: classic_seed (default) or "
               "classic_babcock)"),
    )
    parser.add_argument("file", nargs="?", default="-", metavar="FILE",
                        help=_("'-' or absent: stdin"))
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    rule_set = get_rule_set(args.rules)
    options = _options(rule_set, args.profile)
    data = _load(args.file)
    if isinstance(data, list):
        output: object = [_score_one(item, rule_set, options, index)
                          for index, item in enumerate(data)]
    else:
        output = _score_one(data, rule_set, options, 0)
    print(_as_text(output))
    return 0


def _score_one(data: object, rule_set: RuleSet[Any], options: Any,
               index: int) -> dict[str, object]:
    """One hand's result; a hand the calculator fails on (a bug of ours) gets an error
    entry of its own and is logged, and the rest of the batch is still scored."""
    try:
        return report_to_json(evaluate_hand(data, rule_set, options), _describe)
    except Exception as error:  # noqa: BLE001 - a bug of ours: logged, the batch goes on
        _log_failure(index)
        return {
            "valid": False,
            "error": f"this hand could not be scored (internal error: {type(error).__name__});"
                     " please report it with the log file",
            "code": INTERNAL_ERROR_CODE,
        }


def _describe(problem: HandProblem) -> str:
    """The words for a hand that cannot be scored, loaded only when a hand needs them."""
    from tournament_manager.messages.hand_errors import describe_hand_problem

    return describe_hand_problem(problem)


def _log_failure(index: int) -> None:
    """`score` starts without a log (`commands.UNLOGGED`): it is set up for the first failure."""
    import logging

    from tournament_manager import logging_setup

    logging_setup.ensure_configured()
    logging.getLogger(__name__).exception("hand %d of the batch could not be scored", index)


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
        known = _(", ").join(rule_set.profiles()) or _("none")
        raise CliError(
            _("unknown profile '{profile}' for {rules} (profiles: {known})").format(
                profile=profile, rules=rule_set.id, known=known), status=2
        ) from None


def _load(path: str) -> object:
    """The JSON document of `path` (or standard input); every malformed input, whatever
    the reason, is one `CliError` line with status 2."""
    where = _("standard input") if path == "-" else path
    try:
        if path == "-":
            stream = getattr(sys.stdin, "buffer", None)  # text only when replaced in tests
            data = stream.read() if stream is not None else sys.stdin.read().encode(
                "utf-8", "surrogateescape")
        else:
            with open(path, "rb") as handle:
                data = handle.read()
    except OSError as error:
        raise CliError(_("cannot read {file}: {error}").format(file=path, error=error.strerror)
                       ) from None
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise CliError(
            _("{where} is not UTF-8 text (byte {byte} at offset {offset})").format(
                where=where, byte=f"0x{data[error.start]:02x}", offset=error.start),
            status=2,
        ) from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        raise CliError(
            _("malformed JSON in {where}: {problem} at line {line} column {column}").format(
                where=where, problem=error.msg, line=error.lineno, column=error.colno),
            status=2,
        ) from None
    except RecursionError:
        raise CliError(_("malformed JSON in {where}: nested too deeply").format(where=where),
                       status=2) from None
    except ValueError as error:  # an integer past Python's digit limit for conversion
        raise CliError(_("malformed JSON in {where}: {problem}").format(
            where=where, problem=_first_clause(error)), status=2) from None


def _first_clause(error: Exception) -> str:
    return str(error).split(":")[0].split(";")[0] or type(error).__name__
