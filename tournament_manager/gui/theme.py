"""The application's look: Fusion on Windows and Linux, following the system light/dark scheme.

Fusion gives the same palette-driven look on every desktop (the native Windows style
ignores dark mode); macOS keeps its native style. Colours always come from palette roles,
so following the system scheme needs nothing beyond not overriding it.
"""

from __future__ import annotations

import sys

from PySide6.QtWidgets import QApplication


def apply_theme(app: QApplication) -> None:
    if sys.platform != "darwin":
        app.setStyle("Fusion")
    app.styleHints().unsetColorScheme()
