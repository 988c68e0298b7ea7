"""The head judge's dialogs: his passphrase when it is set or changed, and his say-so for
every act that changes the signed record (unlocking a sheet, reopening a session).

An act's dialog says what will happen, takes the reason that goes on the record (with a
live count against the minimum) and the passphrase, and checks the passphrase before it
closes: a wrong one is said inline, the field is cleared and the dialog stays open, so the
act itself is only attempted with a passphrase known to be right. The service checks
again; nothing here decides who may act.

The passphrase lives in the dialog's field and in the credential handed to the act, and
nowhere else: it is never shown, logged, or kept on the undo stack.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from tournament_manager.domain.model import HeadJudge
from tournament_manager.domain.passphrase import MINIMUM_LENGTH
from tournament_manager.gui.errors import EXPECTED_ERRORS, describe_error
from tournament_manager.gui.formatting import by_count, local_date_time, mark_negative
from tournament_manager.messages.sentence import sentence
from tournament_manager.services.head_judge import (
    MINIMUM_REASON_LENGTH,
    HeadJudgeCredential,
    check_passphrase,
    head_judge,
    set_head_judge,
)
from tournament_manager.services.ports import UnitOfWork

UnitOfWorkFactory = Callable[[], UnitOfWork]


def _problem_label(parent: QWidget, name: str) -> QLabel:
    """A bold line in the palette's "negative" colour for what stops the dialog."""
    label = QLabel(parent)
    label.setObjectName(name)
    label.setWordWrap(True)
    label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
    mark_negative(label)
    label.hide()
    return label


def _password_edit(parent: QWidget, name: str) -> QLineEdit:
    edit = QLineEdit(parent)
    edit.setObjectName(name)
    edit.setEchoMode(QLineEdit.EchoMode.Password)
    # No completion, no undo history of what was typed.
    edit.setAttribute(Qt.WidgetAttribute.WA_InputMethodEnabled, False)
    return edit


class NewPassphraseFields(QWidget):
    """A new passphrase typed twice, with a hint that says what is still wrong.

    The hint is one line that changes as the judge types, and the advice under it never
    changes: a hint that wrapped onto more or fewer lines resized the dialog while it was
    being filled in, so a click aimed at "Repeat" landed in "Passphrase"."""

    changed = Signal()

    def __init__(self, parent: QWidget | None = None, *, prefix: str = "passphrase") -> None:
        super().__init__(parent)
        self.passphrase = _password_edit(self, f"{prefix}_new")
        self.passphrase.setPlaceholderText(self.tr("at least {n} characters").format(
            n=MINIMUM_LENGTH))
        self.repeat = _password_edit(self, f"{prefix}_repeat")
        self.repeat.setPlaceholderText(self.tr("the same again"))
        self.hint = QLabel(self)
        self.hint.setObjectName(f"{prefix}_hint")
        self.advice = QLabel(self.tr(
            "Only the head judge should know it: it unlocks signed sheets and reopens "
            "finished sessions. Nobody can recover it, so keep it safe."), self)
        self.advice.setObjectName(f"{prefix}_advice")
        self.advice.setWordWrap(True)
        form = QFormLayout(self)
        form.setContentsMargins(0, 0, 0, 0)
        form.addRow(self.tr("&Passphrase:"), self.passphrase)
        form.addRow(self.tr("&Repeat:"), self.repeat)
        form.addRow("", self.hint)
        form.addRow("", self.advice)
        self.passphrase.textChanged.connect(self._changed)
        self.repeat.textChanged.connect(self._changed)
        self._changed()

    def problem(self) -> str | None:
        """What keeps the passphrase from being set, or None when it can be."""
        typed, again = self.passphrase.text(), self.repeat.text()
        if not typed:
            return self.tr("Choose one of at least {n} characters and type it twice.").format(
                n=MINIMUM_LENGTH)
        if len(typed) < MINIMUM_LENGTH:
            return self.tr("Too short: {count} of at least {n} characters.").format(
                count=len(typed), n=MINIMUM_LENGTH)
        if typed != again:
            return (self.tr("Type the passphrase again below.") if not again
                    else self.tr("The two passphrases differ."))
        return None

    def value(self) -> str:
        return self.passphrase.text()

    def _changed(self) -> None:
        self.hint.setText(self.problem() or self.tr("The passphrases match."))
        self.changed.emit()


