"""The command line's commands, one module each (`register(subparsers)`, `run(args)`).

The table below names them with their one-line summaries, so `tournament-manager --help`
lists every command without importing any, and a command run imports its own module only:
`score` never pays for the storage or the PDF stack. Each module's parser takes its summary
from here.
"""

from __future__ import annotations

COMMANDS: dict[str, str] = {
    "copy": "copy",
    "demo": "demo",
    "export": "export",
    "head-judge": "head_judge",
    "info": "info",
    "new": "new",
    "players": "players",
    "score": "score",
    "seating": "seating",
    "serve": "serve",
    "session": "session",
    "standings": "standings",
    "verify": "verify",
}
"""Command name -> the module under `cli.commands` that registers and runs it."""

SUMMARIES: dict[str, str] = {
    "copy": "copy an event between a file and a server",
    "demo": "play a whole demo event into a new file",
    "export": "write PDFs or the Excel workbook",
    "head-judge": "set or change the head judge's passphrase",
    "info": "summarise a tournament file",
    "new": "create a tournament file",
    "players": "register, list, withdraw, import players",
    "score": "score hands given as JSON",
    "seating": "draw a table schedule, or check one, and print its quality report",
    "serve": "let the tables enter their own sheets from phones or tablets",
    "session": "draw, show, swap, seat-pick, start, finish",
    "standings": "print the standings",
    "verify": "check signed sheets, payments, cuts and the audit log",
}

UNLOGGED: frozenset[str] = frozenset({"score"})
"""Commands that read no event and change nothing: they start without the log file and the
crash handler (a third of `score`'s start-up), which are set up only if something fails."""
