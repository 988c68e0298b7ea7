"""Who is working on an event: each station (a laptop at the results desk, the head
judge's, the projector's) has a name and a role, given when it opens the event. Its acts
are audited under both, so the record says which desk entered a hand; a projector opens
the event for reading only. Corrections still need the head judge's passphrase, whichever
station asks."""

from __future__ import annotations

import logging
import os
from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum

STATION_ENV = "TOURNAMENT_MANAGER_STATION"
ROLE_ENV = "TOURNAMENT_MANAGER_ROLE"
log = logging.getLogger(__name__)


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


def station_from_environment(name: str = "", role: str = "",
                             environ: Mapping[str, str] = os.environ) -> Station:
    """This station as `STATION_ENV` and `ROLE_ENV` name it where they are set (a desk
    set up by a script), else as `name` and `role` say (what this computer remembered).
    The window took only what it remembered, so a results desk started with both set
    opened, unasked, as an unnamed head judge. A role the variable misspells is logged
    and the remembered one kept."""
    roles = {known.value: known for known in StationRole}
    wanted = environ.get(ROLE_ENV, "").strip()
    if wanted and wanted not in roles:
        log.warning("%s=%r is not a role (%s): keeping %r", ROLE_ENV, wanted,
                    ", ".join(roles), role or StationRole.HEAD_JUDGE.value)
        wanted = ""
    return Station(environ.get(STATION_ENV, "").strip() or name,
                   roles.get(wanted or role, StationRole.HEAD_JUDGE))
