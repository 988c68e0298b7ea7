"""`tournament-manager`: the GUI without arguments, a headless job with a subcommand.

`--smoke-test` checks an installation (or a frozen build) end to end in a temporary data
directory and prints one line; see `tournament_manager.smoke`.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence
from types import TracebackType
from typing import NoReturn

from tournament_manager.cli.commands import UNLOGGED

SMOKE_TEST_FLAG = "--smoke-test"
ANSWERED_AT_ONCE = ("--help", "-h", "--version")
"""Printed from the argument parser alone, before logging and the crash handler start."""


def _wants_gui(args: list[str]) -> bool:
    """No subcommand: nothing, a `.tmt` file, or an event's address (`postgresql://…`,
    as File > Open on a Server takes it)."""
    if not args or args[0].startswith("--gui") or args[0].lower().endswith(".tmt"):
        return True
    from tournament_manager.paths import address_scheme

    return address_scheme(args[0]) is not None


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if args[:1] == [SMOKE_TEST_FLAG]:
        from tournament_manager.smoke import run_smoke_test

        return run_smoke_test(args[1:])
    if args[:1] and args[0] in ANSWERED_AT_ONCE:  # nothing to log, nothing to crash
        from tournament_manager.cli.main import run_cli

        return run_cli(args)

    if args[:1] and args[0] in UNLOGGED and sys.stdout is not None and sys.stderr is not None:
        _on_failure_only()
        from tournament_manager.cli.main import run_cli

        return run_cli(args)

    from tournament_manager import __version__, crash, logging_setup

    gui = _wants_gui(args)
    logging_setup.configure()
    crash.install(gui=gui)
    init_log = logging_setup.area("init")
    if gui:
        logging_setup.install_qt_message_handler()
        init_log.info("starting the desktop application, version %s, Python %s%s",
                      __version__, sys.version.split()[0],
                      " (frozen)" if getattr(sys, "frozen", False) else "")
        from tournament_manager.gui.launch import launch

        _leave(launch(args))
    init_log.debug("command line %s, version %s", args[:1], __version__)
    from tournament_manager.cli.main import run_cli

    return run_cli(args)


def _on_failure_only() -> None:
    """For an `UNLOGGED` command: Python's own fault dump on stderr, and the log file with
    the crash handler set up by the first uncaught exception, not before."""
    import faulthandler

    try:
        faulthandler.enable(sys.stderr, all_threads=True)
    except (AttributeError, OSError, ValueError):  # a stream without a file descriptor
        pass
    sys.excepthook = _first_uncaught


def _first_uncaught(exc_type: type[BaseException], exc: BaseException,
                    tb: TracebackType | None) -> None:
    from tournament_manager import crash, logging_setup

    sys.excepthook = sys.__excepthook__  # crash.install keeps this one as its fallback
    logging_setup.ensure_configured()
    crash.install(gui=False)
    crash.excepthook(exc_type, exc, tb)


def _leave(code: int) -> NoReturn:
    """End the desktop application without the interpreter's final teardown.

    By now the window has closed its document (lock released, closing backup taken) and
    every setting was synced when written; what is left is destroying the last Qt
    wrappers, where PySide6 6.12 can over-release a Python bool and abort the process
    (bool_dealloc) after a clean session. Skipping that pass keeps a clean quit clean.
    """
    import logging  # loaded long since by the window

    logging.shutdown()
    for stream in (sys.stdout, sys.stderr):
        if stream is not None:
            stream.flush()
    os._exit(code)


if __name__ == "__main__":
    sys.exit(main())
