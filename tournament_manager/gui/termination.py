"""A polite end when the system asks the window to stop (SIGTERM, SIGHUP on a closed
terminal): the window closes as it does on File > Quit, so the event file is closed, its lock
released, the table server stopped and the layout kept. Without this the process died on
the spot and the next start had to take over the dead window's lock (with a warning).

Python runs a signal handler only when the interpreter gets control, which it may not while
Qt's event loop waits; `signal.set_wakeup_fd` writes a byte to a socket the loop watches
(`QSocketNotifier`), so the handler runs at once, without a polling timer. POSIX only: on
Windows a closing session sends the window a close event, which Qt handles already.
"""

from __future__ import annotations

import logging
import signal
import socket
import sys
from types import FrameType
from typing import Any

from PySide6.QtCore import QSocketNotifier, QTimer
from PySide6.QtWidgets import QWidget

log = logging.getLogger(__name__)

STOP_SIGNALS = ("SIGTERM", "SIGHUP")


class StopSignals:
    """While it stands, a stop signal closes the window; `release` puts back what was
    there before (the handlers, the wakeup descriptor), as `launch` does when the loop ends."""

    def __init__(self, window: QWidget) -> None:
        self._reader, self._writer = socket.socketpair()
        for end in (self._reader, self._writer):
            end.setblocking(False)
        self._previous_fd = signal.set_wakeup_fd(self._writer.fileno())
        self._notifier = QSocketNotifier(self._reader.fileno(), QSocketNotifier.Type.Read,
                                         window)
        self._notifier.activated.connect(self._drain)
        self._window = window
        self._previous: dict[int, Any] = {}
        for name in STOP_SIGNALS:
            number = getattr(signal, name)
            self._previous[number] = signal.signal(number, self._stop)

    def _drain(self) -> None:
        """The byte that woke the loop; the handler itself has run by now (Python checks
        for signals as soon as it runs this)."""
        try:
            self._reader.recv(64)
        except BlockingIOError:
            pass

    def _stop(self, number: int, _frame: FrameType | None) -> None:
        log.info("closing on signal %s", signal.Signals(number).name)
        QTimer.singleShot(0, self._window.close)

    def release(self) -> None:
        for number, handler in self._previous.items():
            signal.signal(number, handler)
        self._previous.clear()
        signal.set_wakeup_fd(self._previous_fd)
        self._notifier.setEnabled(False)
        self._reader.close()
        self._writer.close()


def close_on_stop_signals(window: QWidget) -> StopSignals | None:
    """Close `window` when a stop signal arrives; None where signals cannot be watched
    (Windows, or not the main thread)."""
    if sys.platform == "win32":
        return None
    try:
        return StopSignals(window)
    except ValueError:  # signals are the main thread's alone
        return None
