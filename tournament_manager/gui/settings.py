"""User preferences of the desktop shell, kept out of the tournament documents.

Preferences (window geometry, recent files, the projector's screen) belong to the person at
this computer, not to a tournament, so they live in QSettings. IniFormat, because the native
format on Windows is the registry, which a portable install on a USB stick cannot carry
along. Tests inject their own QSettings (or redirect IniFormat with `QSettings.setPath`) so
they never touch the real user configuration.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from PySide6.QtCore import QByteArray, QSettings

from tournament_manager import paths

MAX_RECENT_FILES = 10
SETTINGS_FILE_NAME = "settings.ini"

_RECENT_FILES = "documents/recent"
_RECENT_TITLES = "documents/recent_titles"
_WINDOW_GEOMETRY = "main_window/geometry"
_WINDOW_STATE = "main_window/state"
_PROJECTOR_SCREEN = "projector/screen"
_LAST_SERVER = "server/address"
_STATION_NAME = "server/station"
_STATION_ROLE = "server/role"
_LAST_OPENED = "documents/last_opened"
"""_FILE or _SERVER: which kind of event this computer opened last, to reopen the same."""
_FILE, _SERVER = "file", "server"
_LAST_FILE = "documents/last_file"
"""The file opened last ("": none, once forgotten); not the recent list's first, which
forgetting a missing file would make an older copy of the same event."""
_LANGUAGE = "window/language"
_DOCUMENT_LANGUAGE = "documents/language"


def user_settings() -> QSettings:
    """The per-user IniFormat file; with the data directory overridden (portable install,
    smoke run) it sits in that directory too, so the override really moves everything."""
    if os.environ.get(paths.DATA_DIR_ENV):
        return QSettings(str(paths.data_dir() / SETTINGS_FILE_NAME), QSettings.Format.IniFormat)
    return QSettings(QSettings.Format.IniFormat, QSettings.Scope.UserScope,
                     paths.APP_AUTHOR, paths.APP_NAME)


class AppSettings:
    """Typed access to the preferences, so keys and value types live in one place."""

    def __init__(self, store: QSettings | None = None) -> None:
        self._store = store if store is not None else user_settings()

    def recent_files(self) -> list[Path]:
        """Most recent first, the files that are there: the menu never offers one that
        cannot open. One that has gone (a USB stick unplugged, a folder renamed) is kept
        and listed again once it is back."""
        return [path for path in self._stored_recent_files() if path.is_file()]

    def last_file(self) -> Path | None:
        """The file opened last, whether or not it is there now (None: none, or forgotten);
        settings from before it was kept apart: the recent list's first."""
        value = self._store.value(_LAST_FILE, None)
        if value is None:
            stored = self._stored_recent_files()
            return stored[0] if stored else None
        return Path(value) if isinstance(value, str) and value else None

    def add_recent_file(self, path: Path, title: str = "") -> None:
        """`title`: the event's name, which says more than "event.tmt" when two files of
        one event (the day's copy, a backup) sit side by side; kept while the file is."""
        entry = path.resolve()
        self._store.setValue(_LAST_OPENED, _FILE)
        self._store.setValue(_LAST_FILE, str(entry))
        others = [known for known in self._stored_recent_files() if known != entry]
        if title:
            titles = self._titles()
            titles[str(entry)] = title
            self._store.setValue(_RECENT_TITLES, json.dumps(titles, ensure_ascii=False))
        self._write_recent_files([entry, *others][:MAX_RECENT_FILES])

    def recent_title(self, path: Path) -> str:
        """The event's name as it was when the file was last open here ("" if unknown)."""
        return self._titles().get(str(path), "")

    def _titles(self) -> dict[str, str]:
        value = self._store.value(_RECENT_TITLES, "")
        try:
            titles = json.loads(value) if isinstance(value, str) and value else {}
        except ValueError:
            return {}
        if not isinstance(titles, dict):
            return {}
        return {key: item for key, item in titles.items()
                if isinstance(key, str) and isinstance(item, str)}

    def remove_recent_file(self, path: Path) -> None:
        entry = path.resolve()
        if self.last_file() in (entry, path):
            self._store.setValue(_LAST_FILE, "")  # forgotten: no other file in its place
        self._write_recent_files([known for known in self._stored_recent_files()
                                  if known != entry])

    def clear_recent_files(self) -> None:
        self._store.setValue(_LAST_FILE, "")
        self._write_recent_files([])

    def _stored_recent_files(self) -> list[Path]:
        # IniFormat gives back a lone string for a one-item list and None for an empty one.
        value = self._store.value(_RECENT_FILES, [])
        items = [value] if isinstance(value, str) else value if isinstance(value, list) else []
        return [Path(item) for item in items if isinstance(item, str) and item]

    def _write_recent_files(self, files: list[Path]) -> None:
        kept = {str(path) for path in files}
        titles = {key: title for key, title in self._titles().items() if key in kept}
        self._store.setValue(_RECENT_FILES, [str(path) for path in files])
        self._store.setValue(_RECENT_TITLES, json.dumps(titles, ensure_ascii=False))
        self._store.sync()

    def last_server(self) -> str:
        """The server address last opened, as shown (without its password)."""
        value = self._store.value(_LAST_SERVER, "")
        return value if isinstance(value, str) else ""

    def station_name(self) -> str:
        value = self._store.value(_STATION_NAME, "")
        return value if isinstance(value, str) else ""

    def station_role(self) -> str:
        """The role this station last opened a server event in ("" before the first):
        a results desk reopened in a hurry must not come back as the head judge."""
        value = self._store.value(_STATION_ROLE, "")
        return value if isinstance(value, str) else ""

    def last_opened_server(self) -> str:
        """The server event's address when the last event opened here was on a server,
        else "": a desk restarted mid-event goes back to the shared event, not to the
        last file it happened to open before."""
        if self._store.value(_LAST_OPENED, _FILE) != _SERVER:
            return ""
        return self.last_server()

    def set_last_server(self, address: str, station: str, role: str) -> None:
        self._store.setValue(_LAST_OPENED, _SERVER)
        self._store.setValue(_LAST_SERVER, address)
        self._store.setValue(_STATION_NAME, station)
        self._store.setValue(_STATION_ROLE, role)
        self._store.sync()

    def window_geometry(self) -> QByteArray | None:
        return self._byte_array(_WINDOW_GEOMETRY)

    def window_state(self) -> QByteArray | None:
        return self._byte_array(_WINDOW_STATE)

    def set_window_layout(self, geometry: QByteArray, state: QByteArray) -> None:
        self._store.setValue(_WINDOW_GEOMETRY, geometry)
        self._store.setValue(_WINDOW_STATE, state)
        self._store.sync()

    def projector_screen(self) -> str:
        """The name of the screen chosen for the projector; "" for the automatic choice."""
        value = self._store.value(_PROJECTOR_SCREEN, "")
        return value if isinstance(value, str) else ""

    def set_projector_screen(self, name: str) -> None:
        self._store.setValue(_PROJECTOR_SCREEN, name)
        self._store.sync()

    def language(self) -> str | None:
        """The language chosen in View ▸ Language (`languages.Language`'s value), or None:
        follow the system."""
        value = self._store.value(_LANGUAGE, "")
        return value if isinstance(value, str) and value else None

    def set_language(self, language: str) -> None:
        self._store.setValue(_LANGUAGE, language)
        self._store.sync()

    def document_language(self) -> str | None:
        """The language chosen in File ▸ Export ▸ Document Language
        (`languages.DocumentLanguage`'s value), or None: documents speak as the window."""
        value = self._store.value(_DOCUMENT_LANGUAGE, "")
        return value if isinstance(value, str) and value else None

    def set_document_language(self, language: str | None) -> None:
        self._store.setValue(_DOCUMENT_LANGUAGE, language or "")
        self._store.sync()

    def _byte_array(self, key: str) -> QByteArray | None:
        value = self._store.value(key)
        return value if isinstance(value, QByteArray) and not value.isEmpty() else None


def recent_label(path: Path, settings: AppSettings) -> str:
    """How a recent file is listed: the event's name first when it is known ("Spring Open
    2026 — event.tmt — /home/judge/Events"), else the file's name and folder."""
    title = settings.recent_title(path)
    if title:
        return f"{title} — {path.name} — {path.parent}"
    return f"{path.name} — {path.parent}"
