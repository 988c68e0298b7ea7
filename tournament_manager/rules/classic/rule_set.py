"""Classical (Babcock-lineage) scoring behind the `RuleSet` interface.

`score` scores the winner's hand; `score_player_hand` scores a loser's shown hand, so the
score sheet can take each player's hand (or directly each player's points) and `settle`
pays on all four through `TableOutcome.hand_points` and `dealer`.
"""

from __future__ import annotations

from collections.abc import Sequence
from math import gcd

from tournament_manager.rules.arrangement import Arrangement, Group, GroupKind, Shape
from tournament_manager.rules.classic import payments
from tournament_manager.rules.classic.options import (
    CODEC,
    ClassicOptions,
)
from tournament_manager.rules.classic.scoring import (
    DOUBLE_PREFIX,
    MARKS,
    NAMES,
    ClassicSet,
    WinnerReading,
    limited,
    player_hand_patterns,
    winner_readings,
)
from tournament_manager.rules.errors import (
    HandErrorCode,
    HandProblem,
    ValueErrorCode,
    ValueProblem,
)
from tournament_manager.rules.hand import Hand, MeldKind, PlayerHand, WinType
from tournament_manager.rules.hand_checks import structural_problem
from tournament_manager.rules.result import LimitedScore, ScoredPattern, ScoreResult
from tournament_manager.rules.rule_set import RuleSet
from tournament_manager.rules.settlement import Role, TableOutcome
from tournament_manager.rules.tiles import TileId, Wind
from tournament_manager.rules.values import sign_problem

_KINDS = {
    MeldKind.CHOW: GroupKind.CHOW,
    MeldKind.PUNG: GroupKind.PUNG,
    MeldKind.KONG: GroupKind.KONG,
}


