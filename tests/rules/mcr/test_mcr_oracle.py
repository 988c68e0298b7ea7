"""Cross-check against the reference calculator (the C++ code behind PyMahjongGB): random
winning hands of every shape must get the same total under the `mahjonggb` profile, the
8-point minimum set aside. Skipped when PyMahjongGB is not installed."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from mcr_hands import MAHJONGGB, RULES
from mcr_random import random_mcr_hand

from benchmarks.bench_mcr import load_oracle, oracle_arguments, oracle_total

HANDS = 3000
CALCULATOR = load_oracle()


@pytest.mark.skipif(CALCULATOR is None, reason="PyMahjongGB is not installed")
@pytest.mark.parametrize("seed", range(4))
def test_totals_match_the_reference_calculator(seed: int) -> None:
    assert CALCULATOR is not None
    options = replace(MAHJONGGB, minimum_points=0)
    rng = random.Random(seed)
    differences = []
    for _ in range(HANDS // 4):
        hand = random_mcr_hand(rng)
        result = RULES.score(hand, options)
        assert result.valid, (hand, result.problem)
        expected = oracle_total(CALCULATOR, oracle_arguments(hand))
        if result.value != expected:
            differences.append((hand, result.value, expected))
    assert differences == []
