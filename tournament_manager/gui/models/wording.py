"""How domain codes read in tables: results, win types, penalty reasons, statuses, where
a session and its tables stand.

A hand's result and win type and a penalty's reason read on screen as on the printed sheet
and in the workbook: their words are one table, `exports.text`'s, said in the window's
language (`words.use_language`). Two tables had drifted apart: the window said "Robbing a
kong" where the paper, whose column has room for "Robbing kong" and no more, said that.
"""

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
from tournament_manager.exports.text import REASON_TEXT, RESULT_TEXT, WIN_TYPE_TEXT, said
from tournament_manager.services.views import TableState

translate = QCoreApplication.translate  # by this name, so pyside6-lupdate finds the words


def result_label(result: HandResult) -> str:
    return said(RESULT_TEXT, result)


def win_type_label(win_type: WinType | None) -> str:
    return "" if win_type is None else said(WIN_TYPE_TEXT, win_type)


def reason_label(reason: PenaltyReason) -> str:
    return said(REASON_TEXT, reason)


def status_label(status: PlayerStatus, cut_after: int | None = None) -> str:
    """A player's status; an active player whom a cut did not take on says after which
    round (he is not withdrawn, but he plays no more)."""
    if status is PlayerStatus.ACTIVE and cut_after is not None:
        return translate("Wording", "Cut after round {round}").format(round=cut_after)
    return {
        PlayerStatus.ACTIVE: translate("Wording", "Active"),
        PlayerStatus.WITHDRAWN: translate("Wording", "Withdrawn"),
    }[status]


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
        return translate("Wording", "provisional plan: not drawn yet")
    return {
        StageStatus.PLANNED: translate("Wording", "planned"),
        StageStatus.PUBLISHED: translate("Wording", "published"),
        StageStatus.RUNNING: translate("Wording", "running"),
        StageStatus.FINISHED: translate("Wording", "finished"),
    }[status]


TABLE_STATE_ORDER = (TableState.PLAYING, TableState.STOPPED_ON_TIME, TableState.COMPLETE,
                     TableState.SIGNING, TableState.CORRECTING, TableState.LOCKED,
                     TableState.WAITING)
"""The order of a progress summary: what still needs the judges first."""


def table_state_label(state: TableState) -> str:
    return {
        TableState.WAITING: translate("Wording", "waiting"),
        TableState.PLAYING: translate("Wording", "playing"),
        TableState.STOPPED_ON_TIME: translate("Wording", "stopped on time"),
        TableState.COMPLETE: translate("Wording", "complete"),
        TableState.SIGNING: translate("Wording", "signing"),
        TableState.LOCKED: translate("Wording", "locked"),
        TableState.CORRECTING: translate("Wording", "correcting"),
    }[state]


def progress_summary(states: Iterable[TableState]) -> str:
    """"12 playing · 3 signing · 1 locked": a session's tables by state, at a glance."""
    counts = Counter(states)
    return " · ".join(f"{counts[state]} {table_state_label(state)}"
                      for state in TABLE_STATE_ORDER if counts[state])
