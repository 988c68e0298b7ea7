"""`tournament-manager serve FILE-or-URL`: the tables enter and sign their own sheets
from phones or tablets, at the address printed, each with its own code."""

from __future__ import annotations

import argparse
import socket
from pathlib import Path
from typing import Any

from tournament_manager.cli.commands import SUMMARIES
from tournament_manager.cli.documents import event_address, opened, user_errors


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "serve", help=SUMMARIES["serve"],
        description="Serve table-side entry on the local network: each table of a running "
                    "session opens the printed address and types its code; its hands and "
                    "signatures go on its sheet as if typed at this computer (audited as "
                    "'Table N (table-side)'). Stop with Ctrl+C.")
    parser.add_argument("file", type=event_address, help="the event (a .tmt file or a "
                                                         "postgresql:// address)")
    parser.add_argument("--host", default="0.0.0.0",
                        help="the network address to listen on (default: every one)")
    parser.add_argument("--port", type=int, default=8080)
    parser.add_argument("--codes-pdf", type=Path, metavar="FILE.pdf",
                        help="also write a card per table (address, code, QR code) to print")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    from tournament_manager.web.server import serve, table_side

    with opened(args.file) as event, user_errors():
        side = table_side(event.unit_of_work, str(args.file))
        shown = socket.gethostname() if args.host == "0.0.0.0" else args.host
        address = f"http://{shown}:{args.port}/"
        print(f"tables: open {address} and type the table's code")
        codes = side.table_codes()
        for session, table, code in codes:
            print(f"  session {session} table {table}: {code}")
        if args.codes_pdf is not None:
            from tournament_manager.exports.pdf.table_codes import write_table_codes

            written = write_table_codes(args.codes_pdf, str(args.file), address, codes)
            print(f"wrote the table cards to {written}")
        serve(side, args.host, args.port)
    return 0
