"""Every worked hand of mcr-hands.json: value and fan list under `mahjonggb`, and the
`green_book_total` where the profiles differ."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from mcr_hands import GREEN_BOOK, MAHJONGGB, RULES

from tournament_manager.rules.hand_json import read_hand

EXAMPLES = json.loads(
    (Path(__file__).resolve().parents[1] / "data" / "mcr-hands.json").read_text(encoding="utf-8")
)


@pytest.mark.parametrize("example", EXAMPLES, ids=[e["id"] for e in EXAMPLES])
def test_mahjonggb_value_and_fans(example: dict[str, Any]) -> None:
    result = RULES.score(read_hand(example).hand, MAHJONGGB)
    assert result.valid, result.problem
    assert result.value == example["total"]
    expected = sorted((str(fan_id), points) for fan_id, _, points in example["fans"])
    assert sorted((p.id, p.points) for p in result.patterns) == expected


GREEN_BOOK_CASES = [e for e in EXAMPLES if "green_book_total" in e]


@pytest.mark.parametrize("example", GREEN_BOOK_CASES, ids=[e["id"] for e in GREEN_BOOK_CASES])
def test_green_book_total(example: dict[str, Any]) -> None:
    result = RULES.score(read_hand(example).hand, GREEN_BOOK)
    assert result.value == example["green_book_total"]


def test_self_drawn_seven_pairs_scores_fully_concealed_under_green_book() -> None:
    """P3: the example set's notes leave the green_book total open; the profile follows the
    literal reading (Fully Concealed Hand 4 instead of Self-Drawn 1)."""
    example = next(e for e in EXAMPLES if e["id"] == "book-19-1")
    result = RULES.score(read_hand(example).hand, GREEN_BOOK)
    assert result.value == example["total"] + 3
