"""Rule sets by id: a tournament stores only the id, and every layer looks the rule set up
here, so adding MCR or classical scoring means adding one entry."""

from __future__ import annotations

from typing import Any, Final

from tournament_manager.rules.classic import ClassicRuleSet
from tournament_manager.rules.mcr import McrRuleSet
from tournament_manager.rules.rule_set import RuleSet
from tournament_manager.rules.zung_jung import ZungJungRuleSet

DEFAULT_RULE_SET: Final = ZungJungRuleSet.id

_RULE_SETS: Final[dict[str, RuleSet[Any]]] = {
    rule_set.id: rule_set for rule_set in (ZungJungRuleSet(), McrRuleSet(), ClassicRuleSet())
}


def get_rule_set(rule_set_id: str) -> RuleSet[Any]:
    """Raises `KeyError` for an unknown id; `available_rule_sets()` lists the known ones."""
    return _RULE_SETS[rule_set_id]


def available_rule_sets() -> tuple[str, ...]:
    return tuple(_RULE_SETS)
