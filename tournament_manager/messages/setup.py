"""Wording for setup requests the services refuse (`services.setup.SetupRefused`)."""

from __future__ import annotations

from tournament_manager.messages import services as service_messages
from tournament_manager.services.errors import ServiceError
from tournament_manager.services.setup import SetupProblem, SetupRefused

_TEMPLATES = {
    SetupProblem.EVENT_STARTED: (
        "the settings cannot change any more: the first session has been drawn"
    ),
    SetupProblem.UNKNOWN_RULE_SET: "there is no rule set called {rule_set}",
    SetupProblem.BAD_RULE_OPTION: "the rule setting {key} cannot be {value}",
    SetupProblem.PLAYER_HAS_RESULTS: (
        "{player} has already been seated; withdraw him instead of removing him"
    ),
}


def describe(error: ServiceError) -> str:
    """Any service error in words; setup refusals get their precise sentence."""
    if isinstance(error, SetupRefused):
        details = {k: v for k, v in error.details.items() if k != "problems"}
        return _TEMPLATES[error.setup_problem].format(**details)
    return service_messages.describe(error)
