"""The stations that act on an event, in the current language.

The audit log names each act's station in English ("Desk B (results desk)", "Table 7
(table-side)", "head judge"): the record stays the same whatever language reads it. Said
to a judge or a table, the role is translated; a station's own name is its own."""

from __future__ import annotations

import re
from typing import Final

from tournament_manager.words import N_, _

ROLES: Final = {"head judge": N_("head judge"), "results desk": N_("results desk"),
                "projector": N_("projector")}
"""`StationRole.words`, as the audit log writes them."""

_TABLE_SIDE: Final = re.compile(r"Table (?P<table>\S+) \(table-side\)")
"""How the table server audits a table's acts (`web.app.TableSide._actor`)."""


def said_actor(actor: str) -> str:
    """An audit log's actor in the current language: "Desk B（成绩台）" for "Desk B
    (results desk)"; an actor written any other way is said as it is."""
    table = _TABLE_SIDE.fullmatch(actor)
    if table is not None:
        return _("table {table} (from its own page)").format(table=table["table"])
    if actor in ROLES:
        return _(ROLES[actor])
    station, bracket, role = actor.rpartition(" (")
    if bracket and role.endswith(")") and role[:-1] in ROLES:
        return _("{station} ({role})").format(station=station, role=_(ROLES[role[:-1]]))
    return actor
