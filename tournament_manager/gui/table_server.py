"""View ▸ Serve Tables: the table-side server run by the window itself, on the event it
has open, so one laptop serves the tables' phones and stays the authority.

The server runs in a thread of its own (uvicorn); its acts reach the record through the
same services, and the window sees them as it sees another station's: the controller
looks for changes every second while the tables are served."""

from __future__ import annotations

import logging
import socket
import threading
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QLabel, QTextBrowser, QVBoxLayout, QWidget

from tournament_manager.languages import DocumentLanguage

if TYPE_CHECKING:
    from tournament_manager.web.app import TableSide

log = logging.getLogger(__name__)

PORT = 8080


class TableServer(QObject):
    """At most one server, over the controller's open event."""

    running_changed = Signal(bool)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._server: object | None = None
        self._thread: threading.Thread | None = None
        self._socket: socket.socket | None = None
        self.address = ""
        self._side: TableSide | None = None

    @property
    def running(self) -> bool:
        return self._server is not None

    def codes(self) -> list[tuple[int, int, str]]:
        """(session, table, code) of every table being played now: a session started
        while serving has its codes too (they were read once, when serving started, and
        the only way to session 2's was to stop and start again, cutting every phone
        off)."""
        return self._side.table_codes() if self._side is not None else []

    def start(self, unit_of_work: object, event_name: str, host: str = "0.0.0.0",
              port: int | None = None) -> str | None:
        """Start serving (on `PORT` unless told); None when it runs, else what went
        wrong, in words."""
        import uvicorn

        from tournament_manager.web.server import listen, shown_address, table_side

        if self._server is not None:
            return None
        port = PORT if port is None else port
        try:
            listening = listen(host, port)
        except OSError as error:
            return self.tr("the tables could not be served on port {port} ({reason}): is "
                           "another program using it?").format(
                               port=port, reason=error.strerror or error)
        side = table_side(unit_of_work, event_name)  # type: ignore[arg-type]
        server = uvicorn.Server(uvicorn.Config(side.app, log_level="warning"))
        thread = threading.Thread(target=server.run, kwargs={"sockets": [listening]},
                                  name="table-server", daemon=True)
        thread.start()
        self._server, self._thread, self._socket = server, thread, listening
        self.address = shown_address(host, port)
        self._side = side
        log.info("serving the tables at %s", self.address)
        self.running_changed.emit(True)
        return None

    def stop(self) -> None:
        server, thread = self._server, self._thread
        if server is None:
            return
        server.should_exit = True  # type: ignore[attr-defined]
        if thread is not None:
            thread.join(timeout=10)
        if self._socket is not None:
            self._socket.close()
        self._server = self._thread = self._socket = self._side = None
        log.info("stopped serving the tables")
        self.running_changed.emit(False)


class TableCodesDialog(QDialog):
    """Where the tables go and each table's code, to read out or show on the projector,
    and the cards to print (a QR code each that opens the table's sheet)."""

    def __init__(self, server: TableServer, parent: QWidget | None = None,
                 choose_path: Callable[[], Path | None] | None = None,
                 event_name: str = "",
                 language: Callable[[], DocumentLanguage | None] = lambda: None) -> None:
        super().__init__(parent)
        self._server, self._choose_path, self._event = server, choose_path, event_name
        # The cards' language: File ▸ Export ▸ Document Language's, None for the window's.
        self._language = language
        self.setObjectName("table_codes_dialog")
        self.setWindowTitle(self.tr("Tables Served"))
        intro = QLabel(self.tr("Each table opens {address} on a phone or tablet on this "
                               "network and types its code:").format(address=server.address),
                       self)
        intro.setWordWrap(True)
        self.codes = QTextBrowser(self)
        self.codes.setObjectName("table_codes")
        self._codes = server.codes()
        lines = [self.tr("Session {session}, table {table}: {code}").format(
            session=session, table=table, code=code) for session, table, code in self._codes]
        self.codes.setPlainText("\n".join(lines) or self.tr(
            "No session is being played: start one on the Seating page, then open this "
            "again."))
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        buttons.rejected.connect(self.reject)
        self.print_button = buttons.addButton(self.tr("&Print the Cards…"),
                                              QDialogButtonBox.ButtonRole.ActionRole)
        self.print_button.setObjectName("print_table_cards")
        self.print_button.setEnabled(bool(self._codes) and choose_path is not None)
        self.print_button.clicked.connect(self._print)
        self.written = QLabel(self)
        self.written.setObjectName("table_cards_written")
        layout = QVBoxLayout(self)
        layout.addWidget(intro)
        layout.addWidget(self.codes)
        layout.addWidget(self.written)
        layout.addWidget(buttons)
        self.resize(460, 360)

    def _print(self) -> None:
        from tournament_manager.exports.errors import ExportError
        from tournament_manager.exports.pdf.table_codes import write_table_codes
        from tournament_manager.messages.exports import describe as describe_export

        path = self._choose_path() if self._choose_path is not None else None
        if path is None:
            return
        try:
            written = write_table_codes(path, self._event, self._server.address,
                                        self._codes, self._language())
        except ExportError as error:
            self.written.setText(describe_export(error))
            return
        self.written.setText(self.tr("Wrote {path}").format(path=written))
