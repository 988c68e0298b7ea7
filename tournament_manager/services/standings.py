"""Standings after any session, and the cut that ends a round.

Standings are always recomputed from the sheets (hands and penalties), never stored, so
they cannot drift from what the players signed. A round ranks its own entrants by what
they carried in plus their converted session scores; players cut earlier keep the order
in which they left, below everyone still playing.
"""

from __future__ import annotations

import dataclasses
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TypeVar

from tournament_manager.domain.model import (
    Player,
    PlayerKind,
    PlayerStatus,
    Round,
    RoundEntry,
    Session,
    StageStatus,
)
from tournament_manager.domain.results import (
    Points,
    converted_scores,
    match_points,
    raw_scores,
)
from tournament_manager.domain.settings import SessionConversion, TournamentSettings
from tournament_manager.domain.standings import Competitor, Placing, TieBreak, cut, rank
from tournament_manager.domain.standings import tie_broken_by as _tie_broken_by
from tournament_manager.services.errors import ServiceError, ServiceProblem
from tournament_manager.services.ports import UnitOfWork
from tournament_manager.services.tournaments import current_tournament

T = TypeVar("T")


@dataclass(frozen=True)
class SessionScore:
    session_number: int
    table_number: int | None
    """None for a bye."""
    raw: Points
    converted: float


@dataclass(frozen=True)
class StandingsRow:
    rank: int | None
    player: Player
    round_number: int
    """The last round the player entered (his place is within it)."""
    converted_total: float
    raw_total: float
    carried: float
    sessions: tuple[SessionScore, ...]
    """Every session he played, earlier rounds too; the totals count only the sessions of
    his last round, plus what he carried into it."""
    tie_break: TieBreak | None = None


@dataclass(frozen=True)
class Standings:
    through_session: int | None
    rows: tuple[StandingsRow, ...]


def _sessions_scored(sessions: Sequence[Session], through: int | None) -> list[Session]:
    return [s for s in sessions
            if s.status is not StageStatus.PLANNED and (through is None or s.number <= through)]


def _group(items: Sequence[T], key: str) -> dict[int, list[T]]:
    grouped: dict[int, list[T]] = defaultdict(list)
    for item in items:
        grouped[getattr(item, key)].append(item)
    return grouped


def session_scores(uow: UnitOfWork, settings: TournamentSettings,
                   sessions: Sequence[Session], players: Sequence[Player]
                   ) -> dict[int, list[SessionScore]]:
    """Every player's score in each of `sessions`, byes included.

    Hands, seats and penalties are loaded once for the whole event and grouped here: a
    query per table would make live standings slow on a 1,000-player event.
    """
    scores: dict[int, list[SessionScore]] = defaultdict(list)
    active = {p.id for p in players if p.status is PlayerStatus.ACTIVE}
    tables = _group(uow.tables.list(), "session_id")
    seats = _group(uow.seats.list(cycle=1), "table_id")
    hands = uow.hands.totals_by_table()
    penalties = _group(uow.penalties.list(), "table_id")
    entrants: dict[int, set[int]] = {}
    for session in sessions:
        if session.round_id not in entrants:
            entrants[session.round_id] = _entrants_of_session(uow, session)
        seated: set[int] = set()
        for table in tables.get(session.id, ()):
            at_table = [seat.player_id for seat in seats.get(table.id, ())]
            seated.update(at_table)
            raw = raw_scores(at_table, hands.get(table.id, {}), penalties.get(table.id, []))
            converted = converted_scores(raw, settings.session_conversion)
            for player_id in at_table:
                scores[player_id].append(SessionScore(session.number, table.number,
                                                      raw[player_id], converted[player_id]))
        if seated:
            for player_id in entrants[session.round_id] & active - seated:
                scores[player_id].append(_bye(session.number, settings))
    return scores


def _bye(session_number: int, settings: TournamentSettings) -> SessionScore:
    raw = Fraction(settings.bye_score)
    conversion = settings.session_conversion
    converted = (0.0 if conversion is SessionConversion.TABLE_POINTS
                 else match_points(raw) if conversion is SessionConversion.MATCH_POINTS
                 else float(raw))
    return SessionScore(session_number, None, raw, converted)


def _entrants_of_session(uow: UnitOfWork, session: Session) -> set[int]:
    entries = uow.round_entries.list(round_id=session.round_id)
    if entries:
        return {entry.player_id for entry in entries}
    return {p.id for p in uow.players.list(kind=PlayerKind.REGULAR)}


def _round_entries(uow: UnitOfWork, round_: Round, players: Sequence[Player]
                   ) -> list[RoundEntry]:
    """A round's entrants; the first round, before any cut, admits every regular player."""
    entries = list(uow.round_entries.list(round_id=round_.id))
    if entries or round_.number != 1:
        return entries
    return [RoundEntry(round_id=round_.id, player_id=p.id) for p in players]


