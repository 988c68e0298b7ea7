"""Checking that the record is what was signed and what the rules give.

A tournament file can be opened with any SQLite tool, so the application cannot prevent a
change made behind its back; it can make sure none goes unnoticed. `verify` checks:

- every locked sheet against the hash its four players signed (and the snapshot kept of
  it), naming what differs: a hand, the penalties, the seats, the stop on time;
- every hand: its four payments sum to zero and are what the rule set gives for the
  result recorded (a delta edited in the file is caught even on an open sheet);
- every cut: the players who went on are the top of the standings computed from the
  sheets, carrying the round's fraction of their totals;
- the audit log: its hash chain is unbroken, and every record is as its newest audit
  entry left it (a row edited, added or removed outside the application is named).

Findings are codes with the session, table and hand they concern; `messages` words them.
"""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from itertools import pairwise
from typing import Any

from tournament_manager.domain.model import (
    Hand,
    Session,
    SessionTable,
    SheetSnapshot,
    SheetState,
    Signature,
)
from tournament_manager.domain.sheet_content import sheet_content, sheet_hash
from tournament_manager.domain.standings import quantised
from tournament_manager.rules.errors import SettlementError
from tournament_manager.rules.tiles import Wind
from tournament_manager.services.ports import DriftKind, UnitOfWork
from tournament_manager.services.score_sheets import Rules, outcome_of, seatings
from tournament_manager.services.standings import compute_cut_preview


class FindingKind(StrEnum):
    SIGNED_CONTENT_CHANGED = "signed_content_changed"
    """A locked sheet no longer hashes to what its players signed."""
    SIGNATURES_INCOMPLETE = "signatures_incomplete"
    """A locked sheet without a signature of each of its four players on the signed hash."""
    SNAPSHOT_MISSING = "snapshot_missing"
    """A signed version whose locked copy is gone."""
    SNAPSHOT_ALTERED = "snapshot_altered"
    """A signed version's locked copy does not hash to the hash recorded with it."""
    HAND_NOT_ZERO_SUM = "hand_not_zero_sum"
    HAND_NOT_AS_RULES = "hand_not_as_rules"
    """The payments (or the dealer) differ from what the rule set gives for the result."""
    HAND_NOT_SETTLEABLE = "hand_not_settleable"
    """The result recorded is one the rule set refuses (an impossible value, say)."""
    CUT_DIFFERS = "cut_differs"
    """The players who went through a cut are not the top of the standings now."""
    CARRIED_SCORE_WRONG = "carried_score_wrong"
    AUDIT_CHAIN_BROKEN = "audit_chain_broken"
    RECORD_CHANGED_OUTSIDE = "record_changed_outside"


class Part(StrEnum):
    """A part of a sheet that differs from the version signed."""

    HAND = "hand"
    PENALTIES = "penalties"
    SEATS = "seats"
    STOP_ON_TIME = "stop_on_time"


class Change(StrEnum):
    CHANGED = "changed"
    ADDED = "added"
    REMOVED = "removed"


@dataclass(frozen=True)
class Difference:
    part: Part
    change: Change = Change.CHANGED
    number: int | None = None
    """The hand's number, for a hand."""


@dataclass(frozen=True)
class Finding:
    kind: FindingKind
    session: int | None = None
    table: int | None = None
    hand: int | None = None
    version: int | None = None
    round: int | None = None
    player: str | None = None
    differences: tuple[Difference, ...] = ()
    entity: str | None = None
    entity_id: int | None = None
    drift: DriftKind | None = None
    entry: int | None = None
    """The audit entry, for a broken chain."""


@dataclass(frozen=True)
class SheetCheck:
    """What a sheet's players signed, and whether the sheet is still that."""

    signed_hash: str
    """The hash of the latest signed version ('' while never signed)."""
    findings: tuple[Finding, ...]

    @property
    def verified(self) -> bool:
        return bool(self.signed_hash) and not self.findings


@dataclass(frozen=True)
class VerificationReport:
    findings: tuple[Finding, ...]
    sheets: int
    locked_sheets: int
    hands: int
    audit_entries: int
    seal: str
    """The newest audit chain value: printed on exports, it pins the whole history."""

    @property
    def ok(self) -> bool:
        return not self.findings

    def sheets_in_doubt(self) -> tuple[tuple[int, int], ...]:
        """(session, table) of every sheet a finding names, in order."""
        return tuple(sorted({(f.session, f.table) for f in self.findings
                             if f.session is not None and f.table is not None}))


