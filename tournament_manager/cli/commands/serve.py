"""`tournament-manager serve FILE-or-URL`: the tables enter and sign their own sheets
from phones or tablets, at the address printed, each with its own code."""

from __future__ import annotations

import argparse
import socket
from typing import Any

from tournament_manager.cli.documents import event_address, opened, user_errors


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "serve", help="let the tables enter their own sheets from phones or tablets",
        description="Serve table-side entry on the local network: each table of a running "
                    "session opens the printed address and types its code; its hands and "
                    "signatures go on its sheet as if typed at this computer (audited as "
                    "'Table N (table-side)'). Stop with Ctrl+C.")
    parser.add_argument("file", type=event_address, help="the event (a .tmt file or a "
                                                         "postgresql:// address)")
    parser.add_argument("--host", default="0.0.0.0",
                        help="the network address to listen on (default: every one)")
    parser.add_argument("--port", type=int, default=8080)
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    from tournament_manager.web.server import serve, table_side

    with opened(args.file) as event, user_errors():
        side = table_side(event.unit_of_work, str(args.file))
        shown = socket.gethostname() if args.host == "0.0.0.0" else args.host
        print(f"tables: open http://{shown}:{args.port}/ and type the table's code")
        for session, table, table_id in side.running_tables():
            with event.unit_of_work() as uow:
                session_id = uow.tables.get(table_id).session_id
            print(f"  session {session} table {table}: {side.code_of(session_id, table_id)}")
        serve(side, args.host, args.port)
    return 0
