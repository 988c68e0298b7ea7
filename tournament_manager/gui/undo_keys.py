"""Ctrl+Z undoes the judge's last action, unless he is undoing his own typing.

A text field takes Ctrl+Z and Ctrl+Y for itself whenever it has the keyboard, even with
nothing of its own to undo. Keying hands in, a judge who pressed Ctrl+Z after a wrong hand
got the previous hand's value back in the Value box, and the hand stayed; only Edit > Undo
took it back. Two parts, for every field of every page and dialog:

- `UndoKeys`, an application-wide filter: a field with nothing to undo (or redo) leaves
  the keys to the window's Undo (Redo), which says what it will undo in the Edit menu.
- `forget_typing`, run whenever the window's undo stack moves (an action done, undone or
  redone): what was typed before is what led to that action, so the fields forget how they
  came to hold their text. Ctrl+Z after recording a hand undoes the hand; Ctrl+Z while
  typing the next value still takes back the typing first.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QCoreApplication, QEvent, QObject
from PySide6.QtGui import QKeyEvent, QKeySequence
from PySide6.QtWidgets import QAbstractSpinBox, QComboBox, QLineEdit, QWidget

from tournament_manager.gui.app_filter import installed_once

UNDO_KEYS_NAME = "undo_keys"
CTRL_Y = QKeySequence("Ctrl+Y")


def redo_keys() -> list[QKeySequence]:
    """Redo's keys: Ctrl+Y everywhere, which judges coming from office software press and
    the README promises, first (the Edit menu shows the first key only: it showed
    Ctrl+Shift+Z), then the platform's (Ctrl+Shift+Z on Linux)."""
    keys = QKeySequence.keyBindings(QKeySequence.StandardKey.Redo)
    return [CTRL_Y, *(key for key in keys if key != CTRL_Y)]


def is_redo(event: QKeyEvent) -> bool:
    return (event.matches(QKeySequence.StandardKey.Redo)
            or QKeySequence(event.keyCombination()) == CTRL_Y)


def _line_edit(widget: QObject) -> QLineEdit | None:
    """The text a focused field edits: itself, or a spin box's or combo box's own line."""
    if isinstance(widget, QLineEdit):
        return widget
    if isinstance(widget, (QAbstractSpinBox, QComboBox)):
        return widget.findChild(QLineEdit)
    return None


class UndoKeys(QObject):
    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() != QEvent.Type.ShortcutOverride or not isinstance(event, QKeyEvent):
            return False
        undo = event.matches(QKeySequence.StandardKey.Undo)
        redo = not undo and is_redo(event)
        if not (undo or redo):
            return False
        line = _line_edit(watched)
        if line is None or line.isReadOnly():
            return False
        if (line.isUndoAvailable() if undo else line.isRedoAvailable()):
            return False  # the field's own typing comes first
        owns = getattr(line, "owns_undo", None)
        if callable(owns) and owns(not undo):
            event.accept()  # a field with steps of its own (`OwnUndoField`): Ctrl+Y too
            return True
        event.ignore()  # not taken by the field: the window's shortcut runs
        return True


class OwnUndoField(QLineEdit):
    """A field whose Ctrl+Z and Ctrl+Y are its own while `owns(redo)` says so, its text's
    history or not: the hand entry's value field, whose hand being typed is made of keys
    that never reach its text (seats, T, D). Ctrl+Z there stepped past "W N" to the hand
    recorded before and took it back unseen. The owner handles the keys (KeyPress)."""

    def __init__(self, owns: Callable[[bool], bool], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._owns = owns

    def owns_undo(self, redo: bool) -> bool:
        return self._owns(redo)


def install(app: QCoreApplication | None = None) -> UndoKeys:
    """The application's filter (installed once, however often this is called)."""
    return installed_once(UndoKeys, UNDO_KEYS_NAME, app)


def forget_typing(window: QWidget) -> None:
    """Every field of `window` and its dialogs forgets its typing history, keeping its
    text and where its cursor is (setting the text is what clears Qt's history)."""
    for line in window.findChildren(QLineEdit):
        if line.isUndoAvailable() or line.isRedoAvailable():
            cursor = line.cursorPosition()
            line.setText(line.text())
            line.setCursorPosition(cursor)
