"""Open a written file in the program the desktop chooses, and say so when none will.

`QDesktopServices.openUrl` on Linux only starts `xdg-open` and reports True whether or not
anything opened: on a kiosk or a fresh laptop with no PDF viewer, the export's Open button
did nothing and said nothing. Here `xdg-open` runs as a process of its own session (closing
the window does not close the viewer it started), and a timer in the window's thread looks
at its exit status for a while (no thread of ours: see `worker.HeldCollector` for why Python
threads and Qt wrappers are kept apart); a status other than 0 reaches `on_failure`, so the
organiser is told the file's place and can open it another way. A handler still running
when the timer stops has opened the file in the foreground. Elsewhere (Windows, macOS) the
desktop's own call answers at once and its False is reported the same way.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QObject, QTimer, QUrl
from PySide6.QtGui import QDesktopServices

LOOK_EVERY_MS = 250
LOOKS = 120
"""xdg-open fails within a second or two when nothing handles the file; 30 s is ample."""


def open_file(path: Path, parent: QObject, on_failure: Callable[[], None]) -> None:
    """Open `path`; call `on_failure` (in the window's thread) if no program opens it."""
    opener = shutil.which("xdg-open") if sys.platform.startswith("linux") else None
    if opener is None:
        if not QDesktopServices.openUrl(QUrl.fromLocalFile(str(path))):
            on_failure()
        return
    try:
        process = subprocess.Popen([opener, str(path)], stdin=subprocess.DEVNULL,
                                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                   start_new_session=True)
    except OSError:
        on_failure()
        return
    timer = QTimer(parent)
    looks = [0]

    def look() -> None:
        looks[0] += 1
        status = process.poll()
        if status is None and looks[0] < LOOKS:
            return
        timer.stop()
        timer.deleteLater()
        if status not in (None, 0):
            on_failure()

    timer.timeout.connect(look)
    timer.start(LOOK_EVERY_MS)
