"""`tournament-manager players ...`: register, list, withdraw and import players."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from tournament_manager.cli.commands import SUMMARIES
from tournament_manager.cli.documents import event_address, opened, user_errors
from tournament_manager.cli.errors import CliError
from tournament_manager.domain.model import Player, PlayerKind, PlayerStatus
from tournament_manager.domain.player_rows import PlayerField, guess_mapping
from tournament_manager.imports.tables import TableError, read_table
from tournament_manager.messages.players import describe_row_issue, describe_table_error
from tournament_manager.services.players import (
    ImportRefused,
    import_player_rows,
    register_player,
    set_player_status,
)


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser("players", help=SUMMARIES["players"],
                                   description="Manage the players of a tournament file.")
    actions = parser.add_subparsers(title="actions", metavar="ACTION", required=True)

    imported = actions.add_parser("import", help="import players from a .csv or .xlsx file")
    imported.add_argument("file", type=event_address, help="the tournament file (.tmt)")
    imported.add_argument("table", type=Path, help="the registration table (.csv or .xlsx)")
    imported.add_argument(
        "--map", action="append", default=[], metavar="FIELD=COLUMN",
        help="which column holds a field (name, native_name, registration_id, country, "
             "club, team), by header text or 1-based number; the header is guessed otherwise")
    imported.add_argument("--allow-duplicates", action="store_true",
                          help="import rows that repeat a registered player's name and country")
    imported.set_defaults(handler=run_import)

    added = actions.add_parser("add", help="register one player (also a late entry)")
    added.add_argument("file", type=event_address)
    added.add_argument("--name", required=True)
    for field in ("native-name", "registration-id", "country", "club", "team"):
        added.add_argument(f"--{field}", default="")
    added.add_argument("--substitute", action="store_true",
                       help="a named stand-in: plays and is scored, never ranks")
    added.add_argument("--allow-duplicate", action="store_true",
                       help="register him even if a player of the same name and country is "
                            "registered already")
    added.set_defaults(handler=run_add)

    listed = actions.add_parser("list", help="list the players")
    listed.add_argument("file", type=event_address)
    listed.add_argument("--json", action="store_true")
    listed.set_defaults(handler=run_list)

    for action, status in (("withdraw", PlayerStatus.WITHDRAWN),
                           ("reinstate", PlayerStatus.ACTIVE)):
        changed = actions.add_parser(action, help=f"{action} a player (by the id `list` shows)")
        changed.add_argument("file", type=event_address)
        changed.add_argument("player_id", type=int)
        changed.set_defaults(handler=run_status, status=status)


def _mapping(headers: tuple[str, ...], overrides: list[str]) -> dict[PlayerField, int]:
    mapping = guess_mapping(headers)
    lowered = [h.strip().lower() for h in headers]
    for item in overrides:
        field_name, _, column = item.partition("=")
        try:
            field = PlayerField(field_name.strip())
        except ValueError:
            raise CliError(f"--map: unknown field '{field_name}'", status=2) from None
        column = column.strip()
        if column.isdigit() and 1 <= int(column) <= len(headers):
            mapping[field] = int(column) - 1
        elif column.lower() in lowered:
            mapping[field] = lowered.index(column.lower())
        else:
            raise CliError(f"--map: the table has no column '{column}'", status=2)
    return mapping


def run_import(args: argparse.Namespace) -> int:
    try:
        table = read_table(args.table)
    except TableError as error:
        raise CliError(describe_table_error(error)) from error
    mapping = _mapping(table.headers, args.map)
    with opened(args.file) as document, user_errors():
        try:
            stored = import_player_rows(document.unit_of_work(), table.rows, mapping,
                                        allow_duplicates=args.allow_duplicates)
        except ImportRefused as refused:
            for issue in refused.issues:
                print(describe_row_issue(issue), file=sys.stderr)
            raise CliError(f"{len(refused.issues)} bad rows in {args.table}; "
                           "nothing was imported") from refused
    columns = ", ".join(f"{field.value}={table.headers[index]}"
                        for field, index in mapping.items())
    print(f"imported {len(stored)} players ({columns})")
    return 0


def run_add(args: argparse.Namespace) -> int:
    player = Player(name=args.name, native_name=args.native_name,
                    registration_id=args.registration_id, country=args.country,
                    club=args.club, team=args.team,
                    kind=PlayerKind.SUBSTITUTE if args.substitute else PlayerKind.REGULAR)
    with opened(args.file) as document, user_errors():
        stored = register_player(document.unit_of_work(), player,
                                 allow_duplicate=args.allow_duplicate)
    print(f"registered {stored.name} as player {stored.id} "
          f"(registration number {stored.registration_id})")
    return 0


def run_list(args: argparse.Namespace) -> int:
    with opened(args.file, read_only=True) as document, document.unit_of_work() as uow:
        players = uow.players.list()
    if args.json:
        print(json.dumps([{"id": p.id, "name": p.name, "native_name": p.native_name,
                           "registration_id": p.registration_id, "country": p.country,
                           "club": p.club, "team": p.team, "kind": p.kind.value,
                           "status": p.status.value} for p in players],
                         ensure_ascii=False, indent=2))
        return 0
    for p in players:
        notes = [p.kind.value] if p.kind is PlayerKind.SUBSTITUTE else []
        notes += [p.status.value] if p.status is PlayerStatus.WITHDRAWN else []
        suffix = f" ({', '.join(notes)})" if notes else ""
        print(f"{p.id:>5}  {p.name}  {p.country}  {p.club}{suffix}")
    return 0


def run_status(args: argparse.Namespace) -> int:
    with opened(args.file) as document:
        player = set_player_status(document.unit_of_work(), args.player_id, args.status)
    print(f"{player.name}: {player.status.value}")
    return 0
