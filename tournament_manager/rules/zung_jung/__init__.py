"""Zung Jung (ZJ v3.3), the scoring of Asia Pacific Mahjong and the World Series of Mahjong."""

from tournament_manager.rules.zung_jung.options import PayoffScheme, TripleWin, ZungJungOptions
from tournament_manager.rules.zung_jung.rule_set import ZungJungRuleSet

__all__ = ["PayoffScheme", "TripleWin", "ZungJungOptions", "ZungJungRuleSet"]
