"""The one error an export raises for a problem the user can act on; `messages.exports`
words its codes for the CLI and the GUI."""

from __future__ import annotations

from enum import StrEnum

from tournament_manager.errors import TournamentError


class ExportProblem(StrEnum):
    NO_SUCH_SESSION = "no_such_session"
    NOTHING_DRAWN = "nothing_drawn"
    NO_PLAYERS = "no_players"
    FOLDER_MISSING = "folder_missing"
    TARGET_IS_FOLDER = "target_is_folder"
    TARGET_IN_USE = "target_in_use"
    TARGET_NOT_WRITABLE = "target_not_writable"
    FONT_MISSING = "font_missing"


class ExportError(TournamentError):
    """A refused or failed export; `details` name the session, the file or the reason."""

    def __init__(self, code: ExportProblem, **details: object) -> None:
        super().__init__(f"{code.value} {details}" if details else code.value)
        self.code = code
        self.details = details
