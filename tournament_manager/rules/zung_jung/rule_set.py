"""Zung Jung behind the `RuleSet` interface."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from tournament_manager.rules.arrangement import Arrangement
from tournament_manager.rules.errors import (
    HandErrorCode,
    HandProblem,
    ValueProblem,
)
from tournament_manager.rules.hand import Hand, WinFlag, WinType
from tournament_manager.rules.hand_checks import false_win_problem, structural_problem
from tournament_manager.rules.result import Limit, LimitedScore, ScoredPattern, ScoreResult
from tournament_manager.rules.rule_set import RuleSet
from tournament_manager.rules.settlement import Role, TableOutcome, nearest_claim
from tournament_manager.rules.tiles import Wind
from tournament_manager.rules.time_rule import ZUNG_JUNG_TIME
from tournament_manager.rules.zung_jung import payments, values
from tournament_manager.rules.zung_jung.arrangements import build_arrangement, read_arrangement
from tournament_manager.rules.zung_jung.evaluate import hand_traits
from tournament_manager.rules.zung_jung.flags import flag_problem
from tournament_manager.rules.zung_jung.limits import limit_of
from tournament_manager.rules.zung_jung.options import (
    CODEC,
    TRIPLE_WIN,
    TripleWin,
    ZungJungOptions,
)
from tournament_manager.rules.zung_jung.patterns import (
    CHICKEN_ID,
    CHICKEN_NAME,
    CHICKEN_POINTS,
    PATTERN_NAMES,
    TABLE_ORDER,
)
from tournament_manager.rules.zung_jung.search import best_reading, completing_tiles, readings

WSOM_FORMATS = frozenset({"wsom_2015", "wsom_2010"})
"""The event formats of the World Series of Mahjong, which play its rules (v1.03)."""


class ZungJungRuleSet(RuleSet[ZungJungOptions]):
    id = "zung-jung"
    name = "Zung Jung (Asia Pacific Mahjong)"
    codec = CODEC
    same_turn_immunity = True
    several_claims = True
    time_rule = ZUNG_JUNG_TIME
    win_flags = frozenset({WinFlag.SEABED, WinFlag.RIVERBED, WinFlag.KONG_REPLACEMENT,
                           WinFlag.ROBBING_KONG, WinFlag.HEAVEN, WinFlag.EARTH})

    def pattern_names(self) -> tuple[tuple[str, str], ...]:
        return ((CHICKEN_ID, CHICKEN_NAME), *PATTERN_NAMES.items())

    def validate_hand(self, hand: Hand) -> HandProblem | None:
        return structural_problem(hand) or flag_problem(hand)

    def intercepting_claim(self, claimants: Sequence[Wind], discarder: Wind,
                           options: ZungJungOptions) -> Wind | None:
        """Two claims: the nearest always wins alone (spec §3); three: only under
        `triple_win: intercept` (the WSOM rules: "there are no exceptions")."""
        if len(claimants) == 2 or (len(claimants) == 3
                                   and options.triple_win is TripleWin.INTERCEPT):
            return nearest_claim(claimants, discarder)
        return None

    def format_options(self, format_preset: str) -> dict[str, object]:
        """The WSOM formats play the WSOM rules, which intercept a triple win."""
        if format_preset in WSOM_FORMATS:
            return {TRIPLE_WIN: TripleWin.INTERCEPT.value}
        return {}

    def arrangements(self, hand: Hand) -> tuple[Arrangement, ...]:
        traits = hand_traits(hand)
        return tuple(build_arrangement(hand, reading) for reading in readings(hand, traits))

    def score_arrangement(
        self, hand: Hand, arrangement: Arrangement, options: ZungJungOptions
    ) -> tuple[ScoredPattern, ...]:
        ids = read_arrangement(arrangement, hand_traits(hand))
        return _scored_patterns(ids, options.values)

    def apply_limit(
        self, patterns: Sequence[ScoredPattern], options: ZungJungOptions
    ) -> LimitedScore:
        if not patterns:
            chicken = ScoredPattern(CHICKEN_ID, CHICKEN_NAME, CHICKEN_POINTS)
            return LimitedScore((chicken,), CHICKEN_POINTS, Limit.NONE, CHICKEN_POINTS)
        limit, raw, value, listed = limit_of([pattern.points for pattern in patterns])
        shown = tuple(patterns) if listed is None else (patterns[listed],)
        return LimitedScore(_in_output_order(shown), raw, limit, value)

    def score(self, hand: Hand, options: ZungJungOptions) -> ScoreResult:
        """Searches compact readings and builds the public arrangement for the winner only:
        scoring must stay fast enough for batch checks of thousands of hands."""
        problem = self.validate_hand(hand)
        if problem is not None:
            return ScoreResult.invalid(problem)
        traits = hand_traits(hand)
        best = best_reading(hand, traits, options.values)
        if best is None:
            return ScoreResult.invalid(false_win_problem(hand, completing_tiles(hand)))
        patterns = _scored_patterns(best.reading.pattern_ids, options.values)
        limited = self.apply_limit(patterns, options)
        minimum = options.minimum_points
        if minimum is not None and limited.value < minimum:
            return ScoreResult.invalid(
                HandProblem(HandErrorCode.BELOW_MINIMUM, count=limited.value, expected=minimum)
            )
        return ScoreResult.scored(build_arrangement(hand, best.reading), limited)

    def value_problem(self, value: int, options: ZungJungOptions) -> ValueProblem | None:
        """1 (Chicken Hand), a multiple of the table's step up to 320, or a listed limit."""
        return values.value_problem(value, options)

    def _settle(self, outcome: TableOutcome, options: ZungJungOptions) -> dict[Wind, int]:
        return payments.settle(outcome, options)

    def _payments_by_role(
        self, win_type: WinType, value: int, has_responsible: bool, options: ZungJungOptions
    ) -> dict[Role, int]:
        return payments.payments_by_role(win_type, value, has_responsible, options)


def _scored_patterns(ids: Sequence[str], values: Mapping[str, int]) -> tuple[ScoredPattern, ...]:
    return tuple(ScoredPattern(pid, PATTERN_NAMES[pid], values[pid]) for pid in ids)


def _in_output_order(patterns: Sequence[ScoredPattern]) -> tuple[ScoredPattern, ...]:
    """Highest points first, then the table's order (Value Honors stay together)."""
    return tuple(sorted(patterns, key=lambda p: (-p.points, TABLE_ORDER.get(p.id, 0))))
