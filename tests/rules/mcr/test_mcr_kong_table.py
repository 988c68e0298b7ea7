"""The seed's Table 3 (spec §11): kong and concealed-pung points for every mix of melded
kongs (MK), concealed kongs (CK) and other concealed pungs (CP), `green_book` profile.

Only the kong, concealed-pung and All Pungs fans are summed; the fourth set is a chow
unless all four sets are pungs or kongs (the table's "AP included where the hand is all
pungs")."""

from __future__ import annotations

from dataclasses import replace

import pytest
from mcr_hands import GREEN_BOOK, MAHJONGGB, fan_ids, mcr_hand

from tournament_manager.rules.mcr.fans import FANS_BY_ID, Fan
from tournament_manager.rules.mcr.options import KongStacking

KONG_FANS = {
    Fan.MELDED_KONG, Fan.TWO_MELDED_KONGS, Fan.THREE_KONGS, Fan.FOUR_KONGS,
    Fan.CONCEALED_KONG, Fan.TWO_CONCEALED_KONGS, Fan.CONCEALED_KONG_AND_MELDED_KONG,
    Fan.TWO_CONCEALED_PUNGS, Fan.THREE_CONCEALED_PUNGS, Fan.FOUR_CONCEALED_PUNGS,
    Fan.ALL_PUNGS,
}  # fmt: skip
SET_TILES = ("2m", "4p", "6s", "8m")  # simples in no pung-combination fan
# (MK, CK, CP) -> points, reduced points
TABLE = {
    (4, 0, 0): (88, 88), (3, 1, 0): (90, 90), (2, 2, 0): (96, 96), (1, 3, 0): (114, 104),
    (0, 4, 0): (168, 152), (3, 0, 0): (32, 32), (3, 0, 1): (40, 40), (2, 1, 0): (34, 34),
    (2, 1, 1): (42, 42), (1, 2, 0): (40, 40), (1, 2, 1): (62, 62), (0, 3, 0): (58, 48),
    (0, 3, 1): (106, 96), (2, 0, 0): (4, 4), (2, 0, 1): (4, 4), (2, 0, 2): (12, 12),
    (1, 1, 0): (6, 6), (1, 1, 1): (8, 8), (1, 1, 2): (28, 28), (0, 2, 0): (8, 8),
    (0, 2, 1): (24, 24), (0, 2, 2): (72, 72), (1, 0, 0): (1, 1), (1, 0, 1): (1, 1),
    (1, 0, 2): (3, 3), (1, 0, 3): (23, 23), (0, 1, 0): (2, 2), (0, 1, 1): (4, 4),
    (0, 1, 2): (18, 18), (0, 1, 3): (66, 66),
}  # fmt: skip
# The one row the rule reproducing all the others does not give: Three Kongs 32 + All
# Pungs 6 = 38; the seed prints 40 (see the report's open questions).
INCONSISTENT = {(3, 0, 1)}


def table_hand(melded: int, concealed: int, pungs: int):  # type: ignore[no-untyped-def]
    tiles = iter(SET_TILES)
    melds = [f"kong:{next(tiles) * 4}" for _ in range(melded)]
    melds += [f"ckong:{next(tiles) * 4}" for _ in range(concealed)]
    held = "".join(next(tiles) * 3 for _ in range(pungs))
    sets = melded + concealed + pungs
    if sets < 4:
        held += "345s"  # a chow as the fourth set (pair-free of any kong fan)
        sets += 1
    while sets < 4:
        held += "789p"
        sets += 1
    # Self-drawn on the pair, so no held pung is exposed by the winning tile.
    return mcr_hand(held + "E", "E", *melds, self_draw=True)


def kong_points(melded: int, concealed: int, pungs: int, stacking: KongStacking) -> int:
    options = replace(GREEN_BOOK, kong_stacking=stacking)
    ids = fan_ids(table_hand(melded, concealed, pungs), options)
    return sum(options.points(FANS_BY_ID[i]) for i in ids if FANS_BY_ID[i] in KONG_FANS)


@pytest.mark.parametrize("row", sorted(TABLE), ids=lambda r: f"MK{r[0]}-CK{r[1]}-CP{r[2]}")
@pytest.mark.parametrize("stacking", list(KongStacking), ids=lambda s: s.value)
def test_kong_table_row(row: tuple[int, int, int], stacking: KongStacking) -> None:
    full, reduced = TABLE[row]
    expected = full if stacking is KongStacking.FULL else reduced
    if row in INCONSISTENT:
        pytest.xfail("seed Table 3 prints 40 where its own rule gives 3K 32 + AP 6 = 38")
    assert kong_points(*row, stacking) == expected


def test_mahjonggb_scores_one_kong_fan_and_one_concealed_pung_fan() -> None:
    ids = fan_ids(table_hand(1, 3, 0), MAHJONGGB)
    kong = [FANS_BY_ID[i] for i in ids if FANS_BY_ID[i] in KONG_FANS]
    assert sorted(kong) == [Fan.FOUR_KONGS, Fan.THREE_CONCEALED_PUNGS]


def test_mahjonggb_concealed_and_melded_kong_is_its_own_fan() -> None:
    ids = fan_ids(table_hand(1, 1, 0), MAHJONGGB)
    assert "ck+mk" in ids and "57" not in ids and "67" not in ids
