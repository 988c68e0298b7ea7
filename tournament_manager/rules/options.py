"""How a rule set declares its per-tournament settings, so the GUI can build a settings form
and the storage layer can keep a tournament's choices without knowing any rule set.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum


class OptionKind(Enum):
    CHOICE = "choice"  # one of `choices`
    INTEGER = "integer"  # a whole number >= 0
    OPTIONAL_INTEGER = "optional_integer"  # None or a whole number >= 1
    PATTERN_TABLE = "pattern_table"  # a named table from `choices`, plus per-pattern overrides


@dataclass(frozen=True, slots=True)
class OptionSpec:
    key: str
    kind: OptionKind
    default: object
    choices: tuple[str, ...] = ()
