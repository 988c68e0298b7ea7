"""Zung Jung's per-tournament settings (spec: every item marked **setting**)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import Enum
from types import MappingProxyType
from typing import Final, TypeVar

from tournament_manager.rules.errors import OptionError, OptionErrorCode
from tournament_manager.rules.options import OptionKind, OptionsCodec, OptionSpec
from tournament_manager.rules.zung_jung.patterns import DEFAULT_TABLE, PATTERN_IDS, VALUE_TABLES

EnumT = TypeVar("EnumT", bound=Enum)


class PayoffScheme(Enum):
    FORMAL = "formal"
    UNIFORM = "uniform"
    DISCARDER_PAYS = "discarder_pays"


class TripleWin(Enum):
    ALL_WIN = "all_win"
    DRAW = "draw"
    INTERCEPT = "intercept"
    """The WSOM rules: no exceptions, the claim nearest the discarder's lower seat wins alone."""


@dataclass(frozen=True, slots=True)
class ZungJungOptions:
    """Construction checks every field, so an options object is always usable for scoring;
    `values` is the resolved table (named table plus overrides)."""

    pattern_table: str = DEFAULT_TABLE
    pattern_overrides: Mapping[str, int] = field(default_factory=lambda: MappingProxyType({}))
    minimum_points: int | None = None
    payoff_scheme: PayoffScheme = PayoffScheme.FORMAL
    par: int = 25
    triple_win: TripleWin = TripleWin.ALL_WIN
    values: Mapping[str, int] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        table = VALUE_TABLES.get(self.pattern_table)
        if table is None:
            raise OptionError(OptionErrorCode.INVALID_CHOICE, PATTERN_VALUES, self.pattern_table)
        for pattern_id, points in self.pattern_overrides.items():
            if pattern_id not in table:
                raise OptionError(OptionErrorCode.UNKNOWN_PATTERN, PATTERN_VALUES, pattern_id)
            _require_integer(PATTERN_VALUES, points, minimum=0)
        if self.minimum_points is not None:
            _require_integer(MINIMUM_POINTS, self.minimum_points, minimum=1)
        _require_integer(PAR, self.par, minimum=0)
        overrides = MappingProxyType(dict(self.pattern_overrides))
        object.__setattr__(self, "pattern_overrides", overrides)
        object.__setattr__(self, "values", MappingProxyType({**table, **overrides}))


PATTERN_VALUES: Final = "pattern_values"
MINIMUM_POINTS: Final = "minimum_points"
PAYOFF_SCHEME: Final = "payoff_scheme"
PAR: Final = "par"
TRIPLE_WIN: Final = "triple_win"

OPTION_SPECS: Final = (
    OptionSpec(PATTERN_VALUES, OptionKind.PATTERN_TABLE, DEFAULT_TABLE, tuple(VALUE_TABLES)),
    OptionSpec(MINIMUM_POINTS, OptionKind.OPTIONAL_INTEGER, None),
    OptionSpec(
        PAYOFF_SCHEME,
        OptionKind.CHOICE,
        PayoffScheme.FORMAL.value,
        tuple(s.value for s in PayoffScheme),
    ),
    OptionSpec(PAR, OptionKind.INTEGER, 25),
    OptionSpec(
        TRIPLE_WIN, OptionKind.CHOICE, TripleWin.ALL_WIN.value, tuple(t.value for t in TripleWin)
    ),
)


def options_from_mapping(values: Mapping[str, object]) -> ZungJungOptions:
    """`pattern_values` is a table name or `{"table": name, "overrides": {id: points}}`."""
    known = {spec.key for spec in OPTION_SPECS}
    for key in values:
        if key not in known:
            raise OptionError(OptionErrorCode.UNKNOWN_OPTION, key)
    table, overrides = _pattern_values(values.get(PATTERN_VALUES, DEFAULT_TABLE))
    minimum = values.get(MINIMUM_POINTS)
    return ZungJungOptions(
        pattern_table=table,
        pattern_overrides=overrides,
        minimum_points=None if minimum is None else _require_integer(MINIMUM_POINTS, minimum, 1),
        payoff_scheme=_choice(PayoffScheme, PAYOFF_SCHEME, values.get(PAYOFF_SCHEME, "formal")),
        par=_require_integer(PAR, values.get(PAR, 25), minimum=0),
        triple_win=_choice(TripleWin, TRIPLE_WIN, values.get(TRIPLE_WIN, "all_win")),
    )


def options_to_mapping(options: ZungJungOptions) -> dict[str, object]:
    return {
        PATTERN_VALUES: {
            "table": options.pattern_table,
            "overrides": dict(options.pattern_overrides),
        },
        MINIMUM_POINTS: options.minimum_points,
        PAYOFF_SCHEME: options.payoff_scheme.value,
        PAR: options.par,
        TRIPLE_WIN: options.triple_win.value,
    }


def _pattern_values(value: object) -> tuple[str, dict[str, int]]:
    if isinstance(value, str):
        return value, {}
    if not isinstance(value, Mapping):
        raise OptionError(OptionErrorCode.INVALID_CHOICE, PATTERN_VALUES, repr(value))
    table = value.get("table", DEFAULT_TABLE)
    overrides = value.get("overrides", {})
    if not isinstance(table, str) or not isinstance(overrides, Mapping):
        raise OptionError(OptionErrorCode.INVALID_CHOICE, PATTERN_VALUES, repr(value))
    for key in value:
        if key not in ("table", "overrides"):
            raise OptionError(OptionErrorCode.UNKNOWN_OPTION, f"{PATTERN_VALUES}.{key}")
    checked: dict[str, int] = {}
    for pattern_id, points in overrides.items():
        if pattern_id not in PATTERN_IDS:
            raise OptionError(OptionErrorCode.UNKNOWN_PATTERN, PATTERN_VALUES, str(pattern_id))
        checked[pattern_id] = _require_integer(PATTERN_VALUES, points, minimum=0)
    return table, checked


def _require_integer(key: str, value: object, minimum: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < minimum:
        raise OptionError(OptionErrorCode.NOT_AN_INTEGER, key, repr(value))
    return value


def _choice(enum: type[EnumT], key: str, value: object) -> EnumT:
    for member in enum:
        if member.value == value:
            return member
    raise OptionError(OptionErrorCode.INVALID_CHOICE, key, repr(value))


CODEC: Final = OptionsCodec(specs=OPTION_SPECS, default=ZungJungOptions,
                            from_mapping=options_from_mapping, to_mapping=options_to_mapping)
"""Zung Jung has no profiles: its variants are single settings (value table, minimum)."""
