"""Wording for what `verify` finds: one line per problem, naming where and what differs."""

from __future__ import annotations

from collections.abc import Sequence

from tournament_manager.services.ports import DriftKind
from tournament_manager.services.verification import (
    Change,
    Difference,
    Finding,
    FindingKind,
    Part,
    VerificationReport,
)
from tournament_manager.words import N_, _, n_

_ENTITIES = {
    "tournament": N_("the tournament settings"),
    "player": N_("player"),
    "round": N_("round"),
    "round_entry": N_("round entry"),
    "session": N_("session"),
    "session_table": N_("table"),
    "seat": N_("seat"),
    "hand": N_("hand"),
    "penalty": N_("penalty"),
    "signature": N_("signature"),
    "sheet_snapshot": N_("signed copy"),
    "sheet_correction": N_("correction record"),
    "head_judge": N_("the head judge record"),
}

_DRIFT = {
    DriftKind.CHANGED: N_("was changed outside the application"),
    DriftKind.REMOVED: N_("was removed outside the application"),
    DriftKind.UNRECORDED: N_(
        "was added outside the application (the audit log has no record of it)"
    ),
}


def _difference(difference: Difference) -> str:
    if difference.part is Part.HAND:
        change = {Change.CHANGED: N_("hand {n} changed"), Change.ADDED: N_("hand {n} added"),
                  Change.REMOVED: N_("hand {n} removed")}
        return _(change[difference.change]).format(n=difference.number)
    return _({Part.PENALTIES: N_("penalties changed"), Part.SEATS: N_("seats changed"),
              Part.STOP_ON_TIME: N_("stop on time changed")}[difference.part])


def _where(finding: Finding) -> str:
    parts = []
    if finding.session is not None:
        parts.append(_("session {n}").format(n=finding.session))
    if finding.table is not None:
        parts.append(_("table {n}").format(n=finding.table))
    if finding.hand is not None:
        parts.append(_("hand {n}").format(n=finding.hand))
    return _(", ").join(parts)


def describe_finding(finding: Finding) -> str:
    """One line: where, then what is wrong."""
    where = _where(finding)
    version = finding.version if finding.version is not None else ""
    match finding.kind:
        case FindingKind.SIGNED_CONTENT_CHANGED:
            what = _(", ").join(map(_difference, finding.differences)) or _("its content")
            text = _("does not match the signatures of version {version}: {what}").format(
                version=version, what=what)
        case FindingKind.SIGNATURES_INCOMPLETE:
            text = _("version {version} is locked without a signature of each player on "
                     "it").format(version=version)
        case FindingKind.SNAPSHOT_MISSING:
            text = _("the signed copy of version {version} is missing").format(version=version)
        case FindingKind.SNAPSHOT_ALTERED:
            text = _("the signed copy of version {version} was altered").format(
                version=version)
        case FindingKind.HAND_NOT_ZERO_SUM:
            text = _("the four payments do not add up to zero")
        case FindingKind.HAND_NOT_AS_RULES:
            text = _("the payments are not what the rules give for the result recorded")
        case FindingKind.HAND_NOT_SETTLEABLE:
            text = _("the result recorded is not possible under the rules (value or players)")
        case FindingKind.CUT_DIFFERS:
            text = _("the players who went through the cut after round {round} are not the "
                     "top of the standings computed from the sheets").format(
                         round=finding.round)
        case FindingKind.CARRIED_SCORE_WRONG:
            text = _("{player} carried a score into round {round} that is not the round's "
                     "fraction of his total").format(player=finding.player,
                                                     round=(finding.round or 0) + 1)
        case FindingKind.AUDIT_CHAIN_BROKEN:
            text = _("audit entry #{entry} does not follow from the one before it: the audit "
                     "log was edited").format(entry=finding.entry)
        case FindingKind.RECORD_CHANGED_OUTSIDE:
            drift = _(_DRIFT[finding.drift or DriftKind.CHANGED])
            if finding.entity == "hand" and finding.hand is not None:
                text = _("the hand {drift}").format(drift=drift)
            else:
                entity = (_(_ENTITIES[finding.entity]) if finding.entity in _ENTITIES
                          else finding.entity or _("record"))
                text = _("{entity} (record #{id}) {drift}").format(
                    entity=entity, id=finding.entity_id, drift=drift)
    return _("{where}: {text}").format(where=where, text=text) if where else text


def describe_report(report: VerificationReport) -> list[str]:
    """Every finding, one line each (empty for a clean file)."""
    return [describe_finding(finding) for finding in report.findings]


def summary(report: VerificationReport) -> str:
    """One line for a clean file, or how many problems and which sheets."""
    if report.ok:
        return _("verified: {sheets} signed sheets, {hands} hands and {entries} audit "
                 "entries agree (audit seal {seal})").format(
            sheets=report.locked_sheets, hands=report.hands, entries=report.audit_entries,
            seal=report.seal[:16])
    count = len(report.findings)
    return n_("{n} problem found; sheets in doubt: {sheets}",
              "{n} problems found; sheets in doubt: {sheets}", count).format(
        n=count, sheets=sheets_in_doubt(report.sheets_in_doubt()) or _("none"))


def sheets_in_doubt(sheets: Sequence[tuple[int, int]]) -> str:
    return _(", ").join(_("session {session} table {table}").format(session=session,
                                                                     table=table)
                        for session, table in sheets)
