"""Reading a typed player card and comparing it with the sheet (pure)."""

from __future__ import annotations

import pytest

from tournament_manager.domain.player_cards import (
    CardLineProblem,
    CardMismatch,
    Mismatch,
    card_content,
    card_rows,
    card_text,
    compare_card,
    hand_ranges,
    parse_card_text,
)

PLAYERS = (11, 12, 13, 14)


def test_lines_are_hands_in_order_or_by_their_number() -> None:
    rows = parse_card_text("75 -25 -25 -25\n\n3: 0 0 0 0\n+10, -10, 0, 0\n", PLAYERS)
    assert rows == {1: {11: 75, 12: -25, 13: -25, 14: -25}, 3: {11: 0, 12: 0, 13: 0, 14: 0},
                    4: {11: 10, 12: -10, 13: 0, 14: 0}}
    assert parse_card_text(card_text(rows, PLAYERS), PLAYERS) == rows
    assert card_rows(card_content(rows)) == rows


@pytest.mark.parametrize(("text", "line"), [("75 -25 -25", 1), ("1 2 3 4\nx 1 2 3", 2),
                                             ("1: 1 2 3 4\n1: 4 3 2 1", 2),
                                             ("0: 1 2 3 4", 1)])
def test_a_line_that_is_not_a_hand_is_named(text: str, line: int) -> None:
    with pytest.raises(CardLineProblem) as caught:
        parse_card_text(text, PLAYERS)
    assert caught.value.line == line


def test_the_hands_and_players_that_differ() -> None:
    sheet = {1: {11: 75, 12: -25, 13: -25, 14: -25}, 2: {11: 0, 12: 0, 13: 0, 14: 0}}
    card = {1: {11: 75, 12: -35, 13: -15, 14: -25}, 3: {11: 5, 12: -5}}
    assert compare_card(12, card, sheet, PLAYERS) == (
        CardMismatch(12, 1, (12, 13)), CardMismatch(12, 2, PLAYERS, Mismatch.NOT_ON_CARD),
        CardMismatch(12, 3, PLAYERS, Mismatch.NOT_ON_SHEET))
    assert compare_card(12, sheet, sheet, PLAYERS) == ()


def test_hand_numbers_are_written_as_ranges() -> None:
    assert hand_ranges([12, 3, 5, 6, 7, 8, 9]) == "3, 5–9, 12"
    assert hand_ranges([4]) == "4" and hand_ranges([]) == ""
