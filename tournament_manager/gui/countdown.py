"""The room's session clock: the time left of the running session, with warnings at 15
and 5 minutes and the moment time is up.

The clock is on record (`services.clock`): when the session started, how long it has been
paused, the minutes given to the whole room. The countdown follows that record
(`follow`), read again whenever a change is announced, and counts down between reads, so
the status bar, the time-up banner, the sheets and the projector all show the time the
record gives, paused or extended, also after the file is reopened mid-session.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from datetime import UTC, datetime

from PySide6.QtCore import QObject, QTimer, Signal

from tournament_manager.services.clock import SessionClock

WARNINGS_MINUTES = (15, 5)
TICK_MS = 1000


def format_left(seconds: int) -> str:
    seconds = max(seconds, 0)
    hours, rest = divmod(seconds, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"


def _utc_now() -> datetime:
    return datetime.now(UTC)


class SessionCountdown(QObject):
    ticked = Signal(int)
    """Seconds left (never negative), every second and on every change of the record."""
    warned = Signal(int)
    """Minutes left: 15, then 5."""
    expired = Signal()
    """Time is up (again, after extra time that ran out too)."""
    resumed = Signal()
    """Time is no longer up: extra time was given after it ran out."""
    stopped = Signal()
    changed = Signal()
    """The record changed: another session, a pause, a resume, extra time."""

    def __init__(self, parent: QObject | None = None,
                 now: Callable[[], datetime] = _utc_now) -> None:
        super().__init__(parent)
        self.setObjectName("session_countdown")
        self.now = now
        """Where the time comes from (tests set a moment of their own)."""
        self._clock: SessionClock | None = None
        self._warned: set[int] = set()
        self._expired = False
        self.label = ""
        self._timer = QTimer(self)
        self._timer.setInterval(TICK_MS)
        self._timer.timeout.connect(self.tick)

    @property
    def clock(self) -> SessionClock | None:
        return self._clock

    @property
    def running(self) -> bool:
        """A session is being played (its clock may be paused)."""
        return self._clock is not None

    @property
    def paused(self) -> bool:
        return self._clock is not None and self._clock.state.paused

    @property
    def session(self) -> int | None:
        """The number of the session the clock runs for (None when none runs)."""
        return self._clock.session if self._clock is not None else None

    @property
    def is_up(self) -> bool:
        return self._clock is not None and self._expired

    def follow(self, clock: SessionClock, label: str = "") -> None:
        """The running session's clock as the record has it now."""
        self._clock = clock
        self.label = label
        left = self.seconds_left()
        # Warnings already passed are not repeated; extra time arms them again.
        self._warned = {m for m in WARNINGS_MINUTES if left <= m * 60}
        was_up, self._expired = self._expired, left <= 0
        self._timer.start()
        self.changed.emit()
        self.ticked.emit(left)
        if self._expired and not was_up:
            self.expired.emit()
        elif was_up and not self._expired:
            self.resumed.emit()

    def stop(self) -> None:
        """No session runs (none started, or it finished)."""
        had_clock = self._clock is not None
        self._clock = None
        self.label = ""
        self._expired = False
        self._timer.stop()
        if had_clock:
            self.changed.emit()
        self.stopped.emit()

    def seconds_left(self) -> int:
        if self._clock is None:
            return 0
        return max(math.ceil(self._clock.seconds_left(self.now())), 0)

    def text(self) -> str:
        return format_left(self.seconds_left()) if self.running else ""

    def tick(self) -> None:
        if self._clock is None:
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
