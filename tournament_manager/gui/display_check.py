"""One clear line, and exit status 1, when there is no screen to show the window on.

Without a display (an SSH session, a server, a missing DISPLAY) Qt cannot load its
platform plugin, writes its reasons to the log only, and aborts the process (status 134,
a core dump): the judge sees nothing at all. The usual case on Linux is recognised before
Qt is asked (`display_problem`); anything else Qt cannot start on is caught from Qt's own
fatal message (`exit_on_fatal_start`) and said in one line, before Qt aborts.
"""

from __future__ import annotations

import logging
import os
import sys
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import TextIO

from PySide6.QtCore import QMessageLogContext, QtMsgType, qInstallMessageHandler

log = logging.getLogger(__name__)

EXIT_NO_DISPLAY = 1
HINT = ("start it from a desktop session, or use a subcommand for work without a window "
        "(tournament-manager --help)")


def _platform(environ: Mapping[str, str], args: Sequence[str]) -> str:
    """The Qt platform asked for: `-platform NAME` wins over QT_QPA_PLATFORM."""
    for index, arg in enumerate(args):
        if arg in ("-platform", "--platform") and index + 1 < len(args):
            return args[index + 1]
        if arg.startswith("-platform="):
            return arg.split("=", 1)[1]
    return environ.get("QT_QPA_PLATFORM", "")


def display_problem(environ: Mapping[str, str] | None = None, args: Sequence[str] = (),
                    system: str = sys.platform) -> str | None:
    """Why no window can be shown, or None when a display looks available."""
    environ = os.environ if environ is None else environ
    if system in ("win32", "darwin"):
        return None
    platform = _platform(environ, args).split(":", 1)[0].strip().lower()
    has_x = bool(environ.get("DISPLAY"))
    has_wayland = bool(environ.get("WAYLAND_DISPLAY"))
    if platform == "xcb" and not has_x:
        return "there is no display to show the window on (DISPLAY is not set)"
    if platform.startswith("wayland") and not has_wayland:
        return "there is no Wayland display to show the window on (WAYLAND_DISPLAY is not set)"
    if not platform and not has_x and not has_wayland:
        return ("there is no display to show the window on "
                "(neither DISPLAY nor WAYLAND_DISPLAY is set)")
    return None


def say(problem: str, stream: TextIO | None = None) -> None:
    stream = stream if stream is not None else sys.stderr
    if stream is not None:
        print(f"tournament-manager: {problem}; {HINT}.", file=stream, flush=True)


@contextmanager
def exit_on_fatal_start(args: Sequence[str] = ()) -> Iterator[None]:
    """While the QApplication is made: a fatal Qt message becomes one line and status 1."""
    previous = None
    platform = _platform(os.environ, args) or "default"

    def handler(kind: QtMsgType, context: QMessageLogContext, message: str) -> None:
        if kind == QtMsgType.QtFatalMsg:
            log.critical("Qt could not start: %s", message)
            if "platform plugin" in message:
                say(f'the window cannot be shown: Qt could not start its "{platform}" '
                    "platform plugin")
            else:
                first = message.strip().splitlines()[0] if message.strip() else "no reason"
                say(f"the window cannot be shown: {first.rstrip('.')}")
            logging.shutdown()
            os._exit(EXIT_NO_DISPLAY)
        if previous is not None:
            previous(kind, context, message)

    previous = qInstallMessageHandler(handler)
    try:
        yield
    finally:
        qInstallMessageHandler(previous)
