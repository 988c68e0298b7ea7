"""The app-level "changes" hub, and which view shows what.

Commands and service calls announce what they touched (a topic) after every redo and undo
(Anki's change hooks). A view does not pick the topics it listens to where it is built,
where a forgotten one goes unnoticed until a judge presses F5 (the Score sheets tab missed
session starts): `VIEW_TOPICS` below declares, in one table, the topics each view shows,
and `ChangeHub.follow` refreshes the view on exactly those. `tests/gui/test_following.py`
changes the record behind every page's back, one topic at a time, and checks that each
page then shows what a full reload would show.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from PySide6.QtCore import QObject, Signal


class Topic:
    """What changed; listeners refresh only for the topics they show."""

    DOCUMENT = "document"
    """Another document, or the same one read again (View ▸ Refresh): everything."""
    SHEET = "sheet"
    """A hand, a penalty, a signature, a correction on a table's sheet."""
    PLAYERS = "players"
    SETTINGS = "settings"
    """The tournament's settings, or its name and venue."""
    ROUNDS = "rounds"
    """A cut was made or taken back."""
    SESSIONS = "sessions"
    """A session was drawn, published, started, finished or reopened; a swap of seats."""
    CLOCK = "clock"
    """The session clock was paused, resumed or given extra time."""
    HEAD_JUDGE = "head_judge"
    """The head judge's name or passphrase was set."""


ALL_TOPICS = (Topic.DOCUMENT, Topic.SHEET, Topic.PLAYERS, Topic.SETTINGS, Topic.ROUNDS,
              Topic.SESSIONS, Topic.CLOCK, Topic.HEAD_JUDGE)

_RESULTS = frozenset({Topic.DOCUMENT, Topic.SHEET, Topic.PLAYERS, Topic.SETTINGS,
                      Topic.ROUNDS, Topic.SESSIONS})
"""What standings and cuts are computed from: every score, every seat, every player."""

VIEW_TOPICS: Mapping[str, frozenset[str]] = {
    # The overview counts players, tables, hands and penalties and says when the record
    # last changed; the head judge group shows his name.
    "setup_page": _RESULTS | {Topic.CLOCK, Topic.HEAD_JUDGE},
    # A player's status says whether a cut left him out.
    "players_page": frozenset({Topic.DOCUMENT, Topic.PLAYERS, Topic.ROUNDS}),
    # The session list shows each table's progress and the grid the winds: both change
    # with the sheets (hands, signatures, wind draws and their undo).
    "seating_page": frozenset({Topic.DOCUMENT, Topic.SESSIONS, Topic.PLAYERS, Topic.ROUNDS,
                               Topic.SETTINGS, Topic.SHEET}),
    # Sessions (their states in the list), their tables, the locks on the sheets, and the
    # table's clock (a pause, extra time).
    "sheets_page": _RESULTS | {Topic.CLOCK},
    "standings_page": _RESULTS,
    "cuts_page": _RESULTS,
    # The status bar's clock and the time-up banner.
    "session_clock": frozenset({Topic.DOCUMENT, Topic.SESSIONS, Topic.SETTINGS, Topic.CLOCK}),
    # The room's seating (the running or next session) and standings.
    "projector_feed": _RESULTS | {Topic.CLOCK},
}
"""Object name of a view -> the topics whose changes it shows."""

Refresh = Callable[[str], object]


class _Follower(QObject):
    """A child of the view that receives the hub's signal: Qt drops the connection when
    the view (and with it this child) is destroyed, so no refresh reaches a dead view."""

    def __init__(self, view: QObject, topics: frozenset[str], refresh: Refresh) -> None:
        super().__init__(view)
        self.setObjectName(f"{view.objectName()}_follower")
        self.topics = topics
        self._refresh = refresh

    def changed(self, topic: str) -> None:
        if topic in self.topics:
            self._refresh(topic)


class ChangeHub(QObject):
    changed = Signal(str)

    def notify(self, topic: str) -> None:
        self.changed.emit(topic)

    def follow(self, view: QObject, refresh: Refresh) -> frozenset[str]:
        """Call `refresh(topic)` for every change `VIEW_TOPICS` says `view` shows.

        The view is known by its object name, which must be declared (a KeyError here is
        a new view nobody declared yet). Returns the topics followed."""
        follower = _Follower(view, VIEW_TOPICS[view.objectName()], refresh)
        self.changed.connect(follower.changed)
        return follower.topics


def following(view: QObject) -> frozenset[str]:
    """The topics `view` follows through a hub (empty if it follows none), for tests."""
    follower = view.findChild(_Follower, f"{view.objectName()}_follower")
    return follower.topics if follower is not None else frozenset()
