"""English wording for `SeatingProblem` codes."""

from __future__ import annotations

from tournament_manager.domain.seating import SeatingError, SeatingProblem

_TEXT = {
    SeatingProblem.PLAYER_COUNT_NOT_MULTIPLE_OF_FOUR:
        "the number of players ({count}) is not a multiple of 4; add substitutes or byes",
    SeatingProblem.TOO_FEW_PLAYERS: "at least 4 players are needed, got {count}",
    SeatingProblem.NO_SESSIONS: "the number of sessions must be at least 1",
    SeatingProblem.DUPLICATE_PLAYER: "a player is listed twice",
    SeatingProblem.TABLE_NOT_FOUR_PLAYERS: "session {session} has a table without four players",
    SeatingProblem.PLAYER_TWICE_IN_SESSION: "player {player} is seated twice in session {session}",
    SeatingProblem.UNKNOWN_PLAYER: "player {player} is not in this session",
    SeatingProblem.PLAYERS_AT_SAME_TABLE: "{first} and {second} already sit at the same table",
    SeatingProblem.MALFORMED_LINE:
        "line {line} should list four players, got: {text!r}",
    SeatingProblem.EMPTY_SCHEDULE: "the schedule file has no tables",
    SeatingProblem.INVALID_TIME_LIMIT: "the time limit must be a positive number of seconds",
}


def describe(error: SeatingError) -> str:
    return _TEXT[error.problem].format(**error.detail)
