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
from tournament_manager.rules.registry import get_rule_set

translate = QCoreApplication.translate  # by this name, so pyside6-lupdate finds the words


def phrase(code: str) -> str:
    """A code nobody worded yet, as a phrase: "two_concealed_kongs" -> "Two concealed kongs"."""
    return code.replace("_", " ").replace("-", " ").strip().capitalize()


def _choices() -> dict[StrEnum, str]:
    return {
        SeatPickMode.PER_SESSION: translate("SettingWords", "Every session"),
        SeatPickMode.PER_CYCLE: translate("SettingWords", "Every cycle of hands"),
        OnTimeOut.VOID_CURRENT_HAND: translate("SettingWords", "The hand in play is void"),
        OnTimeOut.FINISH_CURRENT_HAND: translate("SettingWords", "The hand in play is finished"),
        PenaltyMode.DEDUCT: translate("SettingWords", "Deducted from the offender"),
        PenaltyMode.DISTRIBUTE: translate("SettingWords", "Paid to the other three"),
        SessionConversion.MATCH_POINTS: translate("SettingWords", "Match points"),
        SessionConversion.RAW: translate("SettingWords", "Raw score"),
        SessionConversion.TABLE_POINTS: translate("SettingWords", "Table points (4, 2, 1, 0)"),
        SessionEnd.HANDS: translate("SettingWords", "After its hands"),
        SessionEnd.DEALS: translate(
            "SettingWords", "After its deals (a dealer who wins deals again)"
        ),
        RecordStyle.TABLE_SHEET: translate("SettingWords", "One sheet per table"),
        RecordStyle.PLAYER_CARDS: translate("SettingWords", "One card per player"),
        FinalSeating.BY_RANK_SNAKE: translate("SettingWords", "By rank, snaking across tables"),
        FinalSeating.BY_RANK_BLOCKS: translate("SettingWords", "By rank, in blocks of four"),
        FinalSeating.RANDOM: translate("SettingWords", "Drawn, fewest repeated pairs"),
        OddFieldPolicy.SUBSTITUTES: translate(
            "SettingWords", "Fill the last table with substitutes"
        ),
        OddFieldPolicy.BYES: translate("SettingWords", "Byes for the players left over"),
        SeatRotation.NONE: translate("SettingWords", "As Seat pick says"),
        SeatRotation.MCR_WEST_DEALS_THIRD: translate(
            "SettingWords", "MCR rotation: West deals third"
        ),
        SeatRotation.MCR_NORTH_DEALS_THIRD: translate(
            "SettingWords", "MCR rotation: North deals third"
        ),
        RoundKind.PRELIMINARY: translate("SettingWords", "Preliminary"),
        RoundKind.ELIMINATION: translate("SettingWords", "Elimination"),
        RoundKind.FINAL: translate("SettingWords", "Final"),
        StageStatus.PLANNED: translate("SettingWords", "Planned"),
        StageStatus.PUBLISHED: translate("SettingWords", "Published"),
        StageStatus.RUNNING: translate("SettingWords", "Being played"),
        StageStatus.FINISHED: translate("SettingWords", "Finished"),
    }


def choice_label(member: StrEnum) -> str:
    """A settings choice, a round kind or a round's state, in words."""
    return _choices().get(member) or phrase(member.value)


