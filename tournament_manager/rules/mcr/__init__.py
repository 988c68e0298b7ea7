"""Mahjong Competition Rules (MCR, "Chinese Official", Guobiao): 81 fans, 8-point minimum,
8 + P payoff, with the `green_book` and `mahjonggb` profiles of the spec."""

from tournament_manager.rules.mcr.options import McrOptions, Profile
from tournament_manager.rules.mcr.rule_set import McrRuleSet

__all__ = ["McrOptions", "McrRuleSet", "Profile"]
