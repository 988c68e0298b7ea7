"""The keyboard goes back to the window when a dialog the judge was using closes
(`keyboard_return`), and only then.

That it goes back is seen on a real X server with real keys (`test_bare_x.py`), and after
the draw's progress dialog in `test_seating_page.py`. Here: that a dialog the judge had
left for another window does not pull the keyboard back when it closes.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtWidgets import QApplication, QDialog, QWidget

from tournament_manager.gui.main_window import MainWindow
from tournament_manager.gui.settings import AppSettings


@pytest.fixture
def real_window(qtbot, app_settings: AppSettings) -> Iterator[MainWindow]:
    """The main window with the application's own dialogs, shown and holding the keyboard."""
    window = MainWindow(app_settings)
    qtbot.addWidget(window)
    window.show()
    window.activateWindow()
    QApplication.processEvents()
    assert QApplication.activeWindow() is window
    yield window
    window.close()


def test_a_dialog_left_for_another_window_does_not_take_the_keyboard_back(
        qtbot, real_window: MainWindow):
    """The judge opened a dialog, then went to another window (here one of ours; another
    application alike): when the dialog closes, the keyboard stays where he is."""
    dialog = QDialog(real_window)
    dialog.show()
    dialog.activateWindow()
    QApplication.processEvents()
    assert QApplication.activeWindow() is dialog
    elsewhere = QWidget()
    qtbot.addWidget(elsewhere)
    elsewhere.show()
    elsewhere.activateWindow()
    QApplication.processEvents()
    assert QApplication.activeWindow() is elsewhere

    dialog.hide()
    QApplication.processEvents()

    assert QApplication.activeWindow() is elsewhere
