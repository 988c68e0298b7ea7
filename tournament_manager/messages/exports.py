"""English wording for `ExportProblem` codes, shared by the CLI and the GUI."""

from __future__ import annotations

from tournament_manager.exports.errors import ExportError, ExportProblem

_TEXT = {
    ExportProblem.NO_SUCH_SESSION: "there is no session {session} in this tournament",
    ExportProblem.NOTHING_DRAWN: "{what} has no tables drawn yet: publish the seating first",
    ExportProblem.NO_PLAYERS: "the tournament has no players yet",
    ExportProblem.FOLDER_MISSING: "cannot write {path}: the folder {folder} does not exist",
    ExportProblem.TARGET_IS_FOLDER: "cannot write {path}: it is a folder",
    ExportProblem.TARGET_IN_USE: (
        "cannot replace {path}: it is open in another program (Excel or a PDF viewer?); "
        "close it and export again"
    ),
    ExportProblem.TARGET_NOT_WRITABLE: "cannot write {path}: {reason}",
    ExportProblem.FONT_MISSING: (
        "the PDF font {path} is missing from the installation; reinstall the application"
    ),
}


def describe(error: ExportError) -> str:
    details = dict(error.details)
    if error.code is ExportProblem.NOTHING_DRAWN:
        session = details.get("session")
        details["what"] = "the tournament" if session is None else f"session {session}"
    return _TEXT[error.code].format(**details)
