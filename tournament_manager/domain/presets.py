"""The format presets a head judge starts from (tournament spec §4).

Elimination rounds start afresh (`carry` 0) in the shipped presets: the spec leaves the
carry of the WSOM formats open, and a fresh start is the plain reading of "the top N play
on"; the head judge changes it per round in the settings.
"""

from __future__ import annotations

from dataclasses import replace
from enum import StrEnum
from typing import Any

from tournament_manager.domain.settings import (
    RoundKind,
    RoundPlan,
    TournamentSettings,
)
from tournament_manager.rules.registry import get_rule_set


class Preset(StrEnum):
    WSOM_2015 = "wsom_2015"
    WSOM_2010 = "wsom_2010"
    OPEN = "open"


OPEN_DEFAULT_SESSIONS = 8


def _halving_to_final(first_field: int) -> tuple[RoundPlan, ...]:
    """One-session elimination rounds from `first_field` players down to the final table."""
    plans: list[RoundPlan] = []
    field_size = first_field
    while field_size > 4:
        field_size //= 2
        plans.append(RoundPlan(RoundKind.ELIMINATION, sessions=1, advance=field_size, carry=0.0))
    plans.append(RoundPlan(RoundKind.FINAL, sessions=1, advance=None, carry=0.0))
    return tuple(plans)


def preset_rounds(preset: Preset, sessions: int | None = None) -> tuple[RoundPlan, ...]:
    """The round plan of a preset; `sessions` sets the length of an `open` event."""
    if preset is Preset.WSOM_2015:
        return (RoundPlan(RoundKind.PRELIMINARY, sessions=4, advance=32),
                *_halving_to_final(32))
    if preset is Preset.WSOM_2010:
        return (RoundPlan(RoundKind.PRELIMINARY, sessions=6, advance=16),
                *_halving_to_final(16))
    return (RoundPlan(RoundKind.PRELIMINARY, sessions=sessions or OPEN_DEFAULT_SESSIONS),)


def with_rule_set_customs(settings: TournamentSettings) -> TournamentSettings:
    """What events under the settings' rule set customarily do beyond the format, as the
    rule set says (`RuleSet.event_customs`), read into the settings' own types."""
    customs = get_rule_set(settings.rule_set).event_customs()
    changes: dict[str, Any] = {name: _typed(getattr(settings, name), value)
                               for name, value in customs.items()}
    return replace(settings, **changes)


def _typed(current: object, value: object) -> object:
    """`value` as the type of the field it replaces (an enum from its plain value)."""
    if isinstance(current, StrEnum):
        return type(current)(str(value))
    if type(current) is not type(value):
        raise TypeError(f"a custom of {type(value).__name__} for a {type(current).__name__}")
    return value


def preset_settings(preset: Preset, sessions: int | None = None,
                    rule_set: str = "zung-jung") -> TournamentSettings:
    """Default settings for a preset under a rule set: the format from the preset, the
    rule set's customs (MCR: table points, seat rotation, false-win penalty), the options
    the format chooses for the rule set (WSOM under Zung Jung: a triple win is
    intercepted), and the spec's default for everything else."""
    rule_options = get_rule_set(rule_set).format_options(preset.value)
    return with_rule_set_customs(TournamentSettings(format_preset=preset.value, rule_set=rule_set,
                                       rule_options=rule_options,
                                       rounds=preset_rounds(preset, sessions)))
