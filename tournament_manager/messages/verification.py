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

_ENTITIES = {
    "tournament": "the tournament settings",
    "player": "player",
    "round": "round",
    "round_entry": "round entry",
    "session": "session",
    "session_table": "table",
    "seat": "seat",
    "hand": "hand",
    "penalty": "penalty",
    "signature": "signature",
    "sheet_snapshot": "signed copy",
    "sheet_correction": "correction record",
    "head_judge": "the head judge record",
}

_DRIFT = {
    DriftKind.CHANGED: "was changed outside the application",
    DriftKind.REMOVED: "was removed outside the application",
    DriftKind.UNRECORDED: "was added outside the application (the audit log has no record of it)",
}


def _difference(difference: Difference) -> str:
    if difference.part is Part.HAND:
        change = {Change.CHANGED: "changed", Change.ADDED: "added", Change.REMOVED: "removed"}
        return f"hand {difference.number} {change[difference.change]}"
    return {Part.PENALTIES: "penalties changed", Part.SEATS: "seats changed",
            Part.STOP_ON_TIME: "stop on time changed"}[difference.part]


def _where(finding: Finding) -> str:
    parts = []
    if finding.session is not None:
        parts.append(f"session {finding.session}")
    if finding.table is not None:
        parts.append(f"table {finding.table}")
    if finding.hand is not None:
        parts.append(f"hand {finding.hand}")
    return ", ".join(parts)


def describe_finding(finding: Finding) -> str:
    """One line: where, then what is wrong."""
    where = _where(finding)
    version = f"version {finding.version}" if finding.version is not None else ""
    match finding.kind:
        case FindingKind.SIGNED_CONTENT_CHANGED:
            what = ", ".join(map(_difference, finding.differences)) or "its content"
            text = f"does not match the signatures of {version}: {what}"
        case FindingKind.SIGNATURES_INCOMPLETE:
            text = f"{version} is locked without a signature of each player on it"
        case FindingKind.SNAPSHOT_MISSING:
            text = f"the signed copy of {version} is missing"
        case FindingKind.SNAPSHOT_ALTERED:
            text = f"the signed copy of {version} was altered"
        case FindingKind.HAND_NOT_ZERO_SUM:
            text = "the four payments do not add up to zero"
        case FindingKind.HAND_NOT_AS_RULES:
            text = "the payments are not what the rules give for the result recorded"
        case FindingKind.HAND_NOT_SETTLEABLE:
            text = "the result recorded is not possible under the rules (value or players)"
        case FindingKind.CUT_DIFFERS:
            text = (f"the players who went through the cut after round {finding.round} are "
                    "not the top of the standings computed from the sheets")
        case FindingKind.CARRIED_SCORE_WRONG:
            text = (f"{finding.player} carried a score into round {(finding.round or 0) + 1} "
                    "that is not the round's fraction of his total")
        case FindingKind.AUDIT_CHAIN_BROKEN:
            text = (f"audit entry #{finding.entry} does not follow from the one before it: "
                    "the audit log was edited")
        case FindingKind.RECORD_CHANGED_OUTSIDE:
            drift = _DRIFT[finding.drift or DriftKind.CHANGED]
            if finding.entity == "hand" and finding.hand is not None:
                text = f"the hand {drift}"
            else:
                entity = _ENTITIES.get(finding.entity or "", finding.entity or "record")
                text = f"{entity} (record #{finding.entity_id}) {drift}"
    return f"{where}: {text}" if where else text


def describe_report(report: VerificationReport) -> list[str]:
    """Every finding, one line each (empty for a clean file)."""
    return [describe_finding(finding) for finding in report.findings]


def summary(report: VerificationReport) -> str:
    """One line for a clean file, or how many problems and which sheets."""
    if report.ok:
        return (f"verified: {report.locked_sheets} signed sheets, {report.hands} hands and "
                f"{report.audit_entries} audit entries agree (audit seal {report.seal[:16]})")
    count = len(report.findings)
    return (f"{count} problem{'s' if count != 1 else ''} found; sheets in doubt: "
            + (sheets_in_doubt(report.sheets_in_doubt()) or "none"))


def sheets_in_doubt(sheets: Sequence[tuple[int, int]]) -> str:
    return ", ".join(f"session {session} table {table}" for session, table in sheets)
