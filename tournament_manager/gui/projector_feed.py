"""What the projector shows the room, read from the record for the projector alone.

The projector has models of its own rather than borrowing the pages': the Standings page
may be showing "after session 2" to a judge checking an appeal while the room must see the
live standings, and the Seating page may be preparing session 3 while session 2 is being
played. The seating slide shows the session being played or, between sessions, the next
published one (the room wants to know where to sit next), never an empty slide because
nothing happens to be running.

The feed follows the change hub like every view (`gui.changes`), but only reads while the
projector is on: a hidden projector costs no standings computation per hand.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QObject, Signal

from tournament_manager.domain.model import StageStatus
from tournament_manager.exports.text import standings_notice
from tournament_manager.gui.app_context import AppContext
from tournament_manager.gui.errors import EXPECTED_ERRORS
from tournament_manager.gui.models.seating_model import PlayerSeatsModel
from tournament_manager.gui.models.standings_model import StandingsModel
from tournament_manager.gui.pages.seating_page import with_registration
from tournament_manager.gui.wind_draw_words import wind_name
from tournament_manager.services.setup import SessionSummary, session_summaries
from tournament_manager.services.views import session_seating

translate = QCoreApplication.translate  # by this name, so pyside6-lupdate finds the words


def seating_session(summaries: tuple[SessionSummary, ...]) -> SessionSummary | None:
    """The session the room should see the seats of: the one being played, else the next
    published one, else None (nothing is published)."""
    running = [s for s in summaries if s.session.status is StageStatus.RUNNING]
    if running:
        return running[-1]
    return next((s for s in summaries if s.session.status is StageStatus.PUBLISHED), None)


class ProjectorFeed(QObject):
    updated = Signal()

    def __init__(self, context: AppContext, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("projector_feed")
        self._context = context
        self.seating = PlayerSeatsModel(self)
        self.standings = StandingsModel(self)
        self.seating_detail = ""
        """Which session the seating slide shows ("session 2", "next: session 3")."""
        self.standings_detail = ""
        self.standings_notice = ""
        """Said under the standings' heading: provisional while a session is played."""
        self.standings_legend = ""
        """Said in the standings' footer: what a mark in the ranks means."""
        self.through: int | None = None
        """The projector's own standings filter: after this session, or live (None)."""
        self._active = False
        self._stale = True
        context.hub.follow(self, self._changed)

    @property
    def active(self) -> bool:
        return self._active

    def set_active(self, active: bool) -> None:
        """On while the projector is shown; reading again at once if anything changed."""
        self._active = active
        if active and self._stale:
            self.refresh()

    def set_through(self, session: int | None) -> None:
        self.through = session
        self._stale = True
        if self._active:
            self.refresh()

    def _changed(self, _topic: str) -> None:
        self._stale = True
        if self._active:
            self.refresh()

    def refresh(self) -> None:
        self._stale = False
        summaries: tuple[SessionSummary, ...] = ()
        if self._context.has_document:
            try:
                summaries = session_summaries(self._context.unit_of_work())
            except EXPECTED_ERRORS:
                summaries = ()
        self._show_seating(summaries)
        self._show_standings(summaries)
        self.updated.emit()

    def _show_seating(self, summaries: tuple[SessionSummary, ...]) -> None:
        shown = seating_session(summaries)
        rows: list[tuple[str, int, str]] = []
        if shown is not None:
            try:
                seating = session_seating(self._context.unit_of_work(), shown.session.id)
            except EXPECTED_ERRORS:
                seating = None
            if seating is not None:
                rows = [(with_registration(seat.player.name, seat.player.registration_id),
                         table.table.number, wind_name(seat.wind))
                        for table in seating.tables for seat in table.seats]
        self.seating.set_seats(rows)
        if shown is None:
            self.seating_detail = ""
        elif shown.session.status is StageStatus.RUNNING:
            self.seating_detail = translate("ProjectorFeed", "session {n}").format(
                n=shown.session.number
            )
        else:
            self.seating_detail = translate("ProjectorFeed", "next: session {n}").format(
                n=shown.session.number
            )

    def _show_standings(self, summaries: tuple[SessionSummary, ...]) -> None:
        numbers = {s.session.number for s in summaries}
        if self.through is not None and self.through not in numbers:
            self.through = None  # another document, or its sessions were planned anew
        result = None
        if self._context.has_document:
            try:
                result = self._context.standings(self.through)
            except EXPECTED_ERRORS:
                result = None
        self.standings.set_standings(result)
        self.standings_notice = standings_notice(result) if result is not None else ""
        self.standings_detail = (
            ""
            if self.through is None
            else translate("ProjectorFeed", "after session {n}").format(n=self.through)
        )
        self.standings_legend = (
            translate("ProjectorFeed", "“†” after a rank: equal score and raw total, placed by "
                      "the recorded draw")
            if result is not None and result.drawn_places else "")
