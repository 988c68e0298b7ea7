"""Start the desktop application as `tournament-manager [FILE]` does and print "shown" once
its main window is on screen with its first document open, then quit: `bench_startup`
times this process from its spawn to that line."""

import sys

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication

from tournament_manager.gui import launch as launching

_start = launching.start_main_window


def _shown(*args, **kwargs):  # type: ignore[no-untyped-def]
    window = _start(*args, **kwargs)
    QApplication.processEvents()  # painted
    print("shown", flush=True)
    QTimer.singleShot(0, QApplication.quit)
    return window


launching.start_main_window = _shown
sys.exit(launching.launch(sys.argv[1:]))
