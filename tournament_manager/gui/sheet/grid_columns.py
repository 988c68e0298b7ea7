"""The sheet grid's column widths: every column inside the grid's width, always.

The running totals are the point of the sheet, so they must never sit behind a
horizontal scrollbar. Numbers keep the width they need; columns of names (the dealer,
the winner, the players' own columns) are capped at one width, never below a floor, so
the longest names are elided first (whole in the tooltip) and short ones not at all; the
patterns column takes whatever room is left, or gives its room up first when there is
none.
"""

from __future__ import annotations

from collections.abc import Collection

from PySide6.QtWidgets import QHeaderView, QStyle, QTableView

NAME_FLOOR_CHARACTERS = 7
"""A name column keeps about this many characters before anything else gives way."""
PATTERNS_FLOOR_CHARACTERS = 6


def _cap(widths: dict[int, int], floors: dict[int, int], room: int) -> None:
    """Fit `widths` into `room` by capping them all at one width (never below a floor):
    short names keep their whole width and the longest give way first."""
    if sum(widths.values()) <= room:
        return
    low, high = 0, max(widths.values(), default=0)
    while low < high:  # the widest cap that still fits
        cap = (low + high + 1) // 2
        if sum(min(w, max(floors[c], cap)) for c, w in widths.items()) <= room:
            low = cap
        else:
            high = cap - 1
    for column, width in widths.items():
        widths[column] = min(width, max(floors[column], low))


def fit_columns(view: QTableView, *, names: Collection[int], named: Collection[int],
                stretch: int) -> None:
    """Size every column of `view` so that together they fill its viewport exactly.

    `names` are columns of names (elided down to a few characters); `named` columns
    hold numbers under a name (only the header is elided, never a number); the others
    keep their width. `stretch` (patterns) gives way first and takes the room left."""
    model = view.model()
    header = view.horizontalHeader()
    columns = model.columnCount() if model is not None else 0
    if columns == 0:
        return
    metrics = view.fontMetrics()
    padding = 2 * view.style().pixelMetric(QStyle.PixelMetric.PM_FocusFrameHMargin) + 8
    natural: dict[int, int] = {}
    for column in range(columns):
        if view.isColumnHidden(column):
            continue
        natural[column] = max(view.sizeHintForColumn(column), header.sectionSizeHint(column),
                              header.minimumSectionSize())
    name_floor = metrics.averageCharWidth() * NAME_FLOOR_CHARACTERS + padding
    elastic = {*names, *named}
    fixed = {c: w for c, w in natural.items() if c not in elastic and c != stretch}
    shrinking = {c: w for c, w in natural.items() if c in elastic}
    floors = {c: min(w, name_floor if c in names
                     else max(name_floor, view.sizeHintForColumn(c)))
              for c, w in shrinking.items()}
    pattern_floor = metrics.averageCharWidth() * PATTERNS_FLOOR_CHARACTERS + padding
    room = view.viewport().width() - sum(fixed.values())
    pattern_width = pattern_floor if stretch in natural else 0
    _cap(shrinking, floors, room - pattern_width)
    if stretch in natural:
        pattern_width = max(room - sum(shrinking.values()), pattern_floor)
    for column, width in {**fixed, **shrinking}.items():
        header.setSectionResizeMode(column, QHeaderView.ResizeMode.Interactive)
        header.resizeSection(column, width)
    if stretch in natural:
        header.setSectionResizeMode(stretch, QHeaderView.ResizeMode.Interactive)
        header.resizeSection(stretch, pattern_width)