def differences(signed: Mapping[str, Any], current: Mapping[str, Any]
                ) -> tuple[Difference, ...]:
    """What differs between a sheet's signed content and its content now."""
    found: list[Difference] = []
    signed_hands = {hand["number"]: hand for hand in signed.get("hands", [])}
    current_hands = {hand["number"]: hand for hand in current.get("hands", [])}
    for number in sorted(signed_hands.keys() | current_hands.keys()):
        if number not in current_hands:
            found.append(Difference(Part.HAND, Change.REMOVED, number))
        elif number not in signed_hands:
            found.append(Difference(Part.HAND, Change.ADDED, number))
        elif signed_hands[number] != current_hands[number]:
            found.append(Difference(Part.HAND, Change.CHANGED, number))
    for part, key in ((Part.PENALTIES, "penalties"), (Part.SEATS, "seats"),
                      (Part.STOP_ON_TIME, "stopped_after_hand")):
        if signed.get(key) != current.get(key):
            found.append(Difference(part))
    return tuple(found)


def check_sheet(session: Session, table: SessionTable, current: dict[str, Any],
                snapshots: Sequence[SheetSnapshot], signatures: Sequence[Signature],
                seated: set[int], digest: str | None = None) -> SheetCheck:
    """A sheet against what was signed: every signed version's locked copy intact and,
    while locked, the content its four players signed. `digest`: `sheet_hash(current)`
    when the caller has it already (a sheet view does)."""
    def at(kind: FindingKind, **details: Any) -> Finding:
        return Finding(kind, session=session.number, table=table.number, **details)

    findings: list[Finding] = []
    by_version = {snapshot.version: snapshot for snapshot in snapshots}
    signed_versions = (range(1, table.sheet_version + 1)
                       if table.sheet_state is SheetState.LOCKED
                       else range(1, table.sheet_version))
    for version in signed_versions:
        snapshot = by_version.get(version)
        if snapshot is None:
            findings.append(at(FindingKind.SNAPSHOT_MISSING, version=version))
            continue
        if sheet_hash(json.loads(snapshot.content_json)) != snapshot.content_hash:
            findings.append(at(FindingKind.SNAPSHOT_ALTERED, version=version))
        signers = {s.player_id for s in signatures
                   if s.sheet_version == version and s.content_hash == snapshot.content_hash}
        if signers != seated:
            findings.append(at(FindingKind.SIGNATURES_INCOMPLETE, version=version))
    latest = by_version.get(max(signed_versions, default=0))
    signed_hash = latest.content_hash if latest is not None else ""
    if table.sheet_state is SheetState.LOCKED and latest is not None:
        if digest is None:
            digest = sheet_hash(current)
        if digest != latest.content_hash or table.content_hash != latest.content_hash:
            findings.append(at(
                FindingKind.SIGNED_CONTENT_CHANGED, version=table.sheet_version,
                differences=differences(json.loads(latest.content_json), current)))
    return SheetCheck(signed_hash, tuple(findings))


def _hand_findings(session: Session, table: SessionTable, hands: Sequence[Hand],
                   seats: Sequence[Any], rules: Rules) -> list[Finding]:
    def at(kind: FindingKind, **details: Any) -> Finding:
        return Finding(kind, session=session.number, table=table.number, **details)

    findings: list[Finding] = []
    for hand in hands:
        if sum(delta for _player, delta in hand.deltas) != 0:
            findings.append(at(FindingKind.HAND_NOT_ZERO_SUM, hand=hand.number))
    if len({seat.player_id for seat in seats if seat.cycle == 1}) != 4 or not hands:
        return findings
    known = seatings(seats, hands, rules, max(hand.number for hand in hands))
    for hand in hands:
        seating = known.get(hand.number)
        if seating is None:
            continue
        try:
            payments = rules.rule_set.settle(outcome_of(hand, seating.seat_of, rules),
                                             rules.options)
        except (SettlementError, KeyError):
            findings.append(at(FindingKind.HAND_NOT_SETTLEABLE, hand=hand.number))
            continue
        player_at: dict[Wind, int] = {wind: p for p, wind in seating.seat_of.items()}
        expected = {player_at[wind]: points for wind, points in payments.items()}
        if expected != dict(hand.deltas) or seating.dealer_id != hand.dealer_id:
            findings.append(at(FindingKind.HAND_NOT_AS_RULES, hand=hand.number))
    return findings


