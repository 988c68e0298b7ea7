"""Start the desktop application as `tournament-manager FILE` does and print "shown" when
its main window is first painted and "opened" once its first document is open and
painted, then quit: `bench_startup` times this process from its spawn to each line."""

import sys

from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QApplication

from tournament_manager.gui import launch as launching

_start = launching.start_main_window


class _FirstPaint(QObject):
    def __init__(self, window: QObject) -> None:
        super().__init__(window)
        window.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() is QEvent.Type.Paint:
            print("shown", flush=True)
            watched.removeEventFilter(self)
        return False


def _opened() -> None:
    QApplication.processEvents()  # painted
    print("opened", flush=True)
    QTimer.singleShot(0, QApplication.quit)


def _watched(*args, **kwargs):  # type: ignore[no-untyped-def]
    window = _start(*args, **kwargs)
    _FirstPaint(window)
    window.controller.document_changed.connect(_opened)
    return window


launching.start_main_window = _watched
sys.exit(launching.launch(sys.argv[1:]))