def _option_names() -> dict[str, str]:
    return {
        "pattern_values": translate("SettingWords", "Pattern values"),
        "minimum_points": translate("SettingWords", "Minimum points to win"),
        "payoff_scheme": translate("SettingWords", "Payoff"),
        "par": translate("SettingWords", "Par (points paid to the winner)"),
        "triple_win": translate("SettingWords", "Three winners on one discard"),
        "profile": translate("SettingWords", "Rule book"),
        "two_concealed_kongs": translate("SettingWords", "Two concealed kongs (points)"),
        "kong_scoring": translate("SettingWords", "Kong scoring"),
        "kong_stacking": translate("SettingWords", "Concealed kongs over concealed pungs"),
        "fully_concealed_special": translate("SettingWords", "Fully concealed with special hands"),
        "lesser_knitted_all_types": translate(
            "SettingWords", "Lesser honours and knitted tiles: all types"
        ),
        "nine_gates_terminal_pung": translate("SettingWords", "Nine gates with a terminal pung"),
        "knitted_straight_edge_closed": translate(
            "SettingWords", "Knitted straight: edge and closed waits"
        ),
        "all_terminals_double_pung": translate("SettingWords", "All terminals counts double pung"),
        "all_green_half_flush": translate("SettingWords", "All green counts half flush"),
        "seven_pairs_tile_hog_exceptions": translate(
            "SettingWords", "Seven pairs: tile hog exceptions"
        ),
        "wait_rule": translate("SettingWords", "Wait fan scored"),
        "win_bonus": translate("SettingWords", "Points for going out"),
        "flower_points": translate("SettingWords", "Points per flower"),
        "self_draw_points": translate("SettingWords", "Points for a self-draw"),
        "only_place_points": translate("SettingWords", "Points for the only possible tile"),
        "prevailing_pair_points": translate(
            "SettingWords", "Points for a pair of the prevailing wind"
        ),
        "prevailing_pung_double": translate("SettingWords", "Pung of the prevailing wind doubles"),
        "concealed_hand_points": translate("SettingWords", "Points for a concealed hand"),
        "pairs_for_losers": translate("SettingWords", "Losers score their pairs"),
        "one_suit_doubles_for_losers": translate("SettingWords", "Losers score one-suit doubles"),
        "limit": translate("SettingWords", "Limit"),
        "payment": translate("SettingWords", "Each loser pays"),
        "east_double": translate("SettingWords", "East pays and receives double"),
        "loser_settlement": translate("SettingWords", "Losers settle among themselves"),
        "dealer_keeps_deal_on_draw": translate(
            "SettingWords", "Dealer keeps the deal after a draw"
        ),
    }


def _option_choices() -> dict[str, str]:
    return {
        "default": translate("SettingWords", "Standard"),
        "wsom_variant": translate("SettingWords", "WSOM variant"),
        "formal": translate("SettingWords", "Formal (par)"),
        "uniform": translate("SettingWords", "Uniform"),
        "discarder_pays": translate("SettingWords", "Discarder pays"),
        "all_win": translate("SettingWords", "All three win"),
        "draw": translate("SettingWords", "A draw"),
        "green_book": translate("SettingWords", "Green Book (MCR 2006)"),
        "mahjonggb": translate("SettingWords", "MahjongGB"),
        "full": translate("SettingWords", "Full"),
        "reduced": translate("SettingWords", "Reduced"),
        "any_arrangement": translate("SettingWords", "If any arrangement has it"),
        "every_arrangement": translate("SettingWords", "If every arrangement has it"),
        "classic_seed": translate("SettingWords", "Classic"),
        "classic_babcock": translate("SettingWords", "Babcock"),
        "difference": translate("SettingWords", "The difference of the scores"),
    }


def rule_set_label(rule_set_id: str) -> str:
    """A rule set as the forms name it (the rules layer's own `name` is English)."""
    names = {
        "zung-jung": translate("SettingWords", "Zung Jung (Asia Pacific Mahjong)"),
        "mcr": translate("SettingWords", "Mahjong Competition Rules (MCR, Chinese Official)"),
        "classic": translate("SettingWords", "Classical Chinese (Babcock points and doubles)"),
    }
    return names.get(rule_set_id) or get_rule_set(rule_set_id).name


def option_label(key: str) -> str:
    """A rule set's option, named for the form ("par" -> "Par (points paid to the winner)")."""
    return _option_names().get(key) or phrase(key)


def option_choice_label(code: str) -> str:
    return _option_choices().get(code) or phrase(code)


def option_value_label(spec: OptionSpec, value: object) -> str:
    """An option's value as the form says it: "on", "off", "none", a choice in words."""
    if spec.kind is OptionKind.BOOLEAN:
        return translate("SettingWords", "on") if value else translate("SettingWords", "off")
    if value is None:
        return translate("SettingWords", "none")
    if spec.kind in (OptionKind.CHOICE, OptionKind.PATTERN_TABLE):
        return option_choice_label(str(value))
    return str(value)
