"""The time left at one table, in the sheet's header.

The session clock is on record (`services.clock`): the start, the pauses, the minutes
given to the whole room and to single tables. The status bar shows the room's time; a
table that was given minutes of its own (a long ruling at that table) plays on after the
room's time is up, and the judge at its sheet must see that table's time, not the room's.
The label reads the clock again whenever the sheet does and counts down between reads;
once the table's time is up it says so in bold warning red, in words as well as colour.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime

from PySide6.QtCore import QTimer
from PySide6.QtGui import QFont, QPalette
from PySide6.QtWidgets import QLabel, QWidget

from tournament_manager.gui.countdown import TICK_MS, format_left
from tournament_manager.gui.formatting import mark_negative
from tournament_manager.services.clock import SessionClock


def _utc_now() -> datetime:
    return datetime.now(UTC)


class TableClock(QLabel):
    def __init__(self, parent: QWidget | None = None,
                 now: Callable[[], datetime] = _utc_now) -> None:
        super().__init__(parent)
        self.setObjectName("table_clock")
        self.now = now
        """Where the time comes from (tests set a moment of their own)."""
        self._clock: SessionClock | None = None
        self._table: int | None = None
        self._up: bool | None = None
        self._timer = QTimer(self)
        self._timer.setInterval(TICK_MS)
        self._timer.timeout.connect(self.tick)
        self.hide()

    def set_clock(self, clock: SessionClock | None, table: int | None) -> None:
        """The clock of the table's running session; None when the session is not running
        (not started yet, or finished), which hides the label."""
        self._clock, self._table = clock, table
        if clock is None or table is None:
            self._timer.stop()
            self.clear()
            self.setToolTip("")
            self.hide()
            return
        self.show()
        self._timer.start()
        self.tick()

    def seconds_left(self) -> float | None:
        if self._clock is None or self._table is None:
            return None
        return self._clock.seconds_left(self.now(), self._table)

    def is_up(self) -> bool:
        left = self.seconds_left()
        return left is not None and left <= 0

    def tick(self) -> None:
        clock, table = self._clock, self._table
        left = self.seconds_left()
        if clock is None or table is None or left is None:
            return
        extra = clock.table_extra.get(table, 0)
        if left <= 0:
            text = self.tr("Table {n}: time is up").format(n=table)
        else:
            text = self.tr("Table {n}: {left} left").format(n=table, left=format_left(int(left)))
        if extra:
            text += self.tr(" (+{m} min)").format(m=extra // 60)
        if clock.state.paused:
            text += self.tr(" (clock paused)")
        self.setText(text)
        tip = [self.tr("The session clock of session {s} for this table").format(
            s=clock.session)]
        if clock.state.extra_seconds:
            tip.append(self.tr("extra time for the room: {m} min").format(
                m=clock.state.extra_seconds // 60))
        if extra:
            tip.append(self.tr("extra time for this table: {m} min").format(m=extra // 60))
        self.setToolTip("; ".join(tip))
        self._show_up(left <= 0)

    def _show_up(self, up: bool) -> None:
        if up == self._up:
            return
        self._up = up
        if up:
            mark_negative(self)
        else:  # empty palette and font: inherit the window's again
            self.setPalette(QPalette())
            self.setFont(QFont())
