"""Where log records go: one rotating file in the user log directory, never the console.

A windowed Windows build has no stdout or stderr at all, and the CLI's stderr is reserved
for its one-line errors, so the only handler is a `RotatingFileHandler` on the root logger
(it also stops `logging.lastResort` from printing warnings on stderr). Every module logs
through `logging.getLogger(__name__)`, which puts it under its area's named logger
(`tournament_manager.storage`, `.gui`, `.cli`, ...); `area()` gives those by name, plus
`qt` (Qt's own messages, routed here by `install_qt_message_handler` when the GUI runs) and
`crash`. The level is INFO, DEBUG with `TOURNAMENT_MANAGER_DEBUG=1`.
"""

from __future__ import annotations

import logging
import os
from logging.handlers import RotatingFileHandler
from pathlib import Path
from typing import TYPE_CHECKING, Final

from tournament_manager import paths

if TYPE_CHECKING:
    from PySide6.QtCore import QMessageLogContext, QtMsgType

PACKAGE_LOGGER: Final = "tournament_manager"
AREAS: Final = ("init", "storage", "services", "exports", "gui", "cli", "qt", "crash", "smoke")
LOG_FILE_NAME: Final = "tournament-manager.log"
MAX_BYTES: Final = 1024 * 1024
BACKUP_COUNT: Final = 5
DEBUG_ENV: Final = "TOURNAMENT_MANAGER_DEBUG"
FORMAT: Final = "%(asctime)s %(levelname)-8s %(name)s: %(message)s"

_handler: logging.Handler | None = None


class _QuietRotatingFileHandler(RotatingFileHandler):
    """A log that cannot be written (full or removed disk) is given up on quietly: the
    default prints a traceback to stderr for every record, which floods a CLI command's
    one-line answer and the terminal of the window. The document's own errors are
    reported in words elsewhere; the log is only for bug reports."""

    failures = 0

    def handleError(self, record: logging.LogRecord) -> None:
        type(self).failures += 1
_previous_qt_handler: object = None


def area(name: str) -> logging.Logger:
    """The named logger of one area of the application."""
    if name not in AREAS:
        raise ValueError(f"unknown log area {name!r}")
    return logging.getLogger(f"{PACKAGE_LOGGER}.{name}")


def log_file() -> Path:
    return paths.log_dir() / LOG_FILE_NAME


def configure(*, max_bytes: int = MAX_BYTES, backup_count: int = BACKUP_COUNT) -> Path | None:
    """Send every record to the rotating log file; the file's path, or None when the log
    directory cannot be written (the application still runs, it just keeps no log).

    Calling it again (another data directory, as in tests) replaces the previous handler.
    """
    global _handler
    reset()
    target = log_file()
    handler: logging.Handler
    path: Path | None
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        handler = _QuietRotatingFileHandler(target, maxBytes=max_bytes,
                                            backupCount=backup_count, encoding="utf-8",
                                            delay=True)
        path = target
    except OSError:
        handler, path = logging.NullHandler(), None
    handler.setFormatter(logging.Formatter(FORMAT))
    root = logging.getLogger()
    root.addHandler(handler)
    if root.level == logging.NOTSET or root.level > logging.WARNING:
        root.setLevel(logging.WARNING)  # other libraries: warnings and worse
    debug = os.environ.get(DEBUG_ENV, "") not in ("", "0")
    logging.getLogger(PACKAGE_LOGGER).setLevel(logging.DEBUG if debug else logging.INFO)
    _handler = handler
    return path


def ensure_configured() -> None:
    """Configure now unless done already: a command that starts without logging (`score`,
    see `cli.commands.UNLOGGED`) calls this only when it has a failure to record."""
    if _handler is None:
        configure()


def reset() -> None:
    """Remove what `configure` added (for tests, and before configuring again)."""
    global _handler
    if _handler is not None:
        logging.getLogger().removeHandler(_handler)
        _handler.close()
        _handler = None
        logging.getLogger(PACKAGE_LOGGER).setLevel(logging.NOTSET)


def install_qt_message_handler() -> None:
    """Route qDebug/qWarning/... into the `qt` logger. Only for the GUI: it imports Qt."""
    global _previous_qt_handler
    from PySide6.QtCore import qInstallMessageHandler

    _previous_qt_handler = qInstallMessageHandler(_qt_message)


def uninstall_qt_message_handler() -> None:
    from PySide6.QtCore import qInstallMessageHandler

    qInstallMessageHandler(_previous_qt_handler)  # type: ignore[arg-type]


def _qt_level(kind: QtMsgType) -> int:
    from PySide6.QtCore import QtMsgType

    return {
        QtMsgType.QtDebugMsg: logging.DEBUG,
        QtMsgType.QtInfoMsg: logging.INFO,
        QtMsgType.QtWarningMsg: logging.WARNING,
        QtMsgType.QtCriticalMsg: logging.ERROR,
        QtMsgType.QtFatalMsg: logging.CRITICAL,
    }.get(kind, logging.WARNING)


def _qt_message(kind: QtMsgType, context: QMessageLogContext, message: str) -> None:
    where = f" ({context.file}:{context.line})" if context.file else ""
    category = context.category if context.category not in (None, "default") else ""
    prefix = f"[{category}] " if category else ""
    area("qt").log(_qt_level(kind), "%s%s%s", prefix, message, where)
