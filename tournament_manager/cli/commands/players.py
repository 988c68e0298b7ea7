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
from tournament_manager.words import N_, _, n_

_WORDS = {"substitute": N_("substitute"), "withdrawn": N_("withdrawn"),
          "active": N_("active")}
"""A player's kind and status in words (their values are codes)."""

_STATUS_HELP = {"withdraw": N_("withdraw a player (by the id `list` shows)"),
                "reinstate": N_("reinstate a player (by the id `list` shows)")}


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser("players", help=_(SUMMARIES["players"]),
                                   description=_("Manage the players of a tournament file."))
    actions = parser.add_subparsers(title=_("actions"), metavar="ACTION", required=True)

    imported = actions.add_parser("import", help=_("import players from a .csv or .xlsx file"))
    imported.add_argument("file", type=event_address, help=_("the tournament file (.tmt)"))
    imported.add_argument("table", type=Path, help=_("the registration table (.csv or .xlsx)"))
    imported.add_argument(
        "--map", action="append", default=[], metavar="FIELD=COLUMN",
        help=_("which column holds a field (name, native_name, registration_id, country, "
             "club, team), by header text or 1-based number; the header is guessed otherwise"))
    imported.add_argument("--allow-duplicates", action="store_true",
                          help=_("import rows that repeat a registered player's name and country"))
    imported.set_defaults(handler=run_import)

    added = actions.add_parser("add", help=_("register one player (also a late entry)"))
    added.add_argument("file", type=event_address)
    added.add_argument("--name", required=True)
    for field in ("native-name", "registration-id", "country", "club", "team"):
        added.add_argument(f"--{field}", default="")
    added.add_argument("--substitute", action="store_true",
                       help=_("a named stand-in: plays and is scored, never ranks"))
    added.add_argument("--allow-duplicate", action="store_true",
                       help=_("register him even if a player of the same name and country is "
                            "registered already"))
    added.set_defaults(handler=run_add)

    listed = actions.add_parser("list", help=_("list the players"))
    listed.add_argument("file", type=event_address)
    listed.add_argument("--json", action="store_true")
    listed.set_defaults(handler=run_list)

    for action, status in (("withdraw", PlayerStatus.WITHDRAWN),
                           ("reinstate", PlayerStatus.ACTIVE)):
        changed = actions.add_parser(action, help=_(_STATUS_HELP[action]))
        changed.add_argument("file", type=event_address)
        changed.add_argument("player_id", type=int)
        changed.set_defaults(handler=run_status, status=status)


def _mapping(headers: tuple[str, ...], overrides: list[str]) -> dict[PlayerField, int]:
    mapping = guess_mapping(headers)
    lowered = [h.strip().lower() for h in headers]
    for item in overrides:
        field_name, _equals, column = item.partition("=")
        try:
            field = PlayerField(field_name.strip())
        except ValueError:
            raise CliError(_("--map: unknown field '{field}'").format(field=field_name),
                           status=2) from None
        column = column.strip()
        if column.isdigit() and 1 <= int(column) <= len(headers):
            mapping[field] = int(column) - 1
        elif column.lower() in lowered:
            mapping[field] = lowered.index(column.lower())
        else:
            raise CliError(_("--map: the table has no column '{column}'").format(column=column),
                           status=2)
    return mapping


def run_import(args: argparse.Namespace) -> int:
    try:
        table = read_table(args.table)
    except TableError as error:
        raise CliError(describe_table_error(error)) from error
    mapping = _mapping(table.headers, args.map)
    if PlayerField.NAME not in mapping:  # no bad row: the headings were not understood
        raise CliError(_("no column of {table} is taken for the players' names (its "
                         "headings: {headings}): name it with --map name=COLUMN").format(
                             table=args.table, headings=_(", ").join(table.headers)),
                       status=2)
    with opened(args.file) as document, user_errors():
        try:
            stored = import_player_rows(document.unit_of_work(), table.rows, mapping,
                                        allow_duplicates=args.allow_duplicates)
        except ImportRefused as refused:
            for issue in refused.issues:
                print(describe_row_issue(issue), file=sys.stderr)
            raise CliError(n_("{n} bad row in {table}; nothing was imported",
                              "{n} bad rows in {table}; nothing was imported",
                              len(refused.issues)).format(n=len(refused.issues),
                                                          table=args.table)) from refused
    columns = _(", ").join(f"{field.value}={table.headers[index]}"
                           for field, index in mapping.items())
    print(n_("imported {n} player ({columns})", "imported {n} players ({columns})",
             len(stored)).format(n=len(stored), columns=columns))
    return 0


def run_add(args: argparse.Namespace) -> int:
    player = Player(name=args.name, native_name=args.native_name,
                    registration_id=args.registration_id, country=args.country,
                    club=args.club, team=args.team,
                    kind=PlayerKind.SUBSTITUTE if args.substitute else PlayerKind.REGULAR)
    with opened(args.file) as document, user_errors():
        stored = register_player(document.unit_of_work(), player,
                                 allow_duplicate=args.allow_duplicate)
    print(_("registered {name} as player {id} (registration number {number})").format(
        name=stored.name, id=stored.id, number=stored.registration_id))
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
        notes = [_(_WORDS[p.kind.value])] if p.kind is PlayerKind.SUBSTITUTE else []
        notes += [_(_WORDS[p.status.value])] if p.status is PlayerStatus.WITHDRAWN else []
        suffix = _(" ({notes})").format(notes=_(", ").join(notes)) if notes else ""
        print(f"{p.id:>5}  {p.name}  {p.country}  {p.club}{suffix}")
    return 0


def run_status(args: argparse.Namespace) -> int:
    with opened(args.file) as document:
        player = set_player_status(document.unit_of_work(), args.player_id, args.status)
    print(_("{name}: {status}").format(name=player.name,
                                       status=_(_WORDS[player.status.value])))
    return 0
