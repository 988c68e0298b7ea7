"""Wording for requests the services refuse."""

from __future__ import annotations

from typing import cast

from tournament_manager.domain.settings import SettingsProblem
from tournament_manager.services.errors import ServiceError, ServiceProblem

_SETTINGS = {
    SettingsProblem.NO_ROUNDS: "the format has no round",
    SettingsProblem.HANDS_NOT_CYCLES: "hands per session must be a positive multiple of 4",
    SettingsProblem.TIME_LIMIT_NOT_POSITIVE: "the session time limit must be positive",
    SettingsProblem.ROUND_WITHOUT_SESSIONS: "every round needs at least one session",
    SettingsProblem.ADVANCE_NOT_TABLES: "a cut must keep a positive multiple of 4 players",
    SettingsProblem.ADVANCE_NOT_SHRINKING: "each cut must keep fewer players than the one before",
    SettingsProblem.CARRY_OUT_OF_RANGE: "the carried fraction must be between 0 and 1",
    SettingsProblem.UNKNOWN_KEEP_APART: "players can be kept apart by club, country or team only",
}

_TEMPLATES = {
    ServiceProblem.NO_TOURNAMENT: "the file holds no tournament yet",
    ServiceProblem.TOURNAMENT_EXISTS: "the file already holds a tournament",
    ServiceProblem.EMPTY_NAME: "a name cannot be empty",
    ServiceProblem.UNKNOWN_PLAYER: "no player {player}",
    ServiceProblem.PLAYER_NOT_AT_TABLE: "players {players} do not sit at this table",
    ServiceProblem.PLAYER_SEATED_TWICE: "player {player} already sits at another table",
    ServiceProblem.TABLE_NOT_FOUR: "table {table} needs four different players",
    ServiceProblem.SHEET_LOCKED: (
        "the sheet of table {table} is signed and locked; the head judge can correct it"
    ),
    ServiceProblem.HAND_NUMBER_TAKEN: "hand {hand} is already on the sheet",
    ServiceProblem.DELTAS_NOT_ZERO_SUM: "the scores of hand {hand} do not add up to zero",
}


def describe(error: ServiceError) -> str:
    if error.problem is ServiceProblem.BAD_SETTINGS:
        problems = cast(tuple[SettingsProblem, ...], error.details.get("problems", ()))
        return "; ".join(_SETTINGS[problem] for problem in problems)
    return _TEMPLATES[error.problem].format(**error.details)
