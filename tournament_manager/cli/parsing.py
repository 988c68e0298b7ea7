"""argparse's parser with a help formatter that finds the terminal width without `shutil`.

argparse's formatter imports `shutil` (and with it zlib, bz2 and lzma) to ask for the width,
when the first parser or argument is made, not only when help is printed: 2 ms, a twentieth
of `score`'s whole run, for nothing on every command that prints no help. The width is
found the way `shutil.get_terminal_size` finds it: `COLUMNS`, else the terminal, else 80.
Subparsers are made of the same class, so every command's parser uses these formatters.

argparse's own headings ("usage:", "positional arguments", "options", the `-h` help) are
said in the process's language (`words`) here, and its error messages too
(`argparse_words.speak`, when the first parser is made).
"""

from __future__ import annotations

import argparse
import os
import sys
from typing import Any

from tournament_manager.cli import argparse_words
from tournament_manager.words import _

FALLBACK_COLUMNS = 80
_CLOSING = frozenset("，。、；：）」』！？》〉…")
"""Never first on a line."""
_OPENING = frozenset("（「『《〈“")
"""Never last on a line."""


def _tokens(text: str) -> list[str]:
    """Runs of spaces, single wide characters and runs of other characters."""
    from tournament_manager.text_width import is_wide

    tokens: list[str] = []
    for char in text:
        if is_wide(char):
            tokens.append(char)
        elif tokens and not is_wide(tokens[-1][-1]) and tokens[-1].isspace() == char.isspace():
            tokens[-1] += char
        else:
            tokens.append(char)
    return tokens


def wrap_columns(text: str, width: int) -> list[str]:
    """`text` in lines of at most `width` terminal columns, where a Chinese character takes
    two and a line may break between any two of them (textwrap counts characters and breaks
    at spaces only). A word longer than a line stays whole."""
    from tournament_manager.text_width import display_width

    lines: list[str] = []
    line, columns = "", 0
    for token in _tokens(text):
        if token.isspace():
            if line:
                line, columns = line + " ", columns + 1
            continue
        size = display_width(token)
        if columns + size > width and line.strip() and token not in _CLOSING:
            line = line.rstrip()
            carried = line[-1] if line[-1] in _OPENING and len(line) > 1 else ""
            lines.append(line[:len(line) - len(carried)])
            line, columns = carried, 2 * len(carried)
        line, columns = line + token, columns + size
    if line.strip():
        lines.append(line.rstrip())
    return lines


def terminal_columns() -> int:
    try:
        columns = int(os.environ["COLUMNS"])
    except (KeyError, ValueError):
        columns = 0
    if columns > 0:
        return columns
    stdout = sys.__stdout__
    if stdout is None:  # a windowed build
        return FALLBACK_COLUMNS
    try:
        return os.get_terminal_size(stdout.fileno()).columns or FALLBACK_COLUMNS
    except (AttributeError, ValueError, OSError):  # closed, detached, or not a terminal
        return FALLBACK_COLUMNS


class _TerminalWidth(argparse.HelpFormatter):
    def __init__(self, prog: str, indent_increment: int = 2, max_help_position: int = 24,
                 width: int | None = None) -> None:
        super().__init__(prog, indent_increment, max_help_position,
                         terminal_columns() - 2 if width is None else width)

    def add_usage(self, usage: str | None, actions: Any, groups: Any,
                  prefix: str | None = None) -> None:
        super().add_usage(usage, actions, groups, _("usage: ") if prefix is None else prefix)

    def _split_lines(self, text: str, width: int) -> list[str]:
        if text.isascii():
            return super()._split_lines(text, width)
        return wrap_columns(" ".join(text.split()), width)


class HelpFormatter(_TerminalWidth):
    """argparse's default formatter; a Chinese description wrapped by terminal columns."""

    def _fill_text(self, text: str, width: int, indent: str) -> str:
        if text.isascii():
            return super()._fill_text(text, width, indent)
        return "\n".join(indent + line
                         for line in wrap_columns(" ".join(text.split()), width - len(indent)))


class RawDescriptionHelpFormatter(_TerminalWidth, argparse.RawDescriptionHelpFormatter):
    """Descriptions and epilogs printed as written."""


class Parser(argparse.ArgumentParser):
    """An `ArgumentParser` whose formatter, unless another is given, is `HelpFormatter`, with
    its headings and `-h`'s help in the process's language."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        argparse_words.speak()
        kwargs.setdefault("formatter_class", HelpFormatter)
        add_help = kwargs.get("add_help", True)
        kwargs["add_help"] = False  # added below with its help in words
        super().__init__(*args, **kwargs)
        self._positionals.title = _("positional arguments")
        self._optionals.title = _("options")
        if add_help:
            prefix = "-" if "-" in self.prefix_chars else self.prefix_chars[0]
            self.add_argument(prefix + "h", prefix * 2 + "help", action="help",
                              default=argparse.SUPPRESS,
                              help=_("show this help message and exit"))
