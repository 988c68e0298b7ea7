"""Application-wide event filters, each installed once however often it is asked for.

The window's guards (`wheel_guard`, `keyboard_return`) watch every widget of every window
and dialog, including the ones pages build later, so they sit on the QApplication. The
main window installs them as it is built and the application's start does too; a second
request finds the first filter by its object name and returns it.
"""

from __future__ import annotations

from typing import TypeVar

from PySide6.QtCore import QCoreApplication, QObject
from PySide6.QtWidgets import QApplication

Filter = TypeVar("Filter", bound=QObject)


def installed_once(kind: type[Filter], name: str,
                   app: QCoreApplication | None = None) -> Filter:
    """The application's filter of `kind`, named `name`: the one installed, else a new one."""
    app = app or QApplication.instance()
    assert app is not None, f"the {name} filter needs the QApplication"
    existing = app.findChild(kind, name)
    if existing is not None:
        return existing
    event_filter = kind(app)
    event_filter.setObjectName(name)
    app.installEventFilter(event_filter)
    return event_filter
