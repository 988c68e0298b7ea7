"""The Alt+letter keys a window offers at one moment, and the letters taken twice.

Qt gives an ambiguous Alt+letter to neither widget (or cycles between them), so a clash
is a key that silently does the wrong thing: Alt+P opened the Players tab instead of
pressing Publish. What counts is what is on screen together: the menu bar's titles, the
tabs, and every visible button, check box, group box and labelled field of the window.
"""

from __future__ import annotations

from collections import defaultdict

from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import (
    QAbstractButton,
    QGroupBox,
    QLabel,
    QMainWindow,
    QMenu,
    QTabBar,
    QWidget,
)


def letter(text: str) -> str:
    """The mnemonic letter of `text` ("" when it has none)."""
    sequence = QKeySequence.mnemonic(text)
    return sequence.toString().removeprefix("Alt+").lower() if not sequence.isEmpty() else ""


def offered(window: QWidget) -> dict[str, list[str]]:
    """Letter -> what offers it, for everything in view in `window` now."""
    keys: dict[str, list[str]] = defaultdict(list)
    if isinstance(window, QMainWindow):
        for action in window.menuBar().actions():
            if action.isVisible() and letter(action.text()):
                keys[letter(action.text())].append(f"menu {action.text()!r}")
    for widget in window.findChildren(QWidget):
        if not widget.isVisible() or widget.window() is not window:
            continue
        texts: list[str] = []
        if isinstance(widget, QAbstractButton) or (isinstance(widget, QLabel)
                                                   and widget.buddy() is not None):
            texts = [widget.text()]
        elif isinstance(widget, QGroupBox):
            texts = [widget.title()]
        elif isinstance(widget, QTabBar):
            texts = [widget.tabText(i) for i in range(widget.count())
                     if widget.isTabVisible(i)]
        for text in texts:
            if letter(text):
                name = widget.objectName() or type(widget).__name__
                keys[letter(text)].append(f"{name} {text!r}")
    return keys


def clashes(window: QWidget) -> dict[str, list[str]]:
    return {key: owners for key, owners in offered(window).items() if len(owners) > 1}


def menu_clashes(menu: QMenu) -> dict[str, list[str]]:
    """Letters taken twice among one menu's items, and in each of its submenus (a menu's
    Alt-free letter picks its item: two items on one letter only cycle between them)."""
    found: dict[str, list[str]] = {}
    keys: dict[str, list[str]] = defaultdict(list)
    for action in menu.actions():
        if action.isSeparator() or not action.isVisible():
            continue
        if letter(action.text()):
            keys[letter(action.text())].append(f"{menu.title()!r} > {action.text()!r}")
        if action.menu() is not None:
            found.update(menu_clashes(action.menu()))
    found.update({key: owners for key, owners in keys.items() if len(owners) > 1})
    return found
