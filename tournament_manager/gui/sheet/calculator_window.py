"""The calculator in a window of its own, for a judge who wants the whole sheet in view.

The window belongs to the Score sheets page: it shows while the page does and hides with
it (another tab, the main window closed), and closing it puts the calculator back under
the sheet. The page decides where the calculator lives; this only hosts it. The first
time it opens on a second screen if there is one, else in the top left corner of the
main window's screen (on a 1280 × 800 laptop it then covers the table list and the first
columns, not the last running totals or the entry bar); after that, wherever the judge
left it.
"""

from __future__ import annotations

from PySide6.QtCore import QByteArray, Qt, Signal
from PySide6.QtGui import QCloseEvent, QGuiApplication, QHideEvent
from PySide6.QtWidgets import QScrollArea, QVBoxLayout, QWidget

FIRST_SIZE = (1000, 540)


class CalculatorWindow(QWidget):
    closed = Signal()
    """The user closed the window (not a hide because the page was left)."""
    moved_away = Signal(QByteArray)
    """Hidden or closed: its geometry, to open there next time."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent, Qt.WindowType.Window)
        self.setObjectName("calculator_window")
        self.setWindowTitle(self.tr("Calculator — Tournament Manager"))
        self._area = QScrollArea(self)
        self._area.setWidgetResizable(True)
        self._area.setFrameShape(QScrollArea.Shape.NoFrame)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self._area)
        self._placed = False

    def show_at(self, geometry: QByteArray | None, beside: QWidget) -> None:
        """Show it where it was left (`geometry`), or placed as the module says."""
        if not self._placed:
            self._placed = True
            if geometry is None or not self.restoreGeometry(geometry):
                self._place(beside)
        self.show()

    def _place(self, beside: QWidget) -> None:
        own = beside.screen()
        others = [screen for screen in QGuiApplication.screens() if screen is not own]
        area = (others[0] if others else own).availableGeometry()
        # Room for a whole hand of tiles in the result, not just for the empty panel.
        self.resize(min(FIRST_SIZE[0], area.width()), min(FIRST_SIZE[1], area.height()))
        self.move(area.left(), area.top())

    def hold(self, panel: QWidget) -> None:
        self._area.setWidget(panel)

    def release(self) -> QWidget | None:
        """Give the panel back (it is no longer shown here)."""
        return self._area.takeWidget()

    def holds(self, panel: QWidget) -> bool:
        return self._area.widget() is panel

    def hideEvent(self, event: QHideEvent) -> None:
        super().hideEvent(event)
        self.moved_away.emit(self.saveGeometry())

    def closeEvent(self, event: QCloseEvent) -> None:
        super().closeEvent(event)
        self.closed.emit()
