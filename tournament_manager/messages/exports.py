"""Wording for `ExportProblem` codes, shared by the CLI and the GUI."""

from __future__ import annotations

from tournament_manager.exports.errors import ExportError, ExportProblem
from tournament_manager.words import N_, _

_TEXT = {
    ExportProblem.NO_SUCH_SESSION: N_("there is no session {session} in this tournament"),
    ExportProblem.NOTHING_DRAWN: N_("{what} has no tables drawn yet: publish the seating first"),
    ExportProblem.NO_PLAYERS: N_("the tournament has no players yet"),
    ExportProblem.FOLDER_MISSING: N_("cannot write {path}: the folder {folder} does not exist"),
    ExportProblem.TARGET_IS_FOLDER: N_("cannot write {path}: it is a folder"),
    ExportProblem.TARGET_IN_USE: (
        N_("cannot replace {path}: it is open in another program (Excel or a PDF viewer?); "
        "close it and export again")
    ),
    ExportProblem.TARGET_NOT_WRITABLE: N_("cannot write {path}: {reason}"),
    ExportProblem.FONT_MISSING: (
        N_("the PDF font {path} is missing from the installation; reinstall the application")
    ),
}


def describe(error: ExportError) -> str:
    details = dict(error.details)
    if error.code is ExportProblem.NOTHING_DRAWN:
        session = details.get("session")
        details["what"] = (_("the tournament") if session is None
                           else _("session {session}").format(session=session))
    return _(_TEXT[error.code]).format(**details)
