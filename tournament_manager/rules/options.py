"""How a rule set declares its per-tournament settings, so the GUI can build a settings form
and the storage layer can keep a tournament's choices without knowing any rule set.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import TypeVar

from tournament_manager.rules.errors import OptionError, OptionErrorCode

EnumT = TypeVar("EnumT", bound=Enum)


class OptionKind(Enum):
    CHOICE = "choice"  # one of `choices`
    INTEGER = "integer"  # a whole number >= 0
    OPTIONAL_INTEGER = "optional_integer"  # None or a whole number >= 1
    BOOLEAN = "boolean"
    PATTERN_TABLE = "pattern_table"  # a named table from `choices`, plus per-pattern overrides


@dataclass(frozen=True, slots=True)
class OptionSpec:
    key: str
    kind: OptionKind
    default: object
    choices: tuple[str, ...] = ()


def require_integer(key: str, value: object, minimum: int) -> int:
    """`value` as a whole number of at least `minimum` (booleans refused), for option readers."""
    if isinstance(value, bool) or not isinstance(value, int) or value < minimum:
        raise OptionError(OptionErrorCode.NOT_AN_INTEGER, key, repr(value))
    return value


def choice(enum: type[EnumT], key: str, value: object) -> EnumT:
    """The member of `enum` whose value is `value`; an `OptionError` names the key otherwise."""
    for member in enum:
        if member.value == value:
            return member
    raise OptionError(OptionErrorCode.INVALID_CHOICE, key, repr(value))


def require_bool(key: str, value: object) -> bool:
    if not isinstance(value, bool):
        raise OptionError(OptionErrorCode.INVALID_CHOICE, key, repr(value))
    return value
