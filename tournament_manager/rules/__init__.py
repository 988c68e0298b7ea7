"""The pure rules layer: tiles, hands, and the scoring rule sets behind one interface.

Nothing here imports Qt, SQLAlchemy or another application layer, and nothing here holds
user-facing text (errors are codes; `tournament_manager.messages` words them).
"""

from tournament_manager.rules.registry import available_rule_sets, get_rule_set

__all__ = ["available_rule_sets", "get_rule_set"]
