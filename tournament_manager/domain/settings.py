"""A tournament's settings: the format the head judge chose and the rule set's options.

The rule set's own options (pattern values, payoff scheme, ...) are kept as a plain mapping
here because each rule set declares and validates its own; the tournament only stores them,
so a new rule set never needs a new column.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any


class SeatPickMode(StrEnum):
    """When the players of a table re-pick their seats (tournament spec §1)."""

    PER_SESSION = "per_session"
    PER_CYCLE = "per_cycle"


class OnTimeOut(StrEnum):
    """What happens to the hand in progress when the session clock runs out."""

    VOID_CURRENT_HAND = "void_current_hand"
    FINISH_CURRENT_HAND = "finish_current_hand"


class PenaltyMode(StrEnum):
    """Where penalty points go: nowhere (`deduct`) or to the three other players."""

    DEDUCT = "deduct"
    DISTRIBUTE = "distribute"


class SessionConversion(StrEnum):
    """How a session's raw score turns into the score that ranks."""

    MATCH_POINTS = "match_points"
    RAW = "raw"
    TABLE_POINTS = "table_points"


class RecordStyle(StrEnum):
    """Who keeps the record: one sheet per table, or one card per player (WSOM)."""

    TABLE_SHEET = "table_sheet"
    PLAYER_CARDS = "player_cards"


class SessionEnd(StrEnum):
    """When a session's play is over (before its clock runs out).

    `hands`: after `hands_per_session` hands. `deals`: after the deal has been held
    `hands_per_session` times (16: every player has dealt four times), however many hands
    that took; the classical seed: "a game ends when every player has dealt four times or
    after an agreed number of rounds", where a dealer who wins keeps the deal. Under rule
    sets where the deal passes after every hand the two are the same.
    """

    HANDS = "hands"
    DEALS = "deals"


class FinalSeating(StrEnum):
    """How elimination rounds and the final seat their players (spec §3, `final_seating`).

    `random` is drawn as a preliminary session is: at random among the seatings with the
    fewest repeated opponents. The players who go through a cut have met before: in a
    64-player WSoM 2015 demo a plain shuffle sat 10 such pairs of the 32 together again,
    and 8 of the 16.
    """

    BY_RANK_SNAKE = "by_rank_snake"
    BY_RANK_BLOCKS = "by_rank_blocks"
    RANDOM = "random"

    @property
    def by_rank(self) -> bool:
        """Tables made from the standings, not drawn."""
        return self is not FinalSeating.RANDOM


class OddFieldPolicy(StrEnum):
    """How a field that is not a multiple of four is filled."""

    SUBSTITUTES = "substitutes"
    BYES = "byes"


class SeatRotation(StrEnum):
    """How players change seats between the rounds (cycles) of a session.

    `none`: they keep their seats or re-pick (the seat-pick mode). The MCR rotation (Green
    Book appendix 4) swaps East/South and West/North after the first round; the two
    published orders differ in who deals the third round.
    """

    NONE = "none"
    MCR_WEST_DEALS_THIRD = "mcr_west_deals_third"
    MCR_NORTH_DEALS_THIRD = "mcr_north_deals_third"


class RoundKind(StrEnum):
    PRELIMINARY = "preliminary"
    ELIMINATION = "elimination"
    FINAL = "final"


@dataclass(frozen=True)
class RoundPlan:
    """One round of the format: its sessions and the cut that ends it.

    `advance` is the number of players kept after the round (None: no cut); `carry` is the
    fraction of the previous total that the players who advance take into this round.
    """

    kind: RoundKind
    sessions: int
    advance: int | None = None
    carry: float = 1.0


def _options_copy(values: Mapping[str, Any] | None = None) -> Mapping[str, Any]:
    """A private copy, so a caller's later change to its dict cannot reach the settings."""
    return dict(values or {})


