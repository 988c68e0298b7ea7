"""Dates and times as the user's locale writes them, in the computer's time zone; the
marks and row heights the pages share.

Qt's "C" locale (what a machine with no language set, LANG=C, gets) writes a short date as
"23 11 2026", which reads like three numbers; there, and only there, dates are written the
ISO way (2026-11-23 21:39), which every reader gets right.
"""

from __future__ import annotations

from datetime import datetime

from PySide6.QtCore import QDateTime, QLocale
from PySide6.QtGui import QColor, QFont, QPalette
from PySide6.QtWidgets import QHeaderView, QLabel, QTableView

ISO_DATE_TIME = "yyyy-MM-dd HH:mm"
ISO_TIME = "HH:mm"


def by_count(count: int, one: str, many: str) -> str:
    """`one` for a count of 1, else `many`: the caller translates both ("1 table",
    "{n} tables"), where pyside6-lupdate finds them, and formats the one chosen. English
    has two forms where Chinese has one; `tests/gui/test_counts.py` finds a count of
    things in the catalogue without its form for one."""
    return one if count == 1 else many


def _local(moment: datetime) -> QDateTime:
    """Stored moments are UTC (or naive local, for file times); a judge reads the venue's
    clock."""
    return QDateTime.fromMSecsSinceEpoch(round(moment.timestamp() * 1000))


def _has_language(locale: QLocale) -> bool:
    return locale.language() not in (QLocale.Language.C, QLocale.Language.AnyLanguage)


def local_date_time(moment: datetime, locale: QLocale | None = None) -> str:
    """The locale's short date and time ("11/23/26 9:39 PM", "23.11.26 21:39")."""
    locale = locale or QLocale()
    if not _has_language(locale):
        return _local(moment).toString(ISO_DATE_TIME)
    return locale.toString(_local(moment), QLocale.FormatType.ShortFormat)


def local_time(moment: datetime, locale: QLocale | None = None) -> str:
    """The locale's short time of day ("9:39 PM", "21:39")."""
    locale = locale or QLocale()
    if not _has_language(locale):
        return _local(moment).toString(ISO_TIME)
    return locale.toString(_local(moment).time(), QLocale.FormatType.ShortFormat)


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


ROW_PADDING = 8


def compact_rows(table: QTableView) -> None:
    """Rows as high as a line of text and a little air: the style's default (about 30
    pixels in Fusion) shows a third fewer players on a 800-pixel-high laptop screen."""
    rows = table.verticalHeader()
    rows.setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
    rows.setDefaultSectionSize(table.fontMetrics().height() + ROW_PADDING)
