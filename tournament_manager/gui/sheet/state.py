"""When a sheet takes changes, and the note that says why it does not.

The service refuses a hand, a penalty or a stop on a sheet that is locked or whose session
has not started; the sheet's controls follow the same rule, so a judge sees why they are
greyed out instead of meeting a refusal after typing a whole hand.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication

from tournament_manager.domain.model import StageStatus
from tournament_manager.services.views import SheetView

NOT_STARTED = (StageStatus.PLANNED, StageStatus.PUBLISHED)


def session_started(view: SheetView) -> bool:
    return view.session.status not in NOT_STARTED


def can_change(view: SheetView | None) -> bool:
    """Hands, penalties, the stop and signatures: an unlocked sheet of a started session
    (a finished session's sheet is open only when the head judge unlocked it)."""
    return (view is not None and not view.locked and session_started(view)
            and not view.reading_only)


def blocked_note(view: SheetView | None) -> str:
    """Why nothing can be entered on this sheet now ('' when it can)."""
    if view is None:
        return ""
    if view.reading_only:
        return QCoreApplication.translate(
            "SheetState", "This station only shows the event: hands, penalties, signatures "
            "and the clock are entered at the head judge's or a results desk's station.")
    if view.locked:
        return QCoreApplication.translate(
            "SheetState", "Signed and locked. To change a hand or a penalty, the head judge "
            "unlocks it for correction (Signatures and lock ▸ Unlock for correction…); its "
            "players then sign the corrected version.")
    if not session_started(view):
        return QCoreApplication.translate(
            "SheetState", "Session {n} has not started: start it on the Seating page to "
            "enter hands, penalties and stops.").format(n=view.session.number)
    return ""
