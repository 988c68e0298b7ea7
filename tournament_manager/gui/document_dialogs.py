"""The blocking questions behind the File menu, as replaceable callables.

File dialogs and the New Tournament dialog run their own event loop (`exec()`), which
would hang a headless test; the main window takes a `DocumentDialogs` so tests hand it
canned answers instead.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QStandardPaths
from PySide6.QtWidgets import QDialog, QFileDialog, QWidget

from tournament_manager.application.events import EventAddress
from tournament_manager.gui.confirm import confirm
from tournament_manager.gui.new_tournament_dialog import NewTournament, NewTournamentDialog
from tournament_manager.paths import DOCUMENT_SUFFIX
from tournament_manager.storage.lock import lock_path

translate = QCoreApplication.translate  # by this name, so pyside6-lupdate finds the words


def _filter() -> str:
    return translate("DocumentDialogs", "Tournaments (*{suffix})").format(suffix=DOCUMENT_SUFFIX)


def start_folder(address: EventAddress | None) -> Path:
    """Where a file dialog starts (New, Open, Save a Copy, an export, an import): beside
    the event's file; else, with no event open or an event on a server (whose name is no
    folder here), the user's Documents folder, or home where there is none (a fresh Linux
    account, a kiosk). Never the folder the application was started from, which a file
    dialog falls back to for a relative or missing folder: a launcher's working folder can
    be the installation's own."""
    if isinstance(address, Path):
        return address.resolve().parent
    documents = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.DocumentsLocation)
    if documents and Path(documents).is_dir():
        return Path(documents)
    return Path.home()


def with_document_suffix(path: Path) -> Path:
    """File dialogs on some platforms return the name exactly as typed."""
    return path if path.suffix.lower() == DOCUMENT_SUFFIX else path.with_name(
        path.name + DOCUMENT_SUFFIX)


def ask_new_tournament(parent: QWidget) -> NewTournament | None:
    dialog = NewTournamentDialog(parent)
    try:
        return dialog.request() if dialog.exec() == QDialog.DialogCode.Accepted else None
    finally:
        dialog.deleteLater()


def choose_new_path(parent: QWidget, suggestion: Path) -> Path | None:
    # Never confirm overwriting: a new document refuses to replace a file anyway.
    chosen, _ = QFileDialog.getSaveFileName(
        parent,
        translate("DocumentDialogs", "New Tournament File"),
        str(suggestion),
        _filter(),
        options=QFileDialog.Option.DontConfirmOverwrite,
    )
    return with_document_suffix(Path(chosen)) if chosen else None


def choose_open_path(parent: QWidget, folder: Path) -> Path | None:
    chosen, _ = QFileDialog.getOpenFileName(
        parent, translate("DocumentDialogs", "Open Tournament"), str(folder), _filter()
    )
    return Path(chosen) if chosen else None


def choose_copy_path(parent: QWidget, suggestion: Path) -> Path | None:
    chosen, _ = QFileDialog.getSaveFileName(
        parent, translate("DocumentDialogs", "Save a Copy"), str(suggestion), _filter(),
        options=QFileDialog.Option.DontConfirmOverwrite,
    )
    return may_write(parent, Path(chosen), DOCUMENT_SUFFIX) if chosen else None


def may_write(parent: QWidget, chosen: Path, suffix: str) -> Path | None:
    """The file to write for the name `chosen` in a save dialog: with `suffix` added when
    it lacks it, and the question to replace an existing file asked about that file (None
    when the judge keeps it). The dialog asked about the name as typed: "ev.tmt", when the
    PDF then went to "ev.tmt.pdf", and a copy typed "day 2" went over "day 2.tmt" unasked."""
    path = chosen if chosen.suffix.lower() == suffix else chosen.with_name(chosen.name + suffix)
    if lock_path(path).exists():
        return path  # an event open here or elsewhere: the copy refuses it, and says why
    if path.exists() and not confirm(
            parent, translate("DocumentDialogs", "Replace File"),
            translate("DocumentDialogs", "Replace {name}?").format(name=path.name),
            translate("DocumentDialogs", "A file of that name is already in {folder}; "
                      "writing this one replaces it.").format(folder=path.parent),
            translate("DocumentDialogs", "Replace"), object_name="replace_confirm"):
        return None
    return path


def choose_export_path(parent: QWidget, suggestion: Path, name_filter: str) -> Path | None:
    chosen, _ = QFileDialog.getSaveFileName(
        parent, translate("DocumentDialogs", "Export"), str(suggestion), name_filter,
        options=QFileDialog.Option.DontConfirmOverwrite,
    )
    return may_write(parent, Path(chosen), suggestion.suffix) if chosen else None


@dataclass(frozen=True)
class DocumentDialogs:
    ask_new_tournament: Callable[[QWidget], NewTournament | None] = ask_new_tournament
    choose_new_path: Callable[[QWidget, Path], Path | None] = choose_new_path
    choose_open_path: Callable[[QWidget, Path], Path | None] = choose_open_path
    choose_copy_path: Callable[[QWidget, Path], Path | None] = choose_copy_path
    choose_export_path: Callable[[QWidget, Path, str], Path | None] = choose_export_path
