"""`tournament-manager new FILE --name NAME --preset PRESET`: a new tournament document."""

from __future__ import annotations

import argparse
import sys
from dataclasses import replace
from pathlib import Path
from typing import Any

from tournament_manager.cli.commands import SUMMARIES
from tournament_manager.cli.documents import event_address, opened
from tournament_manager.cli.errors import CliError
from tournament_manager.cli.passphrase import ENVIRONMENT, read_new_passphrase
from tournament_manager.domain.presets import Preset, preset_settings
from tournament_manager.paths import DOCUMENT_SUFFIX
from tournament_manager.rules.errors import OptionError
from tournament_manager.rules.registry import DEFAULT_RULE_SET, available_rule_sets, get_rule_set
from tournament_manager.services.head_judge import HeadJudgeSetup
from tournament_manager.services.tournaments import create_tournament
from tournament_manager.words import _


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser("new", help=_(SUMMARIES["new"]),
                                   description=_("Create a new tournament file."))
    parser.add_argument("file", type=event_address, help=_("the tournament file to create (.tmt)"))
    parser.add_argument("--name", required=True, help=_("the tournament's name"))
    parser.add_argument("--preset", choices=[preset.value for preset in Preset],
                        default=Preset.WSOM_2015.value, help=_("format preset (default wsom_2015)"))
    parser.add_argument("--sessions", type=int, default=None,
                        help=_("number of sessions of an 'open' event"))
    parser.add_argument("--rules", choices=available_rule_sets(), default=DEFAULT_RULE_SET,
                        help=_("the scoring rule set (default zung-jung); MCR events get table "
                             "points, the MCR seat rotation and the false-win penalty"))
    parser.add_argument("--profile", default=None,
                        help=_("a named profile of the rule set (mcr: green_book, mahjonggb; "
                             "classic: classic_seed, classic_babcock)"))
    parser.add_argument("--venue", default="", help=_("where the event is played"))
    parser.add_argument("--head-judge", default="", metavar="NAME",
                        help=_("the head judge's name; his passphrase is asked for at a "
                               "terminal, or read from {variable} or (--passphrase-stdin) "
                               "the first line of standard input").format(variable=ENVIRONMENT))
    parser.add_argument("--passphrase-stdin", action="store_true",
                        help=_("read the head judge's passphrase from standard input"))
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    if isinstance(args.file, Path) and args.file.suffix.lower() != DOCUMENT_SUFFIX:
        # As File ▸ New names it: "spring" made a file "spring" no window's Open listed.
        args.file = args.file.with_name(args.file.name + DOCUMENT_SUFFIX)
    settings = preset_settings(Preset(args.preset), args.sessions, args.rules)
    if args.profile is not None:
        rule_set = get_rule_set(args.rules)
        try:
            options = rule_set.options_as_mapping(rule_set.profile_options(args.profile))
        except OptionError as error:
            profiles = _(", ").join(rule_set.profiles()) or _("none")
            raise CliError(_("{rules} has no profile '{profile}' (profiles: {profiles})").format(
                rules=args.rules, profile=args.profile, profiles=profiles),
                status=2) from error
        settings = replace(settings, rule_options=options)
    passphrase = read_new_passphrase(from_stdin=args.passphrase_stdin)
    judge = (HeadJudgeSetup(args.head_judge, passphrase) if passphrase is not None else None)
    with opened(args.file, create=True) as document:
        tournament = create_tournament(document.unit_of_work(), args.name, settings,
                                       venue=args.venue, head_judge=judge)
    print(_("created {file}: {name} ({rules}, {format}, {sessions} sessions)").format(
        file=args.file, name=tournament.name, rules=settings.rule_set,
        format=settings.format_preset, sessions=settings.total_sessions))
    if judge is None:
        print(_("note: no head judge passphrase was set; corrections of signed sheets need "
                "one: tournament-manager head-judge {file}").format(file=args.file),
              file=sys.stderr)
    return 0
