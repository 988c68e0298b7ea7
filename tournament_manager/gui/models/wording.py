"""How domain codes read in tables: results, win types, penalty reasons, statuses."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication

from tournament_manager.domain.model import HandResult, PenaltyReason, PlayerStatus, WinType


def _tr(text: str) -> str:
    return QCoreApplication.translate("Wording", text)


def result_label(result: HandResult) -> str:
    return {HandResult.WIN: _tr("Win"), HandResult.DRAW: _tr("Draw"),
            HandResult.VOID: _tr("Void")}[result]


def win_type_label(win_type: WinType | None) -> str:
    if win_type is None:
        return ""
    return {WinType.SELF_DRAW: _tr("Self-draw"), WinType.DISCARD: _tr("Discard"),
            WinType.ROBBING_KONG: _tr("Robbing a kong"),
            WinType.WIN_ON_KONG: _tr("Win on kong")}[win_type]


def reason_label(reason: PenaltyReason) -> str:
    return {PenaltyReason.TIME: _tr("Time"), PenaltyReason.TIME_WARNING: _tr("Time warning"),
            PenaltyReason.FALSE_WIN: _tr("False win"),
            PenaltyReason.WRONG_CLAIM: _tr("Wrong claim"),
            PenaltyReason.DEAD_HAND: _tr("Dead hand"),
            PenaltyReason.PENALTY_TILES: _tr("Penalty tiles"),
            PenaltyReason.BEHAVIOUR: _tr("Behaviour"), PenaltyReason.OTHER: _tr("Other")}[reason]


def status_label(status: PlayerStatus) -> str:
    return {PlayerStatus.ACTIVE: _tr("Active"), PlayerStatus.WITHDRAWN: _tr("Withdrawn")}[status]


def number(value: float) -> str:
    """A score with a real minus sign (it reads better than a hyphen in a column)."""
    return f"{value:g}".replace("-", "−")


def signed(value: float, decimals: int = 0) -> str:
    text = f"{value:+.{decimals}f}" if decimals else f"{value:+g}"
    return "0" if text in ("+0", "-0") else text.replace("-", "−")