def _cut_findings(uow: UnitOfWork) -> list[Finding]:
    findings: list[Finding] = []
    rounds = sorted(uow.rounds.list(), key=lambda r: r.number)
    names = {player.id: player.name for player in uow.players.list()}
    for this, following in pairwise(rounds):
        entries = uow.round_entries.list(round_id=following.id)
        if this.advance is None or not entries:
            continue
        preview = compute_cut_preview(uow, this.number)
        if preview.tied_across:
            continue
        if {entry.player_id for entry in entries} != set(preview.qualifiers):
            findings.append(Finding(FindingKind.CUT_DIFFERS, round=this.number))
            continue
        totals = {row.player.id: row for row in preview.rows}
        for entry in entries:
            row = totals[entry.player_id]
            if (quantised(entry.carried_score) != quantised(following.carry
                                                            * row.converted_total)
                    or quantised(entry.carried_raw) != quantised(following.carry
                                                                 * row.raw_total)):
                findings.append(Finding(FindingKind.CARRIED_SCORE_WRONG, round=this.number,
                                        player=names.get(entry.player_id)))
    return findings


def _audit_findings(uow: UnitOfWork, tables: Mapping[int, tuple[Session, SessionTable]]
                    ) -> list[Finding]:
    findings = [Finding(FindingKind.AUDIT_CHAIN_BROKEN, entry=entry)
                for entry in uow.audit.chain_breaks()]
    for drift in uow.audit.drift():
        session, table = (tables.get(drift.table_id, (None, None))
                          if drift.table_id is not None else (None, None))
        findings.append(Finding(
            FindingKind.RECORD_CHANGED_OUTSIDE, entity=drift.entity,
            entity_id=drift.entity_id, drift=drift.kind, hand=drift.number,
            session=session.number if session else None,
            table=table.number if table else None))
    return findings


def verify(uow: UnitOfWork) -> VerificationReport:
    """Every check above, in one read of the file."""
    with uow:
        return run_verification(uow)


def run_verification(uow: UnitOfWork) -> VerificationReport:
    """`verify` inside an open unit of work (exports check what they print)."""
    sessions = {session.id: session for session in uow.sessions.list()}
    tables = {table.id: (sessions[table.session_id], table) for table in uow.tables.list()}
    findings, hands = _sheet_findings(uow, tables)
    # The sheets' records are let go by now: the audit checks read every record again,
    # a kind at a time, and holding both took a 1,000-player event to 256 MB.
    findings.extend(_cut_findings(uow))
    findings.extend(_audit_findings(uow, tables))
    return VerificationReport(
        findings=tuple(findings), sheets=len(tables),
        locked_sheets=sum(1 for _s, t in tables.values() if t.sheet_state is SheetState.LOCKED),
        hands=hands, audit_entries=uow.audit.count(), seal=uow.audit.seal())


def _sheet_findings(uow: UnitOfWork, tables: Mapping[int, tuple[Session, SessionTable]]
                    ) -> tuple[list[Finding], int]:
    """What `check_sheet` and the hands' checks find on every sheet, in session and table
    order; and how many hands there are."""
    rules = Rules(uow)
    seats: dict[int, list[Any]] = defaultdict(list)
    for seat in uow.seats.list():
        seats[seat.table_id].append(seat)
    hands: dict[int, list[Hand]] = defaultdict(list)
    for hand in uow.hands.list():
        hands[hand.table_id].append(hand)
    penalties: dict[int, list[Any]] = defaultdict(list)
    for penalty in uow.penalties.list():
        penalties[penalty.table_id].append(penalty)
    snapshots: dict[int, list[SheetSnapshot]] = defaultdict(list)
    for snapshot in uow.snapshots.list():
        snapshots[snapshot.table_id].append(snapshot)
    signatures: dict[int, list[Signature]] = defaultdict(list)
    for signature in uow.signatures.list():
        signatures[signature.table_id].append(signature)
    findings: list[Finding] = []
    for table_id, (session, table) in sorted(tables.items(),
                                             key=lambda item: (item[1][0].number,
                                                               item[1][1].number)):
        mine = sorted(hands[table_id], key=lambda h: h.number)
        content = sheet_content(table, seats[table_id], mine, penalties[table_id])
        seated = {seat.player_id for seat in seats[table_id] if seat.cycle == 1}
        findings.extend(check_sheet(session, table, content, snapshots[table_id],
                                    signatures[table_id], seated).findings)
        findings.extend(_hand_findings(session, table, mine, seats[table_id], rules))
    return findings, sum(len(h) for h in hands.values())
