"""Where Tab goes in a dialog, pressed as a user presses it, and the stops out of reading order.

Qt's Tab order is the order the widgets were created in unless told otherwise, so a field
created early but laid out late is reached out of turn: in the New Tournament dialog Tab
went from the name to the format and only then back up to the rules, which decide the
format's customs (seen under Xvfb). Reading order is top to bottom, and left to right on
one row.
"""

from __future__ import annotations

from itertools import pairwise

from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QWidget

_ROW = 6  # pixels: fields closer than this in height are on one row


def tab_stops(dialog: QWidget) -> list[QWidget]:
    """The widgets Tab gives the focus to, from the dialog's first field in reading order
    until one comes round again (or after 60 presses)."""
    first = min((widget for widget in dialog.findChildren(QWidget)
                 if widget.focusPolicy() & Qt.FocusPolicy.TabFocus and widget.isVisible()
                 and widget.isEnabled() and widget.focusProxy() is None),
                key=lambda widget: _reading_place(dialog, widget))
    first.setFocus(Qt.FocusReason.TabFocusReason)
    QApplication.processEvents()
    stops = [_field(QApplication.focusWidget())]
    for _ in range(60):
        QTest.keyClick(QApplication.focusWidget(), Qt.Key.Key_Tab)
        QApplication.processEvents()
        widget = _field(QApplication.focusWidget())
        if widget in stops:
            break
        stops.append(widget)
    return stops


def _reading_place(dialog: QWidget, widget: QWidget) -> tuple[int, int]:
    place = widget.mapTo(dialog, QPoint(0, 0))
    return (place.y() // _ROW, place.x())


def _field(widget: QWidget | None) -> QWidget:
    """A spin box's or an editable combo box's own line edit stands for the field."""
    assert widget is not None, "Tab left the dialog without focus"
    parent = widget.parentWidget()
    if parent is not None and parent.focusProxy() is widget:
        return parent
    return widget


def out_of_order(dialog: QWidget, stops: list[QWidget]) -> list[tuple[str, str]]:
    """The consecutive stops where Tab goes up the dialog (or left on one row), by name."""
    def place(widget: QWidget) -> QPoint:
        return widget.mapTo(dialog, QPoint(0, 0))

    found = []
    for before, after in pairwise(stops):
        a, b = place(before), place(after)
        if b.y() < a.y() - _ROW or (abs(b.y() - a.y()) <= _ROW and b.x() < a.x()):
            found.append((before.objectName() or type(before).__name__,
                          after.objectName() or type(after).__name__))
    return found
