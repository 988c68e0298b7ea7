"""A question before an act that is not undone with Edit ▸ Undo (or not lightly).

The default button is always the harmless answer, so an Enter pressed out of habit or a
key bounce at a busy table never stops a table or closes a session.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtWidgets import QLabel, QMessageBox, QWidget

READABLE_LINE = 56
"""Characters in a line of a question's words: Qt wraps them at about half this, and
a two-line question stood in a narrow column of seven."""


def confirm(parent: QWidget, title: str, question: str, details: str, act_label: str,
            *, object_name: str = "confirm_dialog") -> bool:
    """Ask `question` (details below it); True only when `act_label` was pressed."""
    return choose(parent, title, question, details, [(act_label, "confirm_yes")],
                  object_name=object_name) == "confirm_yes"


def choose(parent: QWidget, title: str, question: str, details: str,
           acts: Sequence[tuple[str, str]], *, object_name: str = "confirm_dialog",
           keep: QMessageBox.StandardButton = QMessageBox.StandardButton.No) -> str | None:
    """Ask `question` with a button for each act (its label and object name) and `keep`,
    the default and the Esc answer; the object name of the act pressed, None for `keep`."""
    box = QMessageBox(parent)
    box.setObjectName(object_name)
    box.setIcon(QMessageBox.Icon.Question)
    box.setWindowTitle(title)
    box.setText(question)
    box.setInformativeText(details)
    _readable(box)
    for label, name in acts:
        box.addButton(label, QMessageBox.ButtonRole.YesRole).setObjectName(name)
    kept = box.addButton(keep)
    kept.setObjectName("confirm_no")
    box.setDefaultButton(kept)
    box.setEscapeButton(kept)
    try:
        box.exec()
        clicked = box.clickedButton()
        return None if clicked is None or clicked is kept else clicked.objectName()
    finally:
        box.deleteLater()


def _readable(box: QMessageBox) -> None:
    """The details in lines of READABLE_LINE characters (less on a small screen). Only the
    details: the question's own label is sized by Qt, which wraps it once it is longer
    than the box may be wide; given a minimum, it was neither wrapped nor widened, and
    "Leave this event for another? What is not finished in it i" was cut."""
    width = box.fontMetrics().averageCharWidth() * READABLE_LINE
    screen = box.screen()
    if screen is not None:
        width = min(width, screen.availableGeometry().width() // 2)
    details = box.findChild(QLabel, "qt_msgbox_informativelabel")
    if details is not None:
        details.setMinimumWidth(width)
