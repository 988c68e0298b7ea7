"""Putting another name on the head judge (a typo, a judge who takes over), with his
passphrase, which stays as it is.

It follows the head judge's dialogs (`gui.head_judge_dialog`): the passphrase is checked
before the dialog closes, a wrong one is said inline, the field is cleared and the dialog
stays open; the passphrase lives only in the field and the credential handed to the act.
The name is on every printout of a correction, so the change is the head judge's act.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QVBoxLayout,
    QWidget,
)

from tournament_manager.domain.model import HeadJudge
from tournament_manager.gui.errors import EXPECTED_ERRORS, describe_error
from tournament_manager.gui.formatting import mark_negative
from tournament_manager.messages.sentence import sentence
from tournament_manager.services.head_judge import HeadJudgeCredential, rename_head_judge
from tournament_manager.services.ports import UnitOfWork


class RenameHeadJudgeDialog(QDialog):
    def __init__(self, unit_of_work: Callable[[], UnitOfWork], current: HeadJudge,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("rename_head_judge_dialog")
        self.setWindowTitle(self.tr("Rename the Head Judge"))
        self.setMinimumWidth(460)
        self._unit_of_work = unit_of_work
        self.judge: HeadJudge | None = None
        intro = QLabel(self.tr("The head judge's name goes on every correction and on its "
                               "printouts. His passphrase stays as it is: type it to "
                               "confirm."), self)
        intro.setWordWrap(True)
        self.name = QLineEdit(current.name, self)
        self.name.setObjectName("rename_judge_name")
        self.name.selectAll()
        self.passphrase = QLineEdit(self)
        self.passphrase.setObjectName("rename_judge_passphrase")
        self.passphrase.setEchoMode(QLineEdit.EchoMode.Password)
        self.passphrase.setAttribute(Qt.WidgetAttribute.WA_InputMethodEnabled, False)
        self.problem = QLabel(self)
        self.problem.setObjectName("rename_judge_problem")
        self.problem.setWordWrap(True)
        mark_negative(self.problem)
        self.problem.hide()
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, self)
        self.ok_button = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        self.ok_button.setText(self.tr("Rename"))
        self.ok_button.setObjectName("rename_judge_ok")
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        form = QFormLayout()
        form.addRow(self.tr("New &name:"), self.name)
        form.addRow(self.tr("&Passphrase:"), self.passphrase)
        layout = QVBoxLayout(self)
        layout.addWidget(intro)
        layout.addLayout(form)
        layout.addWidget(self.problem)
        layout.addWidget(self.buttons)
        self._current = current.name
        self.name.textChanged.connect(self._update)
        self.passphrase.textChanged.connect(self._update)
        self._update()

    def _update(self) -> None:
        name = self.name.text().strip()
        self.ok_button.setEnabled(bool(name) and name != self._current
                                  and bool(self.passphrase.text()))

    def accept(self) -> None:
        if not self.ok_button.isEnabled():
            return  # Enter in a field before the dialog is complete
        credential = HeadJudgeCredential(self.passphrase.text())
        try:
            self.judge = rename_head_judge(self._unit_of_work(), self.name.text(), credential)
        except EXPECTED_ERRORS as error:
            self.problem.setText(sentence(describe_error(error)))
            self.problem.show()
            self.passphrase.clear()
            self.passphrase.setFocus()
            return
        super().accept()

    def done(self, result: int) -> None:
        self.passphrase.clear()  # however the dialog closes, the typed passphrase goes
        super().done(result)
