"""The session clock: the time left of a session's limit, paused and extended.

The clock is part of the record, not of one window: the head judge may pause it (a fire
alarm, a dispute at several tables) or give extra time to the whole room or one table
(a table that lost minutes to a judge's ruling, as Pantheon allows), and every station,
the projector and a reopened file must show the same time left. So the session keeps
when it started, how long it has been paused, when the current pause began, and the
minutes added; each table keeps its own extra minutes.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime


@dataclass(frozen=True)
class ClockState:
    limit_seconds: int
    started_at: datetime | None
    paused_seconds: int = 0
    """Whole pauses that have ended."""
    paused_at: datetime | None = None
    """The start of the pause in progress, if any."""
    extra_seconds: int = 0
    """Time added for every table."""

    @property
    def running(self) -> bool:
        return self.started_at is not None and self.paused_at is None

    @property
    def paused(self) -> bool:
        return self.started_at is not None and self.paused_at is not None

    def elapsed(self, now: datetime) -> float:
        """Seconds of play so far: since the start, less the pauses."""
        if self.started_at is None:
            return 0.0
        until = self.paused_at or now
        return max((until - self.started_at).total_seconds() - self.paused_seconds, 0.0)

    def seconds_left(self, now: datetime, table_extra_seconds: int = 0) -> float:
        """Left for a table (negative once time is up), its own extra time included."""
        return (self.limit_seconds + self.extra_seconds + table_extra_seconds
                - self.elapsed(now))
