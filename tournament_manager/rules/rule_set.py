"""The contract between the application and a scoring rule set.

Zung Jung, Mahjong Competition Rules and classical scoring differ in almost everything a
rule set decides: which shapes win (MCR adds knitted hands), how patterns combine (ZJ's series
rule, MCR's implied fans), limits (ZJ 320/480, MCR none, classical a points cap), minimums
(MCR 8 points), and who pays whom (ZJ par 25, MCR 8 + P, classical settles every player's hand
and doubles East). Each step is therefore a method, so the GUI calculator can show every
arrangement, the score sheet can settle a recorded result without tiles (once its values are
ones these rules can produce: `value_problem`), and the settings form can be built from the
declared options. Settings are a rule set's own typed options object, read from and written
to a plain mapping so storage needs no rule-set knowledge.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from typing import Generic, TypeVar, final

from tournament_manager.rules.arrangement import Arrangement
from tournament_manager.rules.errors import (
    HandProblem,
    SettlementError,
    SettlementErrorCode,
    ValueProblem,
)
from tournament_manager.rules.hand import Hand, PlayerHand, WinFlag, WinType
from tournament_manager.rules.options import OptionsCodec, OptionSpec
from tournament_manager.rules.result import LimitedScore, ScoredPattern, ScoreResult
from tournament_manager.rules.settlement import Role, TableOutcome, check_outcome
from tournament_manager.rules.tiles import Wind
from tournament_manager.rules.time_rule import TimeRule
from tournament_manager.rules.values import refusal, sign_problem

OptionsT = TypeVar("OptionsT")


class RuleSet(ABC, Generic[OptionsT]):
    """A scoring rule set; stateless, so one instance serves the whole application."""

    id: str
    name: str
    codec: OptionsCodec[OptionsT]
    """How this rule set's options are declared, defaulted, read, written and profiled."""
    uses_round_wind_and_flowers: bool = False
    """True when scoring depends on the prevalent (round) wind and on flowers (MCR,
    classical), so entry screens ask for them; Zung Jung has neither."""
    settles_every_hand: bool = False
    """True when every player's hand is scored and settled (classical), so a recorded
    result carries each player's points, not only the winner's value."""

    deal_always_passes: bool = True
    """False when a hand's result can keep the deal with its dealer (`deal_passes`)."""
    same_turn_immunity: bool = False
    """True when someone other than the discarder may pay for a discard win (Zung Jung's
    same-turn immunity, or nobody at all). Elsewhere the discarder always pays: `settle`
    refuses a result that names anyone else, so a record never says one player was
    responsible while another paid, and the entry screens do not offer the choice."""
    win_flags: frozenset[WinFlag] = frozenset()
    """The circumstances of a win these rules score or check (the calculator offers only
    these): classical scoring has none, only MCR the last tile of its kind."""
    several_claims: bool = False
    """True when the entry screens may take several players' claims on one discard, which
    `intercepting_claim` and the payoff then resolve (Zung Jung's interception and triple
    win, MCR's head bump); False where only one winner can be entered at all."""

    time_rule: TimeRule | None = None
    """The scale that turns seconds over a time limit into penalty points, where these
    rules set one (Zung Jung); elsewhere a time penalty's points are the judge's."""

    def deal_passes(self, outcome: TableOutcome, options: OptionsT) -> bool:
        """Whether the deal moves to the next player after this hand.

        Zung Jung and MCR pass it after every hand, whoever won; classical scoring keeps
        it with a dealer who wins (and, by a setting, after a drawn hand).
        """
        return True

    def score_player_hand(self, hand: PlayerHand, options: OptionsT) -> LimitedScore:
        """A loser's own score from his shown hand, for rule sets that settle every hand
        (`settles_every_hand`); the others score only the winner."""
        raise NotImplementedError(f"{self.id} scores only the winner's hand")

    def intercepting_claim(self, claimants: Sequence[Wind], discarder: Wind,
                           options: OptionsT) -> Wind | None:
        """When several players claim one discard and these rules let only one of them win,
        that one's seat (the entry screens record his win alone and say why); None when
        the claims stand as they are (or are refused as they are)."""
        return None

    def event_customs(self) -> dict[str, object]:
        """What events under these rules customarily set in the tournament's settings beyond
    the format, by settings field name with plain values (the domain reads them into its
    types): MCR events rank by table points and rotate seats; classical ones keep raw
        scores and end a session by deals. The rules layer knows no tournament settings,
        so it names them."""
        return {}

    def format_options(self, format_preset: str) -> dict[str, object]:
        """The settings an event format chooses for these rules (the WSOM formats take the
        WSOM rules' interception under Zung Jung); {} for the rule set's defaults."""
        return {}

    def option_specs(self) -> tuple[OptionSpec, ...]:
        """Every setting with its kind, choices and default, for settings forms."""
        return self.codec.specs

    def default_options(self) -> OptionsT:
        return self.codec.default()

    def validate_options(self, values: Mapping[str, object]) -> OptionsT:
        """Options from a mapping of setting key to value; missing keys take their default.
        Raises `OptionError` (a code, the key and the value) for anything else."""
        return self.codec.from_mapping(values)

    def options_as_mapping(self, options: OptionsT) -> dict[str, object]:
        """The inverse of `validate_options`, for storing a tournament's settings."""
        return self.codec.to_mapping(options)

    def profiles(self) -> tuple[str, ...]:
        """Named presets of options (MCR: Green Book vs. MahjongGB readings)."""
        return tuple(self.codec.profiles)

    def profile_options(self, profile: str) -> OptionsT:
        """The options of a profile; raises `OptionError` for an unknown one."""
        return self.codec.profile(profile)

    @abstractmethod
    def pattern_names(self) -> tuple[tuple[str, str], ...]:
        """Every pattern id this rule set can report, with its English name, for the words
        layer to translate (`messages.patterns`). A name that carries a tile (classical:
        "pair of Rd") is given as a template with `{tile}` in the tile code's place."""

    def pattern_marks(self) -> dict[str, str]:
        """How a recorded pattern is written on a score sheet, by id, in English (the words
        layer translates them as it does `pattern_names`). Empty where the ids are the
        rules' own numbering, which sheets carry as they stand (Zung Jung's 5.1.3, MCR's
        fan numbers); a rule set whose ids are words (classical: `concealed_pung`) names
        them here. A recorded win keeps its pattern ids only, so no mark names a tile."""
        return {}

    def points_text(self, pattern: ScoredPattern) -> str:
        """A scored pattern's worth as a calculator lists it: its points. A rule set whose
        patterns also multiply (classical doubles) says so, so "dragon set 1" beside
        "going out 20" does not read as one point."""
        return str(pattern.points)

    @abstractmethod
    def validate_hand(self, hand: Hand) -> HandProblem | None:
        """What makes `hand` unreadable under these rules (bad sets, counts, contradictory
        flags), before any winning shape is looked for."""

    @abstractmethod
    def arrangements(self, hand: Hand) -> tuple[Arrangement, ...]:
        """Every reading of a valid hand as a winning shape (Freedom of Count)."""

    @abstractmethod
    def score_arrangement(
        self, hand: Hand, arrangement: Arrangement, options: OptionsT
    ) -> tuple[ScoredPattern, ...]:
        """Every pattern the arrangement earns, before any limit."""

    @abstractmethod
    def apply_limit(self, patterns: Sequence[ScoredPattern], options: OptionsT) -> LimitedScore: ...

    @abstractmethod
    def score(self, hand: Hand, options: OptionsT) -> ScoreResult:
        """The best arrangement's score, or an invalid result naming the problem (including a
        false win and a hand under the rule set's minimum)."""

    @abstractmethod
    def value_problem(self, value: int, options: OptionsT) -> ValueProblem | None:
        """What rules out `value` as a winning hand's value under these rules and settings
        (not positive, under the minimum, over the limit, a number no hand scores), or None.

        The score sheet records values without tiles, so this is the only check a typed
        value gets; it must accept every value `score` can produce."""

    def hand_points_problem(
        self, points: int, options: OptionsT, *, winner: bool
    ) -> ValueProblem | None:
        """What rules out `points` as one player's own hand score, for rule sets that settle
        every hand (`settles_every_hand`). The winner's points are his win's value; where
        only the winner is scored, a loser's entry has nothing to be held to but its sign."""
        if winner:
            return self.value_problem(points, options)
        return sign_problem(points, winner=False)

    @final
    def settle(self, outcome: TableOutcome, options: OptionsT) -> dict[Wind, int]:
        """Each seat's payment for a recorded result; always sums to zero.
        Raises `SettlementError` for a result these rules cannot produce, including a value
        (or, where every hand is settled, a player's hand points) no hand can score: the code
        `VALUE_NOT_ALLOWED` / `HAND_POINTS_NOT_ALLOWED` with the `ValueProblem` and the seat.
        Final, so no rule set can pay out a value that skipped the check."""
        check_outcome(outcome)
        if not self.same_turn_immunity and outcome.win_type is not WinType.SELF_DRAW:
            for win in outcome.wins:
                if win.responsible is not outcome.discarder:
                    raise SettlementError(SettlementErrorCode.NO_SAME_TURN_IMMUNITY,
                                          win.winner.value)
        winners = {win.winner for win in outcome.wins}
        for win in outcome.wins:
            problem = self.value_problem(win.value, options)
            if problem is not None:
                raise refusal(problem, win.winner, winner=True)
        if self.settles_every_hand and outcome.hand_points is not None:
            for seat, points in outcome.hand_points.items():
                if seat in winners:
                    continue  # must equal the win's value; the rule set checks that
                problem = self.hand_points_problem(points, options, winner=False)
                if problem is not None:
                    raise refusal(problem, seat, winner=False)
        return self._settle(outcome, options)

    @final
    def payments_by_role(
        self, win_type: WinType, value: int, has_responsible: bool, options: OptionsT
    ) -> dict[Role, int]:
        """Payments of a single win when seats are unknown: the calculator's view. Refuses a
        value no hand can score as `settle` does (a `SettlementError` without a seat)."""
        problem = self.value_problem(value, options)
        if problem is not None:
            raise refusal(problem, None, winner=True)
        return self._payments_by_role(win_type, value, has_responsible, options)

    @abstractmethod
    def _settle(self, outcome: TableOutcome, options: OptionsT) -> dict[Wind, int]:
        """`settle` once the values are known to be possible: the rule set's payoff."""

    @abstractmethod
    def _payments_by_role(
        self, win_type: WinType, value: int, has_responsible: bool, options: OptionsT
    ) -> dict[Role, int]:
        """`payments_by_role` once the value is known to be possible."""
