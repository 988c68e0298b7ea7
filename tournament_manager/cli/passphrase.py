"""Reading the head judge's passphrase on the command line without showing it.

At a terminal it is asked for (twice when it is being set). Scripts and CI have no
terminal: they give it in the environment variable named below, or on the first line of
standard input with `--passphrase-stdin`. It is never an argument: arguments are visible
to every user of the machine in the process list and stay in the shell history.
"""

from __future__ import annotations

import getpass
import os
import sys

from tournament_manager.cli.errors import CliError
from tournament_manager.words import _

ENVIRONMENT = "TOURNAMENT_MANAGER_PASSPHRASE"
NEW_ENVIRONMENT = "TOURNAMENT_MANAGER_NEW_PASSPHRASE"


def _from_stdin() -> str:
    line = sys.stdin.readline()
    return line.rstrip("\r\n")


def read_passphrase(*, from_stdin: bool = False, prompt: str | None = None,
                    variable: str = ENVIRONMENT) -> str:
    """The passphrase given for an act, or a `CliError` saying how to give it."""
    if from_stdin:
        return _from_stdin()
    if os.environ.get(variable):
        return os.environ[variable]
    if sys.stdin.isatty():
        return getpass.getpass(_("Head judge passphrase: ") if prompt is None else prompt)
    raise CliError(_("the head judge passphrase is needed: type it at a terminal, set "
                     "{variable}, or pass it on standard input with --passphrase-stdin").format(
                         variable=variable), status=2)


def read_new_passphrase(*, from_stdin: bool = False, variable: str = ENVIRONMENT
                        ) -> str | None:
    """A passphrase being set: typed twice at a terminal. None when none can be asked
    for (no terminal, nothing in the environment)."""
    if from_stdin:
        return _from_stdin()
    if os.environ.get(variable):
        return os.environ[variable]
    if not sys.stdin.isatty():
        return None
    first = getpass.getpass(_("New head judge passphrase: "))
    if getpass.getpass(_("Type it again: ")) != first:
        raise CliError(_("the two passphrases differ; nothing was changed"))
    return first
