"""Mahjong Competition Rules behind the `RuleSet` interface."""

from __future__ import annotations

from collections.abc import Sequence

from tournament_manager.rules.arrangement import Arrangement
from tournament_manager.rules.decompose import tile_counts
from tournament_manager.rules.errors import HandErrorCode, HandProblem, ValueErrorCode, ValueProblem
from tournament_manager.rules.hand import Hand, WinFlag, WinType
from tournament_manager.rules.hand_checks import false_win_problem, structural_problem
from tournament_manager.rules.mcr import payments
from tournament_manager.rules.mcr.evaluate import hand_facts
from tournament_manager.rules.mcr.fans import FAN_NAMES, Fan
from tournament_manager.rules.mcr.fast_path import fast_score
from tournament_manager.rules.mcr.flags import flag_problem
from tournament_manager.rules.mcr.layout import build_arrangement
from tournament_manager.rules.mcr.options import (
    CODEC,
    McrOptions,
)
from tournament_manager.rules.mcr.readings import readings
from tournament_manager.rules.mcr.search import best_reading, scored_readings
from tournament_manager.rules.mcr.soundness import plainly_sound
from tournament_manager.rules.mcr.tables import below_minimum, book_order, option_tables
from tournament_manager.rules.mcr.waits import waiting_tiles
from tournament_manager.rules.result import Limit, LimitedScore, ScoredPattern, ScoreResult
from tournament_manager.rules.rule_set import RuleSet
from tournament_manager.rules.settlement import Role, TableOutcome, nearest_claim
from tournament_manager.rules.tiles import Wind
from tournament_manager.rules.values import sign_problem


class McrRuleSet(RuleSet[McrOptions]):
    id = "mcr"
    name = "Mahjong Competition Rules (MCR, Chinese Official)"
    codec = CODEC
    uses_round_wind_and_flowers = True
    several_claims = True
    win_flags = frozenset({WinFlag.SEABED, WinFlag.RIVERBED, WinFlag.KONG_REPLACEMENT,
                           WinFlag.ROBBING_KONG, WinFlag.LAST_TILE})  # no blessings

    def intercepting_claim(self, claimants: Sequence[Wind], discarder: Wind,
                           options: McrOptions) -> Wind | None:
        """Only one winner: of several claims, the first in turn order after the discarder
        wins (spec §3, "head bump")."""
        return nearest_claim(claimants, discarder)

    def event_customs(self) -> dict[str, object]:
        """EMA practice: table points rank a session, seats rotate between the rounds
        (Green Book appendix 4), a false win costs 30, paid 10 to each other player."""
        return {"session_conversion": "table_points",
                "seat_rotation": "mcr_west_deals_third",
                "false_win_points": 30, "false_win_distributed": True}


    def pattern_names(self) -> tuple[tuple[str, str], ...]:
        return tuple((fan.id, name) for fan, name in FAN_NAMES.items())

    def validate_hand(self, hand: Hand) -> HandProblem | None:
        return structural_problem(hand) or flag_problem(hand)

    def arrangements(self, hand: Hand) -> tuple[Arrangement, ...]:
        return tuple(build_arrangement(hand, reading) for reading in readings(hand))

    def score_arrangement(
        self, hand: Hand, arrangement: Arrangement, options: McrOptions
    ) -> tuple[ScoredPattern, ...]:
        """Fans of the given arrangement, flowers included (a reading is found again by
        its public form; this serves the calculator panel, not the hot path)."""
        for scored in scored_readings(hand, options):
            if build_arrangement(hand, scored.reading) == arrangement:
                return _patterns(scored.fans, hand.flowers, options)
        return ()

    def apply_limit(self, patterns: Sequence[ScoredPattern], options: McrOptions) -> LimitedScore:
        """MCR has no limit: the value is the sum of the fans and flowers."""
        raw = sum(pattern.points for pattern in patterns)
        return LimitedScore(tuple(patterns), raw, Limit.NONE, raw)

    def score(self, hand: Hand, options: McrOptions) -> ScoreResult:
        """The best reading; under the minimum (flowers not counted) it is a false win.
        Most hands take the fused path of `fast_path`; the rest (and any problem) this one."""
        result = fast_score(hand, options)
        if result is not None:
            return result
        if not _sized_like_a_hand(hand):
            # wrong counts are refused before counting tiles into bytes (256 copies of a
            # tile do not fit); the structural check names the fault for such a hand
            return ScoreResult.invalid(structural_problem(hand) or HandProblem(
                HandErrorCode.WRONG_TILE_COUNT, count=len(hand.concealed),
                expected=13 - 3 * len(hand.melds)))
        facts = hand_facts(hand)
        sound = plainly_sound(hand, facts.all_counts)
        problem = (None if sound else structural_problem(hand)) or flag_problem(hand)
        if problem is not None:
            return ScoreResult.invalid(problem)
        best = best_reading(hand, options, facts)
        if best is None:
            return ScoreResult.invalid(false_win_problem(
                hand, waiting_tiles(tile_counts(hand.concealed), len(hand.melds))))
        tables = option_tables(options)
        fan_points = best.total if best.fans else tables.points[Fan.CHICKEN_HAND]
        if fan_points < options.minimum_points:
            return below_minimum(fan_points, options.minimum_points)
        patterns = best.patterns
        value = fan_points
        if hand.flowers:
            patterns += (tables.patterns[Fan.FLOWER_TILES],) * hand.flowers
            value += tables.points[Fan.FLOWER_TILES] * hand.flowers
        # built directly: what `apply_limit` would give (MCR has no limit), one step cheaper
        return ScoreResult(
            True, None, build_arrangement(hand, best.reading), patterns, value, Limit.NONE, value
        )

    def value_problem(self, value: int, options: McrOptions) -> ValueProblem | None:
        """At least `minimum_points` (8 by default). The minimum holds for the hand without
        its flowers, and the recorded value P includes them, so without tiles "P at least the
        minimum" is the exact check left; MCR has no limit and no step (fans of 1 exist)."""
        sign = sign_problem(value, winner=True)
        if sign is not None:
            return sign
        if value < options.minimum_points:
            return ValueProblem(ValueErrorCode.BELOW_MINIMUM, value, minimum=options.minimum_points)
        return None

    def _settle(self, outcome: TableOutcome, options: McrOptions) -> dict[Wind, int]:
        return payments.settle(outcome)

    def _payments_by_role(
        self, win_type: WinType, value: int, has_responsible: bool, options: McrOptions
    ) -> dict[Role, int]:
        return payments.payments_by_role(win_type, value)


def _patterns(fans: Sequence[Fan], flowers: int, options: McrOptions) -> tuple[ScoredPattern, ...]:
    """One entry per fan occurrence in Green Book order; Chicken Hand when nothing scored."""
    shown = sorted(fans, key=book_order) if fans else [Fan.CHICKEN_HAND]
    shown += [Fan.FLOWER_TILES] * flowers
    return tuple(map(option_tables(options).patterns.__getitem__, shown))


def _sized_like_a_hand(hand: Hand) -> bool:
    """At most four melds of three or four tiles and 13 - 3 x melds held tiles: then no
    kind can be counted more than 30 times."""
    melds = hand.melds
    return (len(melds) <= 4 and len(hand.concealed) == 13 - 3 * len(melds)
            and all(3 <= len(meld.tiles) <= 4 for meld in melds))
