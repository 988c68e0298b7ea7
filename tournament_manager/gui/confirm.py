"""A question before an act that is not undone with Edit ▸ Undo (or not lightly).

The default button is always the harmless answer, so an Enter pressed out of habit or a
key bounce at a busy table never stops a table or closes a session.
"""

from __future__ import annotations

from PySide6.QtWidgets import QMessageBox, QWidget


def confirm(parent: QWidget, title: str, question: str, details: str, act_label: str,
            *, object_name: str = "confirm_dialog") -> bool:
    """Ask `question` (details below it); True only when `act_label` was pressed."""
    box = QMessageBox(parent)
    box.setObjectName(object_name)
    box.setIcon(QMessageBox.Icon.Question)
    box.setWindowTitle(title)
    box.setText(question)
    box.setInformativeText(details)
    act = box.addButton(act_label, QMessageBox.ButtonRole.YesRole)
    act.setObjectName("confirm_yes")
    keep = box.addButton(QMessageBox.StandardButton.No)
    keep.setObjectName("confirm_no")
    box.setDefaultButton(keep)
    box.setEscapeButton(keep)
    try:
        box.exec()
        return box.clickedButton() is act
    finally:
        box.deleteLater()
