"""Wording for `SeatingProblem` codes."""

from __future__ import annotations

from tournament_manager.domain.seating import SeatingError, SeatingProblem
from tournament_manager.words import N_, _

_TEXT = {
    SeatingProblem.PLAYER_COUNT_NOT_MULTIPLE_OF_FOUR: N_(
        "the number of players ({count}) is not a multiple of 4; add substitutes or byes"
    ),
    SeatingProblem.TOO_FEW_PLAYERS: N_("at least 4 players are needed, got {count}"),
    SeatingProblem.NO_SESSIONS: N_("the number of sessions must be at least 1"),
    SeatingProblem.DUPLICATE_PLAYER: N_("a player is listed twice"),
    SeatingProblem.TABLE_NOT_FOUR_PLAYERS: N_("session {session} has a table without four players"),
    SeatingProblem.PLAYER_TWICE_IN_SESSION: N_(
        "player {player} is seated twice in session {session}"
    ),
    SeatingProblem.UNKNOWN_PLAYER: N_("player {player} is not in this session"),
    SeatingProblem.PLAYERS_AT_SAME_TABLE: N_("{first} and {second} already sit at the same table"),
    SeatingProblem.MALFORMED_LINE: N_("line {line} should list four players, got: {text!r}"),
    SeatingProblem.EMPTY_SCHEDULE: N_("the schedule file has no tables"),
    SeatingProblem.INVALID_TIME_LIMIT: N_("the time limit must be a positive number of seconds"),
}


def describe(error: SeatingError) -> str:
    return _(_TEXT[error.problem]).format(**error.detail)
