"""The keyboard goes back to the window a dialog covered when the dialog closes.

A window manager activates the window below when a dialog closes, but not every desktop
at an event has one that does: a kiosk session, a bare X server on the projector laptop.
There the keyboard went nowhere. A judge who pressed Ctrl+N and then Escape, or drew with
Alt+D, had to click into the window before Ctrl+2 or Alt+P would do anything, and a key
pressed meanwhile was lost without a sign.

One application-wide event filter, installed at startup (`install`), covers every dialog,
including message boxes and the progress dialog of a long job: when a window that had the
keyboard is hidden and, once Qt has dealt with the hiding, no window of the application has
it and none has been shown since (the next dialog of a sequence takes it), the window it
belonged to (its parent's, else the main window) takes it back. Qt then gives it to the
widget that had it there. Only a dialog the judge was still using counts: a window that
took the keyboard back from another application he had gone on to use would be a trap.
"""

from __future__ import annotations

import shiboken6
from PySide6.QtCore import QCoreApplication, QEvent, QObject, QTimer
from PySide6.QtWidgets import QApplication, QMainWindow, QWidget

from tournament_manager.gui.app_filter import installed_once

RETURN_NAME = "keyboard_return"


def _owner(closed: QWidget) -> QWidget | None:
    """The window that gets the keyboard back: the closed window's parent's, else the
    application's visible main window."""
    parent = closed.parentWidget()
    if parent is not None and parent.window().isVisible():
        return parent.window()
    return next((widget for widget in QApplication.topLevelWidgets()
                 if isinstance(widget, QMainWindow) and widget.isVisible()
                 and widget is not closed), None)


class KeyboardReturn(QObject):
    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._windows_shown = 0
        """Counts windows as they are shown: one shown after a dialog closed (the next
        dialog of a sequence) is where the keyboard goes, not the window below."""

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        kind = event.type()
        if kind == QEvent.Type.Show and isinstance(watched, QWidget) and watched.isWindow():
            self._windows_shown += 1
        # Qt takes the keyboard from a window being hidden before the Hide event, so the
        # moment to see is that: a window losing the keyboard because it is going (it is
        # hidden already), not because the judge went to another window or application.
        elif (kind == QEvent.Type.WindowDeactivate and isinstance(watched, QWidget)
                and watched.isWindow() and watched.isHidden()):
            owner = _owner(watched)
            if owner is not None:
                shown = self._windows_shown
                QTimer.singleShot(0, lambda: self._give_back(owner, shown))
        return False

    def _give_back(self, owner: QWidget, shown: int) -> None:
        """After the hiding: unless a window has been shown since, or another window of
        ours has the keyboard (where a window manager gave it back), the owner takes it."""
        if (shown == self._windows_shown and shiboken6.isValid(owner) and owner.isVisible()
                and QApplication.activeWindow() is None):
            owner.activateWindow()


def install(app: QCoreApplication | None = None) -> KeyboardReturn:
    """The application's filter (installed once, however often this is called)."""
    return installed_once(KeyboardReturn, RETURN_NAME, app)