def _ranked_round(round_: Round, entries: Sequence[RoundEntry], players: dict[int, Player],
                  scores: dict[int, list[SessionScore]], session_round: dict[int, int]
                  ) -> list[StandingsRow]:
    competitors = []
    for entry in entries:
        mine = [s for s in scores.get(entry.player_id, ())
                if session_round[s.session_number] == round_.id]
        competitors.append(Competitor(
            player_id=entry.player_id,
            converted_total=entry.carried_score + sum(s.converted for s in mine),
            raw_total=float(entry.carried_raw + sum(s.raw for s in mine)),
            tiebreak_draw=players[entry.player_id].tiebreak_draw,
            ranks=players[entry.player_id].kind is PlayerKind.REGULAR,
        ))
    placings = rank(competitors)
    carried = {entry.player_id: entry.carried_score for entry in entries}
    return [
        StandingsRow(rank=p.rank, player=players[p.competitor.player_id],
                     round_number=round_.number, converted_total=p.competitor.converted_total,
                     raw_total=p.competitor.raw_total, carried=carried[p.competitor.player_id],
                     sessions=tuple(scores.get(p.competitor.player_id, ())),
                     tie_break=_tie_broken_by(placings, index))
        for index, p in enumerate(placings)
    ]


def standings(uow: UnitOfWork, through_session: int | None = None) -> Standings:
    """The whole field, ranked: the latest round's entrants first, then those cut before."""
    with uow:
        return compute_standings(uow, through_session)


def compute_standings(uow: UnitOfWork, through_session: int | None) -> Standings:
    """Standings inside an already open unit of work (for services that act on them)."""
    settings = current_tournament(uow).settings
    players = {p.id: p for p in uow.players.list()}
    sessions = _sessions_scored(uow.sessions.list(), through_session)
    session_round = {s.number: s.round_id for s in uow.sessions.list()}
    scores = session_scores(uow, settings, sessions, list(players.values()))
    rounds = sorted(uow.rounds.list(), key=lambda r: r.number)
    placed: set[int] = set()
    blocks: list[list[StandingsRow]] = []
    for round_ in rounds:
        entries = _round_entries(uow, round_, list(players.values()))
        if not entries:
            continue
        blocks.append(_ranked_round(round_, entries, players, scores, session_round))
    rows: list[StandingsRow] = []
    for block in reversed(blocks):
        for row in block:
            if row.player.id not in placed:
                placed.add(row.player.id)
                rows.append(row)
    return Standings(through_session, tuple(_overall_ranks(rows)))


def _overall_ranks(rows: list[StandingsRow]) -> list[StandingsRow]:
    """One rank sequence over the whole field: later rounds' places come first."""
    ranked = [row for row in rows if row.rank is not None]
    numbered = {id(row): index for index, row in enumerate(ranked, start=1)}
    return [dataclasses.replace(row, rank=numbered.get(id(row))) for row in rows]


def make_cut(uow: UnitOfWork, round_number: int) -> list[int]:
    """End round `round_number`: its top `advance` players enter the next round.

    They carry the next round's `carry` fraction of their converted and raw totals.
    """
    with uow:
        rounds = {r.number: r for r in uow.rounds.list()}
        if round_number not in rounds or round_number + 1 not in rounds:
            raise ServiceError(ServiceProblem.NO_NEXT_ROUND, round=round_number)
        this, following = rounds[round_number], rounds[round_number + 1]
        if this.advance is None:
            raise ServiceError(ServiceProblem.ROUND_HAS_NO_CUT, round=round_number)
        unfinished = [s.number for s in uow.sessions.list(round_id=this.id)
                      if s.status is not StageStatus.FINISHED]
        if unfinished:
            raise ServiceError(ServiceProblem.ROUND_NOT_FINISHED, round=round_number,
                               sessions=unfinished)
        if uow.round_entries.count(round_id=following.id):
            raise ServiceError(ServiceProblem.CUT_ALREADY_MADE, round=round_number)
        in_round = [row for row in compute_standings(uow, None).rows
                    if row.round_number == round_number]
        advancing = cut([Placing(row.rank, Competitor(row.player.id, row.converted_total,
                                                      row.raw_total, row.player.tiebreak_draw))
                         for row in in_round], this.advance)
        by_id = {row.player.id: row for row in in_round}
        for player_id in advancing:
            row = by_id[player_id]
            uow.round_entries.add(RoundEntry(
                round_id=following.id, player_id=player_id,
                carried_score=following.carry * row.converted_total,
                carried_raw=following.carry * row.raw_total))
        uow.rounds.update(dataclasses.replace(this, status=StageStatus.FINISHED))
        uow.commit()
    return advancing


def undo_cut(uow: UnitOfWork, round_number: int) -> None:
    """Take back a cut while the next round has no draw yet (the undo of `make_cut`)."""
    with uow:
        rounds = {r.number: r for r in uow.rounds.list()}
        if round_number not in rounds or round_number + 1 not in rounds:
            raise ServiceError(ServiceProblem.NO_NEXT_ROUND, round=round_number)
        this, following = rounds[round_number], rounds[round_number + 1]
        if any(uow.tables.count(session_id=s.id)
               for s in uow.sessions.list(round_id=following.id)):
            raise ServiceError(ServiceProblem.NEXT_ROUND_DRAWN, round=round_number + 1)
        for entry in uow.round_entries.list(round_id=following.id):
            uow.round_entries.remove(entry.id)
        uow.rounds.update(dataclasses.replace(this, status=StageStatus.PLANNED))
        uow.commit()
