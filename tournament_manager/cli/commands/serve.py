"""`tournament-manager serve FILE-or-URL`: the tables enter and sign their own sheets
from phones or tablets, at the address printed, each with its own code."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from tournament_manager.cli.commands import SUMMARIES
from tournament_manager.cli.documents import event_address, opened, user_errors
from tournament_manager.words import _


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "serve", help=_(SUMMARIES["serve"]),
        description=_("Serve table-side entry on the local network: each table of a running "
                    "session opens the printed address and types its code; its hands and "
                    "signatures go on its sheet as if typed at this computer (audited as "
                    "'Table N (table-side)'). Stop with Ctrl+C."))
    parser.add_argument("file", type=event_address, help=_("the event (a .tmt file or a "
                                                         "postgresql:// address)"))
    parser.add_argument("--host", default="0.0.0.0",
                        help=_("the network address to listen on (default: every one)"))
    parser.add_argument("--port", type=int, default=8080)
    parser.add_argument("--codes-pdf", type=Path, metavar="FILE.pdf",
                        help=_("also write a card per table (address, code, QR code) to print"))
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    from tournament_manager.services.tournaments import overview
    from tournament_manager.web.server import serve, shown_address, table_side

    with opened(args.file) as event, user_errors():
        side = table_side(event.unit_of_work, str(args.file))
        address = shown_address(args.host, args.port)
        print(_("tables: open {address} and type the table's code").format(address=address))
        codes = side.table_codes()
        for session, table, code in codes:
            print(_("  session {session} table {table}: {code}").format(
                session=session, table=table, code=code))
        if args.codes_pdf is not None:
            from tournament_manager.exports.pdf.table_codes import write_table_codes

            name = overview(event.unit_of_work()).tournament.name  # as the window's cards
            written = write_table_codes(args.codes_pdf, name, address, codes)
            print(_("wrote the table cards to {file}").format(file=written))
        serve(side, args.host, args.port)
    return 0
