"""The one error type a CLI command raises to end with a clear line instead of a traceback."""

from tournament_manager.errors import TournamentError


class CliError(TournamentError):
    """A user-facing failure: printed as one line on stderr, exit status `status`."""

    def __init__(self, message: str, status: int = 1) -> None:
        super().__init__(message)
        self.status = status
