"""`tournament-manager export FILE.tmt --what KIND [--session N] [--paper a4|letter]
[--include-provisional] [--language en|zh_CN|zh_TW|en+zh_CN|en+zh_TW] --out PATH`:
print-ready PDFs (score sheets, seating, table cards, standings) or the Excel workbook,
in the command line's language or the one `--language` names.

The file is verified as it is read: each finding is a `warning:` line on standard error
and the document carries a banner, but the export is still written (exit 0), since the
head judge may need exactly that printout to find out what happened.

Only drawn sessions (published, running or finished) are printed: a session holding only
the round's provisional plan is printed with `--include-provisional`, every page of it
marked "PROVISIONAL PLAN — not the draw".
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from tournament_manager.cli.commands import SUMMARIES
from tournament_manager.cli.documents import event_address, opened, user_errors
from tournament_manager.cli.errors import CliError
from tournament_manager.exports.jobs import (
    ExportError,
    ExportKind,
    ExportProblem,
    PaperSize,
    export_document,
)
from tournament_manager.languages import DocumentLanguage
from tournament_manager.messages import exports as export_messages
from tournament_manager.messages.verification import describe_report, summary
from tournament_manager.services.verification import VerificationReport
from tournament_manager.words import N_, _

_HELP = {
    ExportKind.SHEETS: N_("filled (and signed) score sheets, one table per page"),
    ExportKind.BLANK_SHEETS: N_("blank score sheets pre-filled with tables and names"),
    ExportKind.PLAYER_CARDS: N_("each player's score record card, filled from the sheets (WSOM)"),
    ExportKind.BLANK_PLAYER_CARDS: N_("blank score record cards, one per player (WSOM)"),
    ExportKind.SEATING: N_("seating lists by table and alphabetical by player"),
    ExportKind.TABLE_CARDS: N_("one big card per table"),
    ExportKind.STANDINGS: N_("the standings"),
    ExportKind.WORKBOOK: N_("the whole tournament as an Excel workbook (.xlsx)"),
}


def register(subparsers: Any) -> None:
    kinds = _("; ").join(_("{kind}: {text}").format(kind=kind.value, text=_(text))
                          for kind, text in _HELP.items())
    parser = subparsers.add_parser(
        "export", help=_(SUMMARIES["export"]),
        description=_("Write a printable document or the workbook of a tournament file. "
                      "{kinds}.").format(kinds=kinds))
    parser.add_argument("file", type=event_address, help=_("the tournament file (.tmt)"))
    parser.add_argument("--what", required=True, choices=[k.value for k in ExportKind],
                        help=_("the document to write"))
    parser.add_argument("--session", type=int, default=None,
                        help=_("only this session (default: every session; standings after "
                             "everything played)"))
    parser.add_argument("--paper", choices=[p.value for p in PaperSize],
                        default=PaperSize.A4.value, help=_("paper size of PDFs (default a4)"))
    parser.add_argument("--include-provisional", action="store_true",
                        help=_("also print sessions that hold only the round's provisional "
                             "plan (not drawn yet), each page marked PROVISIONAL PLAN"))
    parser.add_argument("--language", choices=[d.value for d in DocumentLanguage],
                        default=None,
                        help=_("the document's language, when not the command line's: en, "
                               "zh_CN, zh_TW, or en+zh_CN / en+zh_TW for Chinese documents "
                               "whose score sheet headings are also in English"))
    parser.add_argument("--out", type=Path, required=True, help=_("the file to write"))
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    with opened(args.file, read_only=True) as document, user_errors():
        try:
            result = export_document(document.unit_of_work(), ExportKind(args.what), args.out,
                                     session_number=args.session, paper=PaperSize(args.paper),
                                     include_provisional=args.include_provisional,
                                     language=(DocumentLanguage(args.language)
                                               if args.language else None))
        except ExportError as error:
            raise CliError(_refusal(error)) from error
    _warn(result.verification)
    print(result.path)
    return 0


def _refusal(error: ExportError) -> str:
    """The worded refusal, with the way to print a plan when only plans were found."""
    text = export_messages.describe(error)
    if error.code is ExportProblem.NOTHING_DRAWN and error.details.get("provisional"):
        text += _(" (or add --include-provisional to print the provisional plan, marked so)")
    return text


def _warn(report: VerificationReport) -> None:
    """One `warning:` line per finding, then the summary naming the sheets in doubt."""
    if report.ok:
        return
    for line in [*describe_report(report),
                 _("{summary} (written anyway)").format(summary=summary(report))]:
        print(_("warning: {problem}").format(problem=line), file=sys.stderr)
