"""Setting a tournament up before it starts, and taking back a registration.

Settings may change only while nothing has been drawn: once a session has tables, the
format is what the players are playing. A player may be removed (not just withdrawn) only
while he has no seat and no round entry, which is what lets the GUI undo "Add player".
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from tournament_manager.domain.model import (
    NEW_ID,
    Player,
    PlayerKind,
    PlayerStatus,
    Round,
    Session,
    StageStatus,
    Tournament,
    round_stage,
)
from tournament_manager.domain.settings import TournamentSettings, settings_problems
from tournament_manager.rules.errors import OptionError
from tournament_manager.rules.registry import get_rule_set
from tournament_manager.services.errors import ServiceError, ServiceProblem
from tournament_manager.services.ports import UnitOfWork
from tournament_manager.services.text_fields import EVENT_NAME, VENUE, checked_text
from tournament_manager.services.tournaments import current_tournament, store_round_plan


def event_started(uow: UnitOfWork) -> bool:
    """True once any session has been drawn (has tables) or left the planned state."""
    return bool(uow.tables.count()) or any(
        s.status is not StageStatus.PLANNED for s in uow.sessions.list())


def update_settings(uow: UnitOfWork, settings: TournamentSettings, *,
                    name: str | None = None, venue: str | None = None) -> Tournament:
    """Replace the tournament's settings (and optionally name and venue) before the start.

    A changed round plan replaces the planned rounds and their sessions.
    """
    if name is not None:
        name = checked_text(name, EVENT_NAME)
        if not name:
            raise ServiceError(ServiceProblem.EMPTY_NAME)
    if venue is not None:
        venue = checked_text(venue, VENUE)
    problems = settings_problems(settings)
    if problems:
        raise ServiceError(ServiceProblem.BAD_SETTINGS, problems=problems)
    try:
        settings = spelt_out(settings)
    except KeyError:
        raise ServiceError(ServiceProblem.UNKNOWN_RULE_SET, rule_set=settings.rule_set) from None
    except OptionError as error:
        raise ServiceError(ServiceProblem.BAD_RULE_OPTION, key=error.key,
                           value=error.value or "") from error
    with uow:
        if event_started(uow):
            raise ServiceError(ServiceProblem.EVENT_STARTED)
        tournament = current_tournament(uow)
        if settings.rounds != tournament.settings.rounds:
            _replace_rounds(uow, settings)
        updated = dataclasses.replace(
            tournament, settings=settings,
            name=tournament.name if name is None else name.strip(),
            venue=tournament.venue if venue is None else venue.strip())
        uow.tournaments.update(updated)
        uow.commit()
    return updated


def rename_event(uow: UnitOfWork, name: str, venue: str) -> Tournament:
    """Change the event's name and venue, at any time: unlike the settings, they change
    no result (printouts made later show the new ones)."""
    name = checked_text(name, EVENT_NAME)
    venue = checked_text(venue, VENUE)
    if not name:
        raise ServiceError(ServiceProblem.EMPTY_NAME)
    with uow:
        tournament = current_tournament(uow)
        renamed = dataclasses.replace(tournament, name=name, venue=venue)
        uow.tournaments.update(renamed)
        uow.commit()
    return renamed


def _replace_rounds(uow: UnitOfWork, settings: TournamentSettings) -> None:
    for session in uow.sessions.list():
        uow.sessions.remove(session.id)
    for round_ in uow.rounds.list():
        for entry in uow.round_entries.list(round_id=round_.id):
            uow.round_entries.remove(entry.id)
        uow.rounds.remove(round_.id)
    store_round_plan(uow, settings)


def remove_player(uow: UnitOfWork, player_id: int) -> Player:
    """Delete a registration that has no seat and no round entry; returns it for an undo."""
    with uow:
        player = uow.players.get(player_id)
        if uow.seats.count(player_id=player_id) or uow.round_entries.count(player_id=player_id):
            raise ServiceError(ServiceProblem.PLAYER_HAS_RESULTS, player=player.name)
        uow.players.remove(player_id)
        uow.commit()
    return player


def restore_player(uow: UnitOfWork, player: Player) -> Player:
    """Register a removed player again exactly as he was (his tie-break draw included)."""
    with uow:
        stored = uow.players.add(dataclasses.replace(player, id=NEW_ID))
        uow.commit()
    return stored


@dataclass(frozen=True)
class SessionSummary:
    session: Session
    round_number: int
    tables: int


@dataclass(frozen=True)
class RoundSummary:
    round: Round
    session_numbers: tuple[int, ...]
    entrants: int
    """Players admitted to the round: by its cut, or, for the first round, every regular
    player registered (0 for a later round nobody has been cut into yet)."""
    withdrawn: int = 0
    """Of `entrants`, those withdrawn since: admitted, they no longer play it."""
    status: StageStatus = StageStatus.PLANNED
    """The round's stage as its sessions give it (`round_stage`), whatever a document
    written before the stage followed the draws has stored."""


def session_summaries(uow: UnitOfWork) -> tuple[SessionSummary, ...]:
    """Every session in order, with its round and how many tables it has drawn."""
    with uow:
        rounds = {r.id: r.number for r in uow.rounds.list()}
        return tuple(SessionSummary(s, rounds.get(s.round_id, 0),
                                    uow.tables.count(session_id=s.id))
                     for s in sorted(uow.sessions.list(), key=lambda s: s.number))


def spelt_out(settings: TournamentSettings) -> TournamentSettings:
    """`settings` with every rule option written out, as they are stored once changed (a
    new event stores none: the rule set's defaults). Raises `KeyError` for an unknown
    rule set, `OptionError` for a bad option."""
    rule_set = get_rule_set(settings.rule_set)
    options = rule_set.validate_options(settings.rule_options)
    return dataclasses.replace(settings, rule_options=rule_set.options_as_mapping(options))


def round_summaries(uow: UnitOfWork) -> tuple[RoundSummary, ...]:
    with uow:
        sessions = uow.sessions.list()
        regular = {p.id: p.status for p in uow.players.list(kind=PlayerKind.REGULAR)}

        def entrants(round_: Round) -> list[int]:
            admitted = [e.player_id for e in uow.round_entries.list(round_id=round_.id)]
            return list(regular) if round_.number == 1 and not admitted else admitted

        def summary(round_: Round) -> RoundSummary:
            admitted = entrants(round_)
            return RoundSummary(
                round_, tuple(sorted(s.number for s in sessions if s.round_id == round_.id)),
                len(admitted),
                sum(regular.get(p) is PlayerStatus.WITHDRAWN for p in admitted),
                round_stage(s.status for s in sessions if s.round_id == round_.id))

        return tuple(summary(r) for r in sorted(uow.rounds.list(), key=lambda r: r.number))


def all_players(uow: UnitOfWork) -> tuple[Player, ...]:
    """Every registered player in registration order (the Players page's list)."""
    with uow:
        return tuple(uow.players.list())
