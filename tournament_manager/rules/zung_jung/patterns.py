"""The Zung Jung pattern table: ids, the names the JSON contract prints, and value tables.

Ids follow `category.series[.member]`; the scoring code names the highest member of each
series directly, so the series rule holds whatever values a tournament configures.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Final

_TABLE: Final = (
    ("1.1", "All Sequences", 5),
    ("1.2", "Concealed Hand", 5),
    ("1.3", "No Terminals", 5),
    ("2.1.1", "Mixed One-Suit", 40),
    ("2.1.2", "Pure One-Suit", 80),
    ("2.2", "Nine Gates", 480),
    ("3.1", "Value Honor", 10),
    ("3.2.1", "Small Three Dragons", 40),
    ("3.2.2", "Big Three Dragons", 130),
    ("3.3.1", "Small Three Winds", 30),
    ("3.3.2", "Big Three Winds", 120),
    ("3.3.3", "Small Four Winds", 320),
    ("3.3.4", "Big Four Winds", 400),
    ("3.4", "All Honors", 320),
    ("4.1", "All Triplets", 30),
    ("4.2.1", "Two Concealed Triplets", 5),
    ("4.2.2", "Three Concealed Triplets", 30),
    ("4.2.3", "Four Concealed Triplets", 125),
    ("4.3.1", "One Kong", 5),
    ("4.3.2", "Two Kong", 20),
    ("4.3.3", "Three Kong", 120),
    ("4.3.4", "Four Kong", 480),
    ("5.1.1", "Two Identical Sequences", 10),
    ("5.1.2", "Two Identical Sequences Twice", 60),
    ("5.1.3", "Three Identical Sequences", 120),
    ("5.1.4", "Four Identical Sequences", 480),
    ("6.1", "Three Similar Sequences", 35),
    ("6.2.1", "Small Three Similar Triplets", 30),
    ("6.2.2", "Three Similar Triplets", 120),
    ("7.1", "Nine-Tile Straight", 40),
    ("7.2.1", "Three Consecutive Triplets", 100),
    ("7.2.2", "Four Consecutive Triplets", 200),
    ("8.1.1", "Mixed Lesser Terminals", 40),
    ("8.1.2", "Pure Lesser Terminals", 50),
    ("8.1.3", "Mixed Greater Terminals", 100),
    ("8.1.4", "Pure Greater Terminals", 400),
    ("9.1.1", "Final Draw", 10),
    ("9.1.2", "Final Discard", 10),
    ("9.2", "Win on Kong", 10),
    ("9.3", "Robbing a Kong", 10),
    ("9.4.1", "Blessing of Heaven", 155),
    ("9.4.2", "Blessing of Earth", 155),
    ("10.1", "Thirteen Terminals", 160),
    ("10.2", "Seven Pairs", 30),
)

PATTERN_IDS: Final = tuple(pattern_id for pattern_id, _, _ in _TABLE)
PATTERN_NAMES: Final[Mapping[str, str]] = MappingProxyType(
    {pattern_id: name for pattern_id, name, _ in _TABLE}
)
# Output order of a breakdown with equal points: the table's order.
TABLE_ORDER: Final[Mapping[str, int]] = MappingProxyType(
    {pattern_id: index for index, pattern_id in enumerate(PATTERN_IDS)}
)

CHICKEN_ID: Final = "chicken"
CHICKEN_NAME: Final = "Chicken Hand"
CHICKEN_POINTS: Final = 1

# Patterns valued at or above this are listed limits; sums reaching it are capped to it.
LIMIT: Final = 320

DEFAULT_TABLE: Final = "default"
VALUE_TABLES: Final[Mapping[str, Mapping[str, int]]] = MappingProxyType(
    {
        DEFAULT_TABLE: MappingProxyType({pattern_id: pts for pattern_id, _, pts in _TABLE}),
        "wsom_variant": MappingProxyType(
            {pattern_id: pts for pattern_id, _, pts in _TABLE} | {"2.1.2": 100, "3.2.1": 30}
        ),
    }
)
