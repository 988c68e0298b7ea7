"""Classical scoring settings: the seed and Babcock profiles (spec §0, §2) and the variant
switches of spec §3, each a field so a table can mix them."""

from __future__ import annotations

from dataclasses import dataclass, fields
from enum import Enum
from typing import Final

from tournament_manager.rules.options import (
    OptionKind,
    OptionsCodec,
    OptionSpec,
    plain_mapping,
    profiled_reader,
    require_integer,
)


class Profile(Enum):
    SEED = "classic_seed"
    BABCOCK = "classic_babcock"


class Payment(Enum):
    """`difference`: each loser pays the winner the winner's score minus his own (seed).
    `full`: each loser pays the winner's whole score (Babcock)."""

    DIFFERENCE = "difference"
    FULL = "full"


@dataclass(frozen=True, slots=True)
class ClassicOptions:
    """Defaults are the `classic_seed` profile. `limit` None plays "roof off"."""

    profile: Profile = Profile.SEED
    win_bonus: int = 20
    flower_points: int = 2
    self_draw_points: int = 0  # Babcock: 2 for a winning tile drawn from the wall
    only_place_points: int = 0  # Babcock: 2 for filling the only possible place
    prevailing_pair_points: int = 0  # wikidot/British: 2
    prevailing_pung_double: bool = False  # later Western rules: 1 double
    concealed_hand_points: int = 0  # wikidot: 10
    pairs_for_losers: bool = True
    one_suit_doubles_for_losers: bool = False  # seed: "for the winning hand" only
    limit: int | None = 300
    payment: Payment = Payment.DIFFERENCE
    east_double: bool = False  # seed: no East double
    loser_settlement: bool = False
    dealer_keeps_deal_on_draw: bool = False  # seed: only East's own win keeps the deal

    def __post_init__(self) -> None:
        for f in fields(self):
            value = getattr(self, f.name)
            if isinstance(value, int) and not isinstance(value, bool):
                require_integer(f.name, value, minimum=1 if f.name == LIMIT else 0)


LIMIT: Final = "limit"
PROFILE: Final = "profile"

PROFILES: Final[dict[Profile, ClassicOptions]] = {
    Profile.SEED: ClassicOptions(),
    Profile.BABCOCK: ClassicOptions(
        profile=Profile.BABCOCK,
        self_draw_points=2,
        only_place_points=2,
        one_suit_doubles_for_losers=True,
        payment=Payment.FULL,
        east_double=True,
        loser_settlement=True,
        dealer_keeps_deal_on_draw=True,
    ),
}
_ENUMS: Final[dict[str, type[Enum]]] = {PROFILE: Profile, "payment": Payment}


def _spec(name: str, default: object) -> OptionSpec:
    enum = _ENUMS.get(name)
    if enum is not None:
        assert isinstance(default, Enum)
        return OptionSpec(name, OptionKind.CHOICE, default.value, tuple(m.value for m in enum))
    if isinstance(default, bool):
        return OptionSpec(name, OptionKind.BOOLEAN, default)
    if name == LIMIT:
        return OptionSpec(name, OptionKind.OPTIONAL_INTEGER, default)
    return OptionSpec(name, OptionKind.INTEGER, default)


OPTION_SPECS: Final = tuple(
    _spec(f.name, getattr(PROFILES[Profile.SEED], f.name)) for f in fields(ClassicOptions)
)


def _limit(key: str, value: object) -> object:
    return None if value is None else require_integer(key, value, minimum=1)


options_from_mapping: Final = profiled_reader(PROFILES, Profile.SEED, _ENUMS, {LIMIT: _limit},
                                              profile_key=PROFILE)
"""The named profile's preset (default `classic_seed`), then each given switch."""

CODEC: Final = OptionsCodec(
    specs=OPTION_SPECS,
    default=ClassicOptions,
    from_mapping=options_from_mapping,
    to_mapping=plain_mapping,
    profiles={profile.value: options for profile, options in PROFILES.items()},
)
