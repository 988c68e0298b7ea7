"""Registering, editing, withdrawing and importing players."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Mapping, Sequence

from tournament_manager.domain.model import Player, PlayerStatus, StageStatus
from tournament_manager.domain.names import folded
from tournament_manager.domain.player_rows import (
    PlayerField,
    RowIssue,
    players_from_rows,
)
from tournament_manager.services.errors import ServiceError, ServiceProblem
from tournament_manager.services.head_judge import HeadJudgeCredential, authorize
from tournament_manager.services.last_change import last_change
from tournament_manager.services.ports import UnitOfWork
from tournament_manager.services.text_fields import checked_text

TIEBREAK_DRAW_RANGE = 1_000_000_000

_system_random = random.SystemRandom()


def _checked(player: Player) -> Player:
    """Every way in (typed, imported, from a table's phone) stores the words as an
    imported row has them (`clean_text`): a pasted right-to-left override or tab can
    not reverse or split a name on the projector and the printed lists."""
    cleaned = dataclasses.replace(
        player, name=checked_text(player.name, PlayerField.NAME),
        native_name=checked_text(player.native_name, PlayerField.NATIVE_NAME),
        registration_id=checked_text(player.registration_id, PlayerField.REGISTRATION_ID),
        country=_country(checked_text(player.country, PlayerField.COUNTRY)),
        club=checked_text(player.club, PlayerField.CLUB),
        team=checked_text(player.team, PlayerField.TEAM))
    if not cleaned.name:
        raise ServiceError(ServiceProblem.EMPTY_NAME)
    return cleaned


def _country(text: str) -> str:
    """A country code in capitals ("jp" was kept beside "JP" on the lists and in the
    workbook, though the look-alike check took them as one); a country's name as typed."""
    return text.upper() if 2 <= len(text) <= 3 and text.isascii() and text.isalpha() else text


def _refuse_taken_numbers(existing: Sequence[Player], drafts: Sequence[Player]) -> None:
    """A registration number names one player: it is printed on the standings, the cut
    lists and the workbook, and a judge finds a player by it. A number already held (by
    another player, or by an earlier player of the same batch) is refused, case aside
    ("hk-002" is HK-002's)."""
    holders = {p.registration_id.casefold(): p for p in existing if p.registration_id}
    for draft in drafts:
        key = draft.registration_id.casefold()
        if not key:
            continue
        holder = holders.get(key)
        if holder is not None:
            raise ServiceError(ServiceProblem.REGISTRATION_NUMBER_TAKEN,
                               number=holder.registration_id, name=holder.name)
        holders[key] = draft


def register_player(uow: UnitOfWork, player: Player, *,
                    rng: random.Random = _system_random,
                    allow_duplicate: bool = True) -> Player:
    """Store a new player (before the event or as a late entry) with his tie-break draw.

    Drawing at registration (not when a tie happens) means the order of tied players is
    fixed before anyone knows the scores, and a re-computation always gives the same order.
    With `allow_duplicate` False, a player who looks registered already (same name and
    country) is refused with POSSIBLE_DUPLICATE, for the caller to confirm.
    """
    return import_players(uow, [player], rng=rng, allow_duplicates=allow_duplicate)[0]


def import_players(uow: UnitOfWork, players: Sequence[Player], *,
                   rng: random.Random = _system_random,
                   allow_duplicates: bool = True) -> list[Player]:
    """Store several players in one action: all of them, or (on any error) none."""
    drafts = [_checked(p) for p in players]
    with uow:
        stored = _stored(uow, list(uow.players.list()), drafts, allow_duplicates, rng)
        uow.commit()
    return stored


def _stored(uow: UnitOfWork, existing: Sequence[Player], drafts: Sequence[Player],
            allow_duplicates: bool, rng: random.Random) -> list[Player]:
    """New players added after the checks every way in shares: a number held is refused,
    a look-alike too unless allowed; the unnumbered are numbered on; each draws his
    tie-break (`_draws`)."""
    _refuse_taken_numbers(existing, drafts)
    if not allow_duplicates:
        _refuse_duplicates(existing, drafts)
    draws = _draws(rng, {p.tiebreak_draw for p in existing}, len(drafts))
    drawn = [s.number for s in uow.sessions.list() if s.status is not StageStatus.PLANNED]
    entered_after = max(drawn, default=0) or None
    return [uow.players.add(dataclasses.replace(draft, tiebreak_draw=draw,
                                                entered_after=entered_after))
            for draft, draw in zip(_numbered(existing, drafts), draws, strict=True)]


def _draws(rng: random.Random, taken: set[int], count: int) -> list[int]:
    """`count` recorded random draws, none equal to another player's: the draw ends the
    tie-break chain, so two equal draws would leave a tie nothing breaks."""
    draws: list[int] = []
    while len(draws) < count:
        draw = rng.randrange(TIEBREAK_DRAW_RANGE)
        if draw not in taken:
            taken.add(draw)
            draws.append(draw)
    return draws


def draw_lots(uow: UnitOfWork, player_ids: Sequence[int], credential: HeadJudgeCredential,
              reason: str, *, rng: random.Random = _system_random) -> list[Player]:
    """The head judge draws lots between players the whole tie-break chain leaves equal
    (their recorded draws are equal: a document from before draws were kept apart, or
    typed in by hand): each gets a new draw, unlike any other player's. Audited under his
    name, with the reason."""
    with uow:
        authorize(uow, credential, reason)
        players = [uow.players.get(player_id) for player_id in player_ids]
        others = {p.tiebreak_draw for p in uow.players.list() if p.id not in player_ids}
        drawn = [uow.players.update(dataclasses.replace(player, tiebreak_draw=draw))
                 for player, draw in zip(players, _draws(rng, others, len(players)),
                                         strict=True)]
        uow.commit()
    return drawn


def _identity(player: Player) -> tuple[str, str]:
    return folded(player.name), folded(player.country)


def possible_duplicates(existing: Sequence[Player], drafts: Sequence[Player]
                        ) -> list[tuple[Player, Player]]:
    """(new, already there) pairs with the same name and country, accents and case aside;
    a pair within `drafts` counts too."""
    seen = {_identity(player): player for player in existing}
    pairs = []
    for draft in drafts:
        twin = seen.get(_identity(draft))
        if twin is not None:
            pairs.append((draft, twin))
        seen.setdefault(_identity(draft), draft)
    return pairs


def _refuse_duplicates(existing: Sequence[Player], drafts: Sequence[Player]) -> None:
    pairs = possible_duplicates(existing, drafts)
    if pairs:
        raise ServiceError(ServiceProblem.POSSIBLE_DUPLICATE,
                           names=", ".join(sorted({draft.name for draft, _twin in pairs})))


def _numbered(existing: Sequence[Player], drafts: Sequence[Player]) -> list[Player]:
    """Players without a registration number get the next free ones (one above the
    highest number in use), so two players of the same name can always be told apart."""
    taken = [int(p.registration_id) for p in (*existing, *drafts)
             if p.registration_id.isdigit()]
    next_free = max(taken, default=0) + 1
    numbered = []
    for draft in drafts:
        if not draft.registration_id:
            draft = dataclasses.replace(draft, registration_id=str(next_free))
            next_free += 1
        numbered.append(draft)
    return numbered


EDITABLE_FIELDS = ("name", "native_name", "registration_id", "country", "club", "team")
"""A player's details as the Players form edits them."""


def update_player(uow: UnitOfWork, player: Player, *,
                  expected: Player | None = None) -> Player:
    """Correct a player's details; his draw, kind and status are kept as they were.

    `expected`: the player as the caller showed him. A detail this edit changes that
    another station changed since is refused, naming it, who and when: two stations saved
    Player 15's country (JP, then CN half a second later), and the head judge's JP was
    gone without a word. Details changed elsewhere that this edit leaves alone stand (the
    form's other fields still showed the old club, and saved it back)."""
    with uow:
        current = uow.players.get(player.id)
        checked = _checked(player)
        if expected is not None:
            # Compared as stored ("cn" typed is "CN" kept): what this edit leaves as it was
            # shown takes what is stored now.
            shown = _checked(expected)
            checked = dataclasses.replace(checked, **{
                key: getattr(current, key) for key in EDITABLE_FIELDS
                if getattr(checked, key) == getattr(shown, key)})
            _refuse_changed_meanwhile(uow, current, shown, checked)
        _refuse_taken_numbers([p for p in uow.players.list() if p.id != player.id], [checked])
        updated = dataclasses.replace(checked, tiebreak_draw=current.tiebreak_draw,
                                      kind=current.kind, status=current.status,
                                      withdrawn_after=current.withdrawn_after,
                                      entered_after=current.entered_after)
        uow.players.update(updated)
        uow.commit()
    return updated


def _refuse_changed_meanwhile(uow: UnitOfWork, current: Player, expected: Player,
                              edited: Player) -> None:
    moved = [key for key in EDITABLE_FIELDS
             if getattr(current, key) != getattr(expected, key)
             and getattr(edited, key) != getattr(current, key)]
    if not moved:
        return
    raise ServiceError(ServiceProblem.PLAYER_CHANGED_MEANWHILE, name=current.name,
                       changes=tuple((key, getattr(current, key)) for key in moved),
                       **last_change(uow.audit.list(entity="player", entity_id=current.id)))


def set_player_status(uow: UnitOfWork, player_id: int, status: PlayerStatus) -> Player:
    """Withdraw a player (he keeps his results and is not seated again) or reinstate him.

    A withdrawal is dated by the last session that had started, so standings after an
    earlier session still rank him as he stood then.
    """
    with uow:
        started = [s.number for s in uow.sessions.list()
                   if s.status in (StageStatus.RUNNING, StageStatus.FINISHED)]
        player = dataclasses.replace(
            uow.players.get(player_id), status=status,
            withdrawn_after=max(started, default=0) if status is PlayerStatus.WITHDRAWN
            else None)
        uow.players.update(player)
        uow.commit()
    return player


@dataclasses.dataclass(frozen=True)
class SeatedNow:
    """Where a player sits in a session published or being played."""

    session_number: int
    table_number: int
    running: bool


def seated_now(uow: UnitOfWork, player_id: int) -> SeatedNow | None:
    """The seat of `player_id` in a session being played, else in the latest one published,
    if any: a withdrawal there leaves his table short (running) or its posted tables wrong
    (published), which the head judge is told before he withdraws him."""
    with uow:
        sessions = {s.id: s for s in uow.sessions.list()
                    if s.status in (StageStatus.PUBLISHED, StageStatus.RUNNING)}
        if not sessions:
            return None
        seated = uow.seats.players_by_table(1)
        found = [SeatedNow(sessions[table.session_id].number, table.number,
                           sessions[table.session_id].status is StageStatus.RUNNING)
                 for table in uow.tables.list() if table.session_id in sessions
                 and player_id in seated.get(table.id, ())]
    return max(found, key=lambda seat: (seat.running, seat.session_number), default=None)


def import_player_rows(uow: UnitOfWork, rows: Sequence[Sequence[str]],
                       mapping: Mapping[PlayerField, int], *,
                       rng: random.Random = _system_random,
                       allow_duplicates: bool = True,
                       skip_duplicates: bool = False) -> list[Player]:
    """Players from a registration table's rows, in one action; any bad row refuses all,
    with every bad row named (`ImportRefused.issues`). Rows without a registration
    number are numbered on from the highest one in use. With `skip_duplicates`, a row
    that looks like a player registered already (or like an earlier row) is left out
    and the others are taken: a file with a few repeats need not be edited first."""
    with uow:
        existing = list(uow.players.list())
        known = frozenset(p.registration_id for p in existing if p.registration_id)
        players, issues = players_from_rows(rows, mapping, known)
        if issues:
            raise ImportRefused(issues)
        if skip_duplicates:
            twins = {id(draft) for draft, _twin in possible_duplicates(existing, players)}
            players = [player for player in players if id(player) not in twins]
        stored = _stored(uow, existing, players, allow_duplicates, rng)  # numbers: case aside
        uow.commit()
    return stored


class ImportRefused(ServiceError):
    """Rows of an import that cannot be taken; nothing was imported."""

    def __init__(self, issues: Sequence[RowIssue]) -> None:
        super().__init__(ServiceProblem.IMPORT_ROWS_INVALID, rows=len(issues))
        self.issues = tuple(issues)
