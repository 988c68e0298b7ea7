"""`tournament-manager new FILE --name NAME --preset PRESET`: a new tournament document."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from tournament_manager.cli.documents import opened
from tournament_manager.domain.presets import Preset, preset_settings
from tournament_manager.services.tournaments import create_tournament


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser("new", help="create a tournament file",
                                   description="Create a new tournament file.")
    parser.add_argument("file", type=Path, help="the tournament file to create (.tmt)")
    parser.add_argument("--name", required=True, help="the tournament's name")
    parser.add_argument("--preset", choices=[preset.value for preset in Preset],
                        default=Preset.WSOM_2015.value, help="format preset (default wsom_2015)")
    parser.add_argument("--sessions", type=int, default=None,
                        help="number of sessions of an 'open' event")
    parser.add_argument("--venue", default="", help="where the event is played")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    settings = preset_settings(Preset(args.preset), args.sessions)
    with opened(args.file, create=True) as document:
        tournament = create_tournament(document.unit_of_work(), args.name, settings,
                                       venue=args.venue)
    print(f"created {args.file}: {tournament.name} ({settings.format_preset}, "
          f"{settings.total_sessions} sessions)")
    return 0
