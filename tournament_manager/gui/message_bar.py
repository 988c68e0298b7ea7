"""A banner across the top of the window for what the user must read: a problem, or the
outcome of an act that happened out of sight (a file written, a demo event built).

Non-modal on purpose: a blocking message box in the middle of a round stops the whole
room's score entry, and blocks headless tests. The banner stays until dismissed or until
the next action, and may carry buttons that offer the way forward (restore a backup, open
the file written). Its icon says which it is at a glance: a warning sign for a problem,
the information sign for news that needs nothing done.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication, QPalette
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFrame,
    QHBoxLayout,
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QSizePolicy,
    QStyle,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from tournament_manager.messages.sentence import standing_alone

ICON_SIZE = 24
PROBLEM = "problem"
INFORMATION = "information"
_ICONS = {PROBLEM: QStyle.StandardPixmap.SP_MessageBoxWarning,
          INFORMATION: QStyle.StandardPixmap.SP_MessageBoxInformation}


class DetailsDialog(QDialog):
    """Every line behind a message (what verification found, say), to read and copy."""

    def __init__(self, title: str, summary: str, lines: Sequence[str],
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("details_dialog")
        self.setWindowTitle(title)
        self.resize(720, 420)
        heading = QLabel(summary, self)
        heading.setWordWrap(True)
        heading.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.text = QPlainTextEdit(self)
        self.text.setObjectName("details_text")
        self.text.setReadOnly(True)
        self.text.setLineWrapMode(QPlainTextEdit.LineWrapMode.WidgetWidth)
        self.text.setPlainText("\n".join(lines))
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        copy = buttons.addButton(self.tr("Copy"), QDialogButtonBox.ButtonRole.ActionRole)
        copy.clicked.connect(self._copy)
        buttons.rejected.connect(self.close)
        layout = QVBoxLayout(self)
        layout.addWidget(heading)
        layout.addWidget(self.text, 1)
        layout.addWidget(buttons)

    def lines(self) -> list[str]:
        return self.text.toPlainText().splitlines()

    def _copy(self) -> None:
        QGuiApplication.clipboard().setText(self.text.toPlainText())


class MessageBar(QFrame):
    """Hidden until `show_problem` or `show_info`; buttons fire their callback and then
    hide the bar."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("message_bar")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.setAutoFillBackground(True)
        self.setBackgroundRole(QPalette.ColorRole.AlternateBase)

        self._icon = QLabel(self)
        self._icon.setObjectName("message_icon")
        self._kind = PROBLEM
        self._text = QLabel(self)
        self._text.setObjectName("message_text")
        self._text.setWordWrap(True)
        self._text.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        # Its width is the bar's, whatever it says: a 5,000-character word (a pasted name)
        # made its size hint, and so the window, 32,767 pixels wide. Wrapped, or cut.
        self._text.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
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
        self.details_dialog: DetailsDialog | None = None
        self.hide()

    def text(self) -> str:
        return self._text.text()

    def buttons(self) -> list[QPushButton]:
        return list(self._buttons)

    def kind(self) -> str:
        """PROBLEM or INFORMATION: what the shown message is (and its icon says)."""
        return self._kind

    def show_problem(self, text: str,
                     actions: Sequence[tuple[str, Callable[[], object]]] = (), *,
                     details: Sequence[str] = (), details_title: str = "") -> None:
        """Something went wrong or needs the user: the warning icon.

        `actions` run and then hide the bar; `details` (one line each) add a "Details…"
        button that lists them and leaves the bar in place. A clause (a service's refusal,
        as `describe_error` words it) is shown as a sentence (`standing_alone`)."""
        self._show(PROBLEM, standing_alone(text), actions, details, details_title)

    def show_info(self, text: str,
                  actions: Sequence[tuple[str, Callable[[], object]]] = (), *,
                  details: Sequence[str] = (), details_title: str = "") -> None:
        """Something was done as asked (a file written): the information icon."""
        self._show(INFORMATION, text, actions, details, details_title)

    def _show(self, kind: str, text: str,
              actions: Sequence[tuple[str, Callable[[], object]]],
              details: Sequence[str], details_title: str) -> None:
        self._remove_buttons()
        self._kind = kind
        self._icon.setPixmap(self.style().standardIcon(_ICONS[kind]).pixmap(ICON_SIZE,
                                                                            ICON_SIZE))
        self._text.setText(text)
        for label, callback in actions:
            button = QPushButton(label, self)
            button.clicked.connect(self._run_then_hide(callback))
            self._add_button(button)
        if details:
            lines = list(details)
            button = QPushButton(self.tr("Details…"), self)
            button.setObjectName("message_details")
            button.clicked.connect(
                lambda _checked=False: self.show_details(details_title or self.tr("Details"),
                                                         text, lines))
            self._add_button(button)
        self.show()

    def show_details(self, title: str, summary: str, lines: Sequence[str]) -> DetailsDialog:
        """The lines behind a message, in a window that does not block the event."""
        if self.details_dialog is not None:
            self.details_dialog.close()
        dialog = DetailsDialog(title, summary, lines, self.window())
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.destroyed.connect(self._details_closed)
        self.details_dialog = dialog
        dialog.show()
        return dialog

    def _details_closed(self) -> None:
        self.details_dialog = None

    def _add_button(self, button: QPushButton) -> None:
        self._layout.insertWidget(self._layout.count() - 1, button)
        self._buttons.append(button)

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


class Answers:
    """The message bar as the pages answer the judge with it: a refusal, or what came of
    what he just did. An answer goes at his next act (`forget`), where the window's own
    messages (the record in doubt, a server that does not answer) stay until dismissed:
    "The signature is empty." stayed up through the signatures that followed it, and a
    refused name through the next registration's dialog."""

    def __init__(self, bar: MessageBar) -> None:
        self._bar = bar
        self._shown: str | None = None

    def show_problem(self, text: str,
                     actions: Sequence[tuple[str, Callable[[], object]]] = (), *,
                     details: Sequence[str] = (), details_title: str = "") -> None:
        self._bar.show_problem(text, actions, details=details, details_title=details_title)
        self._shown = self._bar.text()  # as the bar words it (`standing_alone`)

    def show_info(self, text: str,
                  actions: Sequence[tuple[str, Callable[[], object]]] = (), *,
                  details: Sequence[str] = (), details_title: str = "") -> None:
        self._bar.show_info(text, actions, details=details, details_title=details_title)
        self._shown = self._bar.text()

    def clear(self) -> None:
        self._bar.clear()
        self._shown = None

    def forget(self) -> None:
        """The judge acts again: the answer to his last act goes, if it is still shown."""
        if self._shown is not None and self._bar.isVisible() and self._bar.text() == self._shown:
            self._bar.clear()
        self._shown = None
