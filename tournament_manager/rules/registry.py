"""Rule sets by id: a tournament stores only the id, and every layer looks the rule set up
here, so adding MCR or classical scoring means adding one entry.

Each rule set is imported the first time it is asked for: scoring a Zung Jung hand from the
command line does not load MCR's fan tables.
"""

from __future__ import annotations

import importlib
from typing import Any, Final

from tournament_manager.rules.rule_set import RuleSet

DEFAULT_RULE_SET: Final = "zung-jung"

_CLASSES: Final[dict[str, tuple[str, str]]] = {
    "zung-jung": ("tournament_manager.rules.zung_jung.rule_set", "ZungJungRuleSet"),
    "mcr": ("tournament_manager.rules.mcr.rule_set", "McrRuleSet"),
    "classic": ("tournament_manager.rules.classic.rule_set", "ClassicRuleSet"),
}
"""Id -> (module, class); `test_rules_registry` checks each class carries its id."""

_LOADED: dict[str, RuleSet[Any]] = {}


def get_rule_set(rule_set_id: str) -> RuleSet[Any]:
    """Raises `KeyError` for an unknown id; `available_rule_sets()` lists the known ones."""
    loaded = _LOADED.get(rule_set_id)
    if loaded is None:
        module, name = _CLASSES[rule_set_id]
        loaded = _LOADED[rule_set_id] = getattr(importlib.import_module(module), name)()
    return loaded


def available_rule_sets() -> tuple[str, ...]:
    return tuple(_CLASSES)
