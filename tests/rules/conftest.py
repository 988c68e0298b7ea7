"""Fixtures of the rule tests: the Zung Jung rule set and a one-call scorer."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import pytest
from zj_hands import build_hand

from tournament_manager.rules import get_rule_set
from tournament_manager.rules.result import ScoreResult
from tournament_manager.rules.zung_jung import ZungJungOptions, ZungJungRuleSet


@pytest.fixture
def zj() -> ZungJungRuleSet:
    rule_set = get_rule_set("zung-jung")
    assert isinstance(rule_set, ZungJungRuleSet)
    return rule_set


@pytest.fixture
def score(zj: ZungJungRuleSet) -> Callable[..., ScoreResult]:
    """score(concealed, win, options=None or a settings mapping, **hand keywords)."""

    def run(
        concealed: str, win: str, options: Mapping[str, Any] | None = None, **kwargs: Any
    ) -> ScoreResult:
        chosen: ZungJungOptions = zj.validate_options(options or {})
        return zj.score(build_hand(concealed, win, **kwargs), chosen)

    return run
