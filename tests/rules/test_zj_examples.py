"""Every worked hand of zung-jung-hands.json (a copy of /work/shared/examples): value,
pattern list, raw total and payments."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tournament_manager.rules import get_rule_set
from tournament_manager.rules.hand_json import evaluate_hand

EXAMPLES = json.loads(
    (Path(__file__).parent / "data" / "zung-jung-hands.json").read_text(encoding="utf-8")
)


@pytest.mark.parametrize("example", EXAMPLES, ids=[e["id"] for e in EXAMPLES])
def test_example(example: dict[str, Any]) -> None:
    rule_set = get_rule_set("zung-jung")
    report = evaluate_hand(example, rule_set, rule_set.default_options())
    result = report.result
    assert result.valid, result.problem
    assert result.value == example["total"]
    assert result.raw_total == example.get("raw_total", example["total"])
    if not example.get("tie"):
        expected = sorted((p["id"], p["name"], p["points"]) for p in example["patterns"])
        assert sorted((p.id, p.name, p.points) for p in result.patterns) == expected
    if "payments" in example:
        assert dict(report.payments) == example["payments"]


def test_examples_cover_the_file() -> None:
    assert len(EXAMPLES) == 24
