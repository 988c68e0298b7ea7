"""The command line's commands, one module each (`register(subparsers)`, `run(args)`).

The table below names them with their one-line summaries, so `tournament-manager --help`
lists every command without importing any, and a command run imports its own module only:
`score` never pays for the storage or the PDF stack. Each module's parser takes its summary
from here; the summaries are marked `N_` and said with `_` where shown.
"""

from __future__ import annotations

from tournament_manager.words import N_

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
    "copy": N_("copy an event between a file and a server"),
    "demo": N_("play a whole demo event into a new file"),
    "export": N_("write PDFs or the Excel workbook"),
    "head-judge": N_("set or change the head judge's passphrase"),
    "info": N_("summarise a tournament file"),
    "new": N_("create a tournament file"),
    "players": N_("register, list, withdraw, import players"),
    "score": N_("score hands given as JSON"),
    "seating": N_("draw a table schedule, or check one, and print its quality report"),
    "serve": N_("let the tables enter their own sheets from phones or tablets"),
    "session": N_("draw, show, swap, seat-pick, start, finish"),
    "standings": N_("print the standings"),
    "verify": N_("check signed sheets, payments, cuts and the audit log"),
}

UNLOGGED: frozenset[str] = frozenset({"score"})
"""Commands that read no event and change nothing: they start without the log file and the
crash handler (a third of `score`'s start-up), which are set up only if something fails."""
