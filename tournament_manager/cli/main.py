"""The headless entry point: one argparse subcommand per module in `cli.commands`.

Each command module exposes `register(subparsers)`, which adds its parser and sets
`handler=run` as a default; `run(args) -> int` returns the exit status. A command signals a
user error by raising `CliError`; anything else escaping is a bug and is logged as such.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from collections.abc import Callable, Iterator, Sequence

from tournament_manager import __version__
from tournament_manager.cli import commands
from tournament_manager.cli.errors import CliError
from tournament_manager.cli.parsing import Parser
from tournament_manager.services.bulk import bulk_reading
from tournament_manager.words import _


def build_parser(argv: Sequence[str] | None = None) -> argparse.ArgumentParser:
    """The parser for `argv`. With None (the tests) every command's own parser; when `argv`
    names a command, that command's parser only (a parser for each of the others would cost
    a third of a millisecond apiece); when it names none, every command listed by its
    summary (`commands.SUMMARIES`) for the help or the error, without importing any."""
    parser = Parser(
        prog="tournament-manager",
        description=_("Run a mahjong tournament. Without a subcommand the desktop "
                      "application opens."),
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}",
                        help=_("show program's version number and exit"))
    subparsers = parser.add_subparsers(title=_("commands"), metavar="COMMAND")
    chosen = next((word for word in argv or () if not word.startswith("-")), None)
    for name, module_name in commands.COMMANDS.items():
        if argv is None or name == chosen:
            module = importlib.import_module(f"{commands.__name__}.{module_name}")
            module.register(subparsers)
        elif chosen not in commands.COMMANDS:  # listed for the top-level help or error
            subparsers.add_parser(name, help=_(commands.SUMMARIES[name]))
    documents = sys.modules.get("tournament_manager.cli.documents")
    if documents is None:
        return parser  # no command loaded names an event (`score`, `--help`, `--version`)
    add_lock_option, add_station_options = documents.add_lock_option, documents.add_station_options
    event_address = documents.event_address
    for command in _commands(parser):
        if any(action.dest == "file" and action.type is event_address
               and not action.option_strings
               for action in command._actions):  # a command on a tournament file
            add_lock_option(command)
            add_station_options(command)
    return parser


def _commands(parser: argparse.ArgumentParser) -> Iterator[argparse.ArgumentParser]:
    """Every parser that runs a command (the leaves under the subcommands)."""
    subcommands = [action for action in parser._actions
                   if isinstance(action, argparse._SubParsersAction)]
    if not subcommands:
        yield parser
    for action in subcommands:
        for child in dict.fromkeys(action.choices.values()):  # aliases appear twice
            yield from _commands(child)


def _refuse_addresses(args: argparse.Namespace, argv: Sequence[str]) -> None:
    """An address of a kind no event is kept at (`https://…`, `mysql://…`), given where a
    file or a server event belongs, is refused before anything is created: as a path it
    would become a local folder named `https:`."""
    from pathlib import Path

    from tournament_manager.messages.documents import describe
    from tournament_manager.paths import address_scheme
    from tournament_manager.storage.errors import DocumentError, DocumentProblem

    for value in vars(args).values():
        if not isinstance(value, Path):
            continue
        # As typed: the path has lost what it says ("postgresql://" became "postgresql:",
        # a file "postgresql:" that did not exist; "" became ".", a folder).
        typed = next((item for item in argv if Path(item) == value), str(value))
        if not typed.strip():
            raise CliError(_("an empty name stands where a file's name (or a server "
                             "address) belongs"))
        if (scheme := address_scheme(typed)) is not None:
            from tournament_manager.application.events import parse_address

            try:
                parse_address(typed)
            except DocumentError as error:
                raise CliError(describe(error)) from error
            raise CliError(describe(DocumentError(DocumentProblem.DATABASE_URL, typed,
                                                  scheme=scheme)))


def run_cli(argv: Sequence[str]) -> int:
    with bulk_reading():  # the command's modules load here
        parser = build_parser(argv)
        args = parser.parse_args(list(argv))
    handler = getattr(args, "handler", None)
    if handler is None:
        parser.print_help()
        return 2
    return _run(handler, args, argv)


def _run(handler: Callable[[argparse.Namespace], int], args: argparse.Namespace,
         argv: Sequence[str]) -> int:
    """Run a command with its errors as one worded line. A command on an event has loaded
    `cli.documents` (its argument type) and with it the words for document problems; one
    that names no event (`score`) loads neither."""
    documents = sys.modules.get("tournament_manager.cli.documents")
    if documents is None:
        return _guarded(handler, args, argv, ())
    lock_token = documents.take_over_lock.set(bool(getattr(args, "take_over_lock", False)))
    station_token = documents.station.set(documents.station_of(args))
    try:
        _refuse_addresses(args, argv)
        return _guarded(handler, args, argv, (documents.DocumentError,))
    except CliError as error:
        print(f"tournament-manager: {error}", file=sys.stderr)
        return error.status
    finally:
        documents.take_over_lock.reset(lock_token)
        documents.station.reset(station_token)


def _guarded(handler: Callable[[argparse.Namespace], int], args: argparse.Namespace,
             argv: Sequence[str], document_errors: tuple[type[Exception], ...]) -> int:
    try:
        return int(handler(args))
    except CliError as error:
        print(f"tournament-manager: {error}", file=sys.stderr)
        return error.status
    except document_errors as error:  # a document problem met outside `user_errors`
        from tournament_manager.messages.documents import describe

        print(f"tournament-manager: {describe(error)}", file=sys.stderr)  # type: ignore[arg-type]
        return 1
    except KeyboardInterrupt:
        print(_("tournament-manager: interrupted"), file=sys.stderr)
        return 130
    except BrokenPipeError:
        # The reader went away (`standings FILE | head`): not an error of ours. Point
        # stdout at devnull so the interpreter's final flush does not complain again.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 0
    except Exception as error:  # a bug of ours: logged in full, one line for the user
        import logging

        from tournament_manager import logging_setup

        logging_setup.ensure_configured()  # an UNLOGGED command starts without the log
        logging.getLogger(__name__).exception("command %s failed", argv[:1])
        print(_("tournament-manager: internal error ({kind}: {error}); please report it with "
                "the log file").format(kind=type(error).__name__, error=error), file=sys.stderr)
        return 70
