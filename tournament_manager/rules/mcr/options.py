"""MCR settings: the two profiles of spec §4 and each divergence (P1-P8) as its own switch.

A profile is a preset of every switch, so a tournament can start from `green_book` (EMA
events) or `mahjonggb` (the Chinese calculators) and still override a single contested
ruling. The stored mapping names the profile plus the switches, and reading it back applies
the switches over the profile's preset.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from enum import Enum
from typing import Final

from tournament_manager.rules.mcr.fans import BOOK_VALUES, MAHJONGGB_VALUES, Fan
from tournament_manager.rules.options import (
    OptionKind,
    OptionsCodec,
    OptionSpec,
    plain_mapping,
    profiled_reader,
    require_integer,
)


class Profile(Enum):
    GREEN_BOOK = "green_book"
    MAHJONGGB = "mahjonggb"


class KongScoring(Enum):
    """P2/P8. `green_book`: the seed's Table 3 (any kong is a "melded" kong, one melded plus
    one concealed is Two Melded Kongs + Concealed Kong, concealed-kong fans stack on Three
    and Four Kongs). `mahjonggb`: one kong-series fan plus one concealed-pung-series fan."""

    GREEN_BOOK = "green_book"
    MAHJONGGB = "mahjonggb"


class KongStacking(Enum):
    """The seed's bracketed "reduced" values: with three or four concealed kongs, no
    Concealed Kong / Two Concealed Kongs on top of Three or Four Concealed Pungs."""

    FULL = "full"
    REDUCED = "reduced"


class WaitRule(Enum):
    """`any_arrangement` (MahjongGB): a unique wait scores the wait fan the chosen
    arrangement shows. `every_arrangement` (seed text): only if every arrangement of the
    hand reads the winning tile in the same place."""

    ANY_ARRANGEMENT = "any_arrangement"
    EVERY_ARRANGEMENT = "every_arrangement"


@dataclass(frozen=True, slots=True)
class McrOptions:
    """Every field is one ruling; defaults are the `green_book` profile."""

    profile: Profile = Profile.GREEN_BOOK
    two_concealed_kongs: int = 8  # P1
    kong_scoring: KongScoring = KongScoring.GREEN_BOOK  # P2, P8
    kong_stacking: KongStacking = KongStacking.FULL
    fully_concealed_special: bool = True  # P3: self-drawn Seven Pairs etc. score Fully Concealed
    lesser_knitted_all_types: bool = False  # P4: All Types is implied (seed 002, note 5)
    nine_gates_terminal_pung: bool = False  # P5
    knitted_straight_edge_closed: bool = False  # P6
    all_terminals_double_pung: bool = True  # seed: implication is fan-by-fan only
    all_green_half_flush: bool = True  # seed: All Green combines with Half Flush
    seven_pairs_tile_hog_exceptions: bool = False  # seed's two published exceptions
    wait_rule: WaitRule = WaitRule.EVERY_ARRANGEMENT
    minimum_points: int = 8

    def __post_init__(self) -> None:
        require_integer(TWO_CONCEALED_KONGS, self.two_concealed_kongs, minimum=0)
        require_integer(MINIMUM_POINTS, self.minimum_points, minimum=0)

    def points(self, fan: Fan) -> int:
        if fan is Fan.TWO_CONCEALED_KONGS:
            return self.two_concealed_kongs
        return BOOK_VALUES[fan]


PROFILE: Final = "profile"
TWO_CONCEALED_KONGS: Final = "two_concealed_kongs"
MINIMUM_POINTS: Final = "minimum_points"

PROFILES: Final[dict[Profile, McrOptions]] = {
    Profile.GREEN_BOOK: McrOptions(),
    Profile.MAHJONGGB: McrOptions(
        profile=Profile.MAHJONGGB,
        two_concealed_kongs=MAHJONGGB_VALUES[Fan.TWO_CONCEALED_KONGS],
        kong_scoring=KongScoring.MAHJONGGB,
        fully_concealed_special=False,
        lesser_knitted_all_types=False,
        nine_gates_terminal_pung=True,
        knitted_straight_edge_closed=True,
        all_terminals_double_pung=False,
        all_green_half_flush=False,
        wait_rule=WaitRule.ANY_ARRANGEMENT,
    ),
}

_ENUMS: Final[dict[str, type[Enum]]] = {
    PROFILE: Profile,
    "kong_scoring": KongScoring,
    "kong_stacking": KongStacking,
    "wait_rule": WaitRule,
}


def _spec(name: str, default: object) -> OptionSpec:
    enum = _ENUMS.get(name)
    if enum is not None:
        assert isinstance(default, Enum)
        return OptionSpec(name, OptionKind.CHOICE, default.value, tuple(m.value for m in enum))
    if isinstance(default, bool):
        return OptionSpec(name, OptionKind.BOOLEAN, default)
    return OptionSpec(name, OptionKind.INTEGER, default)


OPTION_SPECS: Final = tuple(
    _spec(f.name, getattr(PROFILES[Profile.GREEN_BOOK], f.name)) for f in fields(McrOptions)
)


options_from_mapping: Final = profiled_reader(PROFILES, Profile.GREEN_BOOK, _ENUMS,
                                              profile_key=PROFILE)
"""The named profile's preset (default `green_book`), then each given switch over it."""

CODEC: Final = OptionsCodec(
    specs=OPTION_SPECS,
    default=McrOptions,
    from_mapping=options_from_mapping,
    to_mapping=plain_mapping,
    profiles={profile.value: options for profile, options in PROFILES.items()},
)
