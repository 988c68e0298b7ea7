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
from enum import StrEnum

from tournament_manager.errors import TournamentError

CardRows = Mapping[int, Mapping[int, int]]
"""Hand number -> player id -> the points the card gives him in that hand."""


def card_content(rows: CardRows) -> str:
    """A card as canonical JSON: the same card always gives the same text."""
    return json.dumps([[hand, sorted([player, points] for player, points in row.items())]
                       for hand, row in sorted(rows.items())], separators=(",", ":"))


def card_rows(content: str) -> dict[int, dict[int, int]]:
    return {int(hand): {int(player): int(points) for player, points in row}
            for hand, row in json.loads(content)}


class Mismatch(StrEnum):
    DIFFERS = "differs"
    NOT_ON_CARD = "not_on_card"
    """The sheet has the hand; the card does not (yet)."""
    NOT_ON_SHEET = "not_on_sheet"


@dataclass(frozen=True)
class CardMismatch:
    """One hand of one player's card that is not the sheet: the players whose figures
    differ (every player of the hand when the card or the sheet lacks it)."""

    owner_id: int
    hand_number: int
    players: tuple[int, ...]
    kind: Mismatch = Mismatch.DIFFERS


def compare_card(owner_id: int, card: CardRows, sheet: CardRows,
                 players: Sequence[int]) -> tuple[CardMismatch, ...]:
    """Every hand where `card` and the sheet's deltas part, in hand order; a player a hand
    of the card leaves out counts as 0 there (a blank box on paper)."""
    mismatches = []
    for hand in sorted(set(card) | set(sheet)):
        if hand not in card or hand not in sheet:
            mismatches.append(CardMismatch(owner_id, hand, tuple(players), Mismatch.NOT_ON_CARD
                                           if hand not in card else Mismatch.NOT_ON_SHEET))
            continue
        differ = tuple(p for p in players if card[hand].get(p, 0) != sheet[hand].get(p, 0))
        if differ:
            mismatches.append(CardMismatch(owner_id, hand, differ))
    return tuple(mismatches)


@dataclass
class CardLineProblem(TournamentError):
    """A typed card line that is not a hand: its line number and what was found there."""

    line: int
    text: str


def parse_card_text(text: str, players: Sequence[int]) -> dict[int, dict[int, int]]:
    """A card as typed: one line per hand, the four players' points in the sheet's columns
    ("75 -25 -25 -25"), optionally after the hand's number ("2: -30 -30 90 -30"); blank
    lines are skipped. Raises `CardLineProblem` for the first line that is not four whole
    numbers, or repeats a hand."""
    rows: dict[int, dict[int, int]] = {}
    hand = 0
    for number, line in enumerate(text.splitlines(), start=1):
        words = line.strip()
        if not words:
            continue
        head, colon, rest = words.partition(":")
        try:
            hand = int(head) if colon else hand + 1
            figures = [int(word) for word in (rest if colon else words).replace(",", " ").split()]
        except ValueError:
            raise CardLineProblem(number, words) from None
        if len(figures) != len(players) or hand < 1 or hand in rows:
            raise CardLineProblem(number, words)
        rows[hand] = dict(zip(players, figures, strict=True))
    return rows


def card_text(rows: CardRows, players: Sequence[int]) -> str:
    """`rows` as `parse_card_text` reads them back."""
    return "\n".join(f"{hand}: " + " ".join(str(row.get(p, 0)) for p in players)
                     for hand, row in sorted(rows.items()))


def hand_ranges(numbers: Sequence[int]) -> str:
    """Hand numbers as a reader writes them: "3, 5–9, 12"."""
    parts: list[str] = []
    ordered = sorted(numbers)
    start = previous = None
    for number in [*ordered, None]:
        if number is not None and previous is not None and number == previous + 1:
            previous = number
            continue
        if start is not None:
            parts.append(str(start) if start == previous else f"{start}–{previous}")
        start = previous = number
    return ", ".join(parts)
