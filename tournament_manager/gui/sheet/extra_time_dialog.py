"""Extra time for one table: how many minutes, and what the table's time left becomes.

Extra time is a ruling (a long dispute held a table up) and it goes on record at once;
Edit ▸ Undo does not take it back, so the dialog says what will happen before the judge
presses its button, and that button is never the default one: an Enter typed out of habit
after the number cancels. A slip is put right with negative minutes.
"""

from __future__ import annotations

from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from tournament_manager.gui.countdown import format_left
from tournament_manager.services.clock import MAX_EXTRA_MINUTES

DEFAULT_MINUTES = 5


class ExtraTimeDialog(QDialog):
    def __init__(self, parent: QWidget | None, table: int, session: int,
                 seconds_left: float | None) -> None:
        super().__init__(parent)
        self.setObjectName("extra_time_dialog")
        self.setWindowTitle(self.tr("Extra Time"))
        self._left = seconds_left
        question = QLabel(self.tr("Give table {table} of session {session} extra time on "
                                  "the session clock?").format(table=table, session=session),
                          self)
        question.setObjectName("extra_time_question")
        question.setWordWrap(True)
        self.minutes = QSpinBox(self)
        self.minutes.setObjectName("extra_time_minutes")
        self.minutes.setRange(-MAX_EXTRA_MINUTES, MAX_EXTRA_MINUTES)
        self.minutes.setValue(DEFAULT_MINUTES)
        self.minutes.setSuffix(self.tr(" min"))
        self.minutes.valueChanged.connect(self._show_effect)
        self.effect = QLabel(self)
        self.effect.setObjectName("extra_time_effect")
        self.effect.setWordWrap(True)
        note = QLabel(self.tr("Only this table plays longer; the room's clock is unchanged. "
                              "Edit ▸ Undo does not take this back: negative minutes do."),
                      self)
        note.setWordWrap(True)
        note.setEnabled(False)

        buttons = QDialogButtonBox(self)
        self.give = QPushButton(self.tr("Give Extra Time"), self)
        self.give.setObjectName("extra_time_ok")
        self.give.setAutoDefault(False)
        buttons.addButton(self.give, QDialogButtonBox.ButtonRole.AcceptRole)
        cancel = buttons.addButton(QDialogButtonBox.StandardButton.Cancel)
        cancel.setObjectName("extra_time_cancel")
        cancel.setDefault(True)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)

        row = QHBoxLayout()
        row.addWidget(QLabel(self.tr("Extra minutes for this table:"), self))
        row.addWidget(self.minutes)
        row.addStretch(1)
        layout = QVBoxLayout(self)
        layout.addWidget(question)
        layout.addLayout(row)
        layout.addWidget(self.effect)
        layout.addWidget(note)
        layout.addWidget(buttons)
        self._show_effect()

    def _show_effect(self) -> None:
        minutes = self.minutes.value()
        self.give.setEnabled(minutes != 0)
        if minutes == 0:
            self.effect.setText(self.tr("Type the minutes to give (negative to take back)."))
            return
        if self._left is None:
            self.effect.setText("")
            return
        after = self._left + 60 * minutes
        self.effect.setText(
            self.tr("The table's time left becomes {left}.").format(left=format_left(int(after)))
            if after > 0 else self.tr("The table's time is then up."))


def ask_extra_minutes(parent: QWidget, table: int, session: int,
                      seconds_left: float | None) -> int | None:
    """The minutes to give (negative: to take back); None when cancelled."""
    dialog = ExtraTimeDialog(parent, table, session, seconds_left)
    try:
        if dialog.exec() != QDialog.DialogCode.Accepted or dialog.minutes.value() == 0:
            return None
        return dialog.minutes.value()
    finally:
        dialog.deleteLater()
