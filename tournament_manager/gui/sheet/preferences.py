"""The Score sheets page's preferences: kept with the user's other preferences.

They live in the same settings file as the window geometry and the recent files
(`gui.settings.user_settings`), under their own group, because they belong to the person
at this computer, not to a tournament. Tests hand in a QSettings of their own.
"""

from __future__ import annotations

from PySide6.QtCore import QByteArray, QSettings

from tournament_manager.gui.settings import user_settings

_CALCULATOR_WINDOW = "score_sheets/calculator_window"
_CALCULATOR_GEOMETRY = "score_sheets/calculator_geometry"
_TRANSCRIPTION = "score_sheets/transcription"
_TYPIST = "score_sheets/typist"


class SheetPreferences:
    def __init__(self, store: QSettings | None = None) -> None:
        self._store = store if store is not None else user_settings()

    def _flag(self, key: str) -> bool:
        value = self._store.value(key, False)
        # IniFormat hands a stored bool back as the text "true" or "false".
        return value is True or (isinstance(value, str) and value.lower() == "true")

    def calculator_window(self) -> bool:
        """True when the calculator opens in its own window instead of under the sheet."""
        return self._flag(_CALCULATOR_WINDOW)

    def transcription(self) -> bool:
        """True when this computer is a results desk: the page opens on paper transcription."""
        return self._flag(_TRANSCRIPTION)

    def set_transcription(self, on: bool) -> None:
        self._store.setValue(_TRANSCRIPTION, on)
        self._store.sync()

    def typist(self) -> str:
        value = self._store.value(_TYPIST, "")
        return value if isinstance(value, str) else ""

    def set_typist(self, name: str) -> None:
        self._store.setValue(_TYPIST, name)
        self._store.sync()

    def set_calculator_window(self, own_window: bool) -> None:
        self._store.setValue(_CALCULATOR_WINDOW, own_window)
        self._store.sync()

    def calculator_geometry(self) -> QByteArray | None:
        value = self._store.value(_CALCULATOR_GEOMETRY)
        return value if isinstance(value, QByteArray) and not value.isEmpty() else None

    def set_calculator_geometry(self, geometry: QByteArray) -> None:
        self._store.setValue(_CALCULATOR_GEOMETRY, geometry)
        self._store.sync()
