"""Kong and concealed-pung fans (the P2/P8 controversy, spec §4 and §11).

Both profiles reduce the question to three counts: melded kongs, concealed kongs and other
concealed pungs. They differ in which kong-series fans may stack:
* `mahjonggb`: one kong-series fan (Melded/Concealed Kong, Two Melded Kongs, Concealed Kong
  and Melded Kong, Two Concealed Kongs, Three/Four Kongs) plus one concealed-pung fan;
* `green_book` (seed Table 3): any kong is a "melded" kong, concealed kongs add Two Concealed
  Kongs as often as possible and Concealed Kong for an odd one, also on Three/Four Kongs
  (`reduced` drops those on three or four concealed kongs).
Two Concealed Kongs already implies Two Concealed Pungs in both.
"""

from __future__ import annotations

from typing import Final

from tournament_manager.rules.mcr.fans import Fan
from tournament_manager.rules.mcr.options import KongScoring, KongStacking, McrOptions

_CONCEALED_PUNG_FANS: Final = {
    2: Fan.TWO_CONCEALED_PUNGS,
    3: Fan.THREE_CONCEALED_PUNGS,
    4: Fan.FOUR_CONCEALED_PUNGS,
}
_MAHJONGGB_PAIR_OF_KONGS: Final = (
    Fan.TWO_MELDED_KONGS,
    Fan.CONCEALED_KONG_AND_MELDED_KONG,
    Fan.TWO_CONCEALED_KONGS,
)
_SERIES: Final = {3: Fan.THREE_KONGS, 4: Fan.FOUR_KONGS}


def kong_fans(
    melded_kongs: int, concealed_kongs: int, concealed_pungs: int, options: McrOptions
) -> tuple[Fan, ...]:
    """`concealed_pungs` counts concealed pungs that are not kongs."""
    kongs = melded_kongs + concealed_kongs
    fans: list[Fan] = []
    if kongs >= 3:
        fans.append(_SERIES[kongs])
    elif options.kong_scoring is KongScoring.MAHJONGGB:
        if kongs == 1:
            fans.append(Fan.CONCEALED_KONG if concealed_kongs else Fan.MELDED_KONG)
        elif kongs == 2:
            fans.append(_MAHJONGGB_PAIR_OF_KONGS[concealed_kongs])
    elif kongs > concealed_kongs:  # green_book: a concealed kong alone is only "concealed"
        fans.append(Fan.TWO_MELDED_KONGS if kongs == 2 else Fan.MELDED_KONG)
    if options.kong_scoring is KongScoring.GREEN_BOOK and (
        kongs < 3 or options.kong_stacking is KongStacking.FULL or concealed_kongs < 3
    ):
        fans.extend([Fan.TWO_CONCEALED_KONGS] * (concealed_kongs // 2))
        if concealed_kongs % 2:
            fans.append(Fan.CONCEALED_KONG)
    concealed = _CONCEALED_PUNG_FANS.get(concealed_kongs + concealed_pungs)
    if concealed is not None and not (
        concealed is Fan.TWO_CONCEALED_PUNGS and Fan.TWO_CONCEALED_KONGS in fans
    ):
        fans.append(concealed)
    return tuple(fans)
