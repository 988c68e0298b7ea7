"""Player cards (WSOM, seed 001 Appendix B): each player keeps a card with every player's
gain or loss in each hand, signed by his three opponents, and the four cards must agree.

The results desk types each card; it is compared hand by hand with the table's sheet (the
record the application settles by the rules), so a card that agrees with the sheet agrees
with every other card that does. What is compared is pure and lives here; storing cards
and holding a session until its cards agree is `services.player_cards`.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

CardRows = Mapping[int, Mapping[int, int]]
"""Hand number -> player id -> the points the card gives him in that hand."""


def card_content(rows: CardRows) -> str:
    """A card as canonical JSON: the same card always gives the same text."""
    return json.dumps([[hand, sorted([player, points] for player, points in row.items())]
                       for hand, row in sorted(rows.items())], separators=(",", ":"))


def card_rows(content: str) -> dict[int, dict[int, int]]:
    return {int(hand): {int(player): int(points) for player, points in row}
            for hand, row in json.loads(content)}


@dataclass(frozen=True)
class CardMismatch:
    """One hand of one player's card that is not the sheet: the players whose figures
    differ (every player of the hand when the card or the sheet lacks it)."""

    owner_id: int
    hand_number: int
    players: tuple[int, ...]


def compare_card(owner_id: int, card: CardRows, sheet: CardRows,
                 players: Sequence[int]) -> tuple[CardMismatch, ...]:
    """Every hand where `card` and the sheet's deltas part, in hand order; a player a hand
    of the card leaves out counts as 0 there (a blank box on paper)."""
    mismatches = []
    for hand in sorted(set(card) | set(sheet)):
        if hand not in card or hand not in sheet:
            mismatches.append(CardMismatch(owner_id, hand, tuple(players)))
            continue
        differ = tuple(p for p in players if card[hand].get(p, 0) != sheet[hand].get(p, 0))
        if differ:
            mismatches.append(CardMismatch(owner_id, hand, differ))
    return tuple(mismatches)
