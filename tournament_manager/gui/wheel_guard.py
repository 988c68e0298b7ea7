"""No combo box, spin box or slider changes under a mouse wheel that was only scrolling.

A judge scrolling the Setup form with the wheel passes the pointer over a dozen combo
boxes and spin boxes; Qt lets each one take the wheel and change its value on the way
("Seats between cycles" became another rotation without anyone choosing it). With the
guard, such a field takes the wheel only once it has the keyboard focus (a click or Tab
gives it), and the page scrolls on instead.

One application-wide event filter, installed at startup (`install`), covers every window
and dialog, including the ones other pages build. The fields also get `StrongFocus`, so
the wheel never hands them the focus by itself.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QEvent, QObject, Qt
from PySide6.QtWidgets import (
    QAbstractSlider,
    QAbstractSpinBox,
    QComboBox,
    QScrollBar,
    QWidget,
)

from tournament_manager.gui.app_filter import installed_once

GUARD_NAME = "wheel_guard"


def is_guarded(widget: QObject) -> bool:
    """A field whose value a stray wheel would change (scroll bars are for scrolling)."""
    return (isinstance(widget, (QComboBox, QAbstractSpinBox))
            or (isinstance(widget, QAbstractSlider) and not isinstance(widget, QScrollBar)))


class WheelGuard(QObject):
    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        kind = event.type()
        if kind == QEvent.Type.Polish and is_guarded(watched):
            assert isinstance(watched, QWidget)
            watched.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        elif kind == QEvent.Type.Wheel and is_guarded(watched):
            assert isinstance(watched, QWidget)
            if not watched.hasFocus():
                # Filtered but not accepted: Qt hands the wheel on to the parents, so the
                # scroll area under the field scrolls as if the field were not there.
                event.ignore()
                return True
        return False


def install(app: QCoreApplication | None = None) -> WheelGuard:
    """The application's guard (installed once, however often this is called)."""
    return installed_once(WheelGuard, GUARD_NAME, app)
