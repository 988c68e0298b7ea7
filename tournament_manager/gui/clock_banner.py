"""The banner that tells the room's desk that time is up, or that the clock is paused.

Time up is the moment every table must act on (the hand in play is finished or void, as
the event's rules say), so it must not be missed: a red band across the window above the
pages, in large bold type, in words as well as colour, and not a line in the status bar a
busy judge never reads. A paused clock is shown in the same place, quietly: the judge who
paused it must see that it still is.
"""

from __future__ import annotations

from datetime import datetime

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QFont, QPalette
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QWidget

from tournament_manager.gui.countdown import SessionCountdown
from tournament_manager.gui.formatting import local_time, negative_colour

FONT_SCALE = 1.4
TIME_UP = "time_up"
PAUSED = "paused"


class ClockBanner(QFrame):
    def __init__(self, countdown: SessionCountdown, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("clock_banner")
        self.setAutoFillBackground(True)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self._countdown = countdown
        self.time_up_rule = ""
        """What the tables do now (from the event's settings), said after "time is up"."""
        self.state = ""
        """TIME_UP, PAUSED or "" (hidden)."""
        self.text = QLabel(self)
        self.text.setObjectName("clock_banner_text")
        self.text.setWordWrap(True)
        self.text.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self._paused_font = QFont(self.text.font())
        self._paused_font.setBold(True)
        self._time_up_font = QFont(self._paused_font)
        self._time_up_font.setPointSizeF(self._paused_font.pointSizeF() * FONT_SCALE)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(12, 8, 12, 8)
        layout.addWidget(self.text)
        countdown.expired.connect(self.update_state)
        countdown.resumed.connect(self.update_state)
        countdown.changed.connect(self.update_state)
        countdown.stopped.connect(self.update_state)
        self.hide()

    def update_state(self) -> None:
        countdown = self._countdown
        clock = countdown.clock
        if clock is None:
            self._show("", "")
        elif countdown.is_up:
            text = self.tr("{label}: time is up.").format(label=countdown.label)
            self._show(TIME_UP, f"{text} {self.time_up_rule}".strip())
        elif clock.state.paused:
            since = clock.state.paused_at
            self._show(PAUSED, self.tr(
                "{label}: the clock is paused for every table (since {when}). View ▸ "
                "Session Clock ▸ Resume All Tables starts it again.").format(
                    label=countdown.label, when=local_time(since) if isinstance(
                        since, datetime) else ""))
        else:
            self._show("", "")

    def _show(self, state: str, text: str) -> None:
        self.state = state
        self.text.setText(text)
        palette = QPalette(self.palette())
        if state == TIME_UP:
            background = negative_colour(QPalette())
            palette.setColor(QPalette.ColorRole.Window, background)
            palette.setColor(QPalette.ColorRole.WindowText, QColor("#ffffff")
                             if background.lightness() < 128 else QColor("#000000"))
        else:
            default = QPalette()
            palette.setColor(QPalette.ColorRole.Window,
                             default.color(QPalette.ColorRole.Highlight))
            palette.setColor(QPalette.ColorRole.WindowText,
                             default.color(QPalette.ColorRole.HighlightedText))
        self.setPalette(palette)
        self.text.setPalette(palette)
        self.text.setFont(self._time_up_font if state == TIME_UP else self._paused_font)
        self.setVisible(bool(state))
