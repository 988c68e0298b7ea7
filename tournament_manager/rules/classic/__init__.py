"""Classical Chinese scoring (Babcock's points and doubles): every player's hand scores,
losers settle, East doubles; `classic_seed` and `classic_babcock` profiles."""

from tournament_manager.rules.classic.options import ClassicOptions, Payment, Profile
from tournament_manager.rules.classic.rule_set import ClassicRuleSet
from tournament_manager.rules.hand import PlayerHand

__all__ = ["ClassicOptions", "ClassicRuleSet", "Payment", "PlayerHand", "Profile"]
