"""The session clock: time left of the session's limit, with warnings at 15 and 5 minutes.

Shown in the main window's status bar and on the projector. It follows the running
session's start time, so reopening the file mid-session shows the true time left.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from PySide6.QtCore import QObject, QTimer, Signal

WARNINGS_MINUTES = (15, 5)
TICK_MS = 1000


def format_left(seconds: int) -> str:
    seconds = max(seconds, 0)
    hours, rest = divmod(seconds, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"


class SessionCountdown(QObject):
    ticked = Signal(int)
    """Seconds left (never negative)."""
    warned = Signal(int)
    """Minutes left: 15, then 5."""
    expired = Signal()
    stopped = Signal()

    def __init__(self, parent: QObject | None = None,
                 clock: Callable[[], float] = time.monotonic) -> None:
        super().__init__(parent)
        self._clock = clock
        self._deadline: float | None = None
        self._warned: set[int] = set()
        self._expired = False
        self.label = ""
        self.session: int | None = None
        """The number of the session the clock runs for (None when it does not run)."""
        self._timer = QTimer(self)
        self._timer.setInterval(TICK_MS)
        self._timer.timeout.connect(self.tick)

    @property
    def running(self) -> bool:
        return self._deadline is not None

    def start(self, limit_seconds: int, elapsed_seconds: float = 0.0, label: str = "", *,
              session: int | None = None) -> None:
        self._deadline = self._clock() + limit_seconds - elapsed_seconds
        left = self.seconds_left()
        # Warnings already passed before a reopen are not repeated.
        self._warned = {m for m in WARNINGS_MINUTES if left <= m * 60}
        self._expired = left <= 0
        self.label = label
        self.session = session
        self._timer.start()
        self.tick()

    def stop(self) -> None:
        self._deadline = None
        self.session = None
        self._timer.stop()
        self.stopped.emit()

    def seconds_left(self) -> int:
        if self._deadline is None:
            return 0
        return max(round(self._deadline - self._clock()), 0)

    def text(self) -> str:
        return format_left(self.seconds_left()) if self.running else ""

    def tick(self) -> None:
        if self._deadline is None:
            return
        left = self.seconds_left()
        for minutes in WARNINGS_MINUTES:
            if left <= minutes * 60 and minutes not in self._warned:
                self._warned.add(minutes)
                self.warned.emit(minutes)
        self.ticked.emit(left)
        if left <= 0 and not self._expired:
            self._expired = True
            self.expired.emit()
