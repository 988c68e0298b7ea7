"""Answering the real modal dialogs a test opens, from inside their own event loop.

`exec()` blocks the test until the dialog closes, so the answer is given from a timer that
polls for `QApplication.activeModalWidget()` while the dialog's event loop runs. Each
handler gets the dialog as it is shown and types or clicks into it like a user. A handler
that fails, a dialog left open by its handler, or a dialog nobody expected is closed (so
no test can hang) and reported when the `answering` block ends. A progress dialog
(`WorkDialog`) asks nothing and closes itself when its work ends: it is left alone.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field

from PySide6.QtCore import QTimer
from PySide6.QtTest import QTest
from PySide6.QtWidgets import (
    QAbstractButton,
    QApplication,
    QDialog,
    QLineEdit,
    QProgressDialog,
    QWidget,
)

from tournament_manager.gui.worker import WorkDialog

Handler = Callable[[QWidget], object]
POLL_MS = 10
STRAY_MS = 500
"""How often `stray_dialogs` looks for a dialog that no `answering` block expects."""

_answering = [0]
"""How many `answering` blocks are open: while one is, its own poll answers every dialog."""


@dataclass
class Answers:
    pending: list[Handler]
    seen: list[str] = field(default_factory=list)
    """The window titles of the dialogs answered, in order."""
    errors: list[BaseException] = field(default_factory=list)


def _close(widget: QWidget) -> None:
    if isinstance(widget, QDialog):
        widget.reject()
    else:
        widget.close()


@contextmanager
def answering(*handlers: Handler) -> Iterator[Answers]:
    """Answer the next modal dialogs with `handlers`, one each, in order."""
    answers = Answers(list(handlers))
    timer = QTimer()
    timer.setInterval(POLL_MS)

    def poll() -> None:
        widget = QApplication.activeModalWidget()
        if widget is None or not widget.isVisible() or isinstance(widget, WorkDialog):
            return
        if not answers.pending:
            answers.errors.append(AssertionError(
                f"unexpected dialog {widget.windowTitle()!r}"))
            _close(widget)
            return
        handler = answers.pending.pop(0)
        answers.seen.append(widget.windowTitle())
        try:
            handler(widget)
        except BaseException as error:  # noqa: BLE001 - reported when the block ends
            answers.errors.append(error)
        if widget.isVisible():
            if not answers.errors:
                answers.errors.append(AssertionError(
                    f"the handler left {widget.windowTitle()!r} open"))
            _close(widget)

    timer.timeout.connect(poll)
    timer.start()
    _answering[0] += 1
    try:
        yield answers
    finally:
        _answering[0] -= 1
        timer.stop()
        timer.deleteLater()
    if answers.errors:
        raise answers.errors[0]
    assert not answers.pending, f"{len(answers.pending)} expected dialogs never opened"


def child(dialog: QWidget, name: str, kind: type = QWidget) -> QWidget:
    found = dialog.findChild(kind, name)
    assert found is not None, f"no {name} in {dialog.windowTitle()!r}"
    return found


def click(dialog: QWidget, name: str) -> None:
    button = child(dialog, name, QAbstractButton)
    assert button.isEnabled(), f"{name} is disabled"
    button.click()


def type_into(dialog: QWidget, name: str, text: str, *, replace: bool = True) -> QLineEdit:
    edit = child(dialog, name, QLineEdit)
    assert isinstance(edit, QLineEdit)
    if replace:
        edit.clear()
    edit.setFocus()
    QTest.keyClicks(edit, text)
    return edit


def as_head_judge(reason: str, passphrase: str, said: list[str] | None = None) -> Handler:
    """Answers the head judge's dialog for an act: notes what it says the act is (in
    `said`), types the reason and the passphrase, and confirms."""
    def answer(dialog: QWidget) -> None:
        if said is not None:
            said.append(child(dialog, "head_judge_what").text())
        type_into(dialog, "head_judge_reason", reason)
        type_into(dialog, "head_judge_passphrase", passphrase)
        click(dialog, "head_judge_ok")
    return answer


IN_EXEC = "tests_in_exec"
"""Set on a dialog while it runs in QDialog.exec (`_mark_exec`)."""


def _mark_exec() -> None:
    """Wrap QDialog.exec (QMessageBox and every other dialog inherit it) so that a dialog
    knows it is running in exec(): the one kind of dialog that blocks a test."""
    if getattr(QDialog.exec, "marks_exec", False):
        return
    original = QDialog.exec

    def exec_marked(self: QDialog) -> int:
        self.setProperty(IN_EXEC, True)
        try:
            return original(self)
        finally:
            self.setProperty(IN_EXEC, False)

    exec_marked.marks_exec = True  # type: ignore[attr-defined]
    QDialog.exec = exec_marked  # type: ignore[method-assign]


@contextmanager
def stray_dialogs() -> Iterator[list[str]]:
    """Close any dialog running in exec() outside `answering` (seen on two polls running,
    so a test's own answer comes first), listing its title: a test that opens a question it
    did not expect fails, where it used to hang the suite until CI's time ran out."""
    _mark_exec()
    strays: list[str] = []
    seen: list[QWidget] = []
    timer = QTimer()
    timer.setInterval(STRAY_MS)

    def poll() -> None:
        widget = QApplication.activeModalWidget()
        if (_answering[0] or widget is None or not widget.isVisible()
                or isinstance(widget, (WorkDialog, QProgressDialog))  # they close themselves
                # Only a dialog in exec() blocks the test; one a test shows (show(), open())
                # and works in stays, however long a loaded machine takes over it.
                or not widget.property(IN_EXEC)):
            seen.clear()
            return
        if widget not in seen:
            seen[:] = [widget]
            return
        seen.clear()
        strays.append(widget.windowTitle())
        _close(widget)

    timer.timeout.connect(poll)
    timer.start()
    try:
        yield strays
    finally:
        timer.stop()
        timer.deleteLater()
