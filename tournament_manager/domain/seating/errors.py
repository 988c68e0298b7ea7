"""Why a seating request cannot be served, as codes: the wording lives in `messages.seating`."""

from __future__ import annotations

from enum import Enum

from tournament_manager.errors import TournamentError


class SeatingProblem(Enum):
    PLAYER_COUNT_NOT_MULTIPLE_OF_FOUR = "player_count_not_multiple_of_four"
    TOO_FEW_PLAYERS = "too_few_players"
    NO_SESSIONS = "no_sessions"
    DUPLICATE_PLAYER = "duplicate_player"
    TABLE_NOT_FOUR_PLAYERS = "table_not_four_players"
    PLAYER_TWICE_IN_SESSION = "player_twice_in_session"
    UNKNOWN_PLAYER = "unknown_player"
    PLAYERS_AT_SAME_TABLE = "players_at_same_table"
    MALFORMED_LINE = "malformed_line"
    EMPTY_SCHEDULE = "empty_schedule"
    INVALID_TIME_LIMIT = "invalid_time_limit"


class SeatingError(TournamentError, ValueError):
    """A request the draw refuses; `detail` carries the values a message needs (count, player,
    line)."""

    def __init__(self, problem: SeatingProblem, **detail: object) -> None:
        super().__init__(problem.value, detail)
        self.problem = problem
        self.detail = detail
