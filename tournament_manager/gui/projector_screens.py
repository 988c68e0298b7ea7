"""View ▸ Projector Screen: which screen the projector window goes to.

The judge chooses among the screens the computer has now (`QGuiApplication.screens()`).
The choice is kept in the application settings by the screen's name (the same projector
cable comes back as the same name on the next day), and "Automatic" takes the first
screen that is not the desk's, or a window on the desk when there is none. When a screen
is plugged in or pulled out the shown projector moves to where the choice now points,
so pulling the projector's cable never leaves a full-screen window on a screen that is
gone.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtGui import QAction, QActionGroup, QGuiApplication, QScreen
from PySide6.QtWidgets import QMenu, QWidget

from tournament_manager.gui.settings import AppSettings
from tournament_manager.gui.user_text import no_mnemonic

AUTOMATIC = ""
"""The stored choice meaning "the first screen that is not the desk's"."""


def _screens(gone: QScreen | None = None) -> list[QScreen]:
    """The connected screens (without `gone`, which is being removed right now)."""
    return [s for s in QGuiApplication.screens() if s is not gone]


def screen_key(screen: QScreen) -> str:
    """What the choice is kept as: the screen's name (a nameless screen, which some
    virtual displays have, by its place in the list)."""
    if screen.name():
        return screen.name()
    screens = QGuiApplication.screens()
    return f"screen {screens.index(screen) + 1}" if screen in screens else "screen"


def screen_named(name: str, gone: QScreen | None = None) -> QScreen | None:
    return next((s for s in _screens(gone) if screen_key(s) == name), None)


def projector_screen(choice: str, gone: QScreen | None = None) -> QScreen | None:
    """The screen for the projector under `choice` (a screen name or AUTOMATIC); None for
    a window on the desk (no second screen, or the chosen one is not connected)."""
    if choice != AUTOMATIC:
        chosen = screen_named(choice, gone)
        if chosen is not None:
            return chosen
    primary = QGuiApplication.primaryScreen()
    return next((s for s in _screens(gone) if s is not primary), None)


def describe_screen(screen: QScreen) -> str:
    size = screen.geometry().size()
    text = f"{screen_key(screen)} — {size.width()}×{size.height()}"
    model = screen.model() or screen.manufacturer()
    return f"{text} ({model})" if model else text


class ProjectorScreenMenu(QMenu):
    """Filled when shown, so it always lists the screens connected now."""

    def __init__(self, settings: AppSettings, moved: Callable[[QScreen | None], object],
                 parent: QWidget) -> None:
        """`moved(gone)`: the choice, or the screens, changed (`gone`: a screen being
        removed, which is still listed while the signal runs)."""
        super().__init__(self.tr("Projector &Screen"), parent)
        self.setObjectName("projector_screen_menu")
        self._settings = settings
        self._moved = moved
        self._group = QActionGroup(self)
        self._group.setExclusive(True)
        self.aboutToShow.connect(self.fill)
        app = QGuiApplication.instance()
        assert isinstance(app, QGuiApplication)
        app.screenAdded.connect(self._screen_added)
        app.screenRemoved.connect(self._screen_removed)
        self.fill()

    def fill(self) -> None:
        self.clear()
        for action in self._group.actions():
            self._group.removeAction(action)
        choice = self._settings.projector_screen()
        self._add(self.tr("&Automatic: a second screen, else a window"), AUTOMATIC,
                  choice == AUTOMATIC)
        self.addSeparator()
        primary = QGuiApplication.primaryScreen()
        for screen in QGuiApplication.screens():
            text = no_mnemonic(describe_screen(screen))
            if screen is primary:
                text = self.tr("{screen} (this desk)").format(screen=text)
            self._add(text, screen_key(screen), choice == screen_key(screen))
        if choice != AUTOMATIC and screen_named(choice) is None:
            missing = self._add(self.tr("{screen} (not connected)").format(
                screen=no_mnemonic(choice)), choice, True)
            missing.setEnabled(False)

    def _add(self, text: str, name: str, checked: bool) -> QAction:
        action = self.addAction(text)
        action.setCheckable(True)
        action.setChecked(checked)
        action.setData(name)
        self._group.addAction(action)
        action.triggered.connect(lambda _checked=False, chosen=name: self.choose(chosen))
        return action

    def choose(self, name: str) -> None:
        self._settings.set_projector_screen(name)
        self._moved(None)

    def _screen_added(self, _screen: QScreen) -> None:
        if self.isVisible():
            self.fill()
        self._moved(None)

    def _screen_removed(self, screen: QScreen) -> None:
        self._moved(screen)
