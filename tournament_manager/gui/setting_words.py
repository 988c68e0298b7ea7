"""How the tournament's settings read on the Setup page: choices, round kinds and states,
a rule set's own options, and their defaults, in words instead of stored codes.

The domain keeps codes ("mcr_west_deals_third", True); a form that shows them reads like
a configuration file ("Mcr west deals third", "default: True"). Every code the settings
know is worded here. A code from a rule set or a newer version that has no words yet is
shown as a plain phrase (underscores to spaces), never as the code itself.
"""

from __future__ import annotations

from enum import StrEnum

from PySide6.QtCore import QCoreApplication

from tournament_manager.domain.model import StageStatus
from tournament_manager.domain.settings import (
    FinalSeating,
    OddFieldPolicy,
    OnTimeOut,
    PenaltyMode,
    RecordStyle,
    RoundKind,
    SeatPickMode,
    SeatRotation,
    SessionConversion,
    SessionEnd,
)
from tournament_manager.rules.options import OptionKind, OptionSpec


def _tr(text: str) -> str:
    return QCoreApplication.translate("SettingWords", text)


def phrase(code: str) -> str:
    """A code nobody worded yet, as a phrase: "two_concealed_kongs" -> "Two concealed kongs"."""
    return code.replace("_", " ").replace("-", " ").strip().capitalize()


def _choices() -> dict[StrEnum, str]:
    return {
        SeatPickMode.PER_SESSION: _tr("Every session"),
        SeatPickMode.PER_CYCLE: _tr("Every cycle of hands"),
        OnTimeOut.VOID_CURRENT_HAND: _tr("The hand in play is void"),
        OnTimeOut.FINISH_CURRENT_HAND: _tr("The hand in play is finished"),
        PenaltyMode.DEDUCT: _tr("Deducted from the offender"),
        PenaltyMode.DISTRIBUTE: _tr("Paid to the other three"),
        SessionConversion.MATCH_POINTS: _tr("Match points"),
        SessionConversion.RAW: _tr("Raw score"),
        SessionConversion.TABLE_POINTS: _tr("Table points (4, 2, 1, 0)"),
        SessionEnd.HANDS: _tr("After its hands"),
        SessionEnd.DEALS: _tr("After its deals (a dealer who wins deals again)"),
        RecordStyle.TABLE_SHEET: _tr("One sheet per table"),
        RecordStyle.PLAYER_CARDS: _tr("One card per player"),
        FinalSeating.BY_RANK_SNAKE: _tr("By rank, snaking across tables"),
        FinalSeating.BY_RANK_BLOCKS: _tr("By rank, in blocks of four"),
        FinalSeating.RANDOM: _tr("At random"),
        OddFieldPolicy.SUBSTITUTES: _tr("Fill the last table with substitutes"),
        OddFieldPolicy.BYES: _tr("Byes for the players left over"),
        SeatRotation.NONE: _tr("Drawn afresh each round"),
        SeatRotation.MCR_WEST_DEALS_THIRD: _tr("MCR rotation: West deals third"),
        SeatRotation.MCR_NORTH_DEALS_THIRD: _tr("MCR rotation: North deals third"),
        RoundKind.PRELIMINARY: _tr("Preliminary"),
        RoundKind.ELIMINATION: _tr("Elimination"),
        RoundKind.FINAL: _tr("Final"),
        StageStatus.PLANNED: _tr("Planned"),
        StageStatus.PUBLISHED: _tr("Published"),
        StageStatus.RUNNING: _tr("Being played"),
        StageStatus.FINISHED: _tr("Finished"),
    }


def choice_label(member: StrEnum) -> str:
    """A settings choice, a round kind or a round's state, in words."""
    return _choices().get(member) or phrase(member.value)


def _option_names() -> dict[str, str]:
    return {
        "pattern_values": _tr("Pattern values"),
        "minimum_points": _tr("Minimum points to win"),
        "payoff_scheme": _tr("Payoff"),
        "par": _tr("Par (points paid to the winner)"),
        "triple_win": _tr("Three winners on one discard"),
        "profile": _tr("Rule book"),
        "two_concealed_kongs": _tr("Two concealed kongs (points)"),
        "kong_scoring": _tr("Kong scoring"),
        "kong_stacking": _tr("Concealed kongs over concealed pungs"),
        "fully_concealed_special": _tr("Fully concealed with special hands"),
        "lesser_knitted_all_types": _tr("Lesser honours and knitted tiles: all types"),
        "nine_gates_terminal_pung": _tr("Nine gates with a terminal pung"),
        "knitted_straight_edge_closed": _tr("Knitted straight: edge and closed waits"),
        "all_terminals_double_pung": _tr("All terminals counts double pung"),
        "all_green_half_flush": _tr("All green counts half flush"),
        "seven_pairs_tile_hog_exceptions": _tr("Seven pairs: tile hog exceptions"),
        "wait_rule": _tr("Wait fan scored"),
        "win_bonus": _tr("Points for going out"),
        "flower_points": _tr("Points per flower"),
        "self_draw_points": _tr("Points for a self-draw"),
        "only_place_points": _tr("Points for the only possible tile"),
        "prevailing_pair_points": _tr("Points for a pair of the prevailing wind"),
        "prevailing_pung_double": _tr("Pung of the prevailing wind doubles"),
        "concealed_hand_points": _tr("Points for a concealed hand"),
        "pairs_for_losers": _tr("Losers score their pairs"),
        "one_suit_doubles_for_losers": _tr("Losers score one-suit doubles"),
        "limit": _tr("Limit"),
        "payment": _tr("Each loser pays"),
        "east_double": _tr("East pays and receives double"),
        "loser_settlement": _tr("Losers settle among themselves"),
        "dealer_keeps_deal_on_draw": _tr("Dealer keeps the deal after a draw"),
    }


def _option_choices() -> dict[str, str]:
    return {
        "default": _tr("Standard"),
        "wsom_variant": _tr("WSOM variant"),
        "formal": _tr("Formal (par)"),
        "uniform": _tr("Uniform"),
        "discarder_pays": _tr("Discarder pays"),
        "all_win": _tr("All three win"),
        "draw": _tr("A draw"),
        "green_book": _tr("Green Book (MCR 2006)"),
        "mahjonggb": _tr("MahjongGB"),
        "full": _tr("Full"),
        "reduced": _tr("Reduced"),
        "any_arrangement": _tr("If any arrangement has it"),
        "every_arrangement": _tr("If every arrangement has it"),
        "classic_seed": _tr("Classic"),
        "classic_babcock": _tr("Babcock"),
        "difference": _tr("The difference of the scores"),
    }


def option_label(key: str) -> str:
    """A rule set's option, named for the form ("par" -> "Par (points paid to the winner)")."""
    return _option_names().get(key) or phrase(key)


def option_choice_label(code: str) -> str:
    return _option_choices().get(code) or phrase(code)


def option_value_label(spec: OptionSpec, value: object) -> str:
    """An option's value as the form says it: "on", "off", "none", a choice in words."""
    if spec.kind is OptionKind.BOOLEAN:
        return _tr("on") if value else _tr("off")
    if value is None:
        return _tr("none")
    if spec.kind in (OptionKind.CHOICE, OptionKind.PATTERN_TABLE):
        return option_choice_label(str(value))
    return str(value)
