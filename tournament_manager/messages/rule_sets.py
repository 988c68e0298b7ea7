"""A rule set's name in the current language.

The rules layer names its rule sets in English (`RuleSet.name`, printed by the command
line's JSON); `tools/catalogues.py` lists every one with the context "rule set", so a
refusal said in Chinese names "中庸计分" rather than "Zung Jung (Asia Pacific Mahjong)"."""

from __future__ import annotations

from tournament_manager.rules.registry import get_rule_set
from tournament_manager.words import p_

CONTEXT = "rule set"


def rule_set_name(rule_set_id: str) -> str:
    """The rule set's name as the current language says it; the id itself for a rule set
    this version does not know."""
    try:
        name = get_rule_set(rule_set_id).name
    except KeyError:
        return rule_set_id
    return p_(CONTEXT, name)