@dataclass(frozen=True)
class TournamentSettings:
    """Everything a head judge sets up before day one; defaults follow the spec."""

    rule_set: str = "zung-jung"
    rule_options: Mapping[str, Any] = field(default_factory=_options_copy)
    format_preset: str = "wsom_2015"
    rounds: tuple[RoundPlan, ...] = ()
    hands_per_session: int = 16
    """Hands per session, or under `SessionEnd.DEALS` the deals (turns as dealer)."""
    session_end: SessionEnd = SessionEnd.HANDS
    seat_pick: SeatPickMode = SeatPickMode.PER_SESSION
    time_limit_minutes: int = 150
    on_time_out: OnTimeOut = OnTimeOut.VOID_CURRENT_HAND
    penalty_mode: PenaltyMode = PenaltyMode.DEDUCT
    session_conversion: SessionConversion = SessionConversion.MATCH_POINTS
    record_style: RecordStyle = RecordStyle.TABLE_SHEET
    final_seating: FinalSeating = FinalSeating.BY_RANK_SNAKE
    odd_field: OddFieldPolicy = OddFieldPolicy.SUBSTITUTES
    bye_score: int = 0
    keep_apart: tuple[str, ...] = ("club", "country")
    seat_rotation: SeatRotation = SeatRotation.NONE
    false_win_points: int = 0
    """Points a false win costs by default (MCR: 30); 0 records it as an incident only."""
    false_win_distributed: bool = False
    """A false win's points go to the other three (MCR: 10 each), whatever the penalty mode."""
    double_entry: bool = False
    """Table-side hands count only when two players of the table typed the same hand."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "rule_options", _options_copy(self.rule_options))

    @property
    def total_sessions(self) -> int:
        return sum(plan.sessions for plan in self.rounds)


class SettingsProblem(StrEnum):
    """Why a set of tournament settings cannot run; the GUI and CLI word these."""

    NO_ROUNDS = "no_rounds"
    HANDS_NOT_CYCLES = "hands_not_cycles"
    TIME_LIMIT_NOT_POSITIVE = "time_limit_not_positive"
    ROUND_WITHOUT_SESSIONS = "round_without_sessions"
    ADVANCE_NOT_TABLES = "advance_not_tables"
    ADVANCE_NOT_SHRINKING = "advance_not_shrinking"
    CARRY_OUT_OF_RANGE = "carry_out_of_range"
    UNKNOWN_KEEP_APART = "unknown_keep_apart"
    NEGATIVE_FALSE_WIN = "negative_false_win"


KEEP_APART_FIELDS = ("club", "country", "team")


def settings_problems(settings: TournamentSettings) -> tuple[SettingsProblem, ...]:
    """Every reason the format cannot be played as set up (empty when it can)."""
    problems: list[SettingsProblem] = []
    if not settings.rounds:
        problems.append(SettingsProblem.NO_ROUNDS)
    if settings.hands_per_session <= 0 or settings.hands_per_session % 4:
        problems.append(SettingsProblem.HANDS_NOT_CYCLES)
    if settings.time_limit_minutes <= 0:
        problems.append(SettingsProblem.TIME_LIMIT_NOT_POSITIVE)
    previous_advance: int | None = None
    for plan in settings.rounds:
        if plan.sessions <= 0:
            problems.append(SettingsProblem.ROUND_WITHOUT_SESSIONS)
        if not 0.0 <= plan.carry <= 1.0:
            problems.append(SettingsProblem.CARRY_OUT_OF_RANGE)
        if plan.advance is not None:
            if plan.advance <= 0 or plan.advance % 4:
                problems.append(SettingsProblem.ADVANCE_NOT_TABLES)
            if previous_advance is not None and plan.advance >= previous_advance:
                problems.append(SettingsProblem.ADVANCE_NOT_SHRINKING)
            previous_advance = plan.advance
    if any(name not in KEEP_APART_FIELDS for name in settings.keep_apart):
        problems.append(SettingsProblem.UNKNOWN_KEEP_APART)
    if settings.false_win_points < 0:
        problems.append(SettingsProblem.NEGATIVE_FALSE_WIN)
    return tuple(dict.fromkeys(problems))
