"""Who is working on an event: each station (a laptop at the results desk, the head
judge's, the projector's) has a name and a role, given when it opens the event. Its acts
are audited under both, so the record says which desk entered a hand; a projector opens
the event for reading only. Corrections still need the head judge's passphrase, whichever
station asks."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class StationRole(StrEnum):
    HEAD_JUDGE = "head-judge"
    RESULTS_DESK = "results-desk"
    PROJECTOR = "projector"

    @property
    def words(self) -> str:
        return self.value.replace("-", " ")

    @property
    def writes(self) -> bool:
        """A projector shows the event; it never changes it."""
        return self is not StationRole.PROJECTOR


@dataclass(frozen=True)
class Station:
    name: str = ""
    role: StationRole = StationRole.HEAD_JUDGE

    @property
    def actor(self) -> str:
        """How the audit log names this station's acts: "Desk 2 (results desk)", or the
        role alone for an unnamed station (one laptop: "head judge", as always)."""
        name = " ".join(self.name.split())
        return f"{name} ({self.role.words})" if name else self.role.words


THIS_LAPTOP = Station()
"""The one station of an event kept in a file on one laptop."""
