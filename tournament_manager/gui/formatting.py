"""Dates and times as the user's locale writes them, in the computer's time zone."""

from __future__ import annotations

from datetime import datetime

from PySide6.QtCore import QDateTime, QLocale


def local_date_time(moment: datetime) -> str:
    """Stored moments are UTC; a judge reads the venue's clock."""
    local = QDateTime.fromMSecsSinceEpoch(round(moment.timestamp() * 1000))
    return QLocale().toString(local, QLocale.FormatType.ShortFormat)
