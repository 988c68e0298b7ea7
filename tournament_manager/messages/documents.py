"""Wording for problems with a tournament document."""

from __future__ import annotations

from tournament_manager.storage.errors import DocumentError, DocumentProblem

_TEMPLATES = {
    DocumentProblem.MISSING: "{path}: no such file",
    DocumentProblem.EXISTS: "{path} already exists; choose another name (nothing was overwritten)",
    DocumentProblem.UNREADABLE: "{path} cannot be read: {reason}",
    DocumentProblem.NOT_A_TOURNAMENT: "{path} is not a tournament file",
    DocumentProblem.TOO_NEW: (
        "{path} was written by a newer version of Tournament Manager; "
        "update the application to open it (the file was not changed)"
    ),
    DocumentProblem.DAMAGED: "{path} is damaged ({reason}); restore it from a backup",
    DocumentProblem.LOCKED: (
        "{path} is already open in another Tournament Manager "
        "(user {user} on {host}, process {pid}, since {since})"
    ),
    DocumentProblem.MIGRATION_FAILED: (
        "{path} could not be upgraded ({reason}); it was left as it was and a backup was taken"
    ),
    DocumentProblem.READ_ONLY_OUTDATED: (
        "{path} was made by an older version; open it for work once to upgrade it"
    ),
    DocumentProblem.NO_SPACE: "no space left to write {path}",
    DocumentProblem.UNWRITABLE: "{path} cannot be written: {reason}",
    DocumentProblem.SAME_FILE: (
        "{path} is the open tournament itself: a copy cannot replace it; choose another file"
    ),
    DocumentProblem.LOCKED_TARGET: (
        "{path} is open in a Tournament Manager; close it there before replacing it"
    ),
}


def describe(error: DocumentError) -> str:
    return _TEMPLATES[error.problem].format(path=error.path, **error.details)
