"""Editing settings before the start, and removing a registration without results."""

from __future__ import annotations

import dataclasses

import pytest

from tests.helpers.seated_event import seat_event
from tournament_manager.domain.model import Player
from tournament_manager.domain.presets import Preset, preset_rounds
from tournament_manager.messages.services import describe
from tournament_manager.services.errors import ServiceError, ServiceProblem
from tournament_manager.services.players import register_player
from tournament_manager.services.setup import (
    remove_player,
    restore_player,
    update_settings,
)
from tournament_manager.services.tournaments import current_tournament
from tournament_manager.storage.document import Document


def _settings(document: Document):
    with document.unit_of_work() as uow:
        return current_tournament(uow).settings


def test_settings_change_before_the_start(document: Document) -> None:
    settings = dataclasses.replace(_settings(document), hands_per_session=8,
                                   time_limit_minutes=90, rounds=preset_rounds(Preset.OPEN, 3),
                                   rule_options={"par": 30})
    updated = update_settings(document.unit_of_work(), settings, name=" Spring Cup ",
                              venue="Hall")
    assert updated.name == "Spring Cup"
    stored = _settings(document)
    assert stored.hands_per_session == 8 and stored.time_limit_minutes == 90
    assert stored.rule_options["par"] == 30
    with document.unit_of_work() as uow:
        assert [s.number for s in uow.sessions.list()] == [1, 2, 3]
        assert len(uow.rounds.list()) == 1


def test_bad_settings_are_refused(document: Document) -> None:
    settings = dataclasses.replace(_settings(document), hands_per_session=10)
    with pytest.raises(ServiceError) as caught:
        update_settings(document.unit_of_work(), settings)
    assert caught.value.problem is ServiceProblem.BAD_SETTINGS
    assert "multiple of 4" in describe(caught.value)


def test_bad_rule_option_is_refused(document: Document) -> None:
    settings = dataclasses.replace(_settings(document), rule_options={"payoff_scheme": "x"})
    with pytest.raises(ServiceError) as caught:
        update_settings(document.unit_of_work(), settings)
    assert caught.value.problem is ServiceProblem.BAD_RULE_OPTION
    assert "payoff_scheme" in describe(caught.value)


def test_settings_are_frozen_once_seated(document: Document) -> None:
    seat_event(document, players=4)
    with pytest.raises(ServiceError) as caught:
        update_settings(document.unit_of_work(), _settings(document))
    assert caught.value.problem is ServiceProblem.EVENT_STARTED
    assert "drawn" in describe(caught.value)


def test_remove_and_restore_a_player(document: Document) -> None:
    player = register_player(document.unit_of_work(), Player(name="Ann"))
    removed = remove_player(document.unit_of_work(), player.id)
    with document.unit_of_work() as uow:
        assert uow.players.count() == 0
    back = restore_player(document.unit_of_work(), removed)
    assert back.tiebreak_draw == player.tiebreak_draw and back.name == "Ann"


def test_a_seated_player_cannot_be_removed(document: Document) -> None:
    seated = seat_event(document, players=4)
    with pytest.raises(ServiceError) as caught:
        remove_player(document.unit_of_work(), seated.players[0])
    assert describe(caught.value) == (
        "Player 0 has been seated in the event, so the registration stays on the record "
        "(a player who leaves is withdrawn, not removed)")  # said of a withdrawn one too


def test_sessions_and_rounds_are_summarised(document: Document) -> None:
    seat_event(document, players=8)
    from tournament_manager.services.setup import round_summaries, session_summaries
    sessions = session_summaries(document.unit_of_work())
    assert [(s.session.number, s.round_number, s.tables) for s in sessions[:2]] == [
        (1, 1, 2), (2, 1, 0)]
    rounds = round_summaries(document.unit_of_work())
    assert rounds[0].session_numbers == (1, 2, 3, 4) and rounds[0].round.advance == 32


def test_the_first_round_admits_the_regular_field_and_later_rounds_their_cut(
        document: Document) -> None:
    """The Cuts page's Entrants column: nobody is cut into round 1, yet all play it."""
    from tournament_manager.domain.model import PlayerKind
    from tournament_manager.services.setup import round_summaries
    seat_event(document, players=8)
    register_player(document.unit_of_work(),
                    Player(name="Stand In", country="NL", kind=PlayerKind.SUBSTITUTE))
    rounds = round_summaries(document.unit_of_work())
    assert [r.entrants for r in rounds][:2] == [8, 0]


def test_name_and_venue_change_after_the_first_draw(document: Document) -> None:
    from tests.helpers.seated_event import seat_event
    from tournament_manager.services.setup import rename_event

    seat_event(document)
    renamed = rename_event(document.unit_of_work(), "  Spring Open 2026 ", " Hall B ")
    assert (renamed.name, renamed.venue) == ("Spring Open 2026", "Hall B")
    with pytest.raises(ServiceError) as caught:
        rename_event(document.unit_of_work(), " ", "Hall B")
    assert caught.value.problem is ServiceProblem.EMPTY_NAME