@dataclass(frozen=True)
class HeadJudgeAct:
    """What the head judge gave for an act: the reason on record and his credential."""

    reason: str
    credential: HeadJudgeCredential


class HeadJudgeDialog(QDialog):
    """Asks the reason and the passphrase for one act that changes the signed record."""

    def __init__(self, unit_of_work: UnitOfWorkFactory, *, title: str, what: str,
                 act_label: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("head_judge_dialog")
        self.setWindowTitle(title)
        self.setMinimumWidth(520)
        self._unit_of_work = unit_of_work
        self._act: HeadJudgeAct | None = None

        self.what = QLabel(what, self)
        self.what.setObjectName("head_judge_what")
        self.what.setWordWrap(True)
        font = QFont(self.what.font())
        font.setBold(True)
        self.what.setFont(font)
        self.judge = QLabel(self)
        self.judge.setObjectName("head_judge_name")
        self.reason = QLineEdit(self)
        self.reason.setObjectName("head_judge_reason")
        self.reason.setPlaceholderText(self.tr("what was wrong, in a few words"))
        self.reason.setMaxLength(500)
        self.count = QLabel(self)
        self.count.setObjectName("head_judge_reason_count")
        self.passphrase = _password_edit(self, "head_judge_passphrase")
        self.problem = _problem_label(self, "head_judge_problem")
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel, self)
        self.ok_button: QPushButton = self.buttons.addButton(
            act_label, QDialogButtonBox.ButtonRole.AcceptRole)
        self.ok_button.setObjectName("head_judge_ok")
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)

        form = QFormLayout()
        form.addRow(self.tr("Head judge:"), self.judge)
        form.addRow(self.tr("&Reason:"), self.reason)
        form.addRow("", self.count)
        form.addRow(self.tr("&Passphrase:"), self.passphrase)
        note = QLabel(self.tr("The reason, the head judge's name and the time go on the "
                              "record and on every printout of it."), self)
        note.setWordWrap(True)
        note.setEnabled(False)
        layout = QVBoxLayout(self)
        layout.addWidget(self.what)
        layout.addLayout(form)
        layout.addWidget(note)
        layout.addWidget(self.problem)
        layout.addWidget(self.buttons)

        self.reason.textChanged.connect(self._update)
        self.passphrase.textChanged.connect(self._update)
        self._has_passphrase = self._show_judge()
        self._update()
        self.reason.setFocus()

    def act(self) -> HeadJudgeAct | None:
        """The reason and credential, once the dialog was accepted with a right passphrase."""
        return self._act

    def _show_judge(self) -> bool:
        try:
            judge = head_judge(self._unit_of_work())
        except EXPECTED_ERRORS as error:
            self._show_problem(describe_error(error))
            return False
        if judge is None or not judge.key:
            self.judge.setText(self.tr("(none named)"))
            self._show_problem(self.tr(
                "This event has no head judge passphrase yet, so nothing signed can be "
                "changed. Set one on the Setup page (Head judge ▸ Set passphrase…)."))
            for widget in (self.reason, self.passphrase):
                widget.setEnabled(False)
            return False
        self.judge.setText(judge.name)
        return True

    def _reason_length(self) -> int:
        return len(self.reason.text().strip())

    def _update(self) -> None:
        length = self._reason_length()
        if length < MINIMUM_REASON_LENGTH:
            self.count.setText(self.tr("{count} of at least {n} characters").format(
                count=length, n=MINIMUM_REASON_LENGTH))
        else:
            self.count.setText(by_count(length, self.tr("1 character"),
                                        self.tr("{count} characters")).format(count=length))
        self.ok_button.setEnabled(self._has_passphrase
                                  and length >= MINIMUM_REASON_LENGTH
                                  and bool(self.passphrase.text()))

    def _show_problem(self, text: str) -> None:
        self.problem.setText(text)
        self.problem.setVisible(bool(text))

    def accept(self) -> None:
        if not self.ok_button.isEnabled():
            return  # Enter in a field while the act cannot be done yet
        credential = HeadJudgeCredential(self.passphrase.text())
        try:
            check_passphrase(self._unit_of_work(), credential)
        except EXPECTED_ERRORS as error:
            self._show_problem(sentence(describe_error(error)))
            self.passphrase.clear()
            self.passphrase.setFocus()
            return
        self._act = HeadJudgeAct(self.reason.text().strip(), credential)
        super().accept()

    def done(self, result: int) -> None:
        self.passphrase.clear()  # however the dialog closes, the typed passphrase goes
        super().done(result)