class ClassicRuleSet(RuleSet[ClassicOptions]):
    id = "classic"
    name = "Classical Chinese (Babcock points and doubles)"
    codec = CODEC

    def pattern_names(self) -> tuple[tuple[str, str], ...]:
        return tuple(NAMES.items())

    def pattern_marks(self) -> dict[str, str]:
        return dict(MARKS)

    def points_text(self, pattern: ScoredPattern) -> str:
        """A double's `points` count doublings: ×2 for one, ×8 for a pure one-suit hand."""
        if pattern.id.startswith(DOUBLE_PREFIX):
            return f"×{2 ** pattern.points}"
        return str(pattern.points)

    def validate_hand(self, hand: Hand) -> HandProblem | None:
        """Flags are accepted and ignored: no classical item depends on them."""
        return structural_problem(hand)

    def arrangements(self, hand: Hand) -> tuple[Arrangement, ...]:
        return tuple(_arrangement(hand, r) for r in winner_readings(hand, self.default_options()))

    def score_arrangement(
        self, hand: Hand, arrangement: Arrangement, options: ClassicOptions
    ) -> tuple[ScoredPattern, ...]:
        for reading in winner_readings(hand, options):
            if _arrangement(hand, reading) == arrangement:
                return reading.patterns
        return ()

    def apply_limit(
        self, patterns: Sequence[ScoredPattern], options: ClassicOptions
    ) -> LimitedScore:
        return limited(patterns, options)

    def score(self, hand: Hand, options: ClassicOptions) -> ScoreResult:
        """The winner's best reading (highest value after the limit, then before it)."""
        problem = self.validate_hand(hand)
        if problem is not None:
            return ScoreResult.invalid(problem)
        found = winner_readings(hand, options)
        if not found:
            return ScoreResult.invalid(HandProblem(HandErrorCode.NOT_WINNING_HAND))
        best = max(found, key=lambda r: (r.score.value, r.score.raw_total))
        return ScoreResult.scored(_arrangement(hand, best), best.score)

    def score_player_hand(self, hand: PlayerHand, options: ClassicOptions) -> LimitedScore:
        """A loser's own score, for `TableOutcome.hand_points`."""
        return limited(player_hand_patterns(hand, options), options)

    def value_problem(self, value: int, options: ClassicOptions) -> ValueProblem | None:
        return self.hand_points_problem(value, options, winner=True)

    def hand_points_problem(
        self, points: int, options: ClassicOptions, *, winner: bool
    ) -> ValueProblem | None:
        """Every player's score is capped at `limit` (None: roof off), and a winner's holds
        at least the win bonus, since going out always scores it (unless the limit is lower
        still). Between those a score is a multiple of `point_step`: doubling keeps every
        common factor of the items, so under the usual values (all even) an odd number is
        a slip of the pen (25 for 52), unless it is the limit itself."""
        sign = sign_problem(points, winner=winner)
        if sign is not None:
            return sign
        limit = options.limit
        if limit is not None and points > limit:
            return ValueProblem(ValueErrorCode.ABOVE_LIMIT, points, limit=limit)
        least = 0
        if winner:
            least = options.win_bonus if limit is None else min(options.win_bonus, limit)
            if points < least:
                return ValueProblem(ValueErrorCode.BELOW_MINIMUM, points, minimum=least)
        step = point_step(options, winner=winner)
        if points % step and points != limit:
            return ValueProblem(ValueErrorCode.NOT_REACHABLE, points, minimum=least,
                                limit=limit, step=step)
        return None

    def _settle(self, outcome: TableOutcome, options: ClassicOptions) -> dict[Wind, int]:
        return payments.settle(outcome, options)

    settles_every_hand = True
    uses_round_wind_and_flowers = True
    deal_always_passes = False

    def event_customs(self) -> dict[str, object]:
        """Raw scores carried (no match points), and a session that ends when every player
        has dealt four times: seed, "a game ends when every player has dealt four times or
        after an agreed number of rounds" (16 deals; the head judge sets another number)."""
        return {"session_conversion": "raw", "session_end": "deals"}

    def next_dealer(self, outcome: TableOutcome, options: ClassicOptions) -> Wind:
        return payments.next_dealer(outcome, options)

    def deal_passes(self, outcome: TableOutcome, options: ClassicOptions) -> bool:
        return self.next_dealer(outcome, options) is not (outcome.dealer or Wind.E)

    def _payments_by_role(
        self, win_type: WinType, value: int, has_responsible: bool, options: ClassicOptions
    ) -> dict[Role, int]:
        """Seats unknown: losers taken at 0 points and nobody as East."""
        return {Role.WINNER: 3 * value, Role.OTHER: -value}


def point_step(options: ClassicOptions, *, winner: bool) -> int:
    """The common factor of every basic point a player can score (sets 2 to 32 and a
    scoring pair 2 by the table of spec §2.1; flowers and the prevailing wind's pair by
    the settings; going out and the other winner-only items for the winner)."""
    items = [2, options.flower_points, options.prevailing_pair_points]
    if winner:
        items += [options.win_bonus, options.self_draw_points, options.only_place_points,
                  options.concealed_hand_points]
    return gcd(*items)


def _arrangement(hand: Hand, reading: WinnerReading) -> Arrangement:
    groups = [
        _group(s, declared=i >= len(reading.sets) - len(hand.melds))
        for i, s in enumerate(reading.sets)
    ]
    groups.append(Group(GroupKind.PAIR, (reading.pair,) * 2, True))
    win = hand.winning_tile
    winning = next(i for i, g in enumerate(groups) if win in g.tiles and not g.declared)
    return Arrangement(Shape.REGULAR, tuple(groups), winning)


def _group(group: ClassicSet, declared: bool) -> Group:
    tile: TileId = group.tile
    if group.kind is MeldKind.CHOW:
        tiles: tuple[TileId, ...] = (tile, tile + 1, tile + 2)
    else:
        tiles = (tile,) * (4 if group.kind is MeldKind.KONG else 3)
    return Group(_KINDS[group.kind], tiles, group.concealed, declared)
