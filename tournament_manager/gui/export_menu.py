"""File ▸ Export: the printable documents and the workbook, through the exports layer.

Sheets, blank sheets, seating lists and table cards are for the session on the Score sheets
page when that page is shown, else the one chosen on the Seating page (what the head judge
is preparing); the standings are those the Standings page shows when it is shown, else
every session played; the workbook covers the whole event. Only drawn sessions
are printed unless "Include Provisional Plans" is ticked, and then every page of a plan says
so: a plan that looks like the draw sends players to the wrong tables.

The export runs in a worker thread behind a progress dialog whose Cancel stops it before
anything is written. The written file can be opened from the message that reports it; the
message says too whether the record verified when it was read (the document carries the
same banner), with the findings under Details.

Documents speak the window's language unless Document Language names another, remembered
for this station: an organiser can print Traditional Chinese sheets from an English
window, or sheets headed in Chinese and English both.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication
from PySide6.QtGui import QAction, QActionGroup
from PySide6.QtWidgets import QMenu, QWidget

from tournament_manager.domain.settings import RecordStyle
from tournament_manager.exports.errors import ExportError, ExportProblem
from tournament_manager.exports.jobs import (
    ExportCancelled,
    ExportKind,
    ExportResult,
    export_document,
)
from tournament_manager.gui.app_context import AppContext
from tournament_manager.gui.document_dialogs import DocumentDialogs, start_folder
from tournament_manager.gui.errors import EXPECTED_ERRORS, describe_error
from tournament_manager.gui.open_file import open_file
from tournament_manager.gui.settings import AppSettings
from tournament_manager.gui.worker import WorkDialog, run_in_worker
from tournament_manager.languages import DocumentLanguage
from tournament_manager.messages.exports import describe as describe_export_error
from tournament_manager.messages.verification import describe_report, summary
from tournament_manager.services.tournaments import overview

translate = QCoreApplication.translate  # by this name, so pyside6-lupdate finds the words

CARD_KINDS = (ExportKind.PLAYER_CARDS, ExportKind.BLANK_PLAYER_CARDS)
"""Shown only at an event that keeps player cards (the WSOM record)."""
SESSION_KINDS = (ExportKind.SHEETS, ExportKind.BLANK_SHEETS, *CARD_KINDS, ExportKind.SEATING,
                 ExportKind.TABLE_CARDS)
PROVISIONAL_KINDS = (*SESSION_KINDS, ExportKind.WORKBOOK)
"""The documents that can hold a session's tables, and so a provisional plan."""
LABELS = {
    ExportKind.SHEETS: QT_TRANSLATE_NOOP("ExportMenu", "Filled &Score Sheets (PDF)…"),
    ExportKind.BLANK_SHEETS: QT_TRANSLATE_NOOP("ExportMenu", "&Blank Score Sheets (PDF)…"),
    ExportKind.PLAYER_CARDS: QT_TRANSLATE_NOOP("ExportMenu", "Filled Player &Cards (PDF)…"),
    ExportKind.BLANK_PLAYER_CARDS: QT_TRANSLATE_NOOP("ExportMenu", "Blank Player Car&ds (PDF)…"),
    ExportKind.SEATING: QT_TRANSLATE_NOOP("ExportMenu", "Seating &Lists (PDF)…"),
    ExportKind.TABLE_CARDS: QT_TRANSLATE_NOOP("ExportMenu", "&Table Cards (PDF)…"),
    ExportKind.STANDINGS: QT_TRANSLATE_NOOP("ExportMenu", "St&andings (PDF)…"),
    ExportKind.WORKBOOK: QT_TRANSLATE_NOOP("ExportMenu", "&Workbook (Excel)…"),
}


