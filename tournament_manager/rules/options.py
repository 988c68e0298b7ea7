"""How a rule set declares its per-tournament settings, so the GUI can build a settings form
and the storage layer can keep a tournament's choices without knowing any rule set.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, fields, replace
from enum import Enum
from typing import Generic, TypeVar

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


O = TypeVar("O")
OptionReader = Callable[[str, object], object]


@dataclass(frozen=True)
class OptionsCodec(Generic[O]):
    """A rule set's options as the rest of the application sees them: declared, defaulted,
    read from and written to a plain mapping, and grouped into named profiles."""

    specs: tuple[OptionSpec, ...]
    default: Callable[[], O]
    from_mapping: Callable[[Mapping[str, object]], O]
    to_mapping: Callable[[O], dict[str, object]]
    profiles: Mapping[str, O] = field(default_factory=dict)

    def profile(self, name: str) -> O:
        if name not in self.profiles:
            raise OptionError(OptionErrorCode.UNKNOWN_PROFILE, "profile", name)
        return self.profiles[name]


def plain_mapping(options: object) -> dict[str, object]:
    """A dataclass of options as field -> value, enums by their values."""
    return {f.name: (value.value if isinstance(value := getattr(options, f.name), Enum)
                     else value)
            for f in fields(options)}  # type: ignore[arg-type]


def profiled_reader(profiles: Mapping[EnumT, O], default_profile: EnumT,
                    enums: Mapping[str, type[Enum]],
                    readers: Mapping[str, OptionReader] | None = None,
                    profile_key: str = "profile") -> Callable[[Mapping[str, object]], O]:
    """Options read as a named profile's preset (the default one unless the mapping names
    another under `profile_key`), then each given switch over it: enums by value, booleans
    strictly, whole numbers of at least 0, and any key with its own reader."""
    profile_enum = type(default_profile)
    specific = dict(readers or {})

    def read(values: Mapping[str, object]) -> O:
        base = profiles[choice(profile_enum, profile_key,
                               values.get(profile_key, default_profile.value))]
        changes: dict[str, object] = {}
        for key, value in values.items():
            if key == profile_key:
                continue
            if not hasattr(base, key):
                raise OptionError(OptionErrorCode.UNKNOWN_OPTION, key)
            if key in specific:
                changes[key] = specific[key](key, value)
            elif key in enums:
                changes[key] = choice(enums[key], key, value)
            elif isinstance(getattr(base, key), bool):
                changes[key] = require_bool(key, value)
            else:
                changes[key] = require_integer(key, value, minimum=0)
        return replace(base, **changes)  # type: ignore[type-var]

    return read