def ask_head_judge(parent: QWidget, unit_of_work: UnitOfWorkFactory, *, title: str,
                   what: str, act_label: str) -> HeadJudgeAct | None:
    """Run the head judge's dialog for one act; None when it was cancelled."""
    dialog = HeadJudgeDialog(unit_of_work, title=title, what=what, act_label=act_label,
                             parent=parent)
    try:
        dialog.exec()
        return dialog.act()
    finally:
        dialog.deleteLater()


class PassphraseDialog(QDialog):
    """Set the head judge's name and passphrase, or change them (the current one first)."""

    def __init__(self, unit_of_work: UnitOfWorkFactory, current: HeadJudge | None,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("passphrase_dialog")
        self._unit_of_work = unit_of_work
        self._changing = current is not None and bool(current.key)
        self.judge: HeadJudge | None = None
        self.setWindowTitle(self.tr("Change the Head Judge's Passphrase") if self._changing
                            else self.tr("Set the Head Judge's Passphrase"))
        self.setMinimumWidth(480)
        intro = QLabel(self)
        intro.setWordWrap(True)
        if self._changing:
            assert current is not None
            intro.setText(self.tr("The passphrase was set on {when}. Type the current one, "
                                  "then the new one twice.").format(
                                      when=local_date_time(current.set_at)))
        else:
            intro.setText(self.tr("Without a passphrase, no signed sheet can be corrected "
                                  "and no finished session reopened."))
        self.name = QLineEdit(self)
        self.name.setObjectName("passphrase_judge_name")
        self.name.setText(current.name if current is not None else "")
        self.name.setPlaceholderText(self.tr("the head judge's name"))
        self.current = _password_edit(self, "passphrase_current")
        self.fields = NewPassphraseFields(self, prefix="passphrase")
        self.problem = _problem_label(self, "passphrase_problem")
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, self)
        self.ok_button = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        self.ok_button.setObjectName("passphrase_ok")
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)

        form = QFormLayout()
        form.addRow(self.tr("Head &judge:"), self.name)
        if self._changing:
            form.addRow(self.tr("&Current passphrase:"), self.current)
        else:
            self.current.hide()
        layout = QVBoxLayout(self)
        layout.addWidget(intro)
        layout.addLayout(form)
        layout.addWidget(self.fields)
        layout.addWidget(self.problem)
        layout.addWidget(self.buttons)
        for edit in (self.name, self.current):
            edit.textChanged.connect(self._update)
        self.fields.changed.connect(self._update)
        self._update()

    def _update(self) -> None:
        self.ok_button.setEnabled(bool(self.name.text().strip())
                                  and self.fields.problem() is None
                                  and (not self._changing or bool(self.current.text())))

    def accept(self) -> None:
        if not self.ok_button.isEnabled():
            return
        current = HeadJudgeCredential(self.current.text()) if self._changing else None
        try:
            self.judge = set_head_judge(self._unit_of_work(), self.name.text().strip(),
                                        self.fields.value(), current=current)
        except EXPECTED_ERRORS as error:
            self.problem.setText(sentence(describe_error(error)))
            self.problem.show()
            self.current.clear()
            self.current.setFocus()
            return
        super().accept()

    def done(self, result: int) -> None:
        for edit in (self.current, self.fields.passphrase, self.fields.repeat):
            edit.clear()
        super().done(result)
