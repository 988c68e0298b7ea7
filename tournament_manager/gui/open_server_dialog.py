"""File ▸ Open Server…: an event on a PostgreSQL server, and who this station is.

The address is checked as it is typed (OK stays disabled until it names a server and a
database); the station's name and role go into the audit log with every act, and a
projector station opens the event for reading only."""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QT_TRANSLATE_NOOP
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QVBoxLayout,
    QWidget,
)

from tournament_manager.application.events import parse_address
from tournament_manager.application.stations import Station, StationRole
from tournament_manager.gui.item_data import add_choice, choose, current_choice
from tournament_manager.messages.documents import describe
from tournament_manager.storage.errors import DocumentError
from tournament_manager.storage.server import ServerAddress

ROLE_WORDS = {
    StationRole.HEAD_JUDGE: QT_TRANSLATE_NOOP("OpenServerDialog", "Head judge"),
    StationRole.RESULTS_DESK: QT_TRANSLATE_NOOP("OpenServerDialog", "Results desk"),
    StationRole.PROJECTOR: QT_TRANSLATE_NOOP(
        "OpenServerDialog", "Projector (shows the event, changes nothing)"
    ),
}


@dataclass(frozen=True)
class ServerRequest:
    address: ServerAddress
    station: Station


class OpenServerDialog(QDialog):
    def __init__(self, parent: QWidget | None = None, *, last_address: str = "",
                 last_station: str = "", last_role: str = "") -> None:
        super().__init__(parent)
        self.setObjectName("open_server_dialog")
        self.setWindowTitle(self.tr("Open an Event on a Server"))
        self.setMinimumWidth(560)
        self.address = QLineEdit(last_address, self)
        self.address.setObjectName("server_address")
        self.address.setPlaceholderText("postgresql://judge@192.168.1.10/open2026")
        self.station = QLineEdit(last_station, self)
        self.station.setObjectName("server_station")
        self.station.setPlaceholderText(self.tr("e.g. Results desk 2"))
        self.role = QComboBox(self)
        self.role.setObjectName("server_role")
        for role, words in ROLE_WORDS.items():
            add_choice(self.role, self.tr(words), role.value)
        choose(self.role, last_role or None)  # as this station last opened one
        self.hint = QLabel(self)
        self.hint.setObjectName("server_hint")
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Open | QDialogButtonBox.StandardButton.Cancel, self)
        self.ok = self.buttons.button(QDialogButtonBox.StandardButton.Open)
        self.ok.setObjectName("server_open")
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        form = QFormLayout()
        form.addRow(self.tr("&Address:"), self.address)
        form.addRow("", self.hint)
        form.addRow(self.tr("This &station:"), self.station)
        form.addRow(self.tr("&Role:"), self.role)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.buttons)
        self.address.textChanged.connect(self._check)
        self._check()

    def _parsed(self) -> ServerAddress | str:
        text = self.address.text().strip()
        if not text:
            return self.tr("The server's address: postgresql://user[:password]@host/event")
        try:
            parsed = parse_address(text)
        except DocumentError as error:
            return describe(error)
        if not isinstance(parsed, ServerAddress):
            return self.tr("A server address begins with postgresql:// (a file is opened "
                           "with File ▸ Open…)")
        return parsed

    def _check(self) -> None:
        parsed = self._parsed()
        ok = isinstance(parsed, ServerAddress)
        self.ok.setEnabled(ok)
        self.hint.setText(self._where(parsed) if isinstance(parsed, ServerAddress) else parsed)

    def _where(self, address: ServerAddress) -> str:
        """Which database on which server, its port included (two servers on one machine
        differ by it alone)."""
        url = address.sqlalchemy_url
        host = url.host or self.tr("this computer")
        return self.tr("Database {name} on {host}").format(
            name=address.database, host=f"{host}:{url.port}" if url.port else host)

    def accept(self) -> None:
        if isinstance(self._parsed(), ServerAddress):
            super().accept()

    def request(self) -> ServerRequest | None:
        parsed = self._parsed()
        if not isinstance(parsed, ServerAddress):
            return None
        return ServerRequest(parsed, Station(self.station.text().strip(),
                                             StationRole(str(current_choice(self.role)))))


def ask_server(parent: QWidget, last_address: str = "", last_station: str = "",
               last_role: str = "") -> ServerRequest | None:
    dialog = OpenServerDialog(parent, last_address=last_address, last_station=last_station,
                              last_role=last_role)
    try:
        return dialog.request() if dialog.exec() == QDialog.DialogCode.Accepted else None
    finally:
        dialog.deleteLater()
