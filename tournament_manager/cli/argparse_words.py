"""argparse's own error messages, said in the process's language.

argparse words its errors through its module's `_` and `ngettext`, bound to the standard
library's gettext under the default domain, which no catalogue of ours fills: a Chinese
command line would answer `export --what nonsense` with an English line. `speak` binds
them to `words` instead, once, before a parser is made; the messages below are argparse's
own msgids (this Python's; `tests/cli/test_cli_languages.py` checks each is still in
argparse's source), listed here so the catalogue extraction finds them. argparse's
messages for mistakes in a parser's definition are left out: no user can meet them.
"""

from __future__ import annotations

import argparse

from tournament_manager import words
from tournament_manager.words import N_, Nn_

MESSAGES = (
    N_("%(prog)s: error: %(message)s\n"),
    N_("argument %(argument_name)s: %(message)s"),
    N_("unrecognized arguments: %s"),
    N_("the following arguments are required: %s"),
    N_("one of the arguments %s is required"),
    N_("not allowed with argument %s"),
    N_("ignored explicit argument %r"),
    N_("expected one argument"),
    N_("expected at most one argument"),
    N_("expected at least one argument"),
    N_("ambiguous option: %(option)s could match %(matches)s"),
    N_("unexpected option string: %s"),
    N_("invalid %(type)s value: %(value)r"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"),
    N_("unknown parser %(parser_name)r (choices: %(choices)s)"),
    N_("can't open '%(filename)s': %(error)s"),
)
PLURALS = (Nn_("expected %s argument", "expected %s arguments"),)


def speak() -> None:
    """From now on argparse says its messages through `words` (idempotent)."""
    argparse._ = words._  # type: ignore[attr-defined]
    argparse.ngettext = words.n_  # type: ignore[attr-defined]
