"""The headless entry point: one argparse subcommand per module in `cli.commands`.

Each command module exposes `register(subparsers)`, which adds its parser and sets
`handler=run` as a default; `run(args) -> int` returns the exit status. A command signals a
user error by raising `CliError`; anything else escaping is a bug and is logged as such.
"""

from __future__ import annotations

import argparse
import importlib
import logging
import os
import pkgutil
import sys
from collections.abc import Sequence

from tournament_manager import __version__
from tournament_manager.cli import commands
from tournament_manager.cli.errors import CliError

log = logging.getLogger(__name__)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="tournament-manager",
        description="Run a mahjong tournament. Without a subcommand the desktop application opens.",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    subparsers = parser.add_subparsers(title="commands", metavar="COMMAND")
    for info in sorted(pkgutil.iter_modules(commands.__path__), key=lambda m: m.name):
        module = importlib.import_module(f"{commands.__name__}.{info.name}")
        module.register(subparsers)
    return parser


def run_cli(argv: Sequence[str]) -> int:
    parser = build_parser()
    args = parser.parse_args(list(argv))
    handler = getattr(args, "handler", None)
    if handler is None:
        parser.print_help()
        return 2
    try:
        return int(handler(args))
    except CliError as error:
        print(f"tournament-manager: {error}", file=sys.stderr)
        return error.status
    except KeyboardInterrupt:
        print("tournament-manager: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        # The reader went away (`standings FILE | head`): not an error of ours. Point
        # stdout at devnull so the interpreter's final flush does not complain again.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 0
    except Exception as error:  # a bug of ours: logged in full, one line for the user
        log.exception("command %s failed", argv[:1])
        print(f"tournament-manager: internal error ({type(error).__name__}: {error}); "
              "please report it with the log file", file=sys.stderr)
        return 70
