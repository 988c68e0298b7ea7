"""What scoring a hand returns, in a shape every rule set can fill: MCR reports one entry per
fan with flowers in the value, classical reports points and doubles the same way."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from tournament_manager.rules.arrangement import Arrangement
from tournament_manager.rules.errors import HandProblem


class Limit(Enum):
    NONE = "none"
    COMPOUND = "compound"
    LISTED = "listed"


@dataclass(frozen=True, slots=True)
class ScoredPattern:
    id: str
    name: str
    points: int


@dataclass(frozen=True, slots=True)
class LimitedScore:
    """The patterns that remain shown after the limit, their sum, and the value they give."""

    patterns: tuple[ScoredPattern, ...]
    raw_total: int
    limit: Limit
    value: int


@dataclass(frozen=True, slots=True)
class ScoreResult:
    """`valid` is False exactly when `problem` is set; an invalid result scores nothing."""

    valid: bool
    problem: HandProblem | None = None
    arrangement: Arrangement | None = None
    patterns: tuple[ScoredPattern, ...] = ()
    raw_total: int = 0
    limit: Limit = Limit.NONE
    value: int = 0

    @classmethod
    def invalid(cls, problem: HandProblem) -> ScoreResult:
        return cls(valid=False, problem=problem)

    @classmethod
    def scored(cls, arrangement: Arrangement, score: LimitedScore) -> ScoreResult:
        return cls(
            valid=True,
            arrangement=arrangement,
            patterns=score.patterns,
            raw_total=score.raw_total,
            limit=score.limit,
            value=score.value,
        )