class ExportMenu(QMenu):
    def __init__(self, context: AppContext, dialogs: DocumentDialogs,
                 session_number: Callable[[], int | None], parent: QWidget,
                 settings: AppSettings | None = None,
                 standings_through: Callable[[], int | None] = lambda: None) -> None:
        super().__init__(translate("ExportMenu", "&Export"), parent)
        self.setObjectName("export_menu")
        self._window = parent
        self._settings = settings if settings is not None else AppSettings()
        self._context, self._dialogs, self._session_number = context, dialogs, session_number
        self._standings_through = standings_through
        self._card_actions: list[QAction] = []
        for kind, label in LABELS.items():
            action = self.addAction(translate("ExportMenu", label))
            action.setObjectName(f"export_{kind.value.replace('-', '_')}")
            action.triggered.connect(lambda _checked=False, k=kind: self.export(k))
            if kind in CARD_KINDS:
                self._card_actions.append(action)
        self.addSeparator()
        self.include_provisional: QAction = self.addAction(
            translate("ExportMenu", "Include &Provisional Plans")
        )
        self.include_provisional.setObjectName("export_include_provisional")
        self.include_provisional.setCheckable(True)
        self.include_provisional.setToolTip(
            translate(
                "ExportMenu",
                "Also print sessions not drawn yet (the round's plan); every page of them is "
                "marked PROVISIONAL PLAN — not the draw",
            )
        )
        self.addMenu(self._language_menu())
        self.aboutToShow.connect(self._about_to_show)

    def _language_menu(self) -> QMenu:
        """Document Language: as the window (the default), or a language of its own; each
        under its own name, as View ▸ Language lists them."""
        menu = QMenu(translate("ExportMenu", "Docu&ment Language"), self)
        menu.setObjectName("document_language_menu")
        group = QActionGroup(menu)
        chosen = self.document_language()
        choices: list[tuple[DocumentLanguage | None, str]] = [
            (None, translate("ExportMenu", "As the Window")),
            *((language, language.native_name) for language in DocumentLanguage)]
        for language, label in choices:
            action = menu.addAction(label)
            action.setObjectName(
                f"document_language_{language.value.replace('+', '_') if language else 'window'}")
            action.setCheckable(True)
            action.setChecked(language is chosen)
            group.addAction(action)
            action.triggered.connect(lambda _checked=False, picked=language:
                                     self._settings.set_document_language(
                                         picked.value if picked else None))
        return menu

    def document_language(self) -> DocumentLanguage | None:
        """The language documents are written in, None for the window's."""
        saved = self._settings.document_language()
        try:
            return DocumentLanguage(saved) if saved else None
        except ValueError:  # a value written by a later version: fall back to the window
            return None

    def _about_to_show(self) -> None:
        self.setEnabled(self._context.has_document)
        cards = False
        if self._context.has_document:
            try:
                settings = overview(self._context.unit_of_work()).tournament.settings
            except EXPECTED_ERRORS:
                pass
            else:
                cards = settings.record_style is RecordStyle.PLAYER_CARDS
        for action in self._card_actions:
            action.setVisible(cards)

    def export(self, kind: ExportKind) -> Path | None:
        """Ask where, write in a worker thread, say what happened; the path written."""
        document = self._context.controller.document
        if document is None:
            return None
        session = (self._session_number() if kind in SESSION_KINDS
                   else self._standings_through() if kind is ExportKind.STANDINGS else None)
        suffix = ".xlsx" if kind is ExportKind.WORKBOOK else ".pdf"
        after = " after" if kind is ExportKind.STANDINGS else ""
        name = f"{document.path.stem} {kind.value}" + (
            f"{after} session {session}" if session else "")
        name_filter = (
            translate("ExportMenu", "Excel workbook (*.xlsx)")
            if suffix == ".xlsx"
            else translate("ExportMenu", "PDF (*.pdf)")
        )
        out = self._dialogs.choose_export_path(self._window,
                                               start_folder(self._context.controller.address)
                                               / (name + suffix),
                                               name_filter)
        if out is None:
            return None
        include = self.include_provisional.isChecked() and kind in PROVISIONAL_KINDS
        language = self.document_language()
        unit_of_work = document.unit_of_work()

        def job(cancelled: Callable[[], bool], report: Callable[[object], None]
                ) -> ExportResult:
            return export_document(unit_of_work, kind, out, session_number=session,
                                   progress=lambda done, total: report((done, total)),
                                   include_provisional=include, cancel=cancelled,
                                   language=language)

        def show(dialog: WorkDialog, value: object) -> None:
            if isinstance(value, tuple):
                done, total = value
                dialog.show_progress(
                    done,
                    total,
                    translate("ExportMenu", "Writing {name}… page {done} of {total}").format(
                        name=out.name, done=done, total=total
                    ),
                )

        outcome = run_in_worker(
            self._window,
            job,
            title=translate("ExportMenu", "Export"),
            label=translate("ExportMenu", "Reading the record for {name}…").format(name=out.name),
            cancel_label=translate("ExportMenu", "Cancel"),
            on_report=show,
        )
        error = outcome.error
        if isinstance(error, ExportCancelled):
            self._context.messages.show_info(
                translate("ExportMenu", "Export cancelled: {name} was not written.").format(
                    name=out.name
                )
            )
            return None
        if isinstance(error, ExportError):
            self._context.messages.show_problem(self._refusal(error))
            return None
        if isinstance(error, EXPECTED_ERRORS):
            self._context.messages.show_problem(describe_error(error))
            return None
        if error is not None:
            raise error
        assert outcome.value is not None
        self._report(outcome.value)
        return outcome.value.path

    def _refusal(self, error: ExportError) -> str:
        text = describe_export_error(error)
        if error.code is ExportProblem.NOTHING_DRAWN and error.details.get("provisional"):
            text += translate(
                "ExportMenu",
                " (its tables are only the round's plan: tick File ▸ Export ▸ Include "
                "Provisional Plans to print them, marked provisional)",
            )
        if error.code is ExportProblem.NOTHING_DRAWN and error.details.get("session"):
            # From the Players page the judge could not tell why session 2, nor how to
            # print session 1's sheets.
            text += translate(
                "ExportMenu",
                ". The session printed is the one shown on the Score sheets page, else the "
                "one chosen on the Seating page: choose another there.",
            )
        return text

    def _open(self, written: Path) -> None:
        def unopened() -> None:
            self._context.messages.show_problem(translate(
                "ExportMenu",
                "No program on this computer opened {path}: open it from the file manager, or "
                "install a viewer for it.").format(path=written))

        open_file(written, self, unopened)

    def _report(self, result: ExportResult) -> None:
        """The file written, to open; a warning and the findings when the record did not
        verify as it was read."""
        written = result.path
        actions = [(translate("ExportMenu", "Open"), lambda: self._open(written))]
        report = result.verification
        if report.ok:
            self._context.messages.show_info(
                translate("ExportMenu", "Wrote {path}").format(path=written), actions
            )
            return
        self._context.messages.show_problem(
            translate(
                "ExportMenu",
                "Wrote {path}, but the record does not verify: {summary}. Every page says so.",
            ).format(path=written, summary=summary(report)),
            actions,
            details=describe_report(report),
            details_title=translate("ExportMenu", "What verification found"),
        )
