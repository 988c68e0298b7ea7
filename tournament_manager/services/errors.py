"""The one error a service raises for a request it refuses; the GUI and CLI word the code."""

from __future__ import annotations

from enum import StrEnum

from tournament_manager.errors import TournamentError


class ServiceProblem(StrEnum):
    NO_TOURNAMENT = "no_tournament"
    TOURNAMENT_EXISTS = "tournament_exists"
    BAD_SETTINGS = "bad_settings"
    EMPTY_NAME = "empty_name"
    TEXT_TOO_LONG = "text_too_long"
    REGISTRATION_NUMBER_TAKEN = "registration_number_taken"
    UNKNOWN_PLAYER = "unknown_player"
    PLAYER_NOT_AT_TABLE = "player_not_at_table"
    PLAYER_CHANGED_MEANWHILE = "player_changed_meanwhile"  # since the caller showed him
    ENTRANT_REQUIRED = "entrant_required"  # double entry: who typed the hand
    PLAYER_SEATED_TWICE = "player_seated_twice"
    TABLE_NOT_FOUR = "table_not_four"
    SHEET_LOCKED = "sheet_locked"
    HAND_NUMBER_TAKEN = "hand_number_taken"
    DELTAS_NOT_ZERO_SUM = "deltas_not_zero_sum"
    WIN_WITHOUT_WINNER = "win_without_winner"
    WINNER_IN_DRAWN_HAND = "winner_in_drawn_hand"
    HAND_NOT_SETTLEABLE = "hand_not_settleable"
    HAND_OUT_OF_SESSION = "hand_out_of_session"
    SESSION_DEALS_DONE = "session_deals_done"
    CARDS_NOT_IN_FORMAT = "cards_not_in_format"
    CARDS_MISSING = "cards_missing"
    CARDS_UNSIGNED = "cards_unsigned"
    CARDS_DISAGREE = "cards_disagree"
    STOPPED_ON_TIME = "stopped_on_time"
    NEGATIVE_PENALTY = "negative_penalty"
    TIME_PENALTY_WITHOUT_POINTS = "time_penalty_without_points"
    PENALTY_HAND_NOT_PLAYED = "penalty_hand_not_played"
    FALSE_WINNER_WINS = "false_winner_wins"
    SHEET_INCOMPLETE = "sheet_incomplete"
    EMPTY_SIGNATURE = "empty_signature"
    HEAD_JUDGE_ONLY = "head_judge_only"
    REASON_REQUIRED = "reason_required"
    SHEET_NOT_LOCKED = "sheet_not_locked"
    NO_NEXT_ROUND = "no_next_round"
    ROUND_HAS_NO_CUT = "round_has_no_cut"
    ROUND_NOT_FINISHED = "round_not_finished"
    CUT_ALREADY_MADE = "cut_already_made"
    IMPORT_ROWS_INVALID = "import_rows_invalid"
    SESSION_NOT_DRAWN = "session_not_drawn"
    SESSION_NOT_RUNNING = "session_not_running"
    SHEETS_NOT_SIGNED = "sheets_not_signed"
    WINDS_FIXED = "winds_fixed"
    WINDS_NOT_A_DRAW = "winds_not_a_draw"
    SESSION_ALREADY_STARTED = "session_already_started"
    DRAW_OUTDATED = "draw_outdated"
    DRAW_REPLACED_MEANWHILE = "draw_replaced_meanwhile"  # its tables changed since drawn
    SHEET_CHANGED_ELSEWHERE = "sheet_changed_elsewhere"  # since the caller showed it
    SEED_OUT_OF_RANGE = "seed_out_of_range"  # the field changed while the draw was computed
    TOO_FEW_PLAYERS = "too_few_players"
    PLAYER_NOT_IN_SESSION = "player_not_in_session"
    SHEET_CHANGED_SINCE = "sheet_changed_since"
    SESSION_HAS_HANDS = "session_has_hands"
    SESSION_NOT_FINISHED = "session_not_finished"
    ANOTHER_SESSION_RUNNING = "another_session_running"
    SESSION_SEATS_WITHDRAWN = "session_seats_withdrawn"
    HAND_MISSING_BEFORE = "hand_missing_before"
    NOT_THE_LAST_HAND = "not_the_last_hand"
    EVENT_STARTED = "event_started"
    UNKNOWN_RULE_SET = "unknown_rule_set"
    BAD_RULE_OPTION = "bad_rule_option"
    PLAYER_HAS_RESULTS = "player_has_results"
    NEXT_ROUND_DRAWN = "next_round_drawn"
    NO_HEAD_JUDGE_PASSPHRASE = "no_head_judge_passphrase"
    WRONG_PASSPHRASE = "wrong_passphrase"
    PASSPHRASE_TOO_SHORT = "passphrase_too_short"
    SESSION_NOT_STARTED = "session_not_started"
    SIGNATURE_REUSED = "signature_reused"
    ALREADY_SIGNED = "already_signed"
    TRANSCRIBER_REQUIRED = "transcriber_required"
    CUT_TIE_UNRESOLVED = "cut_tie_unresolved"
    CUT_PREVIEW_STALE = "cut_preview_stale"
    POSSIBLE_DUPLICATE = "possible_duplicate"
    REPICK_NOT_IN_FORMAT = "repick_not_in_format"
    NOT_A_SEAT_DRAW = "not_a_seat_draw"
    CLOCK_ALREADY_PAUSED = "clock_already_paused"
    CLOCK_NOT_PAUSED = "clock_not_paused"
    BAD_EXTRA_TIME = "bad_extra_time"
    NO_SUCH_TABLE = "no_such_table"


class ServiceError(TournamentError):
    """A refused request; `details` name what was wrong (a player, a setting, a number)."""

    def __init__(self, problem: ServiceProblem, **details: object) -> None:
        super().__init__(f"{problem.value} {details}" if details else problem.value)
        self.problem = problem
        self.details = details
