"""The tournament model: who plays, where they sit, and what happened at each table.

Entities are frozen: a change is a new value handed to a repository, which is what lets the
storage layer write an audit entry with the value before and after every change. An entity
that has not been stored yet carries `NEW_ID`; the repository returns it with its real id.

Players are referred to by id everywhere below the tournament (seats, hands, penalties), so a
renamed player is renamed on every sheet at once.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import datetime
from enum import StrEnum

from tournament_manager.domain.settings import PenaltyMode, RoundKind, TournamentSettings
from tournament_manager.rules.tiles import Wind

NEW_ID = 0


@dataclass(frozen=True)
class Tournament:
    name: str
    settings: TournamentSettings
    created_at: datetime
    venue: str = ""
    id: int = NEW_ID


class PlayerStatus(StrEnum):
    ACTIVE = "active"
    WITHDRAWN = "withdrawn"


class PlayerKind(StrEnum):
    """A substitute is a named stand-in: he plays and is scored, but never ranks."""

    REGULAR = "regular"
    SUBSTITUTE = "substitute"


@dataclass(frozen=True)
class Player:
    name: str
    native_name: str = ""
    registration_id: str = ""
    country: str = ""
    club: str = ""
    team: str = ""
    kind: PlayerKind = PlayerKind.REGULAR
    status: PlayerStatus = PlayerStatus.ACTIVE
    tiebreak_draw: int = 0
    """The recorded random draw that ends the tie-break chain; drawn once at registration."""
    withdrawn_after: int | None = None
    """For a withdrawn player, the number of the last session that had started when he
    withdrew (0: before any): standings after an earlier session still rank him as then."""
    entered_after: int | None = None
    """For a late entry, the number of the last session whose draw was out when he
    registered: he sat none of those out, so no bye is scored to him in them (a bye
    score other than 0 credited points for a session held before he came). None: from
    the start."""
    id: int = NEW_ID


class StageStatus(StrEnum):
    """Life of a round or a session: planned, then published (seats known), then played."""

    PLANNED = "planned"
    PUBLISHED = "published"
    RUNNING = "running"
    FINISHED = "finished"


def round_stage(sessions: Iterable[StageStatus]) -> StageStatus:
    """A round's stage, read from its sessions' (a round has no life of its own): finished
    once all are, being played once one has started, published once one is drawn."""
    statuses = set(sessions)
    if statuses == {StageStatus.FINISHED}:
        return StageStatus.FINISHED
    if statuses & {StageStatus.RUNNING, StageStatus.FINISHED}:
        return StageStatus.RUNNING
    if StageStatus.PUBLISHED in statuses:
        return StageStatus.PUBLISHED
    return StageStatus.PLANNED


@dataclass(frozen=True)
class Round:
    number: int
    kind: RoundKind
    sessions: int
    advance: int | None = None
    carry: float = 1.0
    status: StageStatus = StageStatus.PLANNED
    id: int = NEW_ID


@dataclass(frozen=True)
class RoundEntry:
    """A player admitted to a round, with what he carries from the rounds before it."""

    round_id: int
    player_id: int
    carried_score: float = 0.0
    carried_raw: float = 0.0
    id: int = NEW_ID


@dataclass(frozen=True)
class Session:
    round_id: int
    number: int
    """Numbered through the whole event (1, 2, ...), as sheets and seating lists show it."""
    status: StageStatus = StageStatus.PLANNED
    draw_seed: int = 0
    started_at: datetime | None = None
    ended_at: datetime | None = None
    clock_paused_seconds: int = 0
    """Seconds the session clock stood still in pauses that have ended."""
    clock_paused_at: datetime | None = None
    """When the pause in progress began (None while the clock runs)."""
    clock_extra_seconds: int = 0
    """Time the head judge added for every table."""
    id: int = NEW_ID


class SheetState(StrEnum):
    OPEN = "open"
    LOCKED = "locked"


@dataclass(frozen=True)
class SessionTable:
    """One table of one session, and the score sheet kept for it."""

    session_id: int
    number: int
    seat_pick_seed: int = 0
    sheet_state: SheetState = SheetState.OPEN
    sheet_version: int = 1
    content_hash: str = ""
    stopped_after_hand: int | None = None
    """Set when the session clock ran out: the number of hands completed by then."""
    clock_extra_seconds: int = 0
    """Time the head judge added for this table alone."""
    id: int = NEW_ID


@dataclass(frozen=True)
class SeatAssignment:
    """Where a player sits: his arrival chair (0-3, counter-clockwise) and his wind.

    `cycle` is 1 for the starting seats; a re-pick at the start of a later cycle (the
    `per_cycle` seat-pick mode) adds rows with that cycle's number.
    """

    table_id: int
    player_id: int
    wind: Wind
    arrival: int = 0
    cycle: int = 1
    id: int = NEW_ID


class HandResult(StrEnum):
    WIN = "win"
    DRAW = "draw"
    """The wall was exhausted: nobody scores."""
    VOID = "void"
    """Not scored: stopped on time, or a triple win under the `draw` setting."""


class WinType(StrEnum):
    SELF_DRAW = "self_draw"
    DISCARD = "discard"
    ROBBING_KONG = "robbing_kong"
    WIN_ON_KONG = "win_on_kong"

    @property
    def is_discard(self) -> bool:
        """Robbing a kong pays as a discard win; winning on a kong pays as a self-draw."""
        return self in (WinType.DISCARD, WinType.ROBBING_KONG)


@dataclass(frozen=True)
class Win:
    """One winner of a hand; a triple win on one discard has three.

    `responsible` is the player who pays as discarder: the discarder, another player under
    same-turn immunity, or nobody (None) when the winner himself threw the tile first.
    """

    winner_id: int
    value: int
    responsible_id: int | None = None
    pattern_ids: tuple[str, ...] = ()


@dataclass(frozen=True)
class Hand:
    table_id: int
    number: int
    dealer_id: int
    result: HandResult
    win_type: WinType | None = None
    discarder_id: int | None = None
    wins: tuple[Win, ...] = ()
    deltas: tuple[tuple[int, int], ...] = ()
    """(player id, points) for each of the four players; they sum to zero."""
    player_points: tuple[tuple[int, int], ...] = ()
    """(player id, his own hand's score) where the rule set scores every hand (classical)."""
    id: int = NEW_ID

    def delta_of(self, player_id: int) -> int:
        return dict(self.deltas).get(player_id, 0)


class PenaltyReason(StrEnum):
    """Why a penalty or an incident was recorded; incidents may carry no points."""

    TIME = "time"
    TIME_WARNING = "time_warning"
    FALSE_WIN = "false_win"
    WRONG_CLAIM = "wrong_claim"
    DEAD_HAND = "dead_hand"
    PENALTY_TILES = "penalty_tiles"
    BEHAVIOUR = "behaviour"
    OTHER = "other"


@dataclass(frozen=True)
class Penalty:
    table_id: int
    player_id: int
    reason: PenaltyReason
    points: int
    """Points the offender loses (0 for an incident recorded without points)."""
    mode: PenaltyMode
    """The tournament's penalty mode when it was imposed: a later change of the setting
    does not rewrite penalties already on signed sheets."""
    hand_number: int | None = None
    note: str = ""
    id: int = NEW_ID


@dataclass(frozen=True)
class SheetSnapshot:
    """A sheet's content as it was locked; a correction adds the next version."""

    table_id: int
    version: int
    content_json: str
    content_hash: str
    locked_at: datetime
    id: int = NEW_ID


@dataclass(frozen=True)
class SheetCorrection:
    """The head judge opened a signed sheet: version `version` replaces the one signed.

    Kept beside the audit log because a corrected sheet must say so wherever it is shown
    or printed ("corrected v2: reason, time, head judge").
    """

    table_id: int
    version: int
    reason: str
    head_judge: str
    opened_at: datetime
    id: int = NEW_ID


@dataclass(frozen=True)
class HeadJudge:
    """Who may change the record after the players signed it, and how he proves it.

    `key` is a salted key-derivation hash of his passphrase (never the passphrase); empty
    while none has been set (a file from before passphrases existed).
    """

    name: str
    key: str = field(repr=False, default="")
    set_at: datetime | None = None
    id: int = NEW_ID


@dataclass(frozen=True)
class Signature:
    table_id: int
    player_id: int
    signed_at: datetime
    image_png: bytes = field(repr=False, default=b"")
    content_hash: str = ""
    """The hash of the sheet content the player saw when signing."""
    sheet_version: int = 1
    on_paper: bool = False
    """Signed on the paper Score Record Sheet (the legal record), not on a pad: there is no
    image; `recorded_by` transcribed the sheet and ticked it at `recorded_at`."""
    recorded_by: str = ""
    recorded_at: datetime | None = None
    id: int = NEW_ID


class EntryStatus(StrEnum):
    """A table-side entry of a double-entry event: waiting for its pair, or compared."""

    WAITING = "waiting"
    AGREED = "agreed"
    DISAGREED = "disagreed"


@dataclass(frozen=True)
class TableEntry:
    """One of the two entries of a hand at a double-entry event (Bridgemate's check).

    The hand reaches the sheet only when two entrants (two players of the table, on one
    device or two; or two typists at the results desk, each typing the paper sheet blind)
    typed the same hand; entries that differ stay on record, flagged to the head judge
    until the hand is on the sheet. `content` is the hand as canonical JSON.
    """

    table_id: int
    hand_number: int
    entrant_id: int | None
    """The player of the table who typed or confirmed it (None: a typist at the desk)."""
    content: str
    entered_at: datetime
    status: EntryStatus = EntryStatus.WAITING
    typist: str = ""
    """Who typed it from the paper sheet at the results desk ("" for a player's entry)."""
    id: int = NEW_ID

    @property
    def entrant(self) -> int | str:
        """Who typed it, player or typist: two entries of one entrant never make a pair."""
        return self.typist if self.entrant_id is None else self.entrant_id


@dataclass(frozen=True)
class PlayerCard:
    """One player's Score Record Card, typed at the results desk (`record_style`
    `player_cards`, the WSOM way): "each player records any points gained or lost by every
    player", and "passes his card around his three opponents to be signed".

    `content` is the card as canonical JSON, `[[hand, [[player id, points], ...]], ...]`
    (`domain.player_cards` reads and writes it); `signed`: the three opponents' signatures
    are on the paper card.
    """

    table_id: int
    owner_id: int
    content: str
    signed: bool
    typist: str
    entered_at: datetime
    id: int = NEW_ID


@dataclass(frozen=True)
class AuditEntry:
    at: datetime
    actor: str
    action: str
    entity: str
    entity_id: int
    before: str | None = None
    """JSON of the entity before the change (None when it was created)."""
    after: str | None = None
    """JSON of the entity after the change (None when it was deleted)."""
    reason: str = ""
    chain: str = ""
    """Hash of this entry and the one before it: an entry edited or removed in the file
    breaks the chain from there on."""
    id: int = NEW_ID
