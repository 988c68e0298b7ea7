"""Dates and times as the user's locale writes them, in the computer's time zone."""

from __future__ import annotations

from datetime import datetime

from PySide6.QtCore import QDateTime, QLocale
from PySide6.QtGui import QColor, QFont, QPalette
from PySide6.QtWidgets import QLabel


def local_date_time(moment: datetime) -> str:
    """Stored moments are UTC; a judge reads the venue's clock."""
    local = QDateTime.fromMSecsSinceEpoch(round(moment.timestamp() * 1000))
    return QLocale().toString(local, QLocale.FormatType.ShortFormat)


def negative_colour(palette: QPalette) -> QColor:
    """The red of a warning that must not be missed, readable on light and dark themes."""
    dark = palette.color(QPalette.ColorRole.Window).lightness() < 128
    return QColor("#ff6b6b") if dark else QColor("#b00020")


def mark_negative(label: QLabel, bold: bool = True) -> None:
    """Show `label` in the warning red (and bold): a problem, not a remark."""
    palette = label.palette()
    palette.setColor(QPalette.ColorRole.WindowText, negative_colour(palette))
    label.setPalette(palette)
    if bold:
        font = QFont(label.font())
        font.setBold(True)
        label.setFont(font)
