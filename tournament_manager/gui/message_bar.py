"""A banner across the top of the window for problems the user must read.

Non-modal on purpose: a blocking message box in the middle of a round stops the whole
room's score entry, and blocks headless tests. The banner stays until dismissed or until
the next action, and may carry buttons that offer the way forward (restore a backup).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from PySide6.QtCore import Qt
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSizePolicy,
    QStyle,
    QToolButton,
    QWidget,
)

ICON_SIZE = 24


class MessageBar(QFrame):
    """Hidden until `show_problem`; buttons fire their callback and then hide the bar."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("message_bar")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.setAutoFillBackground(True)
        self.setBackgroundRole(QPalette.ColorRole.AlternateBase)

        self._icon = QLabel(self)
        self._icon.setPixmap(self.style().standardIcon(
            QStyle.StandardPixmap.SP_MessageBoxWarning).pixmap(ICON_SIZE, ICON_SIZE))
        self._text = QLabel(self)
        self._text.setObjectName("message_text")
        self._text.setWordWrap(True)
        self._text.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self._text.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
        self._dismiss = QToolButton(self)
        self._dismiss.setObjectName("message_dismiss")
        self._dismiss.setAutoRaise(True)
        self._dismiss.setIcon(self.style().standardIcon(
            QStyle.StandardPixmap.SP_TitleBarCloseButton))
        self._dismiss.setToolTip(self.tr("Dismiss"))
        self._dismiss.clicked.connect(self.clear)

        self._layout = QHBoxLayout(self)
        self._layout.addWidget(self._icon)
        self._layout.addWidget(self._text, 1)
        self._layout.addWidget(self._dismiss)
        self._buttons: list[QPushButton] = []
        self.hide()

    def text(self) -> str:
        return self._text.text()

    def buttons(self) -> list[QPushButton]:
        return list(self._buttons)

    def show_problem(self, text: str,
                     actions: Sequence[tuple[str, Callable[[], object]]] = ()) -> None:
        self._remove_buttons()
        self._text.setText(text)
        for label, callback in actions:
            button = QPushButton(label, self)
            button.clicked.connect(self._run_then_hide(callback))
            self._layout.insertWidget(self._layout.count() - 1, button)
            self._buttons.append(button)
        self.show()

    def clear(self) -> None:
        self._remove_buttons()
        self._text.clear()
        self.hide()

    def _run_then_hide(self, callback: Callable[[], object]) -> Callable[[], None]:
        def run() -> None:
            # Hide first: the callback may report a new problem, which must stay visible.
            self.clear()
            callback()
        return run

    def _remove_buttons(self) -> None:
        for button in self._buttons:
            self._layout.removeWidget(button)
            button.deleteLater()
        self._buttons.clear()
