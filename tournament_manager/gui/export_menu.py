"""File ▸ Export: the printable documents and the workbook, through the exports layer.

Sheets, blank sheets, seating lists and table cards are for the session chosen on the
Seating page (what the head judge is preparing); standings and the workbook cover the
whole event. The written file can be opened from the message that reports it.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QUrl
from PySide6.QtGui import QDesktopServices
from PySide6.QtWidgets import QApplication, QMenu, QProgressDialog, QWidget

from tournament_manager.exports.errors import ExportError
from tournament_manager.exports.jobs import ExportKind, run_export
from tournament_manager.gui.app_context import AppContext
from tournament_manager.gui.document_dialogs import DocumentDialogs
from tournament_manager.gui.errors import EXPECTED_ERRORS, describe_error
from tournament_manager.messages.exports import describe as describe_export_error

SESSION_KINDS = (ExportKind.SHEETS, ExportKind.BLANK_SHEETS, ExportKind.SEATING,
                 ExportKind.TABLE_CARDS)
LABELS = {
    ExportKind.SHEETS: "Filled &Score Sheets (PDF)…",
    ExportKind.BLANK_SHEETS: "&Blank Score Sheets (PDF)…",
    ExportKind.SEATING: "Seating &Lists (PDF)…",
    ExportKind.TABLE_CARDS: "&Table Cards (PDF)…",
    ExportKind.STANDINGS: "S&tandings (PDF)…",
    ExportKind.WORKBOOK: "&Workbook (Excel)…",
}


def _tr(text: str) -> str:
    return QCoreApplication.translate("ExportMenu", text)


class ExportMenu(QMenu):
    def __init__(self, context: AppContext, dialogs: DocumentDialogs,
                 session_number: Callable[[], int | None], parent: QWidget) -> None:
        super().__init__(_tr("&Export"), parent)
        self.setObjectName("export_menu")
        self._window = parent
        self._context, self._dialogs, self._session_number = context, dialogs, session_number
        for kind, label in LABELS.items():
            action = self.addAction(_tr(label))
            action.setObjectName(f"export_{kind.value.replace('-', '_')}")
            action.triggered.connect(lambda _checked=False, k=kind: self.export(k))
        self.aboutToShow.connect(lambda: self.setEnabled(context.has_document))

    def export(self, kind: ExportKind) -> Path | None:
        document = self._context.controller.document
        if document is None:
            return None
        session = self._session_number() if kind in SESSION_KINDS else None
        suffix = ".xlsx" if kind is ExportKind.WORKBOOK else ".pdf"
        name = f"{document.path.stem} {kind.value}" + (f" session {session}" if session else "")
        name_filter = _tr("Excel workbook (*.xlsx)") if suffix == ".xlsx" else _tr("PDF (*.pdf)")
        out = self._dialogs.choose_export_path(self._window,
                                               document.path.with_name(name + suffix),
                                               name_filter)
        if out is None:
            return None
        progress = QProgressDialog(_tr("Writing {name}…").format(name=out.name), "", 0, 0,
                                   self._window)
        progress.setCancelButton(None)
        progress.setMinimumDuration(800)

        def advance(done: int, total: int) -> None:
            progress.setMaximum(total)
            progress.setValue(done)
            QApplication.processEvents()

        try:
            written = run_export(self._context.unit_of_work(), kind, out,
                                 session_number=session, progress=advance)
        except ExportError as error:
            self._context.messages.show_problem(describe_export_error(error))
            return None
        except EXPECTED_ERRORS as error:
            self._context.messages.show_problem(describe_error(error))
            return None
        finally:
            progress.close()
        self._context.messages.show_problem(
            _tr("Wrote {path}").format(path=written),
            [(_tr("Open"), lambda: QDesktopServices.openUrl(QUrl.fromLocalFile(str(written))))])
        return written
