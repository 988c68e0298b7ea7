"""The app-level "changes" hub: one signal that every view listening for data listens to.

Commands announce what they touched after every redo and undo (Anki's change hooks), so
the standings refresh after a hand entered on any sheet, and a sheet refreshes after an
undo triggered from the Edit menu while another page is showing.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, Signal


class Topic:
    """What changed; listeners refresh only for the topics they show."""

    DOCUMENT = "document"
    SHEET = "sheet"
    PLAYERS = "players"
    SETTINGS = "settings"
    ROUNDS = "rounds"
    SESSIONS = "sessions"
    """A session was drawn, started or finished (the Seating page announces these)."""
    HEAD_JUDGE = "head_judge"
    """The head judge's name or passphrase was set."""


class ChangeHub(QObject):
    changed = Signal(str)

    def notify(self, topic: str) -> None:
        self.changed.emit(topic)
