"""Error codes of the rules layer, with structured details instead of sentences.

The pure layers carry no user-facing text: the CLI and the GUI turn a code into words through
`tournament_manager.messages`, so wording (and later translation) changes in one place.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from tournament_manager.errors import TournamentError


class HandErrorCode(Enum):
    """Why a hand cannot be scored."""

    NOT_AN_OBJECT = "not_an_object"
    MISSING_FIELD = "missing_field"
    INVALID_FIELD = "invalid_field"
    UNKNOWN_TILE = "unknown_tile"
    UNKNOWN_FLAG = "unknown_flag"
    WRONG_TILE_COUNT = "wrong_tile_count"
    TOO_MANY_MELDS = "too_many_melds"
    TOO_MANY_COPIES = "too_many_copies"
    MELD_WRONG_SIZE = "meld_wrong_size"
    MELD_NOT_IDENTICAL = "meld_not_identical"
    CHOW_OF_HONORS = "chow_of_honors"
    CHOW_ACROSS_SUITS = "chow_across_suits"
    CHOW_NOT_CONSECUTIVE = "chow_not_consecutive"
    CONCEALED_PUNG_OR_CHOW = "concealed_pung_or_chow"
    FLAG_NEEDS_SELF_DRAW = "flag_needs_self_draw"
    FLAG_NEEDS_DISCARD = "flag_needs_discard"
    FLAGS_EXCLUSIVE = "flags_exclusive"
    FLAG_WRONG_SEAT = "flag_wrong_seat"
    KONG_REPLACEMENT_WITHOUT_KONG = "kong_replacement_without_kong"
    DISCARDER_ON_SELF_DRAW = "discarder_on_self_draw"
    DISCARDER_IS_WINNER = "discarder_is_winner"
    RESPONSIBLE_IS_WINNER = "responsible_is_winner"
    RESPONSIBLE_ON_SELF_DRAW = "responsible_on_self_draw"
    WINNING_TILE_UNUSABLE = "winning_tile_unusable"
    NOT_WINNING_HAND = "not_winning_hand"
    BELOW_MINIMUM = "below_minimum"
    FLAG_NOT_IN_RULES = "flag_not_in_rules"  # a flag the chosen rule set has no use for
    ROBBED_TILE_HELD = "robbed_tile_held"  # robbing a kong of a tile the winner holds
    IMMUNITY_NOT_IN_RULES = "immunity_not_in_rules"  # someone but the discarder pays (not ZJ)


@dataclass(frozen=True, slots=True)
class HandProblem:
    """A code plus whatever names the culprit; tiles and seats as their canonical codes."""

    code: HandErrorCode
    tile: str | None = None
    tiles: tuple[str, ...] = ()
    field: str | None = None
    value: str | None = None
    count: int | None = None
    expected: int | None = None
    flags: tuple[str, ...] = ()
    seat: str | None = None
    hand_of: str | None = None
    """The seat whose shown hand has the problem (classical `others`); None: the winner's."""


class HandError(TournamentError):
    """Raised while reading a hand; carries the problem, never a sentence."""

    def __init__(self, problem: HandProblem) -> None:
        super().__init__(problem.code.value)
        self.problem = problem


class SettlementErrorCode(Enum):
    """Why a recorded table result cannot be settled."""

    WIN_TYPE_REQUIRED = "win_type_required"
    DISCARDER_REQUIRED = "discarder_required"
    DISCARDER_ON_SELF_DRAW = "discarder_on_self_draw"
    SEVERAL_WINNERS_ON_SELF_DRAW = "several_winners_on_self_draw"
    TWO_WINNERS_ON_ONE_DISCARD = "two_winners_on_one_discard"
    THREE_CLAIMS_INTERCEPTED = "three_claims_intercepted"
    TOO_MANY_WINNERS = "too_many_winners"
    DUPLICATE_WINNER = "duplicate_winner"
    WINNER_IS_DISCARDER = "winner_is_discarder"
    RESPONSIBLE_IS_WINNER = "responsible_is_winner"
    RESPONSIBLE_ON_SELF_DRAW = "responsible_on_self_draw"
    NO_SAME_TURN_IMMUNITY = "no_same_turn_immunity"  # someone but the discarder pays (not ZJ)
    VALUE_NOT_POSITIVE = "value_not_positive"
    HAND_POINTS_NEGATIVE = "hand_points_negative"
    WINNER_POINTS_MISMATCH = "winner_points_mismatch"
    VALUE_NOT_ALLOWED = "value_not_allowed"  # a win's value these rules cannot produce
    HAND_POINTS_NOT_ALLOWED = "hand_points_not_allowed"  # a loser's points, likewise (classical)


class SettlementError(TournamentError):
    """`problem`: what is wrong with the win's value or the hand points, for the value codes
    (`VALUE_NOT_ALLOWED`, `HAND_POINTS_NOT_ALLOWED`, and the sign codes when a rule set's
    value check found them); None for the other codes."""

    def __init__(
        self,
        code: SettlementErrorCode,
        seat: str | None = None,
        problem: ValueProblem | None = None,
    ) -> None:
        super().__init__(code.value)
        self.code = code
        self.seat = seat
        self.problem = problem


class ValueErrorCode(Enum):
    """Why a recorded hand value (or a player's hand points) cannot come from these rules.

    The score sheet stores values without tiles, so a typo (26 for 36, 999 for 99) is only
    caught by asking whether any hand could score the number at all.
    """

    NOT_POSITIVE = "not_positive"  # a win is worth at least 1
    NEGATIVE = "negative"  # a loser's hand points can be 0, never less
    BELOW_MINIMUM = "below_minimum"  # under the rules' or the tournament's minimum
    ABOVE_LIMIT = "above_limit"  # over the highest value the rules allow
    NOT_REACHABLE = "not_reachable"  # inside the range, yet no hand scores it (26 in Zung Jung)


@dataclass(frozen=True, slots=True)
class ValueProblem:
    """A refused value with what the wording needs to say what would have been possible.

    `minimum`: the lowest value allowed (for `NOT_REACHABLE`, the first value of the stepped
    range). `limit`: the highest (for `NOT_REACHABLE`, the end of the stepped range). `step`:
    allowed values in the range are its multiples. `allowed`: single values allowed outside
    the range (Zung Jung: 1 for a Chicken Hand, listed limits above 320).
    """

    code: ValueErrorCode
    value: int
    minimum: int | None = None
    limit: int | None = None
    step: int | None = None
    allowed: tuple[int, ...] = ()


class OptionErrorCode(Enum):
    """Why a rule-set setting was refused."""

    UNKNOWN_OPTION = "unknown_option"
    INVALID_CHOICE = "invalid_choice"
    NOT_AN_INTEGER = "not_an_integer"
    UNKNOWN_PATTERN = "unknown_pattern"
    UNKNOWN_PROFILE = "unknown_profile"


class OptionError(TournamentError):
    def __init__(self, code: OptionErrorCode, key: str, value: str | None = None) -> None:
        super().__init__(code.value)
        self.code = code
        self.key = key
        self.value = value
