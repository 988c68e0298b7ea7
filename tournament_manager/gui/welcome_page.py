"""What the window shows when no tournament file is open: the ways to one.

On a first start (or after File ▸ Close) the judge chooses: a new tournament, a file
from elsewhere (a USB stick, an e-mail), the demo event to look around in first, or one
of the recent files. The application never creates a file the judge did not ask for.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QEvent, Qt, Signal, SignalInstance
from PySide6.QtGui import QFont, QShowEvent
from PySide6.QtWidgets import (
    QGridLayout,
    QGroupBox,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from tournament_manager.gui.settings import AppSettings, recent_label

TITLE_SCALE = 2.0
PathRole = Qt.ItemDataRole.UserRole


class WelcomePage(QWidget):
    new_requested = Signal()
    open_requested = Signal()
    demo_requested = Signal()
    server_requested = Signal()
    recent_chosen = Signal(object)
    """The Path of a recent file the judge chose."""
    recent_changed = Signal()
    """Files of the list came or went while the page showed (`refresh_recent`)."""

    def __init__(self, settings: AppSettings, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._listed: list[Path] = []
        self.setObjectName("welcome_page")
        self._settings = settings
        title = QLabel(self.tr("Tournament Manager"), self)
        title.setObjectName("welcome_title")
        font = QFont(title.font())
        font.setPointSizeF(font.pointSizeF() * TITLE_SCALE)
        font.setBold(True)
        title.setFont(font)
        intro = QLabel(self.tr(
            "No tournament is open. A tournament is one file: everything is saved in it the "
            "moment it is done, and it is backed up as you go."), self)
        intro.setWordWrap(True)

        self.new_button, new_note = self._button("welcome_new", self.tr("&New Tournament…"),
                                       self.tr("Name the event, choose its rules and format, "
                                               "and name its head judge."),
                                       self.new_requested)
        self.open_button, open_note = self._button("welcome_open",
                                        self.tr("&Open a Tournament File…"),
                                        self.tr("A .tmt file from this computer, a USB stick "
                                                "or an e-mail."), self.open_requested)
        self.server_button, server_note = self._button(
            "welcome_server", self.tr("Open on a &Server…"),
            self.tr("An event kept on the PostgreSQL server of a big event and shared by its "
                    "stations: give its address, this station's name and its role."),
            self.server_requested)
        self.demo_button, demo_note = self._button("welcome_demo", self.tr("Open the &Demo Event"),
                                        self.tr("A whole event already played (36 players, "
                                                "four sessions, then the cuts to the final "
                                                "table), to look around in first. It is a "
                                                "file of its own; your tournaments are not "
                                                "touched."),
                                        self.demo_requested)
        actions = QGridLayout()
        for row, (button, note) in enumerate(((self.new_button, new_note),
                                              (self.open_button, open_note),
                                              (self.server_button, server_note),
                                              (self.demo_button, demo_note))):
            actions.addWidget(button, row, 0)
            actions.addWidget(note, row, 1)
        actions.setColumnStretch(1, 1)

        recent_box = QGroupBox(self.tr("Recent tournaments"), self)
        self.recent = QListWidget(recent_box)
        self.recent.setObjectName("welcome_recent")
        self.recent.itemActivated.connect(self._activated)
        self.recent.setMaximumHeight(self.recent.fontMetrics().height() * 16)  # ten files
        self.recent_hint = QLabel(recent_box)
        self.recent_hint.setObjectName("welcome_recent_hint")
        self.recent_hint.setEnabled(False)
        recent_layout = QVBoxLayout(recent_box)
        recent_layout.addWidget(self.recent, 1)
        recent_layout.addWidget(self.recent_hint)

        column = QVBoxLayout()
        column.addWidget(title)
        column.addWidget(intro)
        column.addSpacing(12)
        column.addLayout(actions)
        column.addSpacing(12)
        column.addWidget(recent_box)
        column.addStretch(1)
        outer = QGridLayout(self)
        outer.setContentsMargins(48, 32, 48, 32)
        outer.addLayout(column, 0, 1)
        outer.setColumnStretch(0, 1)
        outer.setColumnStretch(1, 6)
        outer.setColumnStretch(2, 1)
        self.fill_recent()

    def _button(self, name: str, text: str, note: str, signal: SignalInstance
                ) -> tuple[QPushButton, QLabel]:
        button = QPushButton(text, self)
        button.setObjectName(name)
        button.setMinimumWidth(240)
        button.clicked.connect(lambda _checked=False: signal.emit())
        label = QLabel(note, self)
        label.setWordWrap(True)
        return button, label

    def fill_recent(self) -> None:
        """The recent files as they are now (a vanished file is not offered)."""
        self.recent.clear()
        files = self._settings.recent_files()
        self._listed = files
        for path in files:
            item = QListWidgetItem(recent_label(path, self._settings))
            item.setToolTip(str(path))
            item.setData(PathRole, str(path))
            self.recent.addItem(item)
        self.recent.setEnabled(bool(files))
        self.recent.setVisible(bool(files))
        self.recent_hint.setText(self.tr("Double-click a file, or select it and press Enter, "
                                         "to open it.") if files else
                                 self.tr("None yet: the files you open will be listed here."))
        if files:
            self.recent.setCurrentRow(0)

    def refresh_recent(self) -> None:
        """The list again if files came or went since it was filled (a USB stick plugged
        back in while the page showed), the selected file still selected."""
        if self._settings.recent_files() == self._listed:
            return
        item = self.recent.currentItem()
        chosen = item.data(PathRole) if item is not None else None
        self.fill_recent()
        for row in range(self.recent.count()):
            if self.recent.item(row).data(PathRole) == chosen:
                self.recent.setCurrentRow(row)
        self.recent_changed.emit()

    def event(self, event: QEvent) -> bool:
        # The judge comes back to the window (from the file manager, say, where the stick
        # just appeared): what he reads should be what is there. (WindowActivate reaches
        # the visible children; ActivationChange only the window.)
        if event.type() == QEvent.Type.WindowActivate and self.isVisible():
            self.refresh_recent()
        return super().event(event)

    def _activated(self, item: QListWidgetItem) -> None:
        self.recent_chosen.emit(Path(str(item.data(PathRole))))

    def showEvent(self, event: QShowEvent) -> None:
        self.fill_recent()
        super().showEvent(event)
