"""How domain codes read in tables: results, win types, penalty reasons, statuses, where
a session and its tables stand."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from PySide6.QtCore import QCoreApplication

from tournament_manager.domain.model import (
    HandResult,
    PenaltyReason,
    PlayerStatus,
    StageStatus,
    WinType,
)
from tournament_manager.services.views import TableState


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


def session_state_label(status: StageStatus, provisional: bool = False) -> str:
    """A session's state; a planned session holding the round's plan says it is not the
    draw (its tables change when the session is drawn)."""
    if provisional:
        return _tr("provisional plan: not drawn yet")
    return {StageStatus.PLANNED: _tr("planned"), StageStatus.PUBLISHED: _tr("published"),
            StageStatus.RUNNING: _tr("running"),
            StageStatus.FINISHED: _tr("finished")}[status]


TABLE_STATE_ORDER = (TableState.PLAYING, TableState.STOPPED_ON_TIME, TableState.COMPLETE,
                     TableState.SIGNING, TableState.CORRECTING, TableState.LOCKED,
                     TableState.WAITING)
"""The order of a progress summary: what still needs the judges first."""


def table_state_label(state: TableState) -> str:
    return {TableState.WAITING: _tr("waiting"), TableState.PLAYING: _tr("playing"),
            TableState.STOPPED_ON_TIME: _tr("stopped on time"),
            TableState.COMPLETE: _tr("complete"), TableState.SIGNING: _tr("signing"),
            TableState.LOCKED: _tr("locked"), TableState.CORRECTING: _tr("correcting")}[state]


def progress_summary(states: Iterable[TableState]) -> str:
    """"12 playing · 3 signing · 1 locked": a session's tables by state, at a glance."""
    counts = Counter(states)
    return " · ".join(f"{counts[state]} {table_state_label(state)}"
                      for state in TABLE_STATE_ORDER if counts[state])
